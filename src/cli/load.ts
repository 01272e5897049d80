/**
 * Turns the CLI's game argument into games to solve: a built-in id with its
 * parameters (`dodgem(size=4)`), or the path of a module whose default export
 * is a `Game`, an `IndexedGame` or a `GameDefinition`; and reads the problem
 * input from a file or stdin when the game takes one.
 */

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { YomiError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { formatValue } from '../core/value.js';
import type { GameDefinition, Params } from '../games/definition.js';
import { parseGameSpec, resolveParams } from '../games/params.js';
import { findGame } from '../games/registry.js';

export interface Loaded {
  def: GameDefinition;
  params: Params;
  games: AnyGame[];
  /** The problem input the games were read from, when the game takes one. */
  input?: string;
}

/** How another thread loads the same games: the game argument and the input text. */
export interface GameRecipe {
  arg: string;
  input?: string;
}

const MODULE = /(^\.{0,2}\/)|(\.(c|m)?(t|j)s$)/;

export async function loadGames(arg: string, inputPath?: string): Promise<Loaded> {
  return loadFrom(arg, inputPath, (builtin) => (builtin.input ? readInput(inputPath) : undefined));
}

/** The games of a recipe (in a search thread: the same games the command loaded). */
export async function gamesFromRecipe(recipe: GameRecipe): Promise<AnyGame[]> {
  return (await loadFrom(recipe.arg, undefined, () => recipe.input)).games;
}

async function loadFrom(
  arg: string,
  inputPath: string | undefined,
  input: (def: GameDefinition) => string | undefined,
): Promise<Loaded> {
  const def = MODULE.test(arg) ? await loadModule(arg) : undefined;
  if (def) return { def, params: {}, games: def.load({}, undefined) };
  const spec = parseGameSpec(arg);
  const builtin = findGame(spec.id);
  const params = resolveParams(builtin, spec.given);
  if (!builtin.input && inputPath !== undefined) {
    throw new YomiError(
      `${builtin.id} reads no input (it is set by its parameters), but '${inputPath}' was given`,
    );
  }
  const text = input(builtin);
  return { def: builtin, params, games: builtin.load(params, text), input: text };
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

function isGameLike(x: unknown): x is AnyGame {
  if (typeof x !== 'object' || x === null) return false;
  const g = x as Record<string, unknown>;
  const indexed = typeof g.children === 'function' && typeof g.size === 'number';
  const plain = typeof g.moves === 'function' && typeof g.play === 'function' && typeof g.key === 'function';
  return typeof g.id === 'string' && (indexed || plain);
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
    const { createJiti } = await import('jiti');
    mod = (await createJiti(import.meta.url).import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ENOENT' || err.code === 'ERR_MODULE_NOT_FOUND')
      throw new YomiError(`no such file: ${path}`);
    throw new YomiError(`cannot load ${path}: ${err.message.split('\n')[0]}`);
  }
  const exported = mod.default ?? mod;
  if (isDefinition(exported)) return exported;
  if (!isGameLike(exported)) {
    throw new YomiError(
      `${path} does not export a game: its default export needs id, start, moves, play and key (a Game) or id, size, start, children and primitive (an IndexedGame)`,
    );
  }
  return {
    id: exported.id,
    summary: `loaded from ${path}`,
    params: [],
    load: () => [exported],
    answer: formatValue,
  };
}
