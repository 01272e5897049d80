/**
 * Nim: a move takes any number of tokens (at least one) from one heap; who
 * takes the last token wins (normal play) or loses (`play=misere`). A plain
 * `Game` over the row of heaps (heap-game.ts), so every generic solver plays
 * it; G(n) = n, and a row's outcome follows Bouton's XOR rule.
 */

import type { HeapFamily, HeapOption } from './impartial/heap-family.js';
import { heapDefinition } from './impartial/heap-game.js';

/** The largest heap accepted. */
export const NIM_MAX_HEAP = 1_000_000;

/** Nim: take any number of tokens from one heap. */
export const nimFamily: HeapFamily = {
  name: 'nim',
  maxHeap: NIM_MAX_HEAP,
  periodTheorem: false,
  options(n) {
    const out: HeapOption[] = [];
    for (let take = 1; take <= n; take++) out.push({ take, parts: take === n ? [] : [n - take] });
    return out;
  },
  values(n) {
    const values = new Int32Array(n + 1);
    for (let m = 0; m <= n; m++) values[m] = m;
    return { values, computed: n + 1 };
  },
};

export const nimDefinition = heapDefinition({
  id: 'nim',
  summary: 'Nim: take any number of tokens from one heap; who takes the last token wins',
  params: [],
  defaultHeaps: [3, 4, 5],
  maxHeap: NIM_MAX_HEAP,
  family: () => nimFamily,
});
