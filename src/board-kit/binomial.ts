/**
 * Binomial coefficients C(n, k) for n ≤ 62, as a table built once: every
 * numbering of the kit (subsets, multinomials, compositions) is a sum of
 * them. Values are exact doubles up to 2^53.
 */

/** The largest n the table holds. */
export const MAX_N = 62;

const table = new Float64Array((MAX_N + 1) * (MAX_N + 1));
for (let n = 0; n <= MAX_N; n++) {
  table[n * (MAX_N + 1)] = 1;
  for (let k = 1; k <= n; k++) {
    table[n * (MAX_N + 1) + k] =
      table[(n - 1) * (MAX_N + 1) + k - 1] + (k <= n - 1 ? table[(n - 1) * (MAX_N + 1) + k] : 0);
  }
}

/** C(n, k); 0 when k < 0 or k > n. O(1). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n || n < 0) return 0;
  if (n > MAX_N) throw new RangeError(`binomial: n = ${n} is above ${MAX_N}`);
  return table[n * (MAX_N + 1) + k];
}
