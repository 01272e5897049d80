/**
 * Boards numbered one per symmetry class: the boards of a `Multinomial`
 * folded by a `GridSymmetry`. A class is named by its canonical rank (the
 * smallest rank among the images of its boards) and numbered densely
 * 0 … count−1 by the order of the canonical ranks. `count` comes from
 * Burnside's lemma (the average number of boards each symmetry fixes) at
 * once; the table from class numbers to canonical ranks is built on first
 * use by one pass over the boards, and a board's class number is then a
 * binary search of its canonical rank in it.
 */

import type { GridSymmetry } from './grid-symmetry.js';
import type { Multinomial } from './multinomial.js';
import { deposit } from './subsets.js';

/** Canonical ranks are bucketed by their rank >> BUCKET_BITS to narrow the search. */
const BUCKET_BITS = 6;

/** The boards of a layout numbered one per symmetry class (see the file's header). */
export class BoardClasses {
  /** How many classes. */
  readonly count: number;
  /** The canonical rank of each class, increasing (built on first use). */
  private reps: Int32Array | undefined;
  /** buckets[b]: the classes whose canonical rank is below b·2^BUCKET_BITS (built with the table). */
  private buckets: Int32Array | undefined;
  private readonly image: Int32Array;

  /** O(|G|·cells·Π(c_i+1)) for the count (Burnside); the table comes later (see `table`). */
  constructor(
    readonly boards: Multinomial,
    readonly symmetry: GridSymmetry,
  ) {
    if (symmetry.perms[0].length !== boards.cells) {
      throw new RangeError(
        `board classes: a symmetry of ${symmetry.perms[0].length} cells for boards of ${boards.cells}`,
      );
    }
    if (boards.size > 2 ** 31)
      throw new RangeError(`board classes: ${boards.size} boards; up to 2^31 are numbered`);
    let fixed = 0;
    for (const perm of symmetry.perms) fixed += fixedBoards(perm, boards.counts);
    this.count = fixed / symmetry.order;
    this.image = new Int32Array(boards.kinds);
  }

  /**
   * The symmetry whose image of `masks` has the smallest rank. Ranks order
   * boards as their masks do, kind by kind (a subset's colex rank orders it
   * as its mask's value, and a later kind is ranked among the cells the
   * earlier kinds leave free, which are the same for equal earlier masks), so
   * the images are compared by their masks and only the smallest is ranked.
   * O(|G|·kinds).
   */
  canonicalSymmetry(masks: ArrayLike<number>): number {
    const { boards, symmetry } = this;
    const kinds = boards.kinds;
    let best = 0;
    for (let g = 1; g < symmetry.order; g++) {
      for (let i = 0; i < kinds; i++) {
        const mine = symmetry.map(g, masks[i]);
        const theirs = symmetry.map(best, masks[i]);
        if (mine < theirs) {
          best = g;
          break;
        }
        if (mine > theirs) break;
      }
    }
    return best;
  }

  /** The smallest rank among the images of the board `masks`. O(|G|·kinds + pieces). */
  canonicalRank(masks: ArrayLike<number>): number {
    const g = this.canonicalSymmetry(masks);
    const image = this.image;
    for (let i = 0; i < this.boards.kinds; i++) image[i] = this.symmetry.map(g, masks[i]);
    return this.boards.rank(image);
  }

