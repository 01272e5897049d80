/**
 * A Connect Four opening book: the exact score (Connect Four solvers'
 * convention, see position.ts) of every position with at most `plies`
 * stones and, up to `lines` stones, of the positions on a perfect player's
 * lines (book-builder.ts), up to symmetry — a position and its mirror image
 * are one entry, keyed by the smaller of their codes cur + mask. Positions
 * decided without search (the game is over, or the player to move wins at
 * once) are left out: `score` returns undefined for them, as for any
 * position the book does not hold.
 *
 * Payload (what a book file's container holds, little-endian): u32 count,
 * then the sorted keys as differences from the previous key in LEB128
 * varints, then one int8 score per key. A book loads into a Float64Array
 * of keys (exact: keys of boards up to 53 bits) searched by bisection.
 *
 * Pure and synchronous: a browser builds a book from a file's inflated
 * payload (db/book-bytes.ts reads the file).
 */

import { YomiError } from '../../core/errors.js';
import type { Geometry } from './bitboard.js';
import { type Connect4Position, canonicalPosition } from './position.js';

/** The largest key a float64 holds exactly: books are for boards of W × (H + 1) ≤ 53 bits. */
export const BOOK_KEY_BITS = 53;

/** The smaller of the codes of `p` and of its mirror image, as a number. */
export function canonicalKey(g: Geometry, p: Connect4Position): number {
  const c = canonicalPosition(g, p);
  const low = (c.cur0 >>> 0) + (c.mask0 >>> 0);
  return ((c.cur1 + c.mask1 + (low > 0xffffffff ? 1 : 0)) >>> 0) * 2 ** 32 + (low % 2 ** 32);
}

/**
 * The position a key stands for (one of the two mirror images a canonical
 * key stands for): in each column, cur + mask is the mover's stones plus
 * 2^h − 1 for h stones, so its highest bit + 1 tells h.
 */
export function positionOfKey(g: Geometry, key: number): Connect4Position {
  const h1 = g.height + 1;
  let cur = 0;
  let mask = 0;
  let moves = 0;
  for (let c = 0; c < g.width; c++) {
    const unit = 2 ** (c * h1);
    const column = Math.floor(key / unit) % 2 ** h1;
    const h = Math.floor(Math.log2(column + 1));
    cur += (column - (2 ** h - 1)) * unit;
    mask += (2 ** h - 1) * unit;
    moves += h;
  }
  const lo = (x: number) => (x % 2 ** 32) | 0;
  const hi = (x: number) => Math.floor(x / 2 ** 32) | 0;
  return { cur0: lo(cur), cur1: hi(cur), mask0: lo(mask), mask1: hi(mask), moves, won: false };
}

export class Connect4Book {
  constructor(
    readonly geometry: Geometry,
    readonly plies: number,
    /** Keys in strictly increasing order (`fromScores` sorts a map of them), and the score of each. */
    private readonly keys: Float64Array,
    private readonly scores: Int8Array,
    /** The perfect player's lines are in the book up to this many stones (`plies` when it has none). */
    readonly lines = plies,
  ) {
    if (geometry.width * (geometry.height + 1) > BOOK_KEY_BITS) {
      throw new YomiError(
        `opening books hold boards of width × (height + 1) ≤ ${BOOK_KEY_BITS} bits, not ${geometry.width}×${geometry.height}`,
      );
    }
  }

  /** A book of the scores in `entries`, by key. */
  static fromScores(g: Geometry, plies: number, entries: Map<number, number>, lines = plies): Connect4Book {
    const keys = Float64Array.from(entries.keys()).sort();
    return new Connect4Book(
      g,
      plies,
      keys,
      Int8Array.from(keys, (k) => entries.get(k) as number),
      lines,
    );
  }

  /** Positions in the book. */
  get size(): number {
    return this.keys.length;
  }

  /** The score of `p` (for its player to move), or undefined when the book does not hold it. */
  score(p: Connect4Position): number | undefined {
    if (p.moves > this.lines || p.won) return undefined;
    const key = canonicalKey(this.geometry, p);
    const keys = this.keys;
    let lo = 0;
    let hi = keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const k = keys[mid];
      if (k === key) return this.scores[mid];
      if (k < key) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  /** Every entry, in key order (for tests and for writing). */
  *entries(): IterableIterator<[number, number]> {
    for (let i = 0; i < this.keys.length; i++) yield [this.keys[i], this.scores[i]];
  }

  /** The payload of a book file (see the file's header). */
  payload(): Uint8Array {
    const bytes: number[] = [];
    const count = this.keys.length;
    bytes.push(count & 0xff, (count >>> 8) & 0xff, (count >>> 16) & 0xff, count >>> 24);
    let previous = 0;
    for (const key of this.keys) {
      let delta = key - previous;
      previous = key;
      // LEB128 on numbers up to 2^53: 7 bits at a time by division (bit operations stop at 32 bits).
      while (delta >= 0x80) {
        bytes.push((delta % 0x80) | 0x80);
        delta = Math.floor(delta / 0x80);
      }
      bytes.push(delta);
    }
    for (const s of this.scores) bytes.push(s & 0xff);
    return Uint8Array.from(bytes);
  }

  /** A book from a payload; errors name `name`. */
  static fromPayload(g: Geometry, plies: number, raw: Uint8Array, name: string, lines = plies): Connect4Book {
    const corrupt = (): never => {
      throw new YomiError(`${name}: corrupt: the book's entries do not add up`);
    };
    if (raw.length < 4) corrupt();
    const count = (raw[0] | (raw[1] << 8) | (raw[2] << 16) | (raw[3] << 24)) >>> 0;
    // Each entry takes at least two bytes (a key's delta and a score): a count beyond that is corrupt,
    // before anything is allocated for it.
    if (2 * count > raw.length - 4) corrupt();
    // Keys are written in increasing order, as deltas: read straight into the book's arrays.
    const keys = new Float64Array(count);
    const scores = new Int8Array(count);
    let at = 4;
    let key = 0;
    for (let i = 0; i < count; i++) {
      let delta = 0;
      let scale = 1;
      for (;;) {
        if (at >= raw.length) corrupt();
        const b = raw[at++];
        delta += (b & 0x7f) * scale;
        scale *= 0x80;
        if (b < 0x80) break;
      }
      // A repeated key (a delta of 0 after the first) is corrupt.
      if (delta === 0 && i > 0) corrupt();
      key += delta;
      keys[i] = key;
    }
    if (at + count !== raw.length) corrupt();
    // No score is beyond what a board's stones allow (Pons' scores: at most half the cells, plus one).
    const most = Math.floor((g.width * g.height + 1) / 2);
    for (let i = 0; i < count; i++) {
      const score = (raw[at + i] << 24) >> 24;
      if (Math.abs(score) > most) {
        throw new YomiError(
          `${name}: corrupt: a score of ${score}, beyond ±${most} on a ${g.width}×${g.height} board`,
        );
      }
      scores[i] = score;
    }
    return new Connect4Book(g, plies, keys, scores, lines);
  }
}
