/**
 * Solution files for the command line, the server and the cluster (read and
 * written here, printed by the callers): `yomi solve … --save FILE` writes one
 * after solving (any game solved by a table solver: built-in, a module, a
 * problem input), and `yomi query FILE` / `yomi analyze --db FILE` answer
 * from one instead of solving. The game is opened again without the file
 * naming code to run (recorded-game.ts): a built-in game by the id it
 * records, a user's module only as the command line names it, with the
 * SHA-256 the file records. Formats: src/db/.
 */

import { accessSync, closeSync, constants, existsSync, openSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { YomiError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { playableView } from '../core/indexed-view.js';
import type { Solution } from '../core/solution.js';
import { errorCode } from '../core/unknown.js';
import { savedSolution, saveSolution, sourceMismatch } from '../db/saved-solution.js';
import { SolutionReader, type SolutionSource, temporaryName } from '../db/solution-file.js';
import { readTierManifest } from '../db/tier-dir.js';
import type { OpenedGame, ResolvedSpec } from '../games/open.js';
import { openWithInput } from './load.js';
import { playMoveLine } from './move-line.js';
import { resolveRecorded, resolveRecordedAmong } from './recorded-game.js';
import { solutionFromTiers } from './tier-solve.js';

export interface SolutionFileFlags {
  save?: string;
  db?: string;
  position?: string;
  json?: boolean;
  maxInput?: number;
}

/** The game whose solution the file at `path` holds, or undefined when it is not a solution file. */
function solvedGame(path: string): string | undefined {
  try {
    const reader = SolutionReader.open(path);
    reader.close();
    return reader.header.game;
  } catch (e) {
    if (e instanceof YomiError) return undefined;
    throw e;
  }
}

/**
 * `--save PATH`: refuses before any solving what could only fail after it —
 * a folder that does not exist or cannot be written, a read-only file (by
 * its mode, which even root's saves respect), a name the file system refuses
 * (too long, a read-only file system): the temporary file the save writes is
 * created and removed once; a folder where a file goes, or a file where a
 * tier directory goes (`directory`: the game is solved by tiers); and the
 * solution file of another game than `game` (the game as written, which
 * files record): saving the same game again replaces its file, but a typo in
 * a name must not destroy a long solve of something else.
 */
export function checkSaveTarget(path: string | undefined, directory = false, game?: string): void {
  if (path === undefined) return;
  const fail = (why: string): never => {
    throw new YomiError(`cannot save ${path}: ${why}`);
  };
  const folder = dirname(path);
  if (!existsSync(folder)) fail(`the folder ${folder} does not exist`);
  if (!statSync(folder).isDirectory()) fail(`${folder} is not a folder`);
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    fail(`the folder ${folder} cannot be written`);
  }
  let existing: ReturnType<typeof statSync>;
  try {
    existing = statSync(path, { throwIfNoEntry: false });
  } catch (e) {
    existing = fail(errorCode(e) ?? String(e));
  }
  if (directory) {
    if (existing !== undefined && !existing.isDirectory()) {
      fail(
        'a game solved by tiers is saved as a directory of tier files, and this is a file (name a .yomi file to keep one solution file)',
      );
    }
    return;
  }
  if (existing !== undefined) {
    if (existing.isDirectory()) fail('it is a folder');
    // A save renames its temporary file over the target: never over a device or a FIFO (/dev/null).
    if (!existing.isFile()) fail('it is not a regular file');
    const held = solvedGame(path);
    if (game !== undefined && held !== undefined && held !== game) {
      fail(`it holds the solution of ${held}, not of ${game}; remove it first or choose another name`);
    }
    if ((existing.mode & 0o222) === 0) fail('the file is read-only');
    try {
      accessSync(path, constants.W_OK);
    } catch {
      fail('the file is read-only');
    }
  }
  const probe = temporaryName(path);
  try {
    closeSync(openSync(probe, 'wx'));
  } catch (e) {
    fail(errorCode(e) ?? String(e));
  }
  rmSync(probe, { force: true });
}

/** `--save FILE`: writes the solution of the one game solved. */
export function saveIfAsked(
  flags: SolutionFileFlags,
  opened: OpenedGame,
  solution: Solution<unknown, unknown>,
): void {
  if (flags.save === undefined) return;
  if (opened.games.length !== 1)
    throw new YomiError(`--save keeps one game's solution; the input holds ${opened.games.length}`);
  saveSolution(flags.save, { opened, dataset: 0 }, solution);
}

/**
 * The solution a file holds, with its game opened again (recorded-game.ts):
 * a built-in game as the file records it (or as `gameArg` names it: it must
 * be the file's game); a user's module only as `gameArg` names it, checked
 * against the SHA-256 the file records (`flag`: how the command names a
 * module, for the line that asks for one). A file of a problem game needs
 * that input again (`inputPath`).
 */
export async function solutionFromFile(
  path: string,
  gameArg?: string | readonly string[],
  inputPath?: string,
  maxInput?: number,
  flag?: string,
): Promise<Solution<unknown, unknown>> {
  if (existsSync(path) && statSync(path).isDirectory()) {
    return solutionFromDirectory(path, gameArg, inputPath, maxInput, flag);
  }
  const file = SolutionReader.open(path);
  const { header } = file;
  const resolved = await resolveNamed(header.source, path, gameArg, flag);
  const opened = openRecorded(resolved, path, header.game, inputPath, maxInput);
  const saved = { opened, dataset: header.input?.dataset ?? 0 };
  if (saved.dataset >= opened.games.length) {
    throw new YomiError(
      `${path} holds dataset ${saved.dataset + 1}, but the input has ${opened.games.length}`,
    );
  }
  const mismatch = sourceMismatch(header, saved, path);
  if (mismatch !== undefined) throw new YomiError(mismatch);
  return savedSolution(file, saved, path);
}

/** The recorded game, with the game or the modules the command line names. */
function resolveNamed(
  source: SolutionSource,
  name: string,
  given: string | readonly string[] | undefined,
  flag: string | undefined,
): Promise<ResolvedSpec> {
  return typeof given === 'object'
    ? resolveRecordedAmong(source, name, given, flag)
    : resolveRecorded(source, name, given, flag);
}

/** The games of a file's recorded game, with the problem input it needs (`game`: how the file names it). */
function openRecorded(
  resolved: ResolvedSpec,
  path: string,
  game: string,
  inputPath: string | undefined,
  maxInput: number | undefined,
): OpenedGame {
  if (resolved.def.input && inputPath === undefined) {
    throw new YomiError(
      `${path} holds the solution of ${game} for a problem input: give that input (--input FILE)`,
    );
  }
  return openWithInput(resolved, inputPath, maxInput);
}

/** The game argument of a command that may also take its game from `--db`. */
export function requireGame(gameArg: string | undefined): string {
  if (gameArg === undefined)
    throw new YomiError('name a game (an id with parameters, or a module), or give --db FILE');
  return gameArg;
}

/**
/**
 * Reads a position the user wrote for `game` before anything is solved, so
 * that a malformed one is one line at once, not after the solve (whether it
 * was solved is known only after: positionOf). A game that cannot read
 * positions takes the moves from the start (move-line.ts).
 */
export function checkPositionText(game: AnyGame, text: string): void {
  const plain = playableView(game);
  if (plain.parsePosition) plain.parsePosition(text);
  else playMoveLine(plain, text);
}

/**
 * A position the user wrote — as the game writes positions, or, for a game
 * that cannot read them (no `parsePosition`), as the moves from the start
 * (move-line.ts) — with a value in the solution: a position that was not
 * solved is named by the user's text (on one line, whatever the game's
 * drawing of it), never by a child of it.
 */
export function positionOf<P, M>(solution: Solution<P, M>, text: string): P {
  const { game } = solution;
  const p = game.parsePosition ? game.parsePosition(text) : playMoveLine(game, text);
  try {
    solution.value(p);
  } catch (e) {
    const unsolved =
      e instanceof YomiError &&
      / (is not reachable from the start|is not among the positions).*$/s.exec(e.message);
    if (!unsolved) throw e;
    throw new YomiError(`${game.id}: the position '${text.trim()}'${unsolved[0]}`);
  }
  return p;
}

/** The solution a tier directory holds (see solutionFromFile). */
async function solutionFromDirectory(
  dir: string,
  gameArg: string | readonly string[] | undefined,
  inputPath: string | undefined,
  maxInput: number | undefined,
  flag: string | undefined,
): Promise<Solution<unknown, unknown>> {
  const manifest = readTierManifest(dir);
  if (manifest.endgames === true) {
    throw new YomiError(
      `${dir} holds endgame databases (${manifest.game}), which a search reads as it goes: yomi solve GAME --db ${dir} (or analyze)`,
    );
  }
  const resolved = await resolveNamed(manifest.header.source, dir, gameArg, flag);
  return solutionFromTiers(
    dir,
    openRecorded(resolved, dir, manifest.game, inputPath, maxInput),
    manifest.header.input?.dataset ?? 0,
  );
}
