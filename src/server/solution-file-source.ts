/**
 * Solution files as a source of positions for `yomi serve --db`: each file is
 * read once (validated as `yomi query` reads it: header, checksum, values
 * checked against the rules) and answers from memory. A folder given to
 * `--db` serves every solution file directly in it. Node-only (files).
 */

import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { YomiError } from '../core/errors.js';
import { writeMove, writePosition } from '../core/game.js';
import type { Solution } from '../core/solution.js';
import { errorCode } from '../core/unknown.js';
import { MAGIC } from '../db/solution-file.js';
import { isTierDirectory } from '../db/tier-dir.js';
import { canonicalSpec } from '../games/open.js';
import { positionOf, solutionFromFile } from '../host/solution-files.js';
import type { PositionAnswer, PositionSource } from './position-source.js';
import { readFileHead } from './read-head.js';

/** The answer a solution gives for a position: its value and each move's, in the game's move order. */
export function answerFrom(solution: Solution<unknown, unknown>, text: string): PositionAnswer {
  const game = solution.game;
  const p = text === 'start' ? game.start : positionOf(solution, text);
  return {
    position: writePosition(game, p),
    value: solution.value(p),
    moves: solution.moves(p).map((mv) => ({
      move: writeMove(game, p, mv.move),
      position: writePosition(game, game.play(p, mv.move)),
      value: mv.value,
    })),
  };
}

/**
 * One solution file (or tier directory, `tiers`) as a source (`modules`: the users' modules the command
 * line names, for files of modules).
 */
export async function solutionFileSource(
  path: string,
  modules: readonly string[] = [],
  tiers = false,
): Promise<PositionSource> {
  const solution = await solutionFromFile(path, modules);
  const game = canonicalSpec(solution.game.id);
  const positions = solution.solved?.count ?? solution.stats.positions;
  return {
    games: [{ game, positions, from: `${tiers ? 'tier directory' : 'solution file'} ${basename(path)}` }],
    lookup: (spec, position) => (spec === game ? answerFrom(solution, position) : undefined),
  };
}

/** The solution files directly in a folder (regular files that start with the format's magic bytes; a dangling link or a link loop is none). */
function solutionFilesIn(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch (e) {
    throw new YomiError(`--db ${folder}: cannot read the folder: ${errorCode(e) ?? String(e)}`);
  }
  return names
    .map((name) => join(folder, name))
    .filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile() === true && isSolutionFile(path))
    .sort();
}

function isSolutionFile(path: string): boolean {
  try {
    return readFileHead(path, MAGIC.length) === MAGIC;
  } catch {
    return false; // unreadable: not served (a file named with --db itself says why)
  }
}

/** The sources `--db` names: a solution file, or a folder of them. */
export async function openSources(
  paths: readonly string[],
  modules: readonly string[] = [],
): Promise<PositionSource[]> {
  const sources: PositionSource[] = [];
  for (const path of paths) {
    let isFolder: boolean;
    try {
      isFolder = statSync(path).isDirectory();
    } catch {
      throw new YomiError(`--db ${path}: no such file or folder`);
    }
    if (isFolder && isTierDirectory(path)) {
      sources.push(await solutionFileSource(path, modules, true));
      continue;
    }
    const files = isFolder ? solutionFilesIn(path) : [path];
    if (files.length === 0) throw new YomiError(`--db ${path}: the folder holds no solution file`);
    for (const file of files) sources.push(await solutionFileSource(file, modules));
  }
  const seen = new Set<string>();
  for (const { game, from } of sources.flatMap((s) => s.games)) {
    if (seen.has(game)) throw new YomiError(`--db: two solution files hold ${game} (the second is ${from})`);
    seen.add(game);
  }
  return sources;
}
