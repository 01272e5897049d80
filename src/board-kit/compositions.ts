/**
 * Compositions: s seeds in n pits (as in mancala games), every pit holding
 * 0 … s, the pits summing to s. There are C(s+n−1, n−1) of them, numbered in
 * lexicographic order of the pits. The count of compositions whose first pit
 * holds less than a is a difference of two binomials (the hockey-stick
 * identity), so ranking needs no inner loop; the binomials are read from a
 * table made once per layout (`CompositionTable`: every seed count up to a
 * most, as Kalah's endgame tiers need), not computed per term.
 */

import { binomial } from './binomial.js';

/** The compositions of every seed count 0 … maxSeeds in n pits, ranked and unranked from one table. */
export class CompositionTable {
  /** binomials[r × stride + left] = C(left + r, r). */
  private readonly binomials: Float64Array;
  private readonly stride: number;

  /** O(n × maxSeeds), once. */
  constructor(
    readonly maxSeeds: number,
    readonly pits: number,
  ) {
    if (!Number.isInteger(maxSeeds) || maxSeeds < 0 || !Number.isInteger(pits) || pits < 1) {
      throw new RangeError(`compositions: ${maxSeeds} seeds in ${pits} pits`);
    }
    this.stride = maxSeeds + 1;
    this.binomials = new Float64Array(pits * this.stride);
    for (let r = 0; r < pits; r++) {
      for (let left = 0; left <= maxSeeds; left++)
        this.binomials[r * this.stride + left] = binomial(left + r, r);
    }
  }

  /** How many compositions of `seeds`: C(seeds+n−1, n−1). O(1). */
  size(seeds: number): number {
    return this.binomials[(this.pits - 1) * this.stride + seeds];
  }

  /** The rank of `pits` (non-negative, summing to `seeds`). O(n). */
  rank(pits: ArrayLike<number>, seeds: number): number {
    const last = this.pits - 1;
    const table = this.binomials;
    const w = this.stride;
    let r = 0;
    let left = seeds;
    for (let i = 0; i < last; i++) {
      // Compositions of `left` whose pit i holds less than a: C(left+rest, rest) − C(left−a+rest, rest).
      const row = (last - i) * w;
      r += table[row + left] - table[row + left - pits[i]];
      left -= pits[i];
    }
    return r;
  }

  /** Writes the composition of rank r (0 ≤ r < size(seeds)) into `out`. O(n + seeds). */
  unrank(r: number, seeds: number, out: Int32Array | number[]): void {
    const last = this.pits - 1;
    const table = this.binomials;
    const w = this.stride;
    let left = seeds;
    for (let i = 0; i < last; i++) {
      // Skip the blocks of compositions whose pit i holds 0, 1, …: each holds C(left−a+rest−1, rest−1).
      const row = (last - i - 1) * w;
      let a = 0;
      for (;;) {
        const block = table[row + left - a];
        if (r < block) break;
        r -= block;
        a++;
      }
      out[i] = a;
      left -= a;
    }
    out[last] = left;
  }
}

/** Compositions of s seeds in n pits, ranked and unranked in lexicographic order. */
export class Compositions {
  /** How many compositions: C(s+n−1, n−1). */
  readonly size: number;
  private readonly table: CompositionTable;

  /** O(n × s): the table of its binomials. */
  constructor(
    readonly seeds: number,
    readonly pits: number,
  ) {
    this.table = new CompositionTable(seeds, pits);
    this.size = this.table.size(seeds);
  }

  /** The rank of `pits` (non-negative, summing to `seeds`). O(n). */
  rank(pits: ArrayLike<number>): number {
    return this.table.rank(pits, this.seeds);
  }

  /** Writes the composition of rank r (0 ≤ r < size) into `out`. O(n + s). */
  unrank(r: number, out: Int32Array | number[]): void {
    this.table.unrank(r, this.seeds, out);
  }
}
