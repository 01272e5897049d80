/**
 * Opening books on the command line: `--book FILE` answers Connect Four
 * positions from a book made by `yomi book`; without it a book shipped with
 * yomi for the board size is used, unless `--no-book` (a search from
 * scratch). A book only ever replaces a search by the score it proved.
 */

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { YomiError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { loadBook } from '../db/book-file.js';
import type { Connect4Book } from '../games/connect4/book.js';
import type { Connect4Position } from '../games/connect4/position.js';

/** Where a shipped book for a board lives (books/ in the package, found from here or from the bundle). */
export function shippedBookPath(width: number, height: number): string | undefined {
  const name = `connect4-${width}x${height}.book`;
  for (const up of ['../../books/', '../../../books/']) {
    const path = fileURLToPath(new URL(up + name, import.meta.url));
    if (existsSync(path)) return path;
  }
  return undefined;
}

const loaded = new Map<string, Connect4Book>();

function open(path: string): { game: string; book: Connect4Book } {
  const { header, book } = loadBook(path);
  loaded.set(path, book);
  return { game: header.game, book };
}

/**
 * Scores the book in force knows for `game` (a lookup for the solver's
 * `known`), or undefined: no book applies (not Connect Four, --no-book, no
 * book of this size shipped).
 */
export function bookScores(
  game: AnyGame,
  book: string | false | undefined,
): ((p: unknown) => number | undefined) | undefined {
  if (book === false || !game.id.startsWith('connect4(')) return undefined;
  let path = book;
  if (path === undefined) {
    const size = /^connect4\(width=(\d+),height=(\d+)\)$/.exec(game.id);
    path = size ? shippedBookPath(Number(size[1]), Number(size[2])) : undefined;
    if (path === undefined) return undefined;
  }
  const cached = loaded.get(path);
  const opened = cached ? { game: game.id, book: cached } : open(path);
  if (opened.game !== game.id)
    throw new YomiError(`${path} is an opening book of ${opened.game}, not of ${game.id}`);
  return (p) => opened.book.score(p as Connect4Position);
}
