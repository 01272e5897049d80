/**
 * Grundy's game: a move splits one heap into two non-empty heaps of different
 * sizes; heaps of 1 and 2 cannot be split. G(n) = mex { G(a) ⊕ G(n − a) :
 * 1 ≤ a < n − a }: O(n²) time over a typed array (no period is known; its
 * values have been computed to very large heaps without one appearing).
 */

import {
  type HeapFamily,
  type HeapOption,
  PROGRESS_HEAPS,
  type ProgressReport,
} from './impartial/heap-family.js';
import { heapDefinition } from './impartial/heap-game.js';
import { markSplits, XorMarks } from './impartial/mex-marks.js';

/** The largest heap whose value is computed (the direct computation is quadratic). */
export const GRUNDYS_GAME_MAX_HEAP = 200_000;

export function grundysGameValues(n: number, onProgress?: ProgressReport): Int32Array {
  const g = new Int32Array(n + 1);
  const marks = new XorMarks();
  for (let m = 0; m <= n; m++) {
    markSplits(g, marks.seen, 1, (m - 1) >> 1, m, m); // a < m − a
    g[m] = marks.mex(m);
    if (onProgress !== undefined && m % PROGRESS_HEAPS === 0) {
      onProgress({ unit: 'heap sizes', done: m, total: n + 1 });
    }
  }
  return g;
}

/** Grundy's game: split a heap into two unequal heaps. */
export const grundysGame: HeapFamily = {
  name: 'grundys-game',
  maxHeap: GRUNDYS_GAME_MAX_HEAP,
  periodTheorem: false,
  options(n) {
    const out: HeapOption[] = [];
    for (let a = 1; a < n - a; a++) out.push({ take: 0, parts: [a, n - a] });
    return out;
  },
  values: (n, onProgress) => ({ values: grundysGameValues(n, onProgress), computed: n + 1 }),
};

export const grundysGameDefinition = heapDefinition({
  id: 'grundys-game',
  summary: "Grundy's game: split a heap into two unequal heaps; who cannot move loses",
  params: [],
  defaultHeaps: [10],
  maxHeap: GRUNDYS_GAME_MAX_HEAP,
  family: () => grundysGame,
});
