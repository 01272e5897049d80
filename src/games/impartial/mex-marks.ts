/**
 * The inner loops of the heap families' Grundy values: mark in a stamped
 * seen-array (`seen[v] === stamp`: value v is an option) the values of every
 * split of a heap, or of every heap a subtraction move leaves.
 *
 * Why unrolled by four, loads first: V8 reloads a typed array's base pointer
 * and length after every store to a typed array, so a loop that alternates
 * one load pair with one store pays those reloads on every option. Doing four
 * options' loads, then their four stores, pays them once per four; measured
 * 2.5–3× faster on Grundy's game to 5×10^4 (bench/grundy.bench.ts).
 */

/** seen[g[a] ⊕ g[sum − a]] = stamp for a = first … last. */
export function markSplits(
  g: Int32Array,
  seen: Int32Array,
  first: number,
  last: number,
  sum: number,
  stamp: number,
): void {
  let a = first;
  let b = sum - first;
  for (; a + 3 <= last; a += 4, b -= 4) {
    const x0 = g[a] ^ g[b];
    const x1 = g[a + 1] ^ g[b - 1];
    const x2 = g[a + 2] ^ g[b - 2];
    const x3 = g[a + 3] ^ g[b - 3];
    seen[x0] = stamp;
    seen[x1] = stamp;
    seen[x2] = stamp;
    seen[x3] = stamp;
  }
  for (; a <= last; a++, b--) seen[g[a] ^ g[b]] = stamp;
}

/** seen[g[m − set[k]]] = m for k = 0 … count − 1 (the amounts not above m). */
export function markSubtractions(
  g: Int32Array,
  seen: Int32Array,
  set: Int32Array,
  count: number,
  m: number,
): void {
  let k = 0;
  for (; k + 3 < count; k += 4) {
    const v0 = g[m - set[k]];
    const v1 = g[m - set[k + 1]];
    const v2 = g[m - set[k + 2]];
    const v3 = g[m - set[k + 3]];
    seen[v0] = m;
    seen[v1] = m;
    seen[v2] = m;
    seen[v3] = m;
  }
  for (; k < count; k++) seen[g[m - set[k]]] = m;
}

/**
 * The stamped seen-array of games whose options XOR two values (octal games
 * that split heaps, Grundy's game). Its length stays a power of two above
 * every value found so far, so an XOR of two values indexes inside it; `mex`
 * doubles it once a value reaches its top.
 */
export class XorMarks {
  seen = new Int32Array(64).fill(-1);

  /** The least value not marked with `stamp`. */
  mex(stamp: number): number {
    const seen = this.seen;
    const cap = seen.length;
    let v = 0;
    while (v < cap && seen[v] === stamp) v++;
    if (v >= cap - 1) this.seen = new Int32Array(cap * 2).fill(-1);
    return v;
  }
}
