/**
 * One thread of a parallel search (runs inside a worker thread; Node-only).
 * Two kinds of jobs:
 * - pin one position together: every thread searches the same position on
 *   the shared table (lazy SMP with ABDADA marks): it picks the null window
 *   the driver would probe next from the bounds all threads have proven so
 *   far (every second thread, the one after that if it failed low), searches
 *   it, and publishes what it proved; a thread whose window the others have
 *   made useless (the bounds moved past it) gives it up at its next budget
 *   check and picks another; the first to close the bounds stops them all;
 * - a batch: each thread takes the next position not taken yet and pins it
 *   alone (one shared table), until none is left.
 *
 * `serveSearches(load)` is what a worker's entry script calls: `load`
 * rebuilds the games from the recipe the pool was given (so this module
 * knows nothing of where games come from).
 */

import { parentPort, workerData } from 'node:worker_threads';
import { YomiError } from '../core/errors.js';
import type { ScoreSearch, SearchableGame, SearchBudget } from '../core/search.js';
import { scoreSearch } from '../solvers/alphabeta.js';
import { narrow, nextProbe, OutOfBudget, probeAfterFailLow } from '../solvers/search-budget.js';
import { type TablePlan, type TableStorage, tableOver } from '../solvers/transposition-table.js';
import {
  COUNTERS,
  DONE,
  EXPANDED,
  LOWER,
  lowerUpper,
  NEXT,
  NO_PROBE,
  NODES,
  PROBES,
  RUNNING,
  raiseLower,
  SETTLED,
  STOP,
  stopCode,
  TABLE_HITS,
  TABLE_PROBES,
  takeNodes,
  UPPER,
} from './control.js';
import { ThreadMarks } from './search-marks.js';

/** What a worker is started with (structured-cloned, with the shared buffers). */
export interface ThreadData {
  index: number;
  recipe: unknown;
  plan: TablePlan;
  /** The shared table's storage: a SharedArrayBuffer, or a shared WebAssembly memory (a kernel's table). */
  tableStorage: TableStorage;
  control: Int32Array;
  counters: Float64Array;
  quota: BigInt64Array;
  /** The marks of positions being searched, when several threads search. */
  marks?: Int32Array;
}

/**
 * A job on game number `dataset`: pin the score of `position` between the
 * bounds in the control block, all threads together; or solve each of
 * `positions` (between bounds[3i] and bounds[3i + 1], the first null window
 * at bounds[3i + 2] unless it is NO_PROBE), each thread taking the next one,
 * into `scores`.
 */
export type SearchJob = { job: number; dataset: number; generation: number } & (
  | { kind: 'search'; position: unknown }
  | { kind: 'batch'; positions: unknown[]; bounds: Int32Array; scores: Int32Array }
);

export type ThreadReply =
  | { kind: 'ready' }
  | { kind: 'idle'; job: number }
  | { kind: 'error'; job: number; message: string; userError: boolean };

/** How often (in nodes) a thread looks at the shared state: small, so that useless probes stop soon. */
const CHECK_EVERY = 1 << 12;

/** Thrown by the budget when this thread's probe no longer matters. */
class ProbeDecided {}

/** The budget of one thread: publishes its nodes, watches the stop word, the node limit and its probe. */
class ThreadBudget implements SearchBudget {
  nodes = 0;
  expanded = 0;
  checkAt = CHECK_EVERY;
  probe = NO_PROBE;
  /** The node quota ran out for this thread. */
  spent = false;

  constructor(
    private readonly control: Int32Array,
    private readonly counters: Float64Array,
    private readonly quota: BigInt64Array,
    private readonly slot: number,
  ) {}

  check(): void {
    this.counters[this.slot + NODES] = this.nodes;
    const stop = Atomics.load(this.control, STOP);
    if (stop !== RUNNING) throw new ProbeDecided();
    // This node and the next come out of the shared quota (so that the threads never pass
    // --max-nodes); a thread that finds it spent stops, the others go on with what they took.
    const granted = takeNodes(this.quota, CHECK_EVERY);
    if (granted === 0) {
      this.nodes--;
      this.counters[this.slot + NODES] = this.nodes;
      this.spent = true;
      throw new ProbeDecided();
    }
    this.checkAt = this.nodes + granted;
    const m = this.probe;
    if (m !== NO_PROBE && (m < Atomics.load(this.control, LOWER) || m >= Atomics.load(this.control, UPPER))) {
      throw new ProbeDecided();
    }
  }
}

