/**
 * Values from the solver in a Web Worker: each start is a fresh worker (so
 * cancelling is terminating it), its progress and result passed on, and
 * queries answered by message once it has solved (with the progress of a
 * search that answers one).
 */

import type { Progress } from '../../../src/solvers/options.js';
import type { FromWorker, ToWorker } from '../protocol.js';
import { type Answer, type SourceEvent, untilSettled, type ValueSource } from './value-source.js';

export class WorkerSource implements ValueSource {
  private worker: Worker | undefined;
  private nextId = 0;
  private waiting = new Map<number, (answer: Answer) => void>();
  /** Who hears the progress of the queries being answered (the latest query's). */
  private queryProgress: ((progress: Progress) => void) | undefined;

  constructor(private readonly request: Extract<ToWorker, { kind: 'solve' }>) {}

  start(onEvent: (event: SourceEvent) => void): void {
    this.cancel();
    const pass = untilSettled(onEvent);
    const worker = new Worker(new URL('../worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const data = e.data;
      if (data.kind === 'answer') {
        this.waiting.get(data.id)?.(data);
        this.waiting.delete(data.id);
      } else if (data.kind === 'progress' && this.waiting.size > 0) {
        // A search answering a query (queries come only once solved).
        this.queryProgress?.(data.progress);
      } else {
        pass(data);
      }
    };
    worker.onerror = (e) => pass({ kind: 'failed', message: `the solver stopped: ${e.message}` });
    worker.postMessage(this.request);
    this.worker = worker;
  }

  cancel(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.waiting.clear();
  }

  /** The values along `moves`; never settles once cancelled (a later game's values never come from here). */
  query(moves: readonly number[], onProgress?: (progress: Progress) => void): Promise<Answer> {
    const worker = this.worker;
    if (!worker) return new Promise(() => {});
    this.queryProgress = onProgress;
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      worker.postMessage({ kind: 'query', id, moves } satisfies ToWorker);
    });
  }
}
