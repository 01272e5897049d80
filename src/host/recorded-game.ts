/**
 * The game a solution file, a tier directory or a queue's solve was made
 * from, opened again without letting what a file records name code to run.
 * A built-in game is looked up in the registry by its recorded id, with its
 * recorded parameters checked as on the command line — never resolved as a
 * path, whatever the file says. A user's module is opened only as the command
 * line names it (`--game FILE`), and only when its SHA-256 is the one the
 * file records: so a file travels (the module may live anywhere), and a
 * crafted file can at most name a module the user did not give.
 */

import { YomiError } from '../core/errors.js';
import type { SolutionSource } from '../db/solution-file.js';
import { formatGameSpec } from '../games/kit/params.js';
import { type ResolvedSpec, resolveSpec } from '../games/open.js';
import { GAMES } from '../games/registry.js';
import { isModulePath, moduleHash, resolveGameArg, splitModuleArg } from './load.js';

const short = (sha256: string): string => `${sha256.slice(0, 12)}…`;

/**
 * Resolves the game `source` records (of the file or directory `name`):
 * `given` is the game the command line names, if any (a module path, or a
 * built-in spec the caller compares with the record); `flag` is how the
 * command names a module (`--game FILE`), for the line that asks for one.
 */
export async function resolveRecorded(
  source: SolutionSource,
  name: string,
  given: string | undefined,
  flag = '--game FILE',
): Promise<ResolvedSpec> {
  if (given !== undefined) {
    if (source.kind === 'module' && isModulePath(given)) {
      const { path, given: params } = splitModuleArg(given);
      const hash = moduleHash(path);
      // A module that cannot be read is named by loading's own line (no such file, not a regular file…).
      if (hash !== undefined && hash !== source.sha256) {
        throw new YomiError(
          `${name} was solved from a module with SHA-256 ${short(source.sha256)} (${source.path} when it was solved), and ${given} has SHA-256 ${short(hash)}: give the module it was solved from, or solve again`,
        );
      }
      // The parameters it was solved with, unless the command line writes its own (which must then be the same).
      if (source.params !== undefined && Object.keys(params).length === 0) {
        return resolveGameArg(formatGameSpec(path, source.params));
      }
    }
    if (source.kind === 'builtin' && isModulePath(given)) {
      throw new YomiError(
        `${name} holds the solution of the built-in game ${source.id}, not of the module ${given}`,
      );
    }
    if (source.kind === 'module' && !isModulePath(given)) {
      throw new YomiError(
        `${name} holds the solution of a user's module (${source.path} when it was solved), not of ${given}: give that module (${flag})`,
      );
    }
    return resolveGameArg(given);
  }
  if (source.kind === 'module') {
    throw new YomiError(
      `${name} holds the solution of a user's module (${source.path} when it was solved, SHA-256 ${short(source.sha256)}); a file never names code to run: give the module with ${flag}`,
    );
  }
  const def = GAMES.find((g) => g.id === source.id);
  if (def === undefined) {
    throw new YomiError(`${name} records the game '${source.id}', which is no built-in game of this yomi`);
  }
  return resolveSpec(formatGameSpec(def.id, source.params));
}

/**
 * As resolveRecorded, when the command line may name several modules (`yomi
 * serve --game A --game B --db FOLDER`): a module's file is opened with the
 * one whose SHA-256 it records; a built-in game's file needs none of them.
 */
export function resolveRecordedAmong(
  source: SolutionSource,
  name: string,
  modules: readonly string[],
  flag = '--game FILE',
): Promise<ResolvedSpec> {
  if (source.kind === 'builtin') return resolveRecorded(source, name, undefined, flag);
  const match = modules.find((m) => moduleHash(m) === source.sha256);
  if (match !== undefined || modules.length <= 1)
    return resolveRecorded(source, name, match ?? modules[0], flag);
  throw new YomiError(
    `${name} was solved from a module with SHA-256 ${short(source.sha256)} (${source.path} when it was solved), and none of the modules given (${modules.join(', ')}) has it`,
  );
}
