/**
 * Subtraction games: a move takes s tokens from one heap, for some s in the
 * set S (s ≤ the heap). G(n) = mex { G(n − s) : s ∈ S, s ≤ n }, one pass over
 * a typed array with a reusable stamped seen-array: O(n·|S|) time, 4 bytes per
 * heap size. A subtraction game is the octal game with digit 3 at each s ∈ S,
 * so the octal periodicity theorem proves its period (t = max S).
 */

import {
  type GrundyValues,
  type HeapFamily,
  type HeapOption,
  PROGRESS_HEAPS,
  type ProgressReport,
} from './impartial/heap-family.js';
import { heapDefinition } from './impartial/heap-game.js';
import { markSubtractions } from './impartial/mex-marks.js';
import { findPeriod } from './impartial/octal-period.js';

/** The largest heap whose value is computed (a table of 4 bytes per heap size). */
export const SUBTRACTION_MAX_HEAP = 10_000_000;
/** The largest amount in a set. */
export const SUBTRACTION_MAX_AMOUNT = 1_000_000;

/** Why `set` is not a subtraction set, or undefined. */
export function subtractionSetProblem(set: readonly number[]): string | undefined {
  if (set.length === 0) return 'the subtraction set is empty: list the amounts a move may take, e.g. 1 2 3';
  const bad = set.find((s) => !Number.isInteger(s) || s <= 0);
  if (bad !== undefined) return `the subtraction set holds ${bad}; every amount must be a positive integer`;
  return undefined;
}

/** G(0) … G(n) for the subtraction set `set` (increasing, distinct, positive). */
export function subtractionValues(set: Int32Array, n: number, onProgress?: ProgressReport): Int32Array {
  const g = new Int32Array(n + 1);
  const seen = new Int32Array(set.length + 2).fill(-1);
  let count = 0; // the amounts not above m (the set is increasing)
  for (let m = 0; m <= n; m++) {
    while (count < set.length && set[count] <= m) count++;
    markSubtractions(g, seen, set, count, m);
    let v = 0;
    while (seen[v] === m) v++;
    g[m] = v;
    if (onProgress !== undefined && m % (PROGRESS_HEAPS << 8) === 0) {
      onProgress({ unit: 'heap sizes', done: m, total: n + 1 });
    }
  }
  return g;
}

/** The subtraction game with these amounts: take one of them from a heap. */
export function subtractionFamily(amounts: readonly number[]): HeapFamily {
  const set = Int32Array.from(new Set(amounts)).sort();
  const t = set[set.length - 1];
  return {
    name: `subtraction(set=${set.join(' ')})`,
    maxHeap: SUBTRACTION_MAX_HEAP,
    periodTheorem: true,
    options(n) {
      const out: HeapOption[] = [];
      for (const s of set) if (s <= n) out.push({ take: s, parts: s === n ? [] : [n - s] });
      return out;
    },
    values(n, onProgress): GrundyValues {
      const values = subtractionValues(set, n, onProgress);
      return { values, period: findPeriod(values, n + 1, t), computed: n + 1 };
    },
  };
}

export const subtractionDefinition = heapDefinition({
  id: 'subtraction',
  summary: 'subtraction game: take s tokens from one heap, s in the set; who cannot move loses',
  params: [
    {
      name: 'set',
      type: 'ints',
      default: [1, 2, 3],
      description: 'the amounts a move may take, separated by spaces',
      max: SUBTRACTION_MAX_AMOUNT,
      check: (v) => subtractionSetProblem(v as number[]),
    },
  ],
  defaultHeaps: [10],
  maxHeap: SUBTRACTION_MAX_HEAP,
  family: (params) => subtractionFamily(params.set),
});
