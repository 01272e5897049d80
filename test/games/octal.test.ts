/**
 * Octal games, subtraction games and Grundy's game against a naive recursive
 * definition written here from the rules (memoized on the heap size only,
 * mex through a Set), on random valid codes and sets; periods proven by the
 * theorem hold far beyond the values that proved them; known values of
 * Kayles and Dawson's Kayles; invalid codes and sets are refused.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grundysGameValues } from '../../src/games/grundys-game.js';
import { octalCodeProblem, octalValues, parseOctalCode } from '../../src/games/octal.js';
import { subtractionFamily, subtractionSetProblem } from '../../src/games/subtraction.js';

function mex(values: Iterable<number>): number {
  const set = new Set(values);
  let v = 0;
  while (set.has(v)) v++;
  return v;
}

/** Straight from the digit rules: d & 1 take all, d & 2 leave one heap, d & 4 leave two. */
function naiveOctal(code: string, upto: number): number[] {
  const [d0, rest] = code.split('.');
  const digits = [Number(d0), ...[...rest].map(Number)];
  const g: number[] = [];
  for (let n = 0; n <= upto; n++) {
    const options: number[] = [];
    digits.forEach((d, k) => {
      if (k > n) return;
      if (d & 1 && k === n && k > 0) options.push(0);
      if (d & 2 && n - k >= 1 && k > 0) options.push(g[n - k]);
      if (d & 4) for (let a = 1; a <= n - k - 1; a++) options.push(g[a] ^ g[n - k - a]);
    });
    g.push(mex(options));
  }
  return g;
}

const codeArb = fc
  .record({
    d0: fc.constantFrom('0', '4'),
    digits: fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 5 }),
  })
  .filter(({ d0, digits }) => d0 === '4' || digits.some((d) => d !== 0))
  .map(({ d0, digits }) => `${d0}.${digits.join('')}`);

describe('octal games', () => {
  it('agree with the naive recursive definition', () => {
    fc.assert(
      fc.property(codeArb, (code) => {
        const got = Array.from(octalValues(parseOctalCode(code), 80).values);
        expect(got, code).toEqual(naiveOctal(code, 80));
      }),
      { numRuns: 200 },
    );
  });

  it('a proven period holds far past the values that proved it', () => {
    fc.assert(
      fc.property(codeArb, (code) => {
        const r = octalValues(parseOctalCode(code), 600);
        if (!r.period) return;
        // Values past `computed` were copied from the period, not computed: compare them all.
        expect(Array.from(r.values), code).toEqual(naiveOctal(code, 600));
        // The start is the earliest: the value just before it breaks the period.
        const { start, length } = r.period;
        if (start > 0) expect(r.values[start - 1]).not.toBe(r.values[start - 1 + length]);
      }),
      { numRuns: 60 },
    );
  });

  // Known values: Guy & Smith (1956); Berlekamp, Conway & Guy, Winning Ways, ch. 4.
  const KNOWN: { code: string; name: string; first: string; period: number; start: number }[] = [
    { code: '0.77', name: 'Kayles', first: '0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2', period: 12, start: 71 },
    // Dawson's Kayles is Dawson's chess (0.137) shifted by one heap: its last exception is one later.
    {
      code: '0.07',
      name: "Dawson's Kayles",
      first: '0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3',
      period: 34,
      start: 53,
    },
    {
      code: '0.137',
      name: "Dawson's chess",
      first: '0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3',
      period: 34,
      start: 52,
    },
    { code: '4.07', name: '4.07', first: '0 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2', period: 4, start: 1 },
  ];
  for (const k of KNOWN) {
    it(`${k.name} (${k.code}): period ${k.period} from n = ${k.start}, values to 10^6 from the period`, () => {
      const r = octalValues(parseOctalCode(k.code), 1_000_000);
      expect(Array.from(r.values.subarray(0, 20)).join(' ')).toBe(k.first);
      expect(r.period).toMatchObject({ length: k.period, start: k.start });
      expect(r.computed).toBeLessThan(1000);
      expect(r.values[1_000_000]).toBe(r.values[k.start + ((1_000_000 - k.start) % k.period)]);
    });
  }

  it("Kayles' exceptional values: where G(n) differs from the periodic value", () => {
    const g = octalValues(parseOctalCode('0.77'), 400).values;
    const exceptions = [];
    for (let n = 0; n < 71; n++) if (g[n] !== g[n + 12 * 20]) exceptions.push(n);
    expect(exceptions).toEqual([0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]);
  });

  it('reports progress while computing directly', () => {
    const reports: number[] = [];
    octalValues(parseOctalCode('0.6'), 5000, (p) => {
      expect(p.total).toBe(5001);
      reports.push(p.done);
    });
    expect(reports.length).toBeGreaterThan(2);
    expect(reports).toEqual([...reports].sort((a, b) => a - b));
  });

  it('refuses invalid codes', () => {
    for (const bad of ['0.8', '1.77', '0.', '77', '0.000', 'x', '0.7a', `0.${'7'.repeat(65)}`]) {
      expect(octalCodeProblem(bad), bad).toBeDefined();
      expect(() => parseOctalCode(bad)).toThrow();
    }
    for (const good of ['0.77', '0.07', '0.137', '4.07', '4.0', '0.6', '0.70']) {
      expect(octalCodeProblem(good), good).toBeUndefined();
    }
    expect(parseOctalCode('0.70').t).toBe(1);
  });
});

describe('subtraction games', () => {
  it('agree with the naive definition and with the octal code of digit 3 at each amount', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }), (set) => {
        const got = Array.from(subtractionFamily(set).values(100).values);
        const naive: number[] = [];
        for (let n = 0; n <= 100; n++) naive.push(mex(set.filter((s) => s <= n).map((s) => naive[n - s])));
        expect(got).toEqual(naive);
        const digits = Array.from({ length: Math.max(...set) }, (_, i) => (set.includes(i + 1) ? 3 : 0));
        expect(got).toEqual(Array.from(octalValues(parseOctalCode(`0.${digits.join('')}`), 100).values));
      }),
      { numRuns: 100 },
    );
  });

  it('prove their period: {1, 2, 3} repeats 0 1 2 3 from 0', () => {
    expect(subtractionFamily([1, 2, 3]).values(100).period).toMatchObject({ start: 0, length: 4 });
  });

  it('refuse an empty or non-positive set', () => {
    expect(subtractionSetProblem([])).toMatch(/empty/);
    expect(subtractionSetProblem([0, 2])).toMatch(/positive/);
    expect(subtractionSetProblem([-1])).toMatch(/positive/);
    expect(subtractionSetProblem([1, 2])).toBeUndefined();
  });
});

describe("Grundy's game", () => {
  it('agrees with the naive definition', () => {
    const naive: number[] = [];
    for (let n = 0; n <= 300; n++) {
      const options: number[] = [];
      for (let a = 1; 2 * a < n; a++) options.push(naive[a] ^ naive[n - a]);
      naive.push(mex(options));
    }
    expect(Array.from(grundysGameValues(300))).toEqual(naive);
    // Known start of the sequence (OEIS A002188).
    expect(naive.slice(0, 20).join(' ')).toBe('0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3');
  });
});
