/**
 * Options every solver takes, and the small helpers they share for honouring
 * them: the position budget, the memory budgets (bytes to allocate, and the
 * JS heap that Maps, Sets and position objects fill), the time budget and
 * progress reports.
 */

import { now } from '../core/clock.js';
import { BudgetError } from '../core/errors.js';
import { grouped } from '../core/grouped.js';
import type { ValueNeed } from '../core/value.js';

/** A progress report: how much of what is done, of how much when known. */
export interface Progress {
  /** What is being counted, e.g. "positions". */
  unit: string;
  done: number;
  /** Known total, or undefined while it is not known. */
  total?: number;
  /** A few more words for the line: the tier being solved, the databases a search reads. */
  detail?: string;
}

/** Options every solver takes. */
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
   * Bytes of JavaScript objects (positions, Map entries) the solve may hold:
   * what exploring a game spends, bounded by the engine's heap, not by the
   * machine's memory. Absent: no limit is checked.
   */
  heapBytes?: number;
  /**
   * The JS heap, read now and then by solvers whose Maps and position objects
   * grow as they go (explore, memoized negamax): what is in use and the most
   * there may be (the CLI reads `v8.getHeapStatistics()`). They stop with a
   * `BudgetError` when the heap is nearly full instead of dying with it.
   */
  heapUsage?: () => { used: number; limit: number };
  /**
   * Stop after this many seconds. Searches (alpha-beta) return the bounds
   * proven so far; table solvers stop with a `BudgetError`, checked at their
   * progress reports (see `timeLimited`).
   */
  maxSeconds?: number;
  /**
   * Stops the tier solver (between steps, as the time budget does) with a
   * `BudgetError` once aborted: a server closing while it builds a database.
   */
  signal?: StopSignal;
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
  /**
   * Only the start's value will be read (an answer line, not a solution
   * file). The sweep of a game that declares its `reach` then keeps a window
   * of entries instead of one per position, and the solution answers for the
   * start alone; other solvers solve as usual.
   */
  startOnly?: boolean;
  /** Called now and then during long work (every few tens of thousands of positions). */
  onProgress?: (progress: Progress) => void;
}

/** How many positions pass between two progress reports. */
export const PROGRESS_EVERY = 1 << 12;

export function checkBudget(positions: number, options: SolverOptions, what: string): void {
  const max = options.maxPositions;
  if (max !== undefined && positions > max) {
    throw new BudgetError(
      `${what} has more than ${grouped(max)} positions (--max-positions); raise the limit or choose a smaller game`,
    );
  }
}

/** MB for people: `1,234 MB`. */
export function megabytes(bytes: number): string {
  return `${grouped(Math.ceil(bytes / 2 ** 20))} MB`;
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
      'memory',
    );
  }
}

/**
 * The most keys a V8 Map or Set holds (2^24); one more throws a RangeError.
 * Solvers that key positions in a Map refuse before reaching it.
 */
export const MAX_MAP_KEYS = 2 ** 24;

/** Refuses an `n`-th key for a Map that cannot hold it, naming what it is for. */
export function checkMapKeys(n: number, what: string, why: string): void {
  if (n >= MAX_MAP_KEYS) {
    throw new BudgetError(
      `${what} has more than ${grouped(MAX_MAP_KEYS - 1)} positions, the most ${why} can key in a JS Map; use a solver without a table of positions (--solver alphabeta) or a smaller game`,
      'memory',
    );
  }
}

/** The share of the heap limit a solver may fill before it stops. */
const HEAP_SHARE = 0.85;

/**
 * A look at the JS heap (`options.heapUsage`) for a solver that grows as it
 * goes, to call now and then: it refuses to grow further when the heap is
 * nearly full, or would be after two more steps as large as the last one
 * (V8 gives up well before its limit when one step allocates a lot, as a
 * position with a million moves does).
 */