/** Runs the jobs the pool posts, searching the games `load` rebuilds from the recipe. */
export async function serveSearches(
  load: (recipe: unknown) => Promise<SearchableGame<unknown, unknown>[]>,
): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('serveSearches runs in a worker thread');
  const data = workerData as ThreadData;
  const { control, counters, index } = data;
  const slot = index * COUNTERS;
  const games = await load(data.recipe);
  // Every game of one recipe wants the same kind of table (they are one game read from one input).
  const table = tableOver(data.plan, games[0]?.table, data.tableStorage);
  const budget = new ThreadBudget(control, counters, data.quota, slot);
  const noExact = () => {
    throw new YomiError('a search thread proves scores only');
  };
  const marks = data.marks ? new ThreadMarks(data.marks, index) : undefined;
  const searches = new Map<number, ScoreSearch<unknown>>();
  const searchOf = (dataset: number) => {
    let s = searches.get(dataset);
    if (!s) {
      s = scoreSearch(games[dataset], table, budget, noExact, index, marks);
      searches.set(dataset, s);
    }
    return s;
  };
  port.postMessage({ kind: 'ready' } satisfies ThreadReply);
  port.on('message', (job: SearchJob) => {
    try {
      const search = searchOf(job.dataset);
      table.setGeneration(job.generation);
      budget.checkAt = budget.nodes + 1;
      budget.spent = false;
      if (job.kind === 'batch') solveEach(search, job, budget, control, marks);
      else pinTogether(search, job.position, budget, control, index, marks);
      Atomics.store(control, PROBES + index, NO_PROBE);
      counters[slot + NODES] = budget.nodes;
      counters[slot + TABLE_PROBES] = table.probes;
      counters[slot + TABLE_HITS] = table.hits;
      counters[slot + EXPANDED] = budget.expanded;
      port.postMessage({ kind: 'idle', job: job.job } satisfies ThreadReply);
    } catch (e) {
      const message =
        e instanceof Error ? (e instanceof YomiError ? e.message : (e.stack ?? e.message)) : String(e);
      const reply: ThreadReply = { kind: 'error', job: job.job, message, userError: e instanceof YomiError };
      // Stop the others: this job cannot be finished.
      Atomics.compareExchange(control, STOP, RUNNING, stopCode('interrupted'));
      port.postMessage(reply);
    }
  });
}

/** Runs a search, taking back this thread's marks if it is cut short; undefined when it was. */
function guarded(run: () => number, marks: ThreadMarks | undefined): number | undefined {
  try {
    return run();
  } catch (e) {
    marks?.clear();
    if (e instanceof ProbeDecided || e instanceof OutOfBudget) return undefined;
    throw e;
  }
}

/** One thread's part in pinning one position together with the others (see the file's header). */
function pinTogether(
  search: ScoreSearch<unknown>,
  position: unknown,
  budget: ThreadBudget,
  control: Int32Array,
  index: number,
  marks: ThreadMarks | undefined,
): void {
  for (;;) {
    const lower = Atomics.load(control, LOWER);
    const upper = Atomics.load(control, UPPER);
    if (lower >= upper || Atomics.load(control, STOP) !== RUNNING || budget.spent) return;
    const m = index % 2 === 1 ? probeAfterFailLow(lower, upper) : nextProbe(lower, upper);
    budget.probe = m;
    Atomics.store(control, PROBES + index, m);
    const r = guarded(() => search.search(position, m, m + 1), marks);
    if (r === undefined) continue;
    if (r <= m) lowerUpper(control, r);
    else raiseLower(control, r);
    if (Atomics.load(control, LOWER) >= Atomics.load(control, UPPER)) {
      Atomics.compareExchange(control, STOP, RUNNING, DONE);
    }
  }
}

/** One thread's part in a batch: the next position not taken yet, until none is left. */
function solveEach(
  search: ScoreSearch<unknown>,
  job: Extract<SearchJob, { kind: 'batch' }>,
  budget: ThreadBudget,
  control: Int32Array,
  marks: ThreadMarks | undefined,
): void {
  budget.probe = NO_PROBE;
  for (;;) {
    if (Atomics.load(control, STOP) !== RUNNING || budget.spent) return;
    const i = Atomics.add(control, NEXT, 1);
    if (i >= job.positions.length) return;
    const bounds = { lower: job.bounds[3 * i], upper: job.bounds[3 * i + 1] };
    const guess = job.bounds[3 * i + 2];
    const position = job.positions[i];
    const score = guarded(() => {
      narrow((a, z) => search.search(position, a, z), bounds, guess === NO_PROBE ? undefined : guess);
      return bounds.lower;
    }, marks);
    if (score === undefined) return;
    job.scores[i] = score;
    Atomics.add(control, SETTLED, 1);
  }
}
