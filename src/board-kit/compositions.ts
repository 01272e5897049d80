/**
 * Compositions: s seeds in n pits (as in mancala games), every pit holding
 * 0 … s, the pits summing to s. There are C(s+n−1, n−1) of them, numbered in
 * lexicographic order of the pits. The count of compositions whose first pit
 * holds less than a is a difference of two binomials (the hockey-stick
 * identity), so ranking needs no inner loop.
 */

import { binomial } from './binomial.js';

/** Compositions of s seeds in n pits, ranked and unranked in lexicographic order. */
export class Compositions {
  /** How many compositions: C(s+n−1, n−1). */
  readonly size: number;

  /** O(1). */
  constructor(
    readonly seeds: number,
    readonly pits: number,
  ) {
    if (!Number.isInteger(seeds) || seeds < 0 || !Number.isInteger(pits) || pits < 1) {
      throw new RangeError(`compositions: ${seeds} seeds in ${pits} pits`);
    }
    this.size = binomial(seeds + pits - 1, pits - 1);
  }

  /** The rank of `pits` (non-negative, summing to `seeds`). O(n). */
  rank(pits: ArrayLike<number>): number {
    let r = 0;
    let left = this.seeds;
    for (let i = 0; i < this.pits - 1; i++) {
      const rest = this.pits - 1 - i; // pits after this one
      const a = pits[i];
      // Compositions of `left` whose pit i holds less than a: Σ_{v<a} C(left−v+rest−1, rest−1).
      r += binomial(left + rest, rest) - binomial(left - a + rest, rest);
      left -= a;
    }
    return r;
  }

  /** Writes the composition of rank r (0 ≤ r < size) into `out`. O(n + s). */
  unrank(r: number, out: Int32Array | number[]): void {
    let left = this.seeds;
    for (let i = 0; i < this.pits - 1; i++) {
      const rest = this.pits - 1 - i;
      let a = 0;
      // Skip the blocks of compositions whose pit i holds 0, 1, …: each holds C(left−a+rest−1, rest−1).
      for (;;) {
        const block = binomial(left - a + rest - 1, rest - 1);
        if (r < block) break;
        r -= block;
        a++;
      }
      out[i] = a;
      left -= a;
    }
    out[this.pits - 1] = left;
  }
}
