/**
 * Options every solver takes, and the small helpers they share for honouring
 * them: the position budget and progress reports.
 */

import { BudgetError } from '../core/errors.js';

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
   * A table of every position is needed (to save it): auto refuses at once,
   * instead of searching, a game it would search one position at a time.
   */
  tableRequired?: boolean;
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
