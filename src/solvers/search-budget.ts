/**
 * The pieces every depth-first score search shares (the generic alpha-beta
 * and the games' own searches): a budget of nodes and seconds (the
 * SearchBudget of the search contract), and the driver that pins a
 * position's exact score with null-window probes.
 *
 * Budget: searches count nodes in `nodes` and call `check()` every
 * CHECK_EVERY nodes; when the budget is spent, `check()` throws
 * `OutOfBudget`, which unwinds the search to the driver, and the driver
 * returns the bounds proven so far (never a guess).
 *
 * Driver (`pinScore`): a binary search on the score with null-window probes
 * (each probe answers "is the score above m?"), moving the probe point
 * towards 0 first so that easy wins and losses are proven cheaply — the
 * "iterative deepening of the window" strong Connect Four solvers use.
 */

import type { SearchBudget, StopReason } from '../core/search.js';
import type { Progress } from './options.js';

/** How many nodes pass between two looks at the clock and two progress reports. */
export const CHECK_EVERY = 1 << 16;

export interface BudgetOptions {
  /** Stop the search after this many nodes and return what is proven. */
  maxNodes?: number;
  /** Stop the search after this many seconds and return what is proven. */
  maxSeconds?: number;
  onProgress?: (progress: Progress) => void;
}

/** Thrown inside a search when its budget is spent; caught by `pinScore`. */
export class OutOfBudget {
  readonly reason: StopReason;
  constructor(reason: StopReason) {
    this.reason = reason;
  }
}

export class NodeBudget implements SearchBudget {
  /** Nodes searched so far. */
  nodes = 0;
  /** The node count at which `check()` must be called next. */
  checkAt = CHECK_EVERY;
  private readonly maxNodes: number;
  private deadline = Number.POSITIVE_INFINITY;

  constructor(private readonly options: BudgetOptions = {}) {
    this.maxNodes = options.maxNodes ?? Number.POSITIVE_INFINITY;
  }

  /** Starts the clock for one search (the node count keeps running). */
  start(): void {
    const s = this.options.maxSeconds;
    this.deadline = s === undefined ? Number.POSITIVE_INFINITY : performance.now() + s * 1000;
    this.checkAt = Math.min(this.nodes + CHECK_EVERY, this.maxNodes);
    if (this.nodes >= this.maxNodes) throw new OutOfBudget('nodes');
  }

  /** Throws OutOfBudget when a limit is reached; reports progress. */
  check(): void {
    if (this.nodes >= this.maxNodes) throw new OutOfBudget('nodes');
    if (performance.now() > this.deadline) throw new OutOfBudget('seconds');
    this.options.onProgress?.({ unit: 'nodes', done: this.nodes });
    this.checkAt = Math.min(this.nodes + CHECK_EVERY, this.maxNodes);
  }
}

/** What a search proved about a position's score. */
export interface ScoreBounds {
  lower: number;
  upper: number;
  /** Set when the budget ran out before lower = upper. */
  outOfBudget?: StopReason;
}

/**
 * Pins the score of a position between `lower` and `upper` (proven bounds to
 * start from; ±Infinity when unknown). `probe(alpha, beta)` is a fail-soft
 * alpha-beta search: a result ≤ alpha is an upper bound, ≥ beta a lower
 * bound, anything between exact. With finite integer bounds it probes null
 * windows (m, m + 1); with an unknown bound it searches the full window once.
 */
export function pinScore(
  probe: (alpha: number, beta: number) => number,
  budget: NodeBudget,
  lower: number,
  upper: number,
): ScoreBounds {
  try {
    budget.start();
    if (!Number.isFinite(lower) || !Number.isFinite(upper)) {
      const r = probe(lower, upper);
      return { lower: r, upper: r };
    }
    while (lower < upper) {
      let m = lower + Math.floor((upper - lower) / 2);
      if (m <= 0 && Math.trunc(lower / 2) < m) m = Math.trunc(lower / 2);
      else if (m >= 0 && Math.trunc(upper / 2) > m) m = Math.trunc(upper / 2);
      const r = probe(m, m + 1);
      if (r <= m) upper = r;
      else lower = r;
    }
    return { lower, upper };
  } catch (e) {
    if (e instanceof OutOfBudget) return { lower, upper, outOfBudget: e.reason };
    throw e;
  }
}
