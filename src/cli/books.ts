/**
 * Opening books on the command line, for the games whose definition says
 * they read them (Connect Four): `--book FILE` answers positions from a book
 * made by `yomi book`; without it the book shipped with yomi for the game is
 * used, if there is one, unless `--no-book` (a search from scratch). A book
 * only ever replaces a search by the score it proved.
 */

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { YomiError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { loadBook } from '../db/book-file.js';
import type { Connect4Book } from '../games/connect4/book.js';
import type { Connect4Position } from '../games/connect4/position.js';
import type { GameDefinition } from '../games/kit/definition.js';

/** Where a shipped book lives (books/ in the package, found from here or from the bundle). */
export function shippedBookPath(name: string): string | undefined {
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
 * Scores the book in force knows for `game` of `def` (a lookup for the
 * solver's `known`), or undefined: no book applies (a game without books,
 * --no-book, no book shipped for this game).
 */
export function bookScores(
  def: GameDefinition,
  game: AnyGame,
  book: string | false | undefined,
): ((p: unknown) => number | undefined) | undefined {
  if (book === false || def.book === undefined) return undefined;
  const path = book ?? shippedBookPath(def.book.shipped(game));
  if (path === undefined) return undefined;
  const cached = loaded.get(path);
  const opened = cached ? { game: game.id, book: cached } : open(path);
  if (opened.game !== game.id)
    throw new YomiError(`${path} is an opening book of ${opened.game}, not of ${game.id}`);
  return (p) => opened.book.score(p as Connect4Position);
}
