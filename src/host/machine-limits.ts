/**
 * What this machine can give a solve, as `SolverOptions` take it: the bytes
 * it may allocate (the memory available now, less a reserve for the rest of
 * the process) and a reading of the V8 heap, where Maps, Sets and position
 * objects live (its limit is often far below the machine's memory); and how
 * many threads a solve takes when not told.
 */

import { availableParallelism, freemem } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import type { SolverOptions } from '../solvers/options.js';

/** The number of threads when `--threads` is not given: every core. */
export const DEFAULT_THREADS = availableParallelism();

/** Kept back from the available memory for everything but the solver's tables. */
const RESERVE = 256 * 2 ** 20;

/** V8's young generation on 64-bit machines (three semi-spaces of 16 MiB), counted in its heap size limit. */
const YOUNG_GENERATION = 48 * 2 ** 20;

/** Bytes the machine has available now (cgroup limits included, where Node reads them). */
function availableMemory(): number {
  // process.availableMemory() is Node 22's: older ones have none.
  const available: unknown =
    'availableMemory' in process && typeof process.availableMemory === 'function'
      ? process.availableMemory()
      : undefined;
  return typeof available === 'number' && available > 0 ? available : freemem();
}

export function machineLimits(): Pick<SolverOptions, 'memoryBytes' | 'heapUsage'> {
  return {
    memoryBytes: Math.max(0, availableMemory() - RESERVE),
    heapUsage: () => {
      const h = getHeapStatistics();
      // The limit counts the young generation, which old objects never fill: what they may fill is the old space.
      return {
        used: h.used_heap_size,
        limit: Math.max(h.heap_size_limit / 2, h.heap_size_limit - YOUNG_GENERATION),
      };
    },
  };
}
