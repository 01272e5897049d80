/**
 * Turns the CLI's game argument into games to solve: a built-in id with its
 * parameters (`dodgem(size=4)`), or the path of a module whose default export
 * is a `Game`, an `IndexedGame`, an `EndScoredGame` or a `GameDefinition`;
 * reads the problem input from a file or stdin when the game takes one, and
 * opens the games the one way every caller does (games/open.ts).
 */

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { YomiError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { formatValue } from '../core/value.js';
import type { GameDefinition } from '../games/kit/definition.js';
import { type OpenedGame, openResolved, type ResolvedSpec, resolveSpec } from '../games/open.js';

const MODULE = /(^\.{0,2}\/)|(\.(c|m)?(t|j)s$)/;

/** Whether the game argument names a module (a path) rather than a built-in id. */
export function isModulePath(arg: string): boolean {
  return MODULE.test(arg);
}

/** The definition a game argument names: a module's (loaded) or a built-in one with its parameters. */
export async function resolveGameArg(arg: string): Promise<ResolvedSpec> {
  if (!isModulePath(arg)) return resolveSpec(arg);
  const def = await loadModule(arg);
  const source = readFileSync(resolve(arg));
  const { sha256 } = await import('../db/saved-solution.js'); // crypto, only for modules
  return { def, params: {}, spec: arg, given: {}, module: { path: arg, sha256: sha256(source) } };
}

/** Opens the games a game argument names, reading the input file (or stdin) when the game takes one. */
export async function openGameArg(arg: string, inputPath?: string): Promise<OpenedGame> {
  return openWithInput(await resolveGameArg(arg), inputPath);
}

/** Opens the games of a resolved game argument, reading the input file (or stdin) when the game takes one. */
export function openWithInput(resolved: ResolvedSpec, inputPath?: string): OpenedGame {
  const { def } = resolved;
  if (!def.input && inputPath !== undefined) {
    throw new YomiError(
      `${def.id} reads no input (it is set by its parameters), but '${inputPath}' was given`,
    );
  }
  return openResolved(resolved, def.input ? readInput(inputPath) : undefined);
}

export function readInput(path: string | undefined): string {
  const source = path === undefined || path === '-' ? 0 : path;
  try {
    return readFileSync(source, 'utf8');
  } catch (e) {
    const name = source === 0 ? 'standard input' : `'${path}'`;
    throw new YomiError(`cannot read ${name}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

const KINDS = ['game', 'indexed', 'end-scored'];

/** What kind of game a module exported, from its declared kind, or undefined when it is not a game. */
function exportedKind(x: unknown): string | undefined {
  if (typeof x !== 'object' || x === null) return undefined;
  const g = x as Record<string, unknown>;
  if (typeof g.id !== 'string') return undefined;
  const kind = g.kind ?? 'game';
  if (typeof kind !== 'string' || !KINDS.includes(kind)) return undefined;
  const indexed = typeof g.children === 'function' && typeof g.size === 'number';
  const plain = typeof g.moves === 'function' && typeof g.play === 'function' && typeof g.key === 'function';
  return (kind === 'game' ? plain : indexed) ? kind : undefined;
}

function isDefinition(x: unknown): x is GameDefinition {
  return typeof x === 'object' && x !== null && typeof (x as GameDefinition).load === 'function';
}

/** A user's module: its default export is a game or a game definition. */
async function loadModule(path: string): Promise<GameDefinition> {
  const file = resolve(path);
  if (!existsSync(file)) throw new YomiError(`no such file: ${path}`);
  let mod: { default?: unknown };
  try {
    // Required, not imported: the CLI's bundle runs as a script with a code cache, where import() has no loader (bin/yomi.js).
    const { createJiti } = createRequire(import.meta.url)('jiti') as typeof import('jiti');
    // The module's `import … from 'yomi'` gets the library of this command, wherever the module lives.
    const jiti = createJiti(import.meta.url, {
      alias: { yomi: createRequire(import.meta.url).resolve('yomi') },
    });
    mod = (await jiti.import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ENOENT' || err.code === 'ERR_MODULE_NOT_FOUND')
      throw new YomiError(`no such file: ${path}`);
    throw new YomiError(`cannot load ${path}: ${err.message.split('\n')[0]}`);
  }
  const exported = mod.default ?? mod;
  if (isDefinition(exported)) return exported;
  if (exportedKind(exported) === undefined) {
    const g = exported as Record<string, unknown> | undefined;
    const looksIndexed = typeof g?.children === 'function' && g?.kind === undefined;
    throw new YomiError(
      looksIndexed
        ? `${path}: an IndexedGame declares kind: 'indexed' (and an end-scored game kind: 'end-scored')`
        : `${path} does not export a game: its default export needs id, start, moves, play and key (a Game) or kind: 'indexed', id, size, start, children and primitive (an IndexedGame)`,
    );
  }
  const game = exported as AnyGame;
  return {
    id: game.id,
    summary: `loaded from ${path}`,
    params: [],
    load: () => [game],
    answer: formatValue,
  };
}
