/**
 * grid-duel: the problem's cases through the library (alpha-beta, and auto)
 * and through the CLI; random small boards against a plain max/min written
 * from the rules; boards beyond the spec's limits; bad input.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridDuel, gridDuelDefinition, parseGridDuel } from '../../src/games/grid-duel.js';
import { alphaBeta } from '../../src/solvers/alphabeta.js';
import { solve } from '../../src/solvers/index.js';
import { problemCases } from '../helpers.js';
import { gridDuelMargin } from '../problems/references.js';
import { runCli } from '../run-cli.js';

const answer = (input: string, solver: string) => {
  const [game] = gridDuelDefinition.load({}, input);
  const s = solve(game, { solver });
  return gridDuelDefinition.answer(s.value(s.game.start), game);
};

describe('grid-duel cases', () => {
  for (const c of problemCases('grid-duel')) {
    it(`${c.name} (alphabeta and auto)`, () => {
      expect(answer(c.input, 'alphabeta')).toBe(c.expected.trim());
      expect(answer(c.input, 'auto')).toBe(c.expected.trim());
    });
  }
  it('answers every case through the CLI', () => {
    for (const c of problemCases('grid-duel')) {
      const r = runCli(['solve', 'grid-duel', '--solver', 'alphabeta'], c.input);
      expect([r.status, r.stdout, r.stderr], c.name).toEqual([0, `${c.expected.trim()}\n`, '']);
    }
  });
});

describe('grid-duel against plain max/min', () => {
  it('agrees on the margin of random small boards', () => {
    const boardArb = fc
      .record({ n: fc.integer({ min: 2, max: 4 }), m: fc.integer({ min: 1, max: 3 }) })
      .chain(({ n, m }) =>
        fc.record({
          n: fc.constant(n),
          m: fc.constant(m),
          alice: fc.integer({ min: 0, max: n * n - 1 }),
          shift: fc.integer({ min: 1, max: n * n - 1 }),
          values: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n * n, maxLength: n * n }),
        }),
      );
    fc.assert(
      fc.property(boardArb, ({ n, m, alice, shift, values }) => {
        const bob = (alice + shift) % (n * n);
        const game = gridDuel({ n, m, alice, bob, values });
        const v = alphaBeta(game, { tableBytes: 2 ** 14 }).value(game.start);
        expect(v.margin).toBe(gridDuelMargin(n, m, alice, bob, values));
        expect(v.remoteness).toBe(2 * m);
      }),
      { numRuns: 150 },
    );
  });

  it('goes beyond the spec: 8×8 with m = 8 (4^16 lines of play)', () => {
    const values = Array.from({ length: 64 }, (_, i) => (i * 37) % 11);
    const game = gridDuel({ n: 8, m: 8, alice: 0, bob: 63, values });
    const s = alphaBeta(game);
    const v = s.value(game.start);
    // The best move's value is the position's value, from a fresh search of each child.
    const best = s
      .moves(game.start)
      .reduce((a, b) => ((b.value.margin ?? 0) > (a.value.margin ?? 0) ? b : a));
    expect(best.value.margin).toBe(v.margin);
    expect(v.remoteness).toBe(16);
  });
});

describe('grid-duel input', () => {
  it('names what is wrong and where', () => {
    expect(() => parseGridDuel('1 1\n1 1 1 1\n0\n')).toThrow(/line 1, column 1: n = 1 is out of range/);
    expect(() => parseGridDuel('2 1\n1 1 1 1\n0 5\n3 0\n')).toThrow(
      /line 2, column 7: .*start squares must differ/,
    );
    expect(() => parseGridDuel('2 1\n1 1 2 3\n0 5\n3 0\n')).toThrow(
      /line 2, column 7: by = 3 is out of range/,
    );
    expect(() => parseGridDuel('2 1\n1 1 2 2\n0 5\n3\n')).toThrow(/expected A_2,2/);
    expect(() => parseGridDuel('2 1\n1 1 2 2\n0 5\n3 x\n')).toThrow(/line 4, column 3: expected A_2,2/);
    expect(() => parseGridDuel('2 1\n1 1 2 2\n0 5\n3 0 7\n')).toThrow(/unexpected '7'/);
    expect(() => parseGridDuel('')).toThrow(/input is empty/);
  });
  it('fails in the CLI with one line and exit code 2', () => {
    const r = runCli(['solve', 'grid-duel'], '2 1\n1 1 2 2\n0 -5\n3 0\n');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^yomi: line 3, column 3: A_1,2 = -5 is out of range \(0 … 1000000000\)\n$/);
  });
});
