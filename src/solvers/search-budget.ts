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

import { now } from '../core/clock.js';
import type { SearchBudget, StopReason } from '../core/search.js';
import type { Progress } from './options.js';

/** How many nodes pass between two looks at the clock and two progress reports. */
export const CHECK_EVERY = 1 << 16;

/** The limits of a search (nodes, positions, seconds) and where it reports progress. */
export interface BudgetOptions {
  /** Stop the search after this many nodes and return what is proven. */
  maxNodes?: number;
  /**
   * The solvers' cap on positions (--max-positions): a search counts a
   * position each time it searches one (its nodes), and stops like at
   * `maxNodes` with the bounds proven, naming this budget.
   */
  maxPositions?: number;
  /** Stop the search after this many seconds and return what is proven. */
  maxSeconds?: number;
  /**
   * And at the latest at this moment (`now()`), whatever each
   * search's own `maxSeconds` allows: a run's budget over many searches.
   */
  endsAt?: number;
  /** Called every few tens of thousands of nodes with the nodes searched (unit 'nodes'). */
  onProgress?: (progress: Progress) => void;
  /** Asked as often: a reason to stop now (another thread wants the search's thread), or undefined to go on. */
  stopped?: () => StopReason | undefined;
}

/** Thrown inside a search when its budget is spent; caught by `pinScore`. */
export class OutOfBudget {
  readonly reason: StopReason;
  constructor(reason: StopReason) {
    this.reason = reason;
  }
}

/** Counts a search's nodes and stops it (OutOfBudget) when a limit is reached. */
export class NodeBudget implements SearchBudget {
  /** Nodes searched so far. */
  nodes = 0;
  /** Of those, the positions past the search's static checks (SearchBudget.expanded). */
  expanded = 0;
  /** The node count at which `check()` must be called next. */
  checkAt = CHECK_EVERY;
  /** The budget's own node limit: maxNodes, or maxPositions when it is lower. */
  private readonly limit: number;
  /** What a stop at `limit` is called: 'positions' when maxPositions set it. */
  readonly limitReason: StopReason;
  /** This search's node cap: `limit`, or lower after `start(moreNodes)`. */
  private maxNodes: number;
  private deadline = Number.POSITIVE_INFINITY;

  constructor(private readonly options: BudgetOptions = {}) {
    const nodes = options.maxNodes ?? Number.POSITIVE_INFINITY;
    const positions = options.maxPositions ?? Number.POSITIVE_INFINITY;
    this.limit = Math.min(nodes, positions);
    this.limitReason = positions < nodes ? 'positions' : 'nodes';
    this.maxNodes = this.limit;
  }

  /**
   * Starts the clock for one search (the node count keeps running; with
   * `sameClock`, the last search's clock goes on); with `moreNodes`, this
   * search may take at most that many nodes.
   */
  start(moreNodes = Number.POSITIVE_INFINITY, sameClock = false): void {
    const s = this.options.maxSeconds;
    if (!sameClock) {
      const own = s === undefined ? Number.POSITIVE_INFINITY : now() + s * 1000;
      this.deadline = Math.min(own, this.options.endsAt ?? Number.POSITIVE_INFINITY);
    }
    this.maxNodes = Math.min(this.limit, this.nodes + moreNodes);
    this.checkAt = Math.min(this.nodes + CHECK_EVERY, this.maxNodes);
    if (this.nodes >= this.maxNodes) throw this.spent();
  }

  /** Nodes still allowed by the budget's own limit (not a `start` cap). */
  get nodesLeft(): number {
    return this.limit - this.nodes;
  }

  /** The stop at the node cap: the budget's own limit (named by limitReason), or a `start` cap ('nodes'). */
  private spent(): OutOfBudget {
    return new OutOfBudget(this.nodes >= this.limit ? this.limitReason : 'nodes');
  }

