/**
 * Connect Four opening book files: a yomi container (container.ts) whose
 * header says what the book is (board size, depth, entries, how long it took
 * to build) and whose payload is the book's (games/connect4/book.ts).
 * `readBook` turns a file's bytes into a book with web-platform APIs only,
 * so the playground can load a book it fetched; Node reads and writes files
 * with book-file.ts.
 */

import { YomiError } from '../core/errors.js';
import { geometryOf } from '../games/connect4/bitboard.js';
import { BOOK_KEY_BITS, Connect4Book } from '../games/connect4/book.js';
import { type ContainerHeader, readContainer } from './container.js';

export const BOOK_KIND = 'connect4-book';
export const BOOK_ENCODING = 'connect4-book-1';

export interface BookHeader extends ContainerHeader {
  kind: typeof BOOK_KIND;
  /** The game with its parameters, e.g. connect4(width=7,height=6). */
  game: string;
  width: number;
  height: number;
  /** Every position with at most this many stones is in the book (up to symmetry). */
  plies: number;
  /** A perfect player's lines are in the book up to this many stones (absent: none beyond `plies`). */
  lines?: number;
  positions: number;
  encoding: typeof BOOK_ENCODING;
  /** What building the book took. */
  seconds: number;
  nodes: number;
}

/** The book a checked container holds; refuses (one line naming `name`) anything else. */
export function bookFromParts(header: BookHeader, raw: Uint8Array, name: string): Connect4Book {
  if (header.kind !== BOOK_KIND || header.encoding !== BOOK_ENCODING) {
    throw new YomiError(`${name}: not a Connect Four opening book`);
  }
  const { width, height, plies } = header;
  const count = (x: unknown, least: number) => typeof x === 'number' && Number.isInteger(x) && x >= least;
  if (!count(width, 1) || !count(height, 1) || width * (height + 1) > BOOK_KEY_BITS) {
    throw new YomiError(`${name}: corrupt: a board of ${width} × ${height} in the header`);
  }
  const lines = header.lines ?? plies;
  if (!count(plies, 0) || !count(lines, plies) || lines > width * height) {
    throw new YomiError(`${name}: corrupt: ${plies} plies and lines to ${lines} stones in the header`);
  }
  const g = geometryOf(width, height);
  const book = Connect4Book.fromPayload(g, plies, raw, name, lines);
  if (book.size !== header.positions) {
    throw new YomiError(`${name}: corrupt: ${book.size} positions, the header promises ${header.positions}`);
  }
  return book;
}

/** Reads a book file's bytes (checksum included) with web-platform APIs. */
export async function readBook(
  bytes: Uint8Array,
  name = 'book',
): Promise<{ header: BookHeader; book: Connect4Book }> {
  const { header, raw } = await readContainer<BookHeader>(bytes, name);
  return { header, book: bookFromParts(header, raw, name) };
}