  /**
   * The class number of a canonical rank: a binary search among the classes
   * whose canonical ranks share its bucket (ranks >> BUCKET_BITS), so a
   * search touches a few cache lines however large the table. O(log 2^BUCKET_BITS)
   * once the table is built.
   */
  classOfRank(canonical: number): number {
    const reps = this.table();
    const buckets = this.buckets as Int32Array;
    const b = canonical >>> BUCKET_BITS;
    let lo = buckets[b];
    let hi = buckets[b + 1] - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (reps[mid] < canonical) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The class number of the board `masks`. O(|G|·pieces + log count). */
  classOf(masks: ArrayLike<number>): number {
    return this.classOfRank(this.canonicalRank(masks));
  }

  /** Writes the canonical board of class i into `out`. O(unrank). */
  representative(i: number, out: Int32Array | number[]): void {
    this.boards.unrank(this.table()[i], out);
  }

  /**
   * The canonical ranks in order, built once. A board is canonical when no
   * symmetry makes its masks smaller, kind by kind; so the boards are walked
   * kind by kind in rank order, keeping the symmetries that have left every
   * mask so far unchanged: a mask some of them makes smaller ends the branch,
   * and once none is left every completion is canonical, a run of consecutive
   * ranks written without looking at them. O(classes + the boards whose first
   * kinds are symmetric), 4 bytes per class and 4 per 2^BUCKET_BITS boards.
   */
  table(): Int32Array {
    if (this.reps !== undefined) return this.reps;
    const { boards, symmetry } = this;
    const reps = new Int32Array(this.count);
    const all = boards.cells === 31 ? 0x7fffffff : (1 << boards.cells) - 1;
    let n = 0;
    const visit = (kind: number, taken: number, base: number, ties: number[]): void => {
      const part = boards.parts[kind];
      const free = all & ~taken;
      const stride = boards.stride[kind];
      for (let q = 0; q < part.size; q++) {
        const packed = part.unrank(q);
        const m = taken === 0 ? packed : deposit(packed, free);
        let smaller = false;
        const still: number[] = [];
        for (const g of ties) {
          const image = symmetry.map(g, m);
          if (image < m) {
            smaller = true;
            break;
          }
          if (image === m) still.push(g);
        }
        if (smaller) continue;
        const rank = base + q * stride;
        if (kind === boards.kinds - 1) reps[n++] = rank;
        else if (still.length === 0) for (let r = 0; r < stride; r++) reps[n++] = rank + r;
        else visit(kind + 1, taken | m, rank, still);
      }
    };
    if (boards.kinds > 0) {
      visit(
        0,
        0,
        0,
        Array.from({ length: symmetry.order - 1 }, (_, g) => g + 1),
      );
    } else reps[n++] = 0;
    if (n !== this.count)
      throw new Error(`board classes: found ${n} classes, Burnside's lemma counts ${this.count}`);
    const buckets = new Int32Array((boards.size >>> BUCKET_BITS) + 2);
    for (let i = 0, b = 0; b < buckets.length; b++) {
      while (i < n && reps[i] >>> BUCKET_BITS < b) i++;
      buckets[b] = i;
    }
    this.buckets = buckets;
    this.reps = reps;
    return reps;
  }
}

/**
 * The boards with the given counts that the permutation `perm` fixes: each
 * of its cycles holds one kind (or is empty), so it is a count of ways to
 * fill cycles, by dynamic programming over the counts used so far.
 */
function fixedBoards(perm: Int8Array, counts: readonly number[]): number {
  const seen = new Uint8Array(perm.length);
  const cycles: number[] = [];
  for (let i = 0; i < perm.length; i++) {
    if (seen[i]) continue;
    let len = 0;
    for (let j = i; !seen[j]; j = perm[j]) {
      seen[j] = 1;
      len++;
    }
    cycles.push(len);
  }
  const radix = counts.map((c) => c + 1);
  const stride: number[] = [];
  let states = 1;
  for (const r of radix) {
    stride.push(states);
    states *= r;
  }
  let ways = new Float64Array(states);
  ways[0] = 1;
  for (const len of cycles) {
    const next = Float64Array.from(ways); // the cycle left empty
    for (let s = 0; s < states; s++) {
      if (ways[s] === 0) continue;
      for (let k = 0; k < counts.length; k++) {
        const used = Math.floor(s / stride[k]) % radix[k];
        if (used + len <= counts[k]) next[s + len * stride[k]] += ways[s];
      }
    }
    ways = next;
  }
  let full = 0;
  for (let k = 0; k < counts.length; k++) full += counts[k] * stride[k];
  return ways[full];
}
