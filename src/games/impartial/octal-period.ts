/**
 * The periodicity theorem for octal games (Guy and Smith, 1956): if
 * G(n + p) = G(n) for every n with n0 ≤ n < 2·n0 + p + t, where t is the
 * largest number of tokens a move may remove (the length of the code), then
 * G(n + p) = G(n) for every n ≥ n0. So once the computed values reach
 * 2·n0 + 2·p + t − 1, the period is proven, not guessed, and every later value
 * follows from it. Subtraction games are octal games (digit 3 for each amount),
 * so the same test proves their periods.
 */

import type { Period } from './heap-family.js';

/**
 * The smallest period proven by G(0) … G(length − 1), with its smallest start,
 * or undefined. `t` is the largest removable amount (0 when moves only split).
 */
export function findPeriod(g: Int32Array, length: number, t: number): Period | undefined {
  for (let p = 1; 2 * p + t <= length; p++) {
    let n = length - p - 1;
    while (n >= 0 && g[n] === g[n + p]) n--;
    const start = n + 1;
    if (2 * start + 2 * p + t <= length) return smallest(g, length, start, p);
  }
  return undefined;
}

/**
 * A proven period p from `start` may be a multiple of the true one (a
 * shorter period whose start came later than the values checked); the
 * sequence is known everywhere now, so look for the shortest divisor of p
 * that also repeats, and its earliest start.
 */
function smallest(g: Int32Array, length: number, start: number, p: number): Period {
  const at = (n: number): number => (n < length ? g[n] : g[start + ((n - start) % p)]);
  for (let q = 1; q < p; q++) {
    if (p % q !== 0) continue;
    let repeats = true;
    for (let n = start; n < start + p && repeats; n++) repeats = at(n + q) === at(n);
    if (!repeats) continue;
    let n = start - 1;
    while (n >= 0 && g[n] === at(n + q)) n--;
    return { start: n + 1, length: q, provenTo: length - 1 };
  }
  return { start, length: p, provenTo: length - 1 };
}

/** Fills g[from …] from a period (every index from `from` on lies past the period's start). */
export function extendByPeriod(g: Int32Array, from: number, period: Period): void {
  for (let n = from; n < g.length; n++) g[n] = g[n - period.length];
}
