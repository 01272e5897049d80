/**
 * Building a Connect Four opening book of depth N in three steps:
 *
 * 1. `bookPlan`: every position with at most N stones reachable from the
 *    empty board, one per pair of mirror images, leaving out those decided
 *    without search (the game is over, or the player to move wins at once),
 *    grouped by stones.
 * 2. The positions with exactly N stones (the frontier) are solved by search
 *    — the caller's job, since games know nothing of solvers.
 * 3. `backUp`: every shallower position's score is the best of its moves'
 *    (each move's score the negation of the child's, read from the book being
 *    built or decided at once), from N − 1 stones down to the empty board. The
 *    scores of Connect Four solvers count stones from the empty board, so a
 *    position's score is exactly the best of −(child's score).
 */

import type { Geometry } from './bitboard.js';
import { Connect4Book, canonicalKey } from './book.js';
import { type Connect4Position, canPlay, EMPTY, play, staticScore } from './position.js';

/** Positions to book, by stones on the board: plan[n] holds the positions with n stones. */
export function bookPlan(g: Geometry, plies: number): Connect4Position[][] {
  const plan: Connect4Position[][] = [[]];
  const seen = new Set<number>();
  let level = [EMPTY];
  for (let n = 0; n <= plies; n++) {
    const next: Connect4Position[] = [];
    plan[n] = [];
    for (const p of level) {
      if (staticScore(g, p) !== undefined) continue;
      plan[n].push(p);
      if (n === plies) continue;
      for (let c = 0; c < g.width; c++) {
        if (!canPlay(g, p, c)) continue;
        const child = play(g, p, c);
        const key = canonicalKey(g, child);
        if (seen.has(key)) continue;
        seen.add(key);
        next.push(child);
      }
    }
    level = next;
  }
  return plan;
}

/**
 * The book from a plan and the scores of its frontier (`frontier[i]` is the
 * score of plan[plies][i]).
 */
export function backUp(g: Geometry, plan: Connect4Position[][], frontier: readonly number[]): Connect4Book {
  const plies = plan.length - 1;
  const scores = new Map<number, number>();
  plan[plies].forEach((p, i) => {
    scores.set(canonicalKey(g, p), frontier[i]);
  });
  for (let n = plies - 1; n >= 0; n--) {
    for (const p of plan[n]) {
      let best = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < g.width; c++) {
        if (!canPlay(g, p, c)) continue;
        const child = play(g, p, c);
        const known = staticScore(g, child) ?? scores.get(canonicalKey(g, child));
        if (known === undefined)
          throw new Error(`book: the score of a position with ${n + 1} stones is missing`);
        if (-known > best) best = -known;
      }
      scores.set(canonicalKey(g, p), best);
    }
  }
  return new Connect4Book(g, plies, scores);
}
