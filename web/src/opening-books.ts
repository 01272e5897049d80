/**
 * Opening books the playground plays from, by game spec in canonical form:
 * a game too large to solve in a browser (Connect Four on 7×6) is played from
 * the values of a book file shipped beside the page (or served with it), with
 * a live search beyond the book. The worker fetches the file and opens it
 * with the book's `open`; the page says the values come "from the opening
 * book". A game with `needsBook` in the catalogue and no book here (nor a
 * served solution file) is refused before solving, with what to do.
 */

import type { AnyGame } from '../../src/core/game.js';
import type { Solution } from '../../src/core/solution.js';

export interface OpeningBook {
  /** The book file, relative to the page (e.g. `books/connect4-7x6.book`). */
  file: string;
  /** The game's solution from the file's bytes: the book's values within it, a live search beyond. */
  open(bytes: Uint8Array, game: AnyGame): Solution<unknown, unknown>;
}

export const OPENING_BOOKS: Record<string, OpeningBook> = {};
