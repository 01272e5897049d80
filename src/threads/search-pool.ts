/**
 * A pool of search threads (worker_threads; Node-only) that pin scores
 * together on one transposition table in a SharedArrayBuffer (see
 * search-thread.ts for what each thread does). The pool is asynchronous:
 * while the threads search, the calling thread stays free to draw progress
 * and to answer Ctrl-C (`interrupt()`), and `pin` resolves with the bounds
 * proven — exact, or the range proven when a budget ran out or the search
 * was interrupted.
 *
 * The threads rebuild the game themselves: they run a worker entry script
 * (which calls `serveSearches` with a loader; search-worker.ts by default)
 * given a recipe (e.g. the game's id and problem input); positions go to the
 * threads by structured clone, so they must be plain data.
 */

import type { Worker } from 'node:worker_threads';
import { YomiError } from '../core/errors.js';
import type { StopReason, TableRequest } from '../core/search.js';
import { errorMessage } from '../core/unknown.js';
import type { ScoreBounds } from '../solvers/search-budget.js';
import { type AnyTable, planTable, tableOver, tableStorage } from '../solvers/transposition-table.js';
import {
  EXPANDED,
  JOB,
  LOWER,
  NEXT,
  NO_PROBE,
  NODES,
  PROBES,
  RUNNING,
  SETTLED,
  type SharedBlocks,
  STOP,
  sharedBlocks,
  stopCode,
  stopReason,
  TABLE_HITS,
  TABLE_PROBES,
  total,
  UPPER,
} from './control.js';
import { MAX_MARKED_THREADS, markTable } from './search-marks.js';
import type { SearchJob, ThreadData, ThreadReply } from './search-thread.js';
import { workerScript } from './worker-script.js';

export interface PoolOptions {
  threads: number;
  /** The worker entry script: it calls `serveSearches` with a loader of recipes (default: search-worker.ts's). */
  worker?: URL;
  /** What the loader rebuilds the games from. */
  recipe: unknown;
  /** The table the games want, and about how many bytes it may take. */
  request?: TableRequest;
  tableBytes: number;
}

/** A snapshot of a running search, for progress displays. */
export interface PoolProgress {
  nodes: number;
  /** The bounds proven so far on the position being searched. */
  lower: number;
  upper: number;
  /** The null windows (m, m + 1) the threads are searching (m each). */
  probes: number[];
  tableProbes: number;
  tableHits: number;
  /** Of the nodes, those past the searches' static checks (SearchBudget.expanded; 0 when no search counts them). */
  expanded: number;
}

export interface PinLimits {
  /** Stop once the pool has searched this many nodes in all (over every pin). */
  maxNodes?: number;
  /** Stop this pin after this many seconds. */
  maxSeconds?: number;
}

