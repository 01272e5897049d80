/**
 * A product of parts numbered together in mixed radix: a position made of a
 * board, the side to move and the pieces in hand is numbered
 * (board·2 + side)·hands + hand. The first part is the most significant.
 */

export class Product {
  /** How many combinations: the product of the parts' sizes. */
  readonly size: number;
  private readonly stride: Float64Array;

  /** O(parts). */
  constructor(readonly sizes: readonly number[]) {
    if (sizes.some((s) => !Number.isInteger(s) || s < 1)) {
      throw new RangeError(`product: part sizes ${sizes.join(', ')} must be positive integers`);
    }
    this.stride = new Float64Array(sizes.length);
    let size = 1;
    for (let i = sizes.length - 1; i >= 0; i--) {
      this.stride[i] = size;
      size *= sizes[i];
    }
    if (size > Number.MAX_SAFE_INTEGER) throw new RangeError('product: more combinations than 2^53');
    this.size = size;
  }

  /** The rank of the parts' ranks (0 ≤ parts[i] < sizes[i]). O(parts). */
  rank(parts: ArrayLike<number>): number {
    let r = 0;
    for (let i = 0; i < this.sizes.length; i++) r += parts[i] * this.stride[i];
    return r;
  }

  /** Writes the parts' ranks of rank r into `out`. O(parts). */
  unrank(r: number, out: Int32Array | number[]): void {
    for (let i = 0; i < this.sizes.length; i++) {
      const q = Math.floor(r / this.stride[i]);
      out[i] = q;
      r -= q * this.stride[i];
    }
  }
}
