/**
 * Sums of heaps: the Sprague–Grundy theorem checked against direct search.
 * Nim's outcome follows Bouton's XOR rule (solved by the generic solvers, not
 * by the rule); for sums of two or three heaps of random subtraction games,
 * random octal codes and Grundy's game, memoized negamax over the whole row
 * agrees with the nim-sum, and the moves the nim-sum calls winning are
 * exactly the moves search finds winning. Misère Nim's rule against search.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/core/game.js';
import { grundysGame } from '../../src/games/grundys-game.js';
import type { HeapFamily } from '../../src/games/impartial/heap-family.js';
import { formatHeapMove, formatSumMove, heapGame } from '../../src/games/impartial/heap-game.js';
import { analyzeSum, misereNimOutcome } from '../../src/games/impartial/heap-sum.js';
import { nimFamily } from '../../src/games/nim.js';
import { octalFamily, parseOctalCode } from '../../src/games/octal.js';
import { subtractionFamily } from '../../src/games/subtraction.js';
import { solve } from '../../src/solvers/index.js';

/** Rows of `minLength` … 3 heaps of 0 … max tokens. */
const heapsArb = (max: number, minLength = 1) =>
  fc.array(fc.integer({ min: 0, max }), { minLength, maxLength: 3 });

const subtractionArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 })
  .map((set) => subtractionFamily(set));

/** Any valid code of 1–3 digits after the point, d0 = 0 or 4. */
const octalArb = fc
  .record({
    d0: fc.constantFrom('0', '4'),
    digits: fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 3 }),
  })
  .filter(({ d0, digits }) => d0 === '4' || digits.some((d) => d !== 0))
  .map(({ d0, digits }) => octalFamily(parseOctalCode(`${d0}.${digits.join('')}`)));

/** Search of the whole row agrees with the nim-sum, and so do the winning moves. */
function checkSum(family: HeapFamily, heaps: number[], solver: string): void {
  const game = heapGame('sum', family, heaps);
  const solution = solve(game as Game<unknown, unknown>, { solver });
  const sum = analyzeSum(family, heaps);
  const value = solution.value(heaps);
  expect(value.outcome, `${family.name} ${heaps.join(' ')}`).toBe(sum.outcome);
  const searchWins = solution
    .moves(heaps)
    .filter((m) => m.value.outcome === 'win')
    .map((m) => {
      const mv = m.move as { heap: number; option: { take: number; parts: number[] } };
      return formatHeapMove(mv.heap, heaps[mv.heap], mv.option);
    });
  expect(sum.winning.map(formatSumMove).sort()).toEqual(searchWins.sort());
}

describe('sums of heaps', () => {
  it("Nim's outcome follows the XOR rule", () => {
    fc.assert(
      fc.property(heapsArb(6), fc.constantFrom('auto', 'negamax'), (heaps, solver) => {
        const game = heapGame('nim', nimFamily, heaps) as Game<unknown, unknown>;
        const value = solve(game, { solver }).value(heaps);
        const xor = heaps.reduce((a, b) => a ^ b, 0);
        expect(value.outcome).toBe(xor === 0 ? 'lose' : 'win');
      }),
      { numRuns: 200 },
    );
  });

  it('subtraction games: search of the sum agrees with the nim-sum', () => {
    fc.assert(
      fc.property(subtractionArb, heapsArb(10, 2), (family, heaps) => checkSum(family, heaps, 'negamax')),
      { numRuns: 150 },
    );
  });

  it('octal games: search of the sum agrees with the nim-sum', () => {
    fc.assert(
      fc.property(octalArb, heapsArb(6, 2), (family, heaps) => checkSum(family, heaps, 'negamax')),
      { numRuns: 150 },
    );
  });

  it("Grundy's game: search of the sum agrees with the nim-sum", () => {
    fc.assert(
      fc.property(heapsArb(9, 2), (heaps) => checkSum(grundysGame, heaps, 'negamax')),
      { numRuns: 60 },
    );
  });

  it('the Grundy solver on a single heap gives the family’s value', () => {
    fc.assert(
      fc.property(octalArb, fc.integer({ min: 0, max: 12 }), (family, n) => {
        const s = solve(heapGame('one', family, [n]) as Game<unknown, unknown>, { solver: 'grundy' });
        expect((s as unknown as { grundy(p: number[]): number }).grundy([n])).toBe(
          family.values(n).values[n],
        );
      }),
      { numRuns: 100 },
    );
  });

  it("misère Nim's rule agrees with search", () => {
    fc.assert(
      fc.property(heapsArb(5), (heaps) => {
        const game = heapGame('misere nim', nimFamily, heaps, 'misere') as Game<unknown, unknown>;
        expect(solve(game, { solver: 'negamax' }).value(heaps).outcome).toBe(misereNimOutcome(heaps));
      }),
      { numRuns: 200 },
    );
  });

  it('finds the winning moves of a sum far too large to search', () => {
    const kayles = octalFamily(parseOctalCode('0.77'));
    const sum = analyzeSum(kayles, [100_000, 99_999, 12_345]);
    expect(sum.outcome).toBe(sum.nimSum === 0 ? 'lose' : 'win');
    expect(sum.winning.length).toBeGreaterThan(0);
    const g = kayles.values(100_000).values;
    for (const m of sum.winning) {
      const after = m.option.parts.reduce((a, part) => a ^ g[part], 0);
      expect(after ^ sum.nimSum ^ g[m.from]).toBe(0);
    }
  });
});