export class SearchPool {
  private readonly workers: Worker[] = [];
  private readonly blocks: SharedBlocks;
  private job = 0;
  /** Settles the pin in progress: replies still awaited, and what to do when they are in. */
  private pending?: { waiting: number; error?: Error; resolve: () => void };
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly table: AnyTable,
    readonly threads: number,
  ) {
    this.blocks = sharedBlocks(threads);
  }

  /** Starts the threads and waits until each has loaded the game. */
  static async start(options: PoolOptions): Promise<SearchPool> {
    const plan = planTable(options.request, options.tableBytes, options.threads);
    const storage = tableStorage(plan, true);
    const pool = new SearchPool(tableOver(plan, options.request, storage), options.threads);
    const marks = options.threads > 1 && options.threads <= MAX_MARKED_THREADS ? markTable() : undefined;
    // The compiled search-worker.js, in the CLI's bundle the bundled one beside it (dist/cli/bundle/), or the sources bundled.
    const script = options.worker ?? workerScript('search-worker', 'the search threads');
    const ready: Promise<void>[] = [];
    // Node's worker_threads, loaded here (process.getBuiltinModule): a command that starts no threads does not pay for it.
    const { Worker } = process.getBuiltinModule('node:worker_threads');
    for (let index = 0; index < options.threads; index++) {
      const workerData: ThreadData = {
        index,
        recipe: options.recipe,
        plan,
        tableStorage: storage,
        control: pool.blocks.control,
        counters: pool.blocks.counters,
        quota: pool.blocks.quota,
        marks,
      };
      const worker = new Worker(script, { workerData });
      // The pool must not keep a finished command alive.
      worker.unref();
      pool.workers.push(worker);
      ready.push(
        new Promise((resolve, reject) => {
          worker.once('error', reject);
          worker.once('message', (m: ThreadReply) => {
            if (m.kind === 'ready') resolve();
            else reject(new Error(`search thread ${index}: unexpected first message ${m.kind}`));
          });
        }),
      );
    }
    try {
      await Promise.all(ready);
    } catch (e) {
      await pool.close();
      throw e instanceof YomiError ? e : new YomiError(`cannot start the search threads: ${errorMessage(e)}`);
    }
    for (const worker of pool.workers) {
      worker.on('message', (m: ThreadReply) => pool.reply(m));
      worker.on('error', (e) => pool.fail(e));
    }
    return pool;
  }

  private reply(m: ThreadReply): void {
    const p = this.pending;
    if (!p || m.kind === 'ready' || m.job !== this.job) return;
    if (m.kind === 'error' && !p.error)
      p.error = m.userError ? new YomiError(m.message) : new Error(m.message);
    if (--p.waiting === 0) p.resolve();
  }

  private fail(e: Error): void {
    const p = this.pending;
    if (!p) return;
    p.error = e;
    p.resolve();
  }

  /**
   * Pins the score of `position` (of game number `dataset` of the recipe)
   * between proven integer bounds lower < upper, all threads together.
   * Jobs run one at a time.
   */
  pin(
    dataset: number,
    position: unknown,
    lower: number,
    upper: number,
    limits: PinLimits = {},
  ): Promise<ScoreBounds> {
    const { control } = this.blocks;
    return this.enqueue(async () => {
      if (lower >= upper) return { lower, upper };
      Atomics.store(control, LOWER, lower);
      Atomics.store(control, UPPER, upper);
      const stop = await this.dispatch({ kind: 'search', position, ...this.jobBase(dataset) }, limits);
      const proven = { lower: Atomics.load(control, LOWER), upper: Atomics.load(control, UPPER) };
      return proven.lower >= proven.upper ? proven : { ...proven, outOfBudget: stop ?? 'interrupted' };
    });
  }

  /**
   * Solves each of `positions` (between bounds[i][0] and bounds[i][1], its
   * first null window at bounds[i][2] when given, then MTD(f) from there),
   * each thread taking the next one not taken yet: the scores, undefined for
   * the positions left unsolved when a budget ran out or the job was stopped.
   */
  solveEach(
    dataset: number,
    positions: unknown[],
    bounds: readonly (readonly [lower: number, upper: number, guess?: number])[],
    limits: PinLimits = {},
  ): Promise<{ scores: (number | undefined)[]; outOfBudget?: StopReason }> {
    const { control } = this.blocks;
    return this.enqueue(async () => {
      const shared = (n: number) => new Int32Array(new SharedArrayBuffer(4 * Math.max(1, n)));
      // Unsolved positions keep NO_PROBE (below every score).
      const scores = shared(positions.length).fill(NO_PROBE);
      const bound = shared(3 * positions.length);
      bounds.forEach(([lower, upper, guess], i) => {
        bound[3 * i] = lower;
        bound[3 * i + 1] = upper;
        bound[3 * i + 2] = guess ?? NO_PROBE;
      });
      Atomics.store(control, NEXT, 0);
      Atomics.store(control, SETTLED, 0);
      const stop = await this.dispatch(
        { kind: 'batch', positions, bounds: bound, scores, ...this.jobBase(dataset) },
        limits,
      );
      const all = Atomics.load(control, SETTLED) === positions.length;
      return {
        scores: Array.from(scores.subarray(0, positions.length), (s) => (s === NO_PROBE ? undefined : s)),
        outOfBudget: all ? undefined : (stop ?? 'interrupted'),
      };
    });
  }

  /** How far a batch has come: positions solved so far. */
  settledCount(): number {
    return Atomics.load(this.blocks.control, SETTLED);
  }

  private jobBase(dataset: number): { job: number; dataset: number; generation: number } {
    return { job: this.job + 1, dataset, generation: this.table.currentGeneration };
  }

  private enqueue<T>(run: () => Promise<T>): Promise<T> {
    const result = this.queue.then(run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Posts a job to every thread and waits until all are idle: why it stopped short, if it did. */
  private async dispatch(job: SearchJob, limits: PinLimits): Promise<StopReason | undefined> {
    const { control, counters, quota } = this.blocks;
    Atomics.store(control, STOP, RUNNING);
    Atomics.store(control, JOB, ++this.job);
    const left = (limits.maxNodes ?? Number.POSITIVE_INFINITY) - total(counters, NODES);
    Atomics.store(quota, 0, Number.isFinite(left) ? BigInt(Math.max(0, left)) : -1n);
    const finished = new Promise<void>((resolve) => {
      this.pending = { waiting: this.workers.length, resolve };
    });
    const timer =
      limits.maxSeconds === undefined
        ? undefined
        : setTimeout(() => this.stop('seconds'), limits.maxSeconds * 1000);
    for (const worker of this.workers) worker.postMessage(job);
    await finished;
    clearTimeout(timer);
    const error = this.pending?.error;
    this.pending = undefined;
    if (error) throw error;
    // Stopped by a thread or the clock, or every thread ran out of the node quota.
    return stopReason(Atomics.load(control, STOP)) ?? (Atomics.load(quota, 0) === 0n ? 'nodes' : undefined);
  }

  /** Stops the pin in progress (it resolves with the bounds proven so far). */
  stop(reason: StopReason = 'interrupted'): void {
    Atomics.compareExchange(this.blocks.control, STOP, RUNNING, stopCode(reason));
  }

  /** Forgets the table's entries (O(1)): the next pins start from an empty table. */
  clearTable(): void {
    this.table.clear();
  }

  progress(): PoolProgress {
    const { control, counters } = this.blocks;
    const probes: number[] = [];
    for (let i = 0; i < this.threads; i++) {
      const m = Atomics.load(control, PROBES + i);
      if (m !== NO_PROBE) probes.push(m);
    }
    return {
      nodes: total(counters, NODES),
      lower: Atomics.load(control, LOWER),
      upper: Atomics.load(control, UPPER),
      probes,
      tableProbes: total(counters, TABLE_PROBES),
      tableHits: total(counters, TABLE_HITS),
      expanded: total(counters, EXPANDED),
    };
  }

  async close(): Promise<void> {
    this.stop();
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
