/**
 * The memory the threads of a parallel search share besides the table: a
 * control block of int32 words (the proven bounds of the position being
 * searched, a stop word, a batch's next position and count of solved ones,
 * each thread's current probe), a block of float64 counters per thread
 * (nodes, table probes and hits, positions past static checks) and the node quota, in
 * SharedArrayBuffers. Threads read and write it with Atomics; the counters
 * are only summed for progress.
 */

import type { StopReason } from '../core/search.js';

/** Control words. */
export const JOB = 0;
export const LOWER = 1;
export const UPPER = 2;
export const STOP = 3;
/** Batches: the next position to take, and how many are solved. */
export const NEXT = 4;
export const SETTLED = 5;
/** PROBES + i: the null window thread i searches (its m), or NO_PROBE. */
export const PROBES = 6;
export const NO_PROBE = -(2 ** 31);

/** Values of the stop word. */
export const RUNNING = 0;
export const DONE = 1;
const STOP_CODES: StopReason[] = ['nodes', 'seconds', 'interrupted', 'positions'];

export function stopCode(reason: StopReason): number {
  return 2 + STOP_CODES.indexOf(reason);
}

/** The reason a stop word names, or undefined while running or when the value was proven. */
export function stopReason(code: number): StopReason | undefined {
  return code >= 2 ? STOP_CODES[code - 2] : undefined;
}

/** Counters per thread: COUNTERS float64 each. */
export const NODES = 0;
export const TABLE_PROBES = 1;
export const TABLE_HITS = 2;
/** SearchBudget.expanded: positions past a search's static checks. */
export const EXPANDED = 3;
export const COUNTERS = 4;

export interface SharedBlocks {
  control: Int32Array;
  counters: Float64Array;
  /** Nodes the threads may still search in all (−1: no limit); they take them in chunks. */
  quota: BigInt64Array;
}

export function sharedBlocks(threads: number): SharedBlocks {
  return {
    control: new Int32Array(new SharedArrayBuffer(4 * (PROBES + threads))),
    counters: new Float64Array(new SharedArrayBuffer(8 * COUNTERS * threads)),
    quota: new BigInt64Array(new SharedArrayBuffer(8)),
  };
}

/** Takes up to `wanted` nodes of the quota: how many were granted (0 when it is spent). */
export function takeNodes(quota: BigInt64Array, wanted: number): number {
  for (;;) {
    const left = Atomics.load(quota, 0);
    if (left < 0n) return wanted;
    const take = left < BigInt(wanted) ? left : BigInt(wanted);
    if (Atomics.compareExchange(quota, 0, left, left - take) === left) return Number(take);
  }
}

/** Sum of one counter over every thread. */
export function total(counters: Float64Array, which: number): number {
  let sum = 0;
  for (let i = which; i < counters.length; i += COUNTERS) sum += counters[i];
  return sum;
}

/** Lowers the shared upper bound to `value` if it is below it (several threads may race). */
export function lowerUpper(control: Int32Array, value: number): void {
  for (;;) {
    const old = Atomics.load(control, UPPER);
    if (value >= old || Atomics.compareExchange(control, UPPER, old, value) === old) return;
  }
}

/** Raises the shared lower bound to `value` if it is above it. */
export function raiseLower(control: Int32Array, value: number): void {
  for (;;) {
    const old = Atomics.load(control, LOWER);
    if (value <= old || Atomics.compareExchange(control, LOWER, old, value) === old) return;
  }
}
