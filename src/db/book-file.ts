/**
 * Connect Four opening books on disk (Node): `saveBook` writes a book file
 * (all or nothing, through a temporary file), `loadBook` reads and checks
 * one. The layout is in book-bytes.ts and container.ts.
 */

import { YomiError } from '../core/errors.js';
import type { Connect4Book } from '../games/connect4/book.js';
import { BOOK_ENCODING, BOOK_KIND, type BookHeader, bookFromParts } from './book-bytes.js';
import { readRegular } from './bounded-read.js';
import { type ContainerHeader, checkInflated, containerBody, splitContainer } from './container.js';
import { sha256Digest, zlib } from './lazy-node.js';
import { writeAtomically } from './solution-file.js';

/** The largest book file read (the shipped 7×6 book is a few MB; a built book of many plies, far less than this). */
const MAX_BOOK_BYTES = 1 << 30;

/** A container's bytes with Node's zlib and SHA-256. */
export function encodeContainer(header: object, raw: Uint8Array): Buffer {
  const body = containerBody(header, raw.length, zlib().deflateSync(raw));
  return Buffer.concat([body, sha256Digest(body)]);
}

/** Reads and checks a container's bytes (checksum and payload size too); `name` names the file in errors. */
export function decodeContainer<H extends ContainerHeader>(
  bytes: Uint8Array,
  name: string,
): { header: H; raw: Buffer } {
  const parts = splitContainer<H>(bytes, name);
  const sum = sha256Digest(parts.body);
  if (!sum.equals(parts.checksum)) throw new YomiError(`${name}: corrupt: the checksum does not match`);
  // Never more than the header declares: a payload that inflates further is refused, not allocated.
  let raw: Buffer;
  try {
    raw = zlib().inflateSync(parts.compressed, { maxOutputLength: Math.max(1, parts.header.valueBytes) });
  } catch {
    throw new YomiError(
      `${name}: corrupt: the payload does not inflate to the ${parts.header.valueBytes} bytes the header declares`,
    );
  }
  checkInflated(raw, parts.header, name);
  return { header: parts.header, raw };
}

/** Writes `book` to `path`; `built` says what building it took. */
export function saveBook(path: string, book: Connect4Book, built: { seconds: number; nodes: number }): void {
  const g = book.geometry;
  const header: Omit<BookHeader, 'valueBytes' | 'payloadBytes'> = {
    kind: BOOK_KIND,
    game: `connect4(width=${g.width},height=${g.height})`,
    width: g.width,
    height: g.height,
    plies: book.plies,
    ...(book.lines > book.plies ? { lines: book.lines } : {}),
    positions: book.size,
    encoding: BOOK_ENCODING,
    seconds: Math.round(built.seconds * 10) / 10,
    nodes: built.nodes,
  };
  writeAtomically(path, encodeContainer(header, book.payload()));
}

export function loadBook(path: string): { header: BookHeader; book: Connect4Book } {
  // A regular file of bounded size: never a FIFO or /dev/zero.
  const bytes = readRegular(path, MAX_BOOK_BYTES);
  const { header, raw } = decodeContainer<BookHeader>(bytes, path);
  return { header, book: bookFromParts(header, raw, path) };
}
