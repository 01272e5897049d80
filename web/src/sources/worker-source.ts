/**
 * Values from the solver in Web Workers: each start is a fresh worker (so
 * cancelling is terminating it), its progress and result passed on, and
 * queries answered by message once it has solved (with the progress of a
 * search that answers one).
 *
 * A game that is searched position by position (too large to solve whole,
 * or played from an opening book) gets a second worker once the first has
 * solved, when the machine has a second core (it only loads the game, or
 * opens the same book): a position's moves are then
 * valued by both, each taking the next move not yet asked for when it is
 * free, while the first also values the line's positions. Each move's value
 * is a search of its own, so two cores answer a hard position in about half
 * the time.
 */

import type { Value } from '../../../src/core/value.js';
import type { Progress } from '../../../src/solvers/options.js';
import type { FromWorker, ToWorker } from '../protocol.js';
import { type Answer, type SourceEvent, untilSettled, type ValueSource } from './value-source.js';

type Reply = Extract<FromWorker, { id: number }>;
type Request = Extract<ToWorker, { id: number }>;

/** A worker, whether it has solved, and the nodes it had searched at its last report (summed for progress). */
interface Solver {
  worker: Worker;
  solved: boolean;
  searched: number;
}

/** A query sent to a worker: its reply settles it, the worker's failure rejects it. */
interface Pending {
  solver: Solver;
  resolve: (reply: Reply) => void;
  reject: () => void;
}

export class WorkerSource implements ValueSource {
  private main: Solver | undefined;
  /** The second worker, when the machine has a second core and the game is searched. */
  private helper: Solver | undefined;
  private nextId = 0;
  private waiting = new Map<number, Pending>();
  /** Who hears the progress of the queries being answered (the latest query's). */
  private queryProgress: ((progress: Progress) => void) | undefined;

  constructor(private readonly request: Extract<ToWorker, { kind: 'solve' }>) {}

  start(onEvent: (event: SourceEvent) => void): void {
    this.cancel();
    const pass = untilSettled(onEvent);
    const main = this.spawn((event) => {
      if (event.kind === 'solved' && (event.searched || event.origin === 'opening book')) {
        this.startHelper(event.origin !== 'opening book');
      }
      pass(event);
    });
    main.worker.onerror = (e) => pass({ kind: 'failed', message: `the solver stopped: ${e.message}` });
    this.main = main;
  }

  cancel(): void {
    this.main?.worker.terminate();
    this.helper?.worker.terminate();
    this.main = undefined;
    this.helper = undefined;
    this.waiting.clear();
  }

  /** The values along `moves`; never settles once cancelled (a later game's values never come from here). */
  async query(moves: readonly number[], onProgress?: (progress: Progress) => void): Promise<Answer> {
    const main = this.main;
    if (!main) return new Promise(() => {});
    this.queryProgress = onProgress;
    const helper = this.helper;
    if (!helper) {
      const reply = await this.ask(main, { kind: 'query', id: 0, moves });
      if (reply.kind !== 'answer') return new Promise(() => {});
      const { path, moves: values, searched } = reply;
      return { path, moves: values, ...(searched === undefined ? {} : { searched }) };
    }
    // The helper starts on the first move at once; the main worker values the line, then joins it.
    const values: Value[] = [];
    let count: number | undefined;
    let next = 0;
    const valueMove = async (solver: Solver, ordinal: number): Promise<boolean> => {
      const reply = await this.ask(solver, { kind: 'move', id: 0, moves, ordinal });
      if (reply.kind !== 'move' || reply.value === undefined) return false;
      values[ordinal] = reply.value;
      return true;
    };
    const share = async (solver: Solver): Promise<void> => {
      while (count === undefined || next < count) if (!(await valueMove(solver, next++))) return;
    };
    // A helper that fails leaves its move to the main worker (below).
    const helping = share(helper).catch(() => {});
    const line = await this.ask(main, { kind: 'query', id: 0, moves, pathOnly: true });
    if (line.kind !== 'answer') return new Promise(() => {});
    count = line.count;
    await Promise.all([share(main), helping]);
    for (let ordinal = 0; ordinal < count; ordinal++) if (!values[ordinal]) await valueMove(main, ordinal);
    // Two threads when the helper is still there at the end (one that failed has left its moves behind).
    return {
      path: line.path,
      moves: values.slice(0, count),
      searched: main.searched + helper.searched,
      ...(this.helper === helper ? { threads: 2 } : {}),
    };
  }

  /** A worker for this source's game, its replies to queries sorted from its events. */
  private spawn(onEvent: (event: SourceEvent) => void, searchOnly = false): Solver {
    const worker = new Worker(new URL('../worker.ts', import.meta.url), { type: 'module' });
    const solver: Solver = { worker, solved: false, searched: 0 };
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const data = e.data;
      if (data.kind === 'answer' || data.kind === 'move') {
        solver.searched = data.searched ?? 0;
        this.waiting.get(data.id)?.resolve(data);
        this.waiting.delete(data.id);
      } else if (data.kind === 'progress' && solver.solved) {
        // A search answering a query (queries come only once solved): the nodes of both workers.
        solver.searched = data.progress.done;
        const searched = (this.main?.searched ?? 0) + (this.helper?.searched ?? 0);
        this.queryProgress?.({ ...data.progress, done: searched });
      } else {
        if (data.kind === 'solved') solver.solved = true;
        onEvent(data);
      }
    };
    worker.postMessage(searchOnly ? { ...this.request, searchOnly } : this.request);
    return solver;
  }

  /**
   * A second worker on a machine with a second core (any failure: not used),
   * asked at once: it opens the same book, or, for a game searched position
   * by position, only loads it (`searchOnly`: no exploration, no search of
   * the start), a moment's work its first answers wait for.
   */
  private startHelper(searchOnly: boolean): void {
    if ((navigator.hardwareConcurrency ?? 1) < 2) return;
    const helper = this.spawn((event) => {
      if (event.kind === 'failed') this.drop(helper);
    }, searchOnly);
    helper.worker.onerror = () => this.drop(helper);
    this.helper = helper;
  }

  /** Stops using a helper that failed: what it was asked is rejected. */
  private drop(helper: Solver): void {
    helper.worker.terminate();
    if (this.helper === helper) this.helper = undefined;
    for (const [id, pending] of this.waiting) {
      if (pending.solver !== helper) continue;
      this.waiting.delete(id);
      pending.reject();
    }
  }

  /** Sends a query to one worker and waits for its reply. */
  private ask(solver: Solver, request: Request): Promise<Reply> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { solver, resolve, reject });
      solver.worker.postMessage({ ...request, id } satisfies ToWorker);
    });
  }
}
