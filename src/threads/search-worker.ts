/**
 * The entry script of the search threads (worker_threads): each rebuilds the
 * command's games from the recipe (game argument and input text) and serves
 * the pool's search jobs (search-thread.ts).
 */

import type { SearchableGame } from '../core/search.js';
import { type GameRecipe, gamesFromRecipe } from './recipe.js';
import { serveSearches } from './search-thread.js';

await serveSearches(
  async (recipe) => (await gamesFromRecipe(recipe as GameRecipe)) as SearchableGame<unknown, unknown>[],
);
