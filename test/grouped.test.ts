/**
 * Numbers for people (`grouped`): the text `toLocaleString('en-US')` writes,
 * for every safe integer and for the numbers that are not one.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grouped } from '../src/core/grouped.js';

describe('grouped', () => {
  it('writes a safe integer as toLocaleString("en-US") does', () => {
    // Integers of every length: a safe integer cut to 1 … 16 digits.
    const integers = fc
      .tuple(fc.maxSafeInteger(), fc.integer({ min: 0, max: 15 }))
      .map(([n, cut]) => Math.trunc(n / 10 ** cut));
    fc.assert(
      fc.property(integers, (n) => {
        expect(grouped(n)).toBe(n.toLocaleString('en-US'));
      }),
      { numRuns: 2000 },
    );
    for (const n of [
      0,
      -0,
      7,
      999,
      1000,
      -1000,
      999_999,
      1_000_000,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
    ]) {
      expect(grouped(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('writes any other number as toLocaleString("en-US") does', () => {
    for (const n of [1234.5678, -0.5, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(grouped(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});
