/**
 * Turns a game argument (the command line's, a solution file's, a thread's
 * recipe) into games to solve: a built-in id with its
 * parameters (`dodgem(size=4)`), or the path of a module whose default export
 * is a `Game`, an `IndexedGame`, an `EndScoredGame` or a `GameDefinition`;
 * reads the problem input from a file or stdin when the game takes one (with
 * a size cap, read-input.ts), and opens the games the one way every caller
 * does (games/open.ts). A module's games are sandboxed by error
 * (guarded-game.ts), and a module that fails to load is one line with the
 * file, line and column of the failure.
 */

import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { YomiError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { grouped } from '../core/grouped.js';
import { errorCode } from '../core/unknown.js';
import { formatValue } from '../core/value.js';
import type { GameDefinition, Params } from '../games/kit/definition.js';
import { formatGameSpec, parseParamList, resolveParams } from '../games/kit/params.js';
import { type OpenedGame, openResolved, type ResolvedSpec, resolveSpec } from '../games/open.js';
import { adaptBoardgameIO } from './boardgame-io.js';
import { describeThrown, describeValue, guardGame, UserCodeError } from './guarded-game.js';
import { readInputText } from './read-input.js';
import { inUserCall } from './user-call.js';

const MODULE = /(^\.{0,2}\/)|(\.(c|m)?(t|j)s(\(.*\))?$)/s;

/** Whether the game argument names a module (a path, maybe with parameters) rather than a built-in id. */
export function isModulePath(arg: string): boolean {
  return MODULE.test(arg);
}

/** `(n=12,…)` after a module's path. */
const PARAMETERS = /^(.*[^/])\(([^()]*)\)$/s;

/**
 * A module argument split into the file and the parameters written after it
 * (`./strip.ts(n=12)` → `./strip.ts` and `n=12`), as a built-in id's are. A
 * file whose own name ends in parentheses is the file.
 */
export function splitModuleArg(arg: string): { path: string; given: Record<string, string> } {
  const m = PARAMETERS.exec(arg);
  if (m === null || existsSync(resolve(arg))) return { path: arg, given: Object.create(null) };
  return { path: m[1], given: parseParamList(m[2], arg) };
}

/** The SHA-256 of a module's source, which solution files record; undefined when it cannot be read. */
export function moduleHash(path: string): string | undefined {
  try {
    // Required here, not imported: crypto is loaded only for modules.
    const { createHash } = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
    const file = resolve(path);
    // Loading says why a FIFO, a device or an oversized file is no module: nothing is read here.
    const stats = statSync(file);
    if (!stats.isFile() || stats.size > MAX_MODULE_BYTES) return undefined;
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return undefined;
  }
}

/** The definition a game argument names: a module's (loaded) or a built-in one with its parameters. */
export async function resolveGameArg(arg: string): Promise<ResolvedSpec> {
  if (!isModulePath(arg)) return resolveSpec(arg);
  const { path, given } = splitModuleArg(arg);
  const hash = moduleHash(path);
  const def = await loadModule(path);
  let params: Params;
  try {
    params = resolveParams(def, given);
  } catch (e) {
    // A parameter's own check is the module's code: a throw of its own is the module's mistake.
    if (e instanceof YomiError) throw e;
    throw new UserCodeError(`${path}: reading its parameters threw ${describeThrown(e)}`);
  }
  // A module with parameters is named with every one written out, as a built-in game is.
  const spec = def.params.length === 0 ? path : formatGameSpec(path, params);
  return { def, params, spec, given, module: { path, sha256: hash ?? '' } };
}

/** Opens the games a game argument names, reading the input file (or stdin) when the game takes one. */
export async function openGameArg(arg: string, inputPath?: string, maxInput?: number): Promise<OpenedGame> {
  return openWithInput(await resolveGameArg(arg), inputPath, maxInput);
}

/**
 * Opens the games of a resolved game argument, reading the input file (or
 * stdin, at most `maxInput` bytes) when the game takes one.
 */
export function openWithInput(resolved: ResolvedSpec, inputPath?: string, maxInput?: number): OpenedGame {
  const { def } = resolved;
  if (!def.input && inputPath !== undefined) {
    throw new YomiError(
      `${def.id} reads no input (it is set by its parameters), but '${inputPath}' was given`,
    );
  }
  return openResolved(resolved, def.input ? readInputText(inputPath, maxInput) : undefined);
}

const KINDS = ['game', 'indexed', 'end-scored'];

/** Whether a module exported a game: its declared kind, and the fields and methods of that kind. */
function isGameExport(x: unknown): x is AnyGame {
  try {
    return declaredKind(x) !== undefined;
  } catch {
    return false; // a hostile object (a Proxy that throws) is no game
  }
}

function declaredKind(x: unknown): string | undefined {
  if (typeof x !== 'object' || x === null) return undefined;
  const g: Partial<Record<string, unknown>> = x;
  if (typeof g.id !== 'string') return undefined;
  const kind = g.kind ?? 'game';
  if (typeof kind !== 'string' || !KINDS.includes(kind)) return undefined;
  const indexed = typeof g.children === 'function' && typeof g.size === 'number';
  const plain =
    'start' in g &&
    typeof g.moves === 'function' &&
    typeof g.play === 'function' &&
    typeof g.key === 'function';
  return (kind === 'game' ? plain : indexed) ? kind : undefined;
}

function isDefinition(x: unknown): x is GameDefinition {
  try {
    return typeof x === 'object' && x !== null && 'load' in x && typeof x.load === 'function';
  } catch {
    return false;
  }
}

/**
 * Why a module could not be loaded, as one line: the message, and where in
 * `file` it happened (jiti puts `file:line:column` on a syntax error's second
 * line; a module that throws while loading has it in the stack).
 */
function loadFailure(path: string, file: string, e: unknown): YomiError {
  const code = errorCode(e);
  if (code === 'ENOENT' || code === 'ERR_MODULE_NOT_FOUND') {
    return new YomiError(`no such file: ${path}`);
  }
  const message = e instanceof Error ? e.message : `threw ${describeThrown(e)}`;
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const at = new RegExp(`${escaped}:(\\d+):(\\d+)`);
  const where = at.exec(message) ?? (e instanceof Error ? at.exec(e.stack ?? '') : null);
  const first = message.split('\n')[0].trim();
  return new YomiError(
    `cannot load ${path}: ${where ? `line ${where[1]}, column ${where[2]}: ` : ''}${first}`,
  );
}

/**
 * `work`, or a YomiError with `why` when the process would end with it still
 * pending (a promise that never settles, and nothing else to wait for):
 * without this, the command would end silently with exit code 0.
 */
function settled<T>(work: Promise<T>, why: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stuck = () => reject(new YomiError(why));
    process.once('beforeExit', stuck);
    work.then(resolve, reject).finally(() => process.removeListener('beforeExit', stuck));
  });
}

