/**
 * Sums of heaps by the Sprague–Grundy theorem: a row of heaps of one family
 * is the sum of its heaps, its Grundy value is the XOR (nim-sum) of theirs,
 * and the player to move wins exactly when the nim-sum is not 0 — by a move
 * that brings it to 0. This answers sums that no search could enumerate
 * (heaps of 10^6 tokens) from one table of single-heap values.
 *
 * Misère play (the player who makes the last move loses) has no such rule in
 * general; for Nim the known rule is `misereNimOutcome`, and other misère sums
 * are solved by search on the heap game (heap-game.ts).
 */

import { YomiError } from '../../core/errors.js';
import type { HeapFamily, HeapOption } from './heap-family.js';

/** A move in a row of heaps as a sum: the heap, what the move leaves, and the Grundy values before and after. */
export interface SumMove {
  /** Which heap (0-based index in the row). */
  heap: number;
  /** Its size before the move. */
  from: number;
  option: HeapOption;
  /** The Grundy value of the heap before the move, and of what the move leaves of it. */
  before: number;
  after: number;
  /** The nim-sum of the row after the move. */
  nimSum: number;
}

/** A row of heaps solved as a sum of its heaps by their Grundy values. */
export interface SumAnalysis {
  /** The Grundy value of each heap. */
  values: number[];
  /** Their XOR: the Grundy value of the whole row. */
  nimSum: number;
  outcome: 'win' | 'lose';
  /** Every move that leaves a nim-sum of 0 (none when the nim-sum is already 0). */
  winning: SumMove[];
}

/** Solves a row of heaps as a sum: each heap's value, the nim-sum, and the moves that bring it to 0. */
export function analyzeSum(family: HeapFamily, heaps: readonly number[]): SumAnalysis {
  const largest = Math.max(0, ...heaps);
  if (largest > family.maxHeap) {
    throw new YomiError(`${family.name}: a heap of ${largest} is over the limit of ${family.maxHeap}`);
  }
  const g = family.values(largest).values;
  const values = heaps.map((n) => g[n]);
  const nimSum = values.reduce((a, b) => a ^ b, 0);
  const winning: SumMove[] = [];
  if (nimSum !== 0) {
    heaps.forEach((from, heap) => {
      // A winning move leaves this heap's parts with value nimSum ⊕ G(from), so the row's nim-sum is 0.
      const target = nimSum ^ g[from];
      for (const option of family.options(from)) {
        let v = 0;
        for (const part of option.parts) v ^= g[part];
        if (v === target) winning.push({ heap, from, option, before: g[from], after: v, nimSum: 0 });
      }
    });
  }
  return { values, nimSum, outcome: nimSum === 0 ? 'lose' : 'win', winning };
}

/**
 * Misère Nim (Bouton): when every heap has at most one token, the player to
 * move wins exactly when an even number of heaps are left; otherwise, exactly
 * when the nim-sum is not 0 (as in normal play).
 */
export function misereNimOutcome(heaps: readonly number[]): 'win' | 'lose' {
  if (heaps.every((n) => n <= 1)) return heaps.filter((n) => n === 1).length % 2 === 0 ? 'win' : 'lose';
  return heaps.reduce((a, b) => a ^ b, 0) === 0 ? 'lose' : 'win';
}
