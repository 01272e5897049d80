/**
 * Connect Four opening books on disk (Node): `saveBook` writes a book file
 * (all or nothing, through a temporary file), `loadBook` reads and checks
 * one. The layout is in book-bytes.ts and container.ts.
 */

import { readFileSync } from 'node:fs';
import { YomiError } from '../core/errors.js';
import type { Connect4Book } from '../games/connect4/book.js';
import { BOOK_ENCODING, BOOK_KIND, type BookHeader, bookFromParts } from './book-bytes.js';
import { decodeContainer, encodeContainer, writeAtomically } from './solution-file.js';

/** Writes `book` to `path`; `built` says what building it took. */
export function saveBook(path: string, book: Connect4Book, built: { seconds: number; nodes: number }): void {
  const g = book.geometry;
  const header: Omit<BookHeader, 'valueBytes' | 'payloadBytes'> = {
    kind: BOOK_KIND,
    game: `connect4(width=${g.width},height=${g.height})`,
    width: g.width,
    height: g.height,
    plies: book.plies,
    positions: book.size,
    encoding: BOOK_ENCODING,
    seconds: Math.round(built.seconds * 10) / 10,
    nodes: built.nodes,
  };
  writeAtomically(path, encodeContainer(header, book.payload()));
}

export function loadBook(path: string): { header: BookHeader; book: Connect4Book } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw new YomiError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const { header, raw } = decodeContainer<BookHeader>(bytes, path);
  return { header, book: bookFromParts(header, raw, path) };
}
