/**
 * A transposition table of fixed memory: what a search proved about a
 * position (a lower and an upper bound on its score, and the best move
 * found), keyed by a 64-bit position hash in two 32-bit halves.
 *
 * Layout: parallel typed arrays of 2^bits entries (29 bytes each), indexed by
 * a mix of the hash; the full 64 bits are kept to tell positions apart.
 * Replacement: a new entry always replaces the one in its slot (the newest
 * result is the likeliest to be asked again), except that storing the same
 * position again merges the bounds. `clear()` is O(1): entries carry the
 * generation they were written in and older generations read as empty.
 */

export const NO_MOVE = -1;

export class TranspositionTable {
  readonly size: number;
  private readonly shift: number;
  private readonly keyLo: Int32Array;
  private readonly keyHi: Int32Array;
  private readonly stamp: Uint32Array;
  private readonly lowerBound: Float64Array;
  private readonly upperBound: Float64Array;
  private readonly bestMove: Int16Array;
  private generation = 1;
  /** The slot of the last `probe` that hit, or −1. */
  private slot = -1;
  probes = 0;
  hits = 0;

  constructor(bits = 20) {
    if (!Number.isInteger(bits) || bits < 4 || bits > 28) {
      throw new RangeError(`a transposition table has 2^4 … 2^28 entries, not 2^${bits}`);
    }
    this.size = 1 << bits;
    this.shift = 32 - bits;
    this.keyLo = new Int32Array(this.size);
    this.keyHi = new Int32Array(this.size);
    this.stamp = new Uint32Array(this.size);
    this.lowerBound = new Float64Array(this.size);
    this.upperBound = new Float64Array(this.size);
    this.bestMove = new Int16Array(this.size);
  }

  /** Bytes used by the table. */
  get bytes(): number {
    return this.size * 29;
  }

  /** Forgets every entry (and the statistics). */
  clear(): void {
    this.generation++;
    if (this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    this.probes = 0;
    this.hits = 0;
  }

  private index(lo: number, hi: number): number {
    return Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1) >>> this.shift;
  }

  /** True when the position is in the table; then `lower`, `upper` and `move` read its entry. */
  probe(lo: number, hi: number): boolean {
    this.probes++;
    const i = this.index(lo, hi);
    if (this.stamp[i] === this.generation && this.keyLo[i] === lo && this.keyHi[i] === hi) {
      this.hits++;
      this.slot = i;
      return true;
    }
    this.slot = -1;
    return false;
  }

  /** The proven lower bound of the last hit. */
  get lower(): number {
    return this.lowerBound[this.slot];
  }

  get upper(): number {
    return this.upperBound[this.slot];
  }

  /** The best move (an index into the position's move list) of the last hit, or NO_MOVE. */
  get move(): number {
    return this.bestMove[this.slot];
  }

  store(lo: number, hi: number, lower: number, upper: number, move: number): void {
    const i = this.index(lo, hi);
    if (this.stamp[i] === this.generation && this.keyLo[i] === lo && this.keyHi[i] === hi) {
      if (this.lowerBound[i] > lower) lower = this.lowerBound[i];
      if (this.upperBound[i] < upper) upper = this.upperBound[i];
      if (move === NO_MOVE) move = this.bestMove[i];
    }
    this.stamp[i] = this.generation;
    this.keyLo[i] = lo;
    this.keyHi[i] = hi;
    this.lowerBound[i] = lower;
    this.upperBound[i] = upper;
    this.bestMove[i] = move;
  }
}