/** The largest module source loaded: far beyond any game's rules. */
const MAX_MODULE_BYTES = 64 << 20;

/** A user's module: its default export is a game or a game definition. */
async function loadModule(path: string): Promise<GameDefinition> {
  if (path.includes('\0')) throw new YomiError(`no such file: ${path}`);
  const file = resolve(path);
  if (!existsSync(file)) throw new YomiError(`no such file: ${path}`);
  // A module is a regular file of source text: never a FIFO (a wait) or a device (/dev/zero never ends).
  const stats = statSync(file);
  if (!stats.isFile()) throw new YomiError(`cannot load ${path}: it is not a regular file`);
  if (stats.size > MAX_MODULE_BYTES) {
    throw new YomiError(
      `cannot load ${path}: ${grouped(stats.size)} bytes is more than a module's source may hold (${grouped(MAX_MODULE_BYTES)})`,
    );
  }
  let mod: { default?: unknown };
  try {
    // Required, not imported: the CLI's bundle runs as a script with a code cache, where import() has no loader (bin/yomi.js).
    const { createJiti } = createRequire(import.meta.url)('jiti') as typeof import('jiti');
    // The module's `import … from 'yomi'` gets the library of this command, wherever the module lives.
    const jiti = createJiti(import.meta.url, {
      alias: {
        yomi: createRequire(import.meta.url).resolve('yomi'),
        'yomi/boardgame-io': createRequire(import.meta.url).resolve('yomi/boardgame-io'),
      },
    });
    mod = await inUserCall('loading the module', () =>
      settled(
        jiti.import<{ default?: unknown }>(pathToFileURL(file).href),
        'its top-level await never settles',
      ),
    );
  } catch (e) {
    throw loadFailure(path, file, e);
  }
  try {
    // A CommonJS `default` getter, a getter of the game or a Proxy may throw on any read.
    const exported = adaptBoardgameIO(mod?.default ?? mod, path);
    return definitionOf(
      await settled(exported, `${path}: its default export is a promise that never settles`),
      path,
    );
  } catch (e) {
    if (e instanceof YomiError) throw e;
    throw new UserCodeError(`${path}: reading its default export threw ${describeThrown(e)}`);
  }
}

/** The definition a module's default export makes: its own (guarded), or one around the game it is. */
function definitionOf(exported: unknown, path: string): GameDefinition {
  if (isDefinition(exported)) return guardDefinition(exported, path);
  if (!isGameExport(exported)) {
    const g: Partial<Record<string, unknown>> | undefined =
      typeof exported === 'object' && exported !== null ? exported : undefined;
    const looksIndexed = typeof g?.children === 'function' && g?.kind === undefined;
    throw new YomiError(
      looksIndexed
        ? `${path}: an IndexedGame declares kind: 'indexed' (and an end-scored game kind: 'end-scored')`
        : `${path} does not export a game: its default export needs id, start, moves, play and key (a Game) or kind: 'indexed', id, size, start, children and primitive (an IndexedGame)`,
    );
  }
  const game = guardGame(exported, path);
  return {
    id: game.id,
    summary: `loaded from ${path}`,
    params: [],
    load: () => [game],
    answer: formatValue,
  };
}

/** A module's definition whose `load` and `answer` are checked like every call into its games. */
function guardDefinition(def: GameDefinition, path: string): GameDefinition {
  const call = <T>(what: string, fn: () => T): T => {
    try {
      return fn();
    } catch (e) {
      if (e instanceof UserCodeError) throw e;
      throw new UserCodeError(`${path}: ${what} threw ${describeThrown(e)}`);
    }
  };
  const id = typeof def.id === 'string' ? def.id : path;
  return {
    ...def,
    id,
    params: Array.isArray(def.params) ? def.params : [],
    load(params, input) {
      const games: unknown = call('load()', () => def.load(params, input));
      if (!Array.isArray(games) || games.length === 0) {
        throw new UserCodeError(`${path}: load() returned ${describeValue(games)}, not a list of games`);
      }
      return games.map((g, i) => {
        if (!isGameExport(g)) {
          throw new UserCodeError(
            `${path}: load() returned ${describeValue(g)} as game ${i + 1}, not a game (a Game, or kind: 'indexed' or 'end-scored')`,
          );
        }
        return guardGame(g, path);
      });
    },
    answer(value, game) {
      const line: unknown = call('answer()', () => def.answer(value, game));
      if (typeof line !== 'string') {
        throw new UserCodeError(`${path}: answer() returned ${describeValue(line)}, not a line of text`);
      }
      return line;
    },
  };
}
