/**
 * The entry script of the CLI's search threads (worker_threads): each
 * rebuilds the command's games from the recipe (game argument and input
 * text) and serves the pool's search jobs (solvers/parallel).
 */

import type { SearchableGame } from '../core/search.js';
import { serveSearches } from '../solvers/parallel/search-thread.js';
import { type GameRecipe, gamesFromRecipe } from './load.js';

await serveSearches(
  async (recipe) => (await gamesFromRecipe(recipe as GameRecipe)) as SearchableGame<unknown, unknown>[],
);
