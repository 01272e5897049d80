/**
 * Property tests: on random small acyclic games, with and without points,
 * extra turns and primitives decided before their end, every solver (memoized negamax, sweep in both index orders, explore+sweep,
 * alpha-beta, auto) agrees with a plain unmemoized recursion on the outcome, margin and
 * remoteness of every position, and every best move leads to a child whose
 * value proves the parent's.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Game, primitiveValue } from '../../src/core/game.js';
import type { Solution } from '../../src/core/solution.js';
import { moveValue, type Value } from '../../src/core/value.js';
import { solve } from '../../src/solvers/index.js';
import { asGame, asIndexed, graphArb, type RandomGraph, reachable, referenceValue } from './random-games.js';

const RUNS = 300;

/** A value as the tests compare it (margin only in scoring games). */
const norm = (v: Value, scoring: boolean): Value =>
  scoring
    ? { outcome: v.outcome, remoteness: v.remoteness, margin: v.margin }
    : { outcome: v.outcome, remoteness: v.remoteness };

/** Plies a position the rules end still lasts (a primitive decided before its end), else 0. */
const endsIn = (game: Game<number, number>, p: number): number => primitiveValue(game, p)?.remoteness ?? 0;

/** Solutions of the graph by every solver, each with a map from graph position to its own position. */
function solutions(
  g: RandomGraph,
): { name: string; solution: Solution<number, number>; at: (p: number) => number }[] {
  const game = asGame(g);
  const n = g.edges.length;
  const same = (p: number) => p;
  const flipped = (p: number) => n - 1 - p;
  return [
    { name: 'negamax', solution: solve(game, { solver: 'negamax' }), at: same },
    { name: 'explore+sweep', solution: solve(game, { solver: 'sweep' }), at: same },
    { name: 'auto', solution: solve(game), at: same },
    // Alpha-beta searches each move's child in the window its parent's score leaves (childBounds).
    { name: 'alphabeta', solution: solve(game, { solver: 'alphabeta' }), at: same },
    {
      name: 'sweep (descending)',
      solution: solve(asIndexed(g, 'descending'), { solver: 'sweep' }),
      at: same,
    },
    {
      name: 'sweep (ascending)',
      solution: solve(asIndexed(g, 'ascending'), { solver: 'sweep' }),
      at: flipped,
    },
    { name: 'auto (indexed)', solution: solve(asIndexed(g, 'ascending')), at: flipped },
    {
      name: 'negamax (indexed)',
      solution: solve(asIndexed(g, 'descending'), { solver: 'negamax' }),
      at: same,
    },
  ];
}

