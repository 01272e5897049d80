/**
 * The Grundy solver against independent references: on random acyclic games
 * in normal play its Grundy values equal a plain recursive mex and its values
 * equal the plain recursion's (outcome and remoteness), on both indexed
 * orders and on a Game explored first; it refuses what Grundy values cannot
 * describe; it agrees with the sweep on every edpc-k case; and sums of random
 * games solved by XOR agree with a search of the whole sum.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CycleError, YomiError } from '../../src/core/errors.js';
import type { Game } from '../../src/core/game.js';
import { edpcKDefinition } from '../../src/games/edpc-k.js';
import { grundySweep, solveGrundy } from '../../src/solvers/grundy.js';
import { analyzeGameSum, sumGame } from '../../src/solvers/grundy-sum.js';
import { solve } from '../../src/solvers/index.js';
import { problemCases } from '../helpers.js';
import { asGame, asIndexed, graphArb, type RandomGraph, referenceValue, startOf } from './random-games.js';

/** Normal play, no points: the graphs the Grundy solver takes. */
const normalPlay = graphArb(12).map(
  (g): RandomGraph => ({
    edges: g.edges.map((es) => es.map((e) => ({ to: e.to, points: 0, keeps: false }))),
    primitives: g.primitives.map(() => undefined),
    scoring: false,
    extraTurns: false,
  }),
);

/** mex straight from the definition, by plain recursion. */
function referenceGrundy(g: RandomGraph, p: number): number {
  const values = new Set(g.edges[p].map((e) => referenceGrundy(g, e.to)));
  let v = 0;
  while (values.has(v)) v++;
  return v;
}

describe('grundy solver', () => {
  it('matches a plain recursive mex and the plain recursion’s values (both orders, explored)', () => {
    fc.assert(
      fc.property(normalPlay, (g) => {
        const n = g.edges.length;
        for (const order of ['descending', 'ascending'] as const) {
          const table = grundySweep(asIndexed(g, order));
          for (let p = 0; p < n; p++) {
            const i = order === 'descending' ? p : n - 1 - p;
            expect(table.grundy[i]).toBe(referenceGrundy(g, p));
          }
        }
        const s = solveGrundy(asGame(g) as Game<unknown, unknown>);
        const start = startOf(g);
        expect(s.grundy(start)).toBe(referenceGrundy(g, start));
        expect(s.value(start)).toEqual(referenceValue(g, start));
        // G = 0 exactly at the losses.
        expect(s.value(start).outcome === 'lose').toBe(s.grundy(start) === 0);
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with the sweep on every position of random indexed games', () => {
    fc.assert(
      fc.property(normalPlay, (g) => {
        const game = asIndexed(g, 'descending');
        const a = solve(game, { solver: 'grundy' });
        const b = solve(game, { solver: 'sweep' });
        for (let p = 0; p < game.size; p++) expect(a.value(p)).toEqual(b.value(p));
      }),
      { numRuns: 100 },
    );
  });

  it('refuses primitive wins and ties, points, and cycles', () => {
    const misere: Game<number, number> = {
      id: 'misere-path',
      start: 2,
      moves: (p) => (p > 0 ? [1] : []),
      play: (p, k) => p - k,
      primitive: (p) => (p === 0 ? 'win' : undefined),
      key: (p) => p,
    };
    expect(() => solve(misere, { solver: 'grundy' })).toThrow(/normal play/);
    const scoring: Game<number, number> = { ...misere, primitive: undefined, points: () => 1 };
    expect(() => solve(scoring, { solver: 'grundy' })).toThrow(YomiError);
    const loop: Game<number, number> = { ...misere, primitive: undefined, moves: () => [0], play: (p) => p };
    expect(() => solve(loop, { solver: 'grundy' })).toThrow(CycleError);
  });

  it('answers every edpc-k case as the sweep does', () => {
    for (const c of problemCases('edpc-k')) {
      const [game] = edpcKDefinition.load({}, c.input);
      const grundy = solve(game, { solver: 'grundy' });
      const sweep = solve(game, { solver: 'sweep' });
      expect(grundy.solver).toBe('grundy');
      expect(edpcKDefinition.answer(grundy.value(grundy.game.start), game)).toBe(c.expected.trim());
      expect(grundy.value(grundy.game.start)).toEqual(sweep.value(sweep.game.start));
    }
  });
});

describe('sums of any games by XOR', () => {
  const rowArb = fc.array(normalPlay, { minLength: 2, maxLength: 3 });

  it('search of the whole sum agrees with the XOR of the components, move by move', () => {
    fc.assert(
      fc.property(rowArb, (graphs) => {
        const components = graphs.map(asGame);
        const sum = sumGame('sum', components);
        const search = solve(sum, { solver: 'negamax' });
        const analysis = analyzeGameSum(components);
        expect(search.value(sum.start).outcome).toBe(analysis.outcome);
        const searchWins = search
          .moves(sum.start)
          .filter((m) => m.value.outcome === 'win')
          .map((m) => `${m.move.component}/${m.move.move}`);
        expect(analysis.winning.map((m) => `${m.component}/${m.move}`).sort()).toEqual(searchWins.sort());
        for (const m of analysis.winning)
          expect(m.value).toBe(analysis.nimSum ^ analysis.values[m.component]);
      }),
      { numRuns: 200 },
    );
  });
});
