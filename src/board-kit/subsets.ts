/**
 * Subsets of c cells among n (n ≤ 31), as bit masks, numbered in
 * colexicographic order: the rank of {s_1 < … < s_c} is Σ_j C(s_j, j). The
 * masks in rank order are those with c bits in increasing order, so a
 * subset's rank never depends on n, and the kit's other numberings build on it.
 */

import { binomial } from './binomial.js';
import { lowestBit } from './bits.js';

/** Subsets this large or smaller keep a table from rank to mask (O(1) unrank). */
const TABLE_LIMIT = 1 << 22;

/** Subsets of c cells among n as bit masks, ranked and unranked in colexicographic order. */
export class Subsets {
  /** How many subsets: C(n, c). */
  readonly size: number;
  /** C(s, j) at [s·(c+1) + j] (s < n, j ≤ c): the rank's terms. */
  readonly terms: Float64Array;
  /** The mask of each rank, when `size` ≤ 2^22 (built once, O(size)). */
  private readonly masks: Int32Array | undefined;

  /** O(n·c), and O(C(n, c)) for the table of masks when it is kept. */
  constructor(
    readonly n: number,
    readonly c: number,
  ) {
    if (!Number.isInteger(n) || n < 0 || n > 31)
      throw new RangeError(`subsets: ${n} cells; 0 … 31 fit a mask`);
    if (!Number.isInteger(c) || c < 0 || c > n) throw new RangeError(`subsets: ${c} of ${n} cells`);
    this.size = binomial(n, c);
    this.terms = new Float64Array(n * (c + 1));
    for (let s = 0; s < n; s++) for (let j = 0; j <= c; j++) this.terms[s * (c + 1) + j] = binomial(s, j);
    if (this.size <= TABLE_LIMIT) {
      const masks = new Int32Array(this.size);
      // Gosper's hack: the next larger mask with as many bits is the next rank.
      for (let r = 0, m = 2 ** c - 1; r < masks.length; r++) {
        masks[r] = m;
        if (m === 0) break;
        const low = m & -m;
        const ripple = m + low;
        m = ripple | (((m ^ ripple) / low) >>> 2);
      }
      this.masks = masks;
    }
  }

  /** The rank of a mask of c cells below n. O(c). */
  rank(mask: number): number {
    let r = 0;
    let j = 1;
    const w = this.c + 1;
    for (let m = mask; m !== 0; m &= m - 1) r += this.terms[lowestBit(m) * w + j++];
    return r;
  }

  /** The mask of rank r (0 ≤ r < size). O(1) with the table, else O(n). */
  unrank(r: number): number {
    if (this.masks !== undefined) return this.masks[r];
    let mask = 0;
    let s = this.n - 1;
    for (let j = this.c; j > 0; j--) {
      while (this.terms[s * (this.c + 1) + j] > r) s--;
      r -= this.terms[s * (this.c + 1) + j];
      mask |= 1 << s;
      s--;
    }
    return mask;
  }
}

/**
 * The bits of `mask` at the cells of `free`, packed down: bit j of the result
 * is the bit of the j-th cell of `free` (a software PEXT). O(bits of free below mask's top).
 */
export function compress(mask: number, free: number): number {
  let out = 0;
  let j = 0;
  for (let f = free; f !== 0 && mask !== 0; f &= f - 1, j++) {
    const low = f & -f;
    if (mask & low) {
      out |= 1 << j;
      mask &= ~low;
    }
  }
  return out;
}

/** BITS8[f]: the set bits of the byte f. */
const BITS8 = new Uint8Array(256);
for (let f = 1; f < 256; f++) BITS8[f] = BITS8[f & (f - 1)] + 1;

/**
 * PDEP8[(f << 8) | v]: the low bits of v deposited at the set bits of the
 * byte f. Built at the first `deposit` (65,536 entries took 2 ms of every
 * command's start, most of which never deposit).
 */
let PDEP8: Uint8Array | undefined;

function depositTable(): Uint8Array {
  const table = new Uint8Array(1 << 16);
  for (let f = 0; f < 256; f++) {
    for (let v = 0; v < 256; v++) {
      let out = 0;
      let bits = v;
      for (let g = f; g !== 0 && bits !== 0; g &= g - 1, bits >>>= 1) if (bits & 1) out |= g & -g;
      table[(f << 8) | v] = out;
    }
  }
  PDEP8 = table;
  return table;
}

/**
 * The inverse of `compress`: bit j of `bits` goes to the j-th cell of `free`
 * (a software PDEP), a byte of `free` at a time through a table. O(1).
 */
export function deposit(bits: number, free: number): number {
  const table = PDEP8 ?? depositTable();
  let out = 0;
  for (let shift = 0; shift < 32 && bits !== 0; shift += 8) {
    const f = (free >>> shift) & 255;
    out |= table[(f << 8) | (bits & 255)] << shift;
    bits >>>= BITS8[f];
  }
  return out;
}
