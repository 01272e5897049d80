/**
 * Small hand-made games that several solver tests share: a short cycle, and
 * a long path (for remoteness beyond 2 bytes and paths deeper than any JS
 * stack).
 */

import type { Game, IndexedGame } from '../../src/core/game.js';
import { NOT_PRIMITIVE } from '../../src/core/outcome.js';

/** Positions 0 … 3 where 0 → 1 → 2 → 0 and 2 → 3 (over). */
export const smallCycle: Game<number, number> = {
  id: 'cyclic',
  start: 0,
  moves: (p) => (p === 2 ? [0, 3] : p === 3 ? [] : [p + 1]),
  play: (_p, to) => to,
  key: (p) => p,
  show: (p) => `#${p}`,
};

/** Positions 0 … n−1, each with one move to the one below; the start (n−1) is won in n−1 plies when n is even. */
export function pathGame(n: number, withParents: boolean): IndexedGame {
  const game: IndexedGame = {
    kind: 'indexed',
    id: 'path',
    size: n,
    start: n - 1,
    maxMoves: 1,
    children(p, out) {
      if (p === 0) return 0;
      out[0] = p - 1;
      return 1;
    },
    primitive: () => NOT_PRIMITIVE,
  };
  if (withParents) {
    game.maxParents = 1;
    game.parents = (c, out) => {
      if (c === n - 1) return 0;
      out[0] = c + 1;
      return 1;
    };
  }
  return game;
}
