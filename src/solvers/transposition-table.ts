/**
 * A transposition table of fixed memory: what a search proved about a
 * position (a lower and an upper bound on its score, and the best move
 * found), keyed by a 64-bit position hash in two 32-bit halves.
 *
 * Layout: one Int32Array, 8 ints (32 bytes) per entry — key halves,
 * generation, best move, lower and upper bound — so a probe touches one
 * cache line (separate arrays per field cost a cache miss each, which made
 * searches several times slower). Scores must then be 32-bit integers;
 * a "wide" table (scoring games with large margins) keeps the bounds in a
 * parallel Float64Array instead. ±Infinity is stored as ±(2^31 − 1) in a
 * narrow table: below or above every score a narrow table may hold.
 *
 * Replacement: a new entry always replaces the one in its slot (the newest
 * result is the likeliest to be asked again), except that storing the same
 * position again merges the bounds. `clear()` is O(1): entries carry the
 * generation they were written in and older generations read as empty.
 */

export const NO_MOVE = -1;

const STRIDE = 8;
const KEY_LO = 0;
const KEY_HI = 1;
const STAMP = 2;
const MOVE = 3;
const LOWER = 4;
const UPPER = 5;
const NARROW_INFINITY = 0x7fffffff;

/** A fixed-size table of search results in typed arrays, keyed by a 64-bit hash in two halves. */
export class TranspositionTable {
  readonly size: number;
  private readonly shift: number;
  private readonly data: Int32Array;
  /** Wide tables only: lower and upper bound per entry. */
  private readonly wideBounds: Float64Array | undefined;
  private generation = 1;
  probes = 0;
  hits = 0;

  /** 2^bits entries; `wide` for scores beyond 32-bit integers. */
  constructor(
    bits = 20,
    readonly wide = false,
  ) {
    if (!Number.isInteger(bits) || bits < 4 || bits > 26) {
      throw new RangeError(`a transposition table has 2^4 … 2^26 entries, not 2^${bits}`);
    }
    this.size = 1 << bits;
    this.shift = 32 - bits;
    this.data = new Int32Array(this.size * STRIDE);
    this.wideBounds = wide ? new Float64Array(this.size * 2) : undefined;
  }

  /** Bytes used by the table. */
  get bytes(): number {
    return this.size * (STRIDE * 4 + (this.wide ? 16 : 0));
  }

  /** Forgets every entry (and the statistics). */
  clear(): void {
    this.generation++;
    if (this.generation === 0x7fffffff) {
      for (let i = STAMP; i < this.data.length; i += STRIDE) this.data[i] = 0;
      this.generation = 1;
    }
    this.probes = 0;
    this.hits = 0;
  }

  private index(lo: number, hi: number): number {
    return (Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1) >>> this.shift) * STRIDE;
  }

  /**
   * The slot holding the position, or −1 when it is not in the table; read
   * the entry with `lower(slot)`, `upper(slot)` and `move(slot)`.
   */
  probe(lo: number, hi: number): number {
    this.probes++;
    const i = this.index(lo, hi);
    const d = this.data;
    if (d[i + STAMP] === this.generation && d[i + KEY_LO] === lo && d[i + KEY_HI] === hi) {
      this.hits++;
      return i;
    }
    return -1;
  }

  /** The proven lower bound at a slot. */
  lower(slot: number): number {
    if (this.wideBounds) return this.wideBounds[(slot / STRIDE) * 2];
    const v = this.data[slot + LOWER];
    return v === -NARROW_INFINITY ? Number.NEGATIVE_INFINITY : v;
  }

  /** The upper bound stored in a slot. */
  upper(slot: number): number {
    if (this.wideBounds) return this.wideBounds[(slot / STRIDE) * 2 + 1];
    const v = this.data[slot + UPPER];
    return v === NARROW_INFINITY ? Number.POSITIVE_INFINITY : v;
  }

  /** The best move at a slot (an index into the position's move list), or NO_MOVE. */
  move(slot: number): number {
    return this.data[slot + MOVE];
  }

  /** Stores the bounds and best move of the position with hash (lo, hi). */
  store(lo: number, hi: number, lower: number, upper: number, move: number): void {
    const i = this.index(lo, hi);
    const d = this.data;
    if (d[i + STAMP] === this.generation && d[i + KEY_LO] === lo && d[i + KEY_HI] === hi) {
      const oldLower = this.lower(i);
      const oldUpper = this.upper(i);
      if (oldLower > lower) lower = oldLower;
      if (oldUpper < upper) upper = oldUpper;
      if (move === NO_MOVE) move = d[i + MOVE];
    }
    d[i + STAMP] = this.generation;
    d[i + KEY_LO] = lo;
    d[i + KEY_HI] = hi;
    d[i + MOVE] = move;
    if (this.wideBounds) {
      const j = (i / STRIDE) * 2;
      this.wideBounds[j] = lower;
      this.wideBounds[j + 1] = upper;
    } else {
      d[i + LOWER] = Math.max(lower, -NARROW_INFINITY);
      d[i + UPPER] = Math.min(upper, NARROW_INFINITY);
    }
  }
}
