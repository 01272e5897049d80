/**
 * Opening books the playground plays from, by game spec in canonical form:
 * a game too large to solve in a browser (Connect Four on 7×6) is played from
 * the values of a book file shipped beside the page (or served with it), with
 * a live search beyond the book. The worker fetches the file and opens it
 * with the book's `open`; the page says the values come "from the opening
 * book". A game with `needsBook` in the catalogue and no book here (nor a
 * served solution file) is refused before solving, with what to do.
 *
 * Connect Four 7×6: the book yomi ships (books/connect4-7x6.book, every
 * position up to its depth and, deeper, every position a perfect player
 * meets against any moves: the computer's), emitted by the build beside the page, read
 * with web-platform APIs only (db/book-bytes.ts) and answered by alpha-beta,
 * which takes the book's scores where it holds the position and searches
 * the others.
 */

import connect4Book7x6 from '../../books/connect4-7x6.book?url';
import { YomiError } from '../../src/core/errors.js';
import type { AnyGame } from '../../src/core/game.js';
import type { SearchableGame } from '../../src/core/search.js';
import type { Solution } from '../../src/core/solution.js';
import { readBook } from '../../src/db/book-bytes.js';
import type { Connect4Position } from '../../src/games/connect4/position.js';
import { alphaBeta } from '../../src/solvers/alphabeta.js';
import type { Progress } from '../../src/solvers/options.js';

export interface OpeningBook {
  /** The book file, relative to the page (e.g. `books/connect4-7x6.book`), or a URL. */
  file: string;
  /** The game's solution from the file's bytes: the book's values within it, a live search beyond (which reports to `onProgress`). */
  open(
    bytes: Uint8Array,
    game: AnyGame,
    onProgress?: (progress: Progress) => void,
  ): Promise<Solution<unknown, unknown>>;
}

/** A Connect Four game played from a book file's bytes (refused when the book is of another board). */
async function connect4FromBook(
  bytes: Uint8Array,
  game: AnyGame,
  onProgress?: (progress: Progress) => void,
): Promise<Solution<unknown, unknown>> {
  const { header, book } = await readBook(bytes, 'the opening book');
  if (header.game !== game.id) {
    throw new YomiError(`the opening book is of ${header.game}, not of ${game.id}`);
  }
  const searched = game as SearchableGame<Connect4Position, number>;
  return alphaBeta(
    searched,
    { known: (p) => book.score(p), ...(onProgress ? { onProgress } : {}) },
    `opening book of every position up to ${header.plies} stones${book.lines > header.plies ? ` and a perfect player's lines up to ${book.lines}` : ''}, alpha-beta beyond it`,
  ) as Solution<unknown, unknown>;
}

export const OPENING_BOOKS: Record<string, OpeningBook> = {
  'connect4(width=7,height=6)': { file: connect4Book7x6, open: connect4FromBook },
};
