/**
 * Threshold search against brute force: on small random end-scored graphs
 * (cycles, repeated moves, positions where stopping is not allowed, stuck
 * players), the value of every position must equal the largest threshold
 * the maximiser can reach, each threshold checked by a slow fixpoint written
 * here — with the game's parents() and with a reverse graph built by the
 * solver.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EndScoredGame } from '../../src/core/end-scored.js';
import { solve } from '../../src/solvers/index.js';
import { ThresholdSearch } from '../../src/solvers/threshold.js';
import { edgeListGame, type ParentsForm } from './edge-list-game.js';

interface Scored {
  edges: number[][];
  maximizer: boolean[];
  /** NaN: stopping is not allowed there. */
  stop: number[];
}

const scoredArb: fc.Arbitrary<Scored> = fc
  .record({
    size: fc.integer({ min: 1, max: 10 }),
    rows: fc.array(
      fc.record({
        targets: fc.array(fc.nat(), { maxLength: 3 }),
        maximizer: fc.boolean(),
        stop: fc.oneof(
          { weight: 4, arbitrary: fc.integer({ min: -3, max: 5 }) },
          { weight: 1, arbitrary: fc.constant(Number.NaN) },
        ),
      }),
      { minLength: 10, maxLength: 10 },
    ),
  })
  .map(({ size, rows }) => {
    const used = rows.slice(0, size);
    // A move to a position of the same player is an extra turn.
    return {
      edges: used.map((r) => r.targets.map((t) => t % size)),
      maximizer: used.map((r) => r.maximizer),
      stop: used.map((r) => r.stop),
    };
  });

function asGame(g: Scored, form: ParentsForm): EndScoredGame {
  return {
    ...edgeListGame('random-end-scored', g.edges, undefined, form),
    kind: 'end-scored',
    maximizer: (p) => g.maximizer[p],
    stopScore: (p) => g.stop[p],
  };
}

/** Positions from which the maximiser forces a stop ≥ t (or a stuck minimiser) in finitely many moves. */
function reaches(g: Scored, t: number): boolean[] {
  const n = g.edges.length;
  const inside = new Array<boolean>(n).fill(false);
  for (let changed = true; changed; ) {
    changed = false;
    for (let p = 0; p < n; p++) {
      if (inside[p]) continue;
      const stopOk = !Number.isNaN(g.stop[p]) && g.stop[p] >= t;
      const ok = g.maximizer[p]
        ? stopOk || g.edges[p].some((c) => inside[c])
        : (Number.isNaN(g.stop[p]) || stopOk) && g.edges[p].every((c) => inside[c]);
      if (ok) {
        inside[p] = true;
        changed = true;
      }
    }
  }
  return inside;
}

/** Brute force over every threshold: the largest one each position reaches. */
function bruteForce(g: Scored): number[] {
  const candidates = [...new Set(g.stop.filter((s) => !Number.isNaN(s))), Number.POSITIVE_INFINITY];
  const best = g.edges.map(() => Number.NEGATIVE_INFINITY);
  for (const t of candidates) {
    const inside = reaches(g, t);
    inside.forEach((yes, p) => {
      if (yes && t > best[p]) best[p] = t;
    });
  }
  return best;
}

describe('threshold search', () => {
  for (const form of ['list', 'slots', 'none'] as const) {
    it(`equals brute force over thresholds on random end-scored graphs (parents: ${form === 'none' ? 'reverse graph' : form})`, () => {
      fc.assert(
        fc.property(scoredArb, (g) => {
          const game = asGame(g, form);
          const search = new ThresholdSearch(game);
          const want = bruteForce(g);
          expect(g.edges.map((_, p) => search.score(p))).toEqual(want);
          // The solution speaks negamax: the margin is the score for a maximiser, its negation for a minimiser.
          const solution = solve(game);
          expect(solution.solver).toBe('threshold');
          const margins = g.edges.map((_, p) => solution.value(p).margin);
          expect(margins).toEqual(want.map((s, p) => (g.maximizer[p] ? s : -s)));
          // Every move's value (a move to the same player's position keeps the turn) is at most the position's.
          g.edges.forEach((_, p) => {
            const best = solution.best(p).length;
            const moveMargins = solution.moves(p).map((m) => m.value.margin as number);
            if (moveMargins.length > 0 && best > 0) {
              expect(Math.max(...moveMargins) + 0).toBe((solution.value(p).margin as number) + 0); // +0 = -0
            }
          });
        }),
        { numRuns: 300 },
      );
    });
  }

  it('lets a move to a position of the same player keep the turn', () => {
    // 0 (max) → 1 (max, extra turn) → stop at 5; stopping at 0 scores 2. The maximiser plays on and stops at 1.
    const g: Scored = { edges: [[1], []], maximizer: [true, true], stop: [2, 5] };
    const s = solve(asGame(g, 'list'));
    expect(s.value(0)).toEqual({ outcome: 'win', remoteness: 2, margin: 5 });
    expect(s.moves(0).map((m) => m.value.margin)).toEqual([5, 2]);
  });

  it('lists stop as a move, worth its score, and finds it best when it is', () => {
    // 0 (max) → 1 (min) → 0; stopping at 0 scores 3, at 1 scores 1: the maximiser stops at once.
    const g: Scored = { edges: [[1], [0]], maximizer: [true, false], stop: [3, 1] };
    const s = solve(asGame(g, 'slots'));
    const moves = s.moves(0).map((m) => [s.game.moveName?.(0, m.move), m.value.margin]);
    expect(moves).toEqual([
      ['→1', 1],
      ['stop', 3],
    ]);
    expect(s.best(0)).toEqual([1]);
    expect(s.value(0)).toMatchObject({ margin: 3, remoteness: 1 });
  });
});
