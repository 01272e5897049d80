/**
 * How a worker thread gets the games the main thread is solving: they cannot
 * be sent (games are objects with code), so they are opened again from what
 * opened them — a built-in spec or a module path, and the problem input —
 * the one way every command opens games (games/open.ts, host/load.ts). One
 * recipe serves both kinds of thread: a search thread opens all the games of
 * the input (each job names its dataset), a tier thread the one it solves. A
 * thread keeps each game it opened.
 */

import { YomiError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { isSearchable } from '../core/search.js';
import type { MarginTieredGame, TieredGame } from '../core/tiered.js';
import { openResolved } from '../games/open.js';
import { resolveGameArg } from '../host/load.js';
import { tieredForm } from '../solvers/tiers.js';

export interface GameRecipe {
  /** A built-in spec (`dodgem(size=5)`) or a module's path. */
  spec: string;
  /** The problem input, for games that read one. */
  input?: string;
  /** Which of the input's games a tier thread solves (0 when not given). */
  dataset?: number;
}

/** The games of a recipe (in a search thread: the same games the command opened). */
export async function gamesFromRecipe(recipe: GameRecipe): Promise<AnyGame[]> {
  return openResolved(await resolveGameArg(recipe.spec), recipe.input).games;
}

/**
 * A form of the game a recipe names (`form` picks it from the game, or
 * undefined with `refusal` its one line), opened once per thread and form.
 */
function openOnce<T>(
  cache: Map<string, Promise<T>>,
  recipe: GameRecipe,
  form: (game: AnyGame) => T | undefined,
  refusal: string,
): Promise<T> {
  const key = JSON.stringify(recipe);
  let game = cache.get(key);
  if (game === undefined) {
    game = (async () => {
      const { games } = openResolved(await resolveGameArg(recipe.spec), recipe.input);
      const found = form(games[recipe.dataset ?? 0]);
      if (found === undefined) throw new YomiError(`${recipe.spec} ${refusal}`);
      return found;
    })();
    cache.set(key, game);
  }
  return game;
}

const tieredForms = new Map<string, Promise<TieredGame>>();
const endgameForms = new Map<string, Promise<MarginTieredGame>>();

/** The tiered form of the game a recipe names, opened once per thread. */
export function openTiered(recipe: GameRecipe): Promise<TieredGame> {
  return openOnce(tieredForms, recipe, tieredForm, 'cannot be solved by tiers');
}

/** The game of the endgame databases of the game a recipe names (core/endgames.ts), opened once per thread. */
export function openEndgameForm(recipe: GameRecipe): Promise<MarginTieredGame> {
  const endgames = (g: AnyGame) => (isSearchable(g) ? g.endgames?.game : undefined);
  return openOnce(endgameForms, recipe, endgames, 'has no endgame databases');
}
