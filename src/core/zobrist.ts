/**
 * Zobrist hashing: every feature of a position (a piece on a square, a
 * square emptied, the side to move …) gets a fixed random 64-bit code, and a
 * position's hash is the XOR of the codes of its features. A move changes a
 * few features, so a game updates its hash in O(1) by XOR-ing them in or out
 * instead of rehashing the whole position.
 *
 * Codes are two 32-bit halves (`lo`, `hi`) in typed arrays, drawn from a
 * seeded generator so hashes are the same in every run and every engine.
 * A transposition table keyed by these hashes confuses two positions only
 * when all 64 bits collide (about 2^-64 per pair of positions met).
 */

export class Zobrist {
  readonly lo: Int32Array;
  readonly hi: Int32Array;

  constructor(features: number, seed = 0x9e3779b9) {
    this.lo = new Int32Array(features);
    this.hi = new Int32Array(features);
    let state = seed | 0;
    // splitmix32: a small, well-mixed, seedable generator.
    const next = (): number => {
      state = (state + 0x9e3779b9) | 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return z ^ (z >>> 16);
    };
    for (let i = 0; i < features; i++) {
      this.lo[i] = next();
      this.hi[i] = next();
    }
  }
}

/**
 * A 64-bit hash (two 32-bit halves written to `out[0]`, `out[1]`) of any
 * position key, for games that key positions by a string, number or bigint
 * and have no Zobrist hash of their own. Two FNV-1a passes with different
 * offsets.
 */
export function hashKey(key: string | number | bigint, out: Int32Array): void {
  const text = typeof key === 'string' ? key : `${typeof key === 'bigint' ? 'n' : 'd'}${key}`;
  let a = 0x811c9dc5 | 0;
  let b = 0x2545f491 | 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  out[0] = a ^ (a >>> 13);
  out[1] = b;
}