export function heapWatch(options: SolverOptions, what: string): (positions: number) => void {
  const read = options.heapUsage;
  if (read === undefined) return () => {};
  let last = read().used;
  return (positions) => {
    const heap = read();
    const step = Math.max(0, heap.used - last);
    last = heap.used;
    if (heap.used + 2 * step > HEAP_SHARE * heap.limit) {
      throw new BudgetError(
        `${what}: the JS heap holds ${megabytes(heap.used)} after ${grouped(positions)} positions, near its limit of ${megabytes(heap.limit)}; choose a smaller game (or run node with a larger --max-old-space-size)`,
        'memory',
      );
    }
  };
}

/**
 * The options for solving one tier of `count`: its progress reports name the
 * tier (each tier counts its positions from 0 again); unchanged for a game of
 * one tier.
 */
export function tierProgress<O extends SolverOptions>(
  options: O,
  name: string,
  index: number,
  count: number,
): O {
  const report = options.onProgress;
  if (report === undefined || count <= 1) return options;
  const detail = `tier ${name}, ${index + 1} of ${count}`;
  return { ...options, onProgress: (p: Progress) => report({ ...p, detail }) };
}

/**
 * The options with `maxSeconds` enforced for a table solver: the deadline is
 * set now, and every progress report after it stops the solve with a
 * `BudgetError`. Table solvers report every few tens of thousands of
 * positions, so the check costs nothing measurable.
 */
export function timeLimited<O extends SolverOptions>(options: O, what: string): O {
  if (options.maxSeconds === undefined) return options;
  const deadline = deadlineOf(options, what);
  const report = options.onProgress;
  return {
    ...options,
    onProgress(progress: Progress) {
      deadline.check();
      report?.(progress);
    },
  };
}

/** The end of `maxSeconds` from now: `check()` throws the time budget's BudgetError after it; `msLeft()` is Infinity without a budget. */
/** What a solve reads of an `AbortSignal` (declared here: the library's types do not need the DOM's or Node's). */
export interface StopSignal {
  /** Whether the solve is to stop. */
  readonly aborted: boolean;
  /** Calls `listener` when the solve is to stop. */
  addEventListener(type: 'abort', listener: () => void): void;
  /** No longer calls `listener`. */
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** A solve's time budget (`--max-seconds`) and its stop signal, looked at between steps. */
export interface Deadline {
  /** Throws a BudgetError when the time is spent or the solve was stopped. */
  check(): void;
  /** Milliseconds left (Infinity without a budget). */
  msLeft(): number;
  /** Stops the solve when aborted, as the time running out does. */
  signal?: StopSignal;
}

/** The deadline of `options.maxSeconds`, counted from now, for the solve of `what`. */
export function deadlineOf(options: SolverOptions, what: string): Deadline {
  const seconds = options.maxSeconds;
  const end = seconds === undefined ? Number.POSITIVE_INFINITY : now() + seconds * 1000;
  const msLeft = () => end - now();
  const { signal } = options;
  return {
    msLeft,
    signal,
    check() {
      if (signal?.aborted) throw new BudgetError(`${what}: solving was stopped`, 'time');
      if (msLeft() < 0) {
        throw new BudgetError(`${what} was not solved within the time budget (--max-seconds)`, 'time');
      }
    },
  };
}

/**
 * `work`, or the time budget's BudgetError as soon as the deadline passes
 * while it runs (work on other threads: the caller ends those threads).
 */
export async function withinDeadline<T>(work: Promise<T>, deadline: Deadline): Promise<T> {
  const ms = deadline.msLeft();
  const { signal } = deadline;
  if (ms === Number.POSITIVE_INFINITY && signal === undefined) return work;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stop: (() => void) | undefined;
  const late = new Promise<never>((_, reject) => {
    const fail = () => {
      try {
        deadline.check();
      } catch (e) {
        reject(e);
      }
    };
    if (ms !== Number.POSITIVE_INFINITY) timer = setTimeout(fail, Math.max(0, ms) + 1);
    stop = fail;
    signal?.addEventListener('abort', fail);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
    if (stop) signal?.removeEventListener('abort', stop);
  }
}
