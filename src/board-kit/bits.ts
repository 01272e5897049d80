/**
 * Bit helpers for boards of up to 31 cells kept as bit masks (cell i is bit
 * i): population count and the index of the lowest set bit, each O(1).
 */

/** The number of set bits of a 32-bit mask. O(1). */
export function popcount(m: number): number {
  let v = m - ((m >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The index of the lowest set bit of a non-zero mask. O(1). */
export function lowestBit(m: number): number {
  return 31 - Math.clz32(m & -m);
}
