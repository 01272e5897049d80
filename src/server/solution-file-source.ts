/**
 * Solution files as a source of positions for `yomi serve --db`: each file is
 * read once (validated as `yomi query` reads it: header, checksum, values
 * checked against the rules) and answers from memory. A folder given to
 * `--db` serves every solution file directly in it. Node-only (files).
 */

import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { YomiError } from '../core/errors.js';
import { errorCode } from '../core/unknown.js';
import { MAGIC } from '../db/solution-file.js';
import { canonicalSpec } from '../games/open.js';
import { answerFrom } from '../host/position-answer.js';
import { solutionFromFile } from '../host/solution-files.js';
import type { PositionSource } from './position-source.js';
import { readFileHead } from './read-head.js';

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
    lookup: async (spec, position) => (spec === game ? answerFrom(solution, position) : undefined),
  };
}

/** The solution files directly in a folder (regular files that start with the format's magic bytes; a dangling link or a link loop is none). */
export function solutionFilesIn(folder: string): string[] {
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