describe('solvers agree with a plain recursion on random acyclic games', () => {
  it('negamax and the sweep also solve positions the start does not reach', () => {
    fc.assert(
      fc.property(graphArb(), (g) => {
        const n = g.edges.length;
        const negamax = solve(asGame(g), { solver: 'negamax' });
        const swept = solve(asIndexed(g, 'ascending'), { solver: 'sweep' });
        for (let p = 0; p < n; p++) {
          const expected = norm(referenceValue(g, p), g.scoring);
          expect(norm(negamax.value(p), g.scoring), `negamax, position ${p}`).toEqual(expected);
          expect(norm(swept.value(n - 1 - p), g.scoring), `sweep, position ${p}`).toEqual(expected);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('outcome, margin and remoteness of every reachable position', () => {
    fc.assert(
      fc.property(graphArb(), (g) => {
        const positions = reachable(g);
        for (const { name, solution, at } of solutions(g)) {
          for (const p of positions) {
            const expected = norm(referenceValue(g, p), g.scoring);
            const got = norm(solution.value(at(p)), g.scoring);
            expect(got, `${name}, position ${p}`).toEqual(expected);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('every move is valued from its child, and every best move proves the value', () => {
    fc.assert(
      fc.property(graphArb(), (g) => {
        for (const { name, solution, at } of solutions(g)) {
          const game = solution.game;
          const start = game.start;
          // Positions of this solution reachable from its start.
          const todo = [start];
          const seen = new Set([start]);
          while (todo.length > 0) {
            const p = todo.pop() as number;
            const value = solution.value(p);
            const moves = solution.moves(p);
            const best = solution.best(p);
            if (moves.length === 0) {
              expect(best, `${name}: no move, no best move`).toEqual([]);
              expect(value.remoteness, `${name}: a position that is over`).toBe(endsIn(game, p));
              continue;
            }
            expect(best.length, `${name}: a position with moves has a best move`).toBeGreaterThan(0);
            for (const mv of moves) {
              const child = game.play(p, mv.move);
              const keeps = game.keepsTurn?.(p, mv.move);
              expect(mv.value).toEqual(moveValue(solution.value(child), game.points?.(p, mv.move), keeps));
              // And right, not only consistent: `at` maps both ways (it is the identity or a flip).
              const reference = moveValue(referenceValue(g, at(child)), game.points?.(p, mv.move), keeps);
              expect(norm(mv.value, g.scoring), `${name}: move ${mv.move} from ${p}`).toEqual(
                norm(reference, g.scoring),
              );
              if (!seen.has(child)) {
                seen.add(child);
                todo.push(child);
              }
            }
            for (const m of best) {
              const child = game.play(p, m);
              const proved = moveValue(solution.value(child), game.points?.(p, m), game.keepsTurn?.(p, m));
              expect(norm(proved, g.scoring), `${name}: best move ${m} from ${p}`).toEqual(
                norm(value, g.scoring),
              );
            }
            // The principal variation and the plies its last position still declares add up to the remoteness.
            const line = solution.line(p);
            const last = line.reduce((at, m) => game.play(at, m), p);
            expect(line.length + endsIn(game, last), `${name}: line from ${p}`).toBe(value.remoteness);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a declared symmetry folds twin positions into one class and changes no value', () => {
    fc.assert(
      fc.property(graphArb(), (g) => {
        // Each position p of the graph comes in two twins 2p and 2p + 1 with the same future; the
        // k-th move of a twin reaches the twin of its child chosen by k, so the twins are not
        // mere copies. Declaring canonical(x) = 2p lets solvers keep one value per pair.
        const base = asGame(g);
        const twins: Game<number, number> = {
          ...base,
          start: 2 * base.start,
          moves: (x) => base.moves(x >> 1),
          play: (x, k) => 2 * base.play(x >> 1, k) + ((x + k) & 1),
          primitive: (x) => base.primitive?.(x >> 1),
          points: base.points
            ? (x, k) => (base.points as (p: number, k: number) => number)(x >> 1, k)
            : undefined,
          keepsTurn: base.keepsTurn ? (x, k) => base.keepsTurn?.(x >> 1, k) === true : undefined,
          key: (x) => x,
        };
        const folded: Game<number, number> = { ...twins, canonical: (x) => x & ~1 };
        const seen = new Set([twins.start]);
        const todo = [twins.start];
        while (todo.length > 0) {
          const x = todo.pop() as number;
          if (twins.primitive?.(x) !== undefined) continue;
          for (const k of twins.moves(x)) {
            const c = twins.play(x, k);
            if (!seen.has(c)) seen.add(c) && todo.push(c);
          }
        }
        for (const solver of ['negamax', 'sweep', 'alphabeta', 'auto']) {
          const plain = solve(twins, { solver });
          const symmetric = solve(folded, { solver });
          for (const x of seen) {
            expect(norm(symmetric.value(x), g.scoring), `${solver}, twin ${x}`).toEqual(
              norm(plain.value(x), g.scoring),
            );
          }
          if (solver === 'sweep')
            expect(symmetric.stats.positions).toBeLessThanOrEqual(plain.stats.positions);
        }
      }),
      { numRuns: 150 },
    );
  });
});
