/**
 * Options every solver takes, and the small helpers they share for honouring
 * them: the position budget, the memory budget and progress reports.
 */

import { BudgetError } from '../core/errors.js';
import type { ValueNeed } from '../core/value.js';

export interface Progress {
  /** What is being counted, e.g. "positions". */
  unit: string;
  done: number;
  /** Known total, or undefined while it is not known. */
  total?: number;
}

export interface SolverOptions {
  /** Stop with a BudgetError beyond this many positions. */
  maxPositions?: number;
  /**
   * false: solve every position on its own, ignoring the symmetry a game
   * declares (`canonical`); by default one value is kept per class.
   */
  symmetry?: boolean;
  /**
   * Bytes the solve may allocate (the CLI passes what the machine has free;
   * a browser what a tab may take). Solvers estimate their tables before
   * allocating and refuse with a `BudgetError` naming the estimate instead of
   * running out of memory half-way. Absent: no limit is checked.
   */
  memoryBytes?: number;
  /**
   * A table of every position is needed (to save it): auto refuses at once,
   * instead of searching, a game it would search one position at a time.
   */
  tableRequired?: boolean;
  /**
   * What the caller will read of the values (default: everything). The
   * sweep keeps only the tables this needs — an answer that is the start's
   * outcome or margin skips the remoteness; other solvers compute everything.
   */
  need?: ValueNeed;
  /** Called now and then during long work (every few tens of thousands of positions). */
  onProgress?: (progress: Progress) => void;
}

/** How many positions pass between two progress reports. */
export const PROGRESS_EVERY = 1 << 16;

export function checkBudget(positions: number, options: SolverOptions, what: string): void {
  const max = options.maxPositions;
  if (max !== undefined && positions > max) {
    throw new BudgetError(
      `${what} has more than ${max.toLocaleString('en-US')} positions (--max-positions); raise the limit or choose a smaller game`,
    );
  }
}

/** MB for people: `1,234 MB`. */
export function megabytes(bytes: number): string {
  return `${Math.ceil(bytes / 2 ** 20).toLocaleString('en-US')} MB`;
}

/**
 * Refuses, before allocating, a table of `bytes` larger than the memory
 * budget: one line naming what, the estimate and the budget.
 */
export function checkMemory(bytes: number, options: SolverOptions, what: string): void {
  const max = options.memoryBytes;
  if (max !== undefined && bytes > max) {
    throw new BudgetError(
      `${what} needs about ${megabytes(bytes)}, more than the ${megabytes(max)} available; choose a smaller game or free memory`,
    );
  }
}
