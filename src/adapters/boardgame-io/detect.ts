/**
 * Telling a boardgame.io game from a yomi game without loading boardgame.io:
 * the command line asks this of every module it loads, and loads the adapter
 * (and boardgame.io with it) only for a module that exports one.
 */

import type { Game as BoardgameIOGame } from 'boardgame.io';

/**
 * Whether `x` is a boardgame.io game: its `moves` (or its phases') are an
 * object of move functions, where a yomi `Game` has a `moves` function.
 */
export function isBoardgameIOGame(x: unknown): x is BoardgameIOGame {
  if (typeof x !== 'object' || x === null) return false;
  const g = x as { moves?: unknown; phases?: unknown };
  const isObject = (v: unknown) => typeof v === 'object' && v !== null;
  return isObject(g.moves) || (g.moves === undefined && isObject(g.phases));
}
