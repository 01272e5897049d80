/**
 * How a worker thread gets the game the main thread is solving: it cannot be
 * sent (games are objects with code), so it is opened again from what opened
 * it — a built-in spec or a module path, the problem input, the dataset —
 * the one way every command opens games (games/open.ts, cli/load.ts). A
 * worker keeps each game it opened.
 */

import { resolveGameArg } from '../cli/load.js';
import { YomiError } from '../core/errors.js';
import type { TieredGame } from '../core/tiered.js';
import { openResolved } from '../games/open.js';
import { tieredForm } from '../solvers/tiers.js';

export interface GameRecipe {
  /** A built-in spec (`dodgem(size=5)`) or a module's path. */
  spec: string;
  /** The problem input, for games that read one. */
  input?: string;
  /** Which of the input's games. */
  dataset: number;
}

const opened = new Map<string, Promise<TieredGame>>();

/** The tiered form of the game a recipe names, opened once per thread. */
export function openTiered(recipe: GameRecipe): Promise<TieredGame> {
  const key = JSON.stringify(recipe);
  let game = opened.get(key);
  if (game === undefined) {
    game = (async () => {
      const resolved = await resolveGameArg(recipe.spec);
      const { games } = openResolved(resolved, recipe.input);
      const tiered = tieredForm(games[recipe.dataset]);
      if (tiered === undefined) throw new YomiError(`${recipe.spec} cannot be solved by tiers`);
      return tiered;
    })();
    opened.set(key, game);
  }
  return game;
}