  /** Throws OutOfBudget when a limit is reached; reports progress. */
  check(): void {
    if (this.nodes >= this.maxNodes) throw this.spent();
    if (now() > this.deadline) throw new OutOfBudget('seconds');
    const stop = this.options.stopped?.();
    if (stop !== undefined) throw new OutOfBudget(stop);
    this.options.onProgress?.({ unit: 'nodes', done: this.nodes });
    this.checkAt = Math.min(this.nodes + CHECK_EVERY, this.maxNodes);
  }
}

/** A range of scores this narrow is narrow; scores this near 0 are near. */
const NARROW = 8;
const NEAR = 2;

/**
 * The next null window (m, m + 1) to probe between proven bounds
 * lower < upper (finite integers). Probes far from the score and far from 0
 * are cheap: the stones left cut most lines short. So while the range is
 * wide, m halves it towards 0 (lower/2 or upper/2, as strong Connect Four
 * solvers do); once it is narrow and near 0, the score is probably the
 * value nearest 0, which is probed first.
 */
export function nextProbe(lower: number, upper: number): number {
  const near = Math.min(Math.max(0, lower), upper - 1);
  if (upper - lower <= NARROW && Math.abs(near) <= NEAR) return near;
  let m = lower + Math.floor((upper - lower) / 2);
  if (m <= 0 && Math.trunc(lower / 2) < m) m = Math.trunc(lower / 2);
  else if (m >= 0 && Math.trunc(upper / 2) > m) m = Math.trunc(upper / 2);
  return m;
}

/**
 * The null window the driver would probe after the next one failed low (or,
 * when that would settle the score, after it failed high). With two or
 * more threads every second one searches it (threads/search-thread.ts), so
 * that the two costly probes on either side of the score run at once on the
 * shared table, each helping the other with what it stores (the empty 6×6
 * board, two threads: 1.01 → 0.91 s, median of 7); the others search the
 * next window together.
 */
export function probeAfterFailLow(lower: number, upper: number): number {
  const m = nextProbe(lower, upper);
  if (lower < m) return nextProbe(lower, m);
  if (m + 1 < upper) return nextProbe(m + 1, upper);
  return m;
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
 * `moreNodes` caps this search's nodes (below the budget's own limit).
 * `guess` (called once the budget is started, with the bounds) gives MTD(f)
 * its first guess; `sameClock` goes on with the last search's clock.
 */
export function pinScore(
  probe: (alpha: number, beta: number) => number,
  budget: NodeBudget,
  lower: number,
  upper: number,
  moreNodes = Number.POSITIVE_INFINITY,
  guess?: (bounds: ScoreBounds) => number | undefined,
  sameClock = false,
): ScoreBounds {
  const bounds = { lower, upper };
  try {
    budget.start(moreNodes, sameClock);
    if (!Number.isFinite(lower) || !Number.isFinite(upper)) {
      const r = probe(lower, upper);
      return { lower: r, upper: r };
    }
    narrow(probe, bounds, guess?.(bounds));
    return bounds;
  } catch (e) {
    if (e instanceof OutOfBudget) return { ...bounds, outOfBudget: e.reason };
    throw e;
  }
}

/**
 * Narrows finite integer bounds to the exact score with null-window probes,
 * in place, so that what is proven survives an exception from `probe`. With
 * a `guess` it is MTD(f): the first probe asks whether the score is above
 * the guess, and each next one starts from the bound the last one proved.
 */
export function narrow(
  probe: (alpha: number, beta: number) => number,
  bounds: ScoreBounds,
  guess?: number,
): void {
  let m = guess === undefined ? undefined : Math.min(Math.max(guess, bounds.lower), bounds.upper - 1);
  while (bounds.lower < bounds.upper) {
    const at = m ?? nextProbe(bounds.lower, bounds.upper);
    const r = probe(at, at + 1);
    if (r <= at) bounds.upper = r;
    else bounds.lower = r;
    if (m !== undefined) m = r <= at ? bounds.upper - 1 : bounds.lower;
  }
}
