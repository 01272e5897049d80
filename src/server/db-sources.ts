/**
 * The sources `yomi serve --db PATH` names, each PATH by its kind: a
 * solution file, a folder of them, a tier directory (solution-file-source.ts),
 * or endgame databases that a search reads (endgame-source.ts) for the games
 * offering them. Two sources of one game are refused in one line. Node-only
 * (files).
 */

import { statSync } from 'node:fs';
import type { DatabaseOffer } from '../core/builds.js';
import { YomiError } from '../core/errors.js';
import { isTierDirectory } from '../db/tier-dir.js';
import { isEndgameDirectory } from '../host/endgame-search.js';
import { endgameSource, type SearchLimits } from './endgame-source.js';
import type { PositionSource } from './position-source.js';
import { solutionFileSource, solutionFilesIn } from './solution-file-source.js';

/** What endgame databases given to --db serve: the games' offers, and each answer's limits. */
export interface EndgameServing {
  offers: readonly DatabaseOffer[];
  limits: SearchLimits;
}

/** The sources `--db` names (`modules`: users' modules for files solved from them). */
export async function openSources(
  paths: readonly string[],
  modules: readonly string[] = [],
  endgames?: EndgameServing,
): Promise<PositionSource[]> {
  const sources: PositionSource[] = [];
  try {
    for (const path of paths) sources.push(...(await sourcesAt(path, modules, endgames)));
    const seen = new Set<string>();
    for (const { game, from } of sources.flatMap((s) => s.games)) {
      if (seen.has(game)) throw new YomiError(`--db: two sources hold ${game} (the second is ${from})`);
      seen.add(game);
    }
  } catch (e) {
    for (const s of sources) await s.close?.();
    throw e;
  }
  return sources;
}

async function sourcesAt(
  path: string,
  modules: readonly string[],
  endgames: EndgameServing | undefined,
): Promise<PositionSource[]> {
  let isFolder: boolean;
  try {
    isFolder = statSync(path).isDirectory();
  } catch {
    throw new YomiError(`--db ${path}: no such file or folder`);
  }
  if (isFolder && isEndgameDirectory(path)) {
    if (endgames === undefined) throw new YomiError(`--db ${path}: endgame databases are not served here`);
    return [await endgameSource(path, endgames.offers, endgames.limits)];
  }
  if (isFolder && isTierDirectory(path)) return [await solutionFileSource(path, modules, true)];
  const files = isFolder ? solutionFilesIn(path) : [path];
  if (files.length === 0) throw new YomiError(`--db ${path}: the folder holds no solution file`);
  const sources: PositionSource[] = [];
  for (const file of files) sources.push(await solutionFileSource(file, modules));
  return sources;
}
