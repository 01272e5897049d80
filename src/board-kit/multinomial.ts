/**
 * Pieces of k kinds on n cells (n ≤ 31) with given counts, numbered
 * 0 … n!/(c_1!…c_k!·e!)−1 (e empty cells): the board is the subset of
 * cells of kind 1, then the subset of kind 2 among the cells kind 1 left
 * free, and so on, each ranked in colexicographic order (subsets.ts), and
 * the ranks combined in mixed radix:
 *
 *   rank = (…(r_1·C(n−c_1, c_2) + r_2)·C(n−c_1−c_2, c_3) + r_3 …)
 *
 * A board is one bit mask per kind (cell i is bit i), so moves are bit
 * operations and ranking costs O(pieces), not O(cells). `rankCells` and
 * `unrankCells` read and write a board as an array of cells (0 empty,
 * 1 … k a piece of that kind) for code that prefers it.
 */

import { lowestBit, popcount } from './bits.js';
import { deposit, Subsets } from './subsets.js';

/** Boards with pieces of several kinds in given counts, ranked and unranked (see the file's header). */
export class Multinomial {
  /** How many boards. */
  readonly size: number;
  /** Piece kinds. */
  readonly kinds: number;
  /** One numbering per kind, among the cells the kinds before it leave free. */
  readonly parts: readonly Subsets[];
  /** stride[i]: the boards per step of kind i's rank (the product of the later parts' sizes). */
  readonly stride: Float64Array;
  /** Scratch masks for `rankChanged`. */
  private readonly scratch: Int32Array;

  /** O(n·k) and the subsets' tables (O(C(n, c)) each, once). */
  constructor(
    readonly cells: number,
    readonly counts: readonly number[],
  ) {
    const total = counts.reduce((a, c) => a + c, 0);
    if (counts.some((c) => !Number.isInteger(c) || c < 0) || total > cells) {
      throw new RangeError(`multinomial: counts ${counts.join(', ')} do not fit ${cells} cells`);
    }
    this.kinds = counts.length;
    let free = cells;
    this.parts = counts.map((c) => {
      const part = new Subsets(free, c);
      free -= c;
      return part;
    });
    this.stride = new Float64Array(this.kinds);
    let size = 1;
    for (let i = this.kinds - 1; i >= 0; i--) {
      this.stride[i] = size;
      size *= this.parts[i].size;
    }
    this.size = size;
    this.scratch = new Int32Array(this.kinds);
  }

  /** The rank of a board given as one mask per kind (disjoint, with the declared counts). O(pieces). */
  rank(masks: ArrayLike<number>): number {
    let r = 0;
    let taken = 0;
    for (let i = 0; i < this.kinds; i++) {
      const m = masks[i];
      // Kind i is ranked among the cells the kinds before it leave free: a cell's place there is
      // its index minus the taken cells below it.
      let part = 0;
      if (taken === 0) part = this.parts[i].rank(m);
      else {
        const { terms, c } = this.parts[i];
        let j = 1;
        for (let b = m; b !== 0; b &= b - 1) {
          const low = b & -b;
          part += terms[(lowestBit(b) - popcount(taken & (low - 1))) * (c + 1) + j++];
        }
      }
      r += part * this.stride[i];
      taken |= m;
    }
    return r;
  }

  /** Writes the masks of the board of rank r (0 ≤ r < size) into `out`. O(pieces + cells·kinds). */
  unrank(r: number, out: Int32Array | number[]): void {
    let taken = 0;
    let all = this.cells === 31 ? 0x7fffffff : (1 << this.cells) - 1;
    for (let i = 0; i < this.kinds; i++) {
      const q = Math.floor(r / this.stride[i]);
      r -= q * this.stride[i];
      const packed = this.parts[i].unrank(q);
      const m = taken === 0 ? packed : deposit(packed, all);
      out[i] = m;
      taken |= m;
      all &= ~m;
    }
  }

  /**
   * The rank, in this numbering, of the board `masks` with kind `kind`'s mask
   * XORed with `change`: a piece moved (two bits), added or removed (one bit;
   * then this numbering is the one with the new counts). `masks` is not
   * changed. O(pieces), no allocation.
   */
  rankChanged(masks: ArrayLike<number>, kind: number, change: number): number {
    const s = this.scratch;
    for (let i = 0; i < this.kinds; i++) s[i] = masks[i];
    s[kind] ^= change;
    return this.rank(s);
  }

  /** The rank of a board given as an array of cells (0 empty, 1 … k a piece of that kind). O(cells). */
  rankCells(cells: ArrayLike<number>): number {
    const s = this.scratch;
    s.fill(0);
    for (let c = 0; c < this.cells; c++) if (cells[c] !== 0) s[cells[c] - 1] |= 1 << c;
    return this.rank(s);
  }

  /** The board of rank r as an array of cells (0 empty, 1 … k). O(cells·kinds). */
  unrankCells(r: number): number[] {
    const masks = new Int32Array(this.kinds);
    this.unrank(r, masks);
    return masksToCells(masks, this.cells);
  }
}

/** A board's masks (one per kind) as an array of cells: 0 empty, i + 1 for kind i. O(cells·kinds). */
export function masksToCells(masks: ArrayLike<number>, cells: number): number[] {
  const out = Array.from({ length: cells }, () => 0);
  for (let i = 0; i < masks.length; i++)
    for (let m = masks[i]; m !== 0; m &= m - 1) out[lowestBit(m)] = i + 1;
  return out;
}

/** A board's cells (0 empty, 1 … kinds) as one mask per kind, written into `out`. O(cells). */
export function cellsToMasks(cells: ArrayLike<number>, kinds: number, out: Int32Array): void {
  out.fill(0, 0, kinds);
  for (let c = 0; c < cells.length; c++) if (cells[c] !== 0) out[cells[c] - 1] |= 1 << c;
}
