/**
 * A game whose `moves()` breaks its contract two plies in: it returns null
 * instead of an array. yomi reports the method, what it returned, and the
 * moves that reach the position, in one line:
 *
 *   yomi solve examples/broken-moves.ts
 */

import type { Game } from 'yomi';

const brokenMoves: Game<number, string> = {
  id: 'broken-moves',
  start: 0,
  // Who reaches 4 or more has won; at 2 the method forgets to answer an array.
  moves: (n) => (n === 2 ? (null as unknown as string[]) : n >= 4 ? [] : ['step1', 'step2']),
  play: (n, m) => n + (m === 'step1' ? 1 : 2),
  key: (n) => n,
};

export default brokenMoves;
