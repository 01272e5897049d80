/**
 * The page's handle on the solver worker: start a solve (a fresh worker each
 * time, so cancelling is simply terminating it), hear its progress, and ask
 * for the values along a line of moves once it is solved.
 */

import type { Value } from '../../src/core/value.js';
import type { FromWorker, ToWorker } from './protocol.js';

export interface Answer {
  /** The value of each position from the start through the moves. */
  path: Value[];
  /** The value of each move at the end, for the player to move. */
  moves: Value[];
}

export type SolveEvent = Exclude<FromWorker, { kind: 'answer' }>;

export class SolverClient {
  private worker: Worker | undefined;
  private nextId = 0;
  private waiting = new Map<number, (answer: Answer) => void>();

  start(message: Extract<ToWorker, { kind: 'solve' }>, onEvent: (event: SolveEvent) => void): void {
    this.cancel();
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const data = e.data;
      if (data.kind === 'answer') {
        this.waiting.get(data.id)?.(data);
        this.waiting.delete(data.id);
      } else {
        onEvent(data);
      }
    };
    worker.onerror = (e) => onEvent({ kind: 'failed', message: `the solver stopped: ${e.message}` });
    worker.postMessage(message);
    this.worker = worker;
  }

  cancel(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.waiting.clear();
  }

  query(moves: number[]): Promise<Answer> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('no solved game'));
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      worker.postMessage({ kind: 'query', id, moves } satisfies ToWorker);
    });
  }
}
