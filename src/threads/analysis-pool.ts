/**
 * A thread of its own for the positions `yomi serve` answers by a search
 * with endgame databases (analysis-worker.ts, run by piscina), so that a
 * search of seconds never stalls the server's other requests. Tasks wait
 * their turn, except that a player's answer stops a search made ahead of
 * time at once (through a shared word the thread's search looks at between
 * batches of nodes). Closing the pool ends the thread, and any search with it.
 */

import { Piscina } from 'piscina';
import { YomiError } from '../core/errors.js';
import { errorReason } from '../core/unknown.js';
import { SearchTooLong } from '../host/endgame-analyst.js';
import type { PositionAnswer } from '../host/position-answer.js';
import type { AnalysisResult, AnalysisTask } from './analysis-worker.js';
import { workerScript } from './worker-script.js';

/** Which databases and game a task is for, and the table to search with. */
export type AnalysisTarget = Pick<AnalysisTask, 'spec' | 'dir' | 'tableBytes'>;

/** What the thread loaded: the databases' positions and size in words, and the scores proven before. */
export interface Loaded {
  positions: number;
  text: string;
  proven: number;
}

export class AnalysisThread {
  private readonly pool: Piscina<AnalysisTask, AnalysisResult>;
  private readonly stop = new SharedArrayBuffer(4);
  private readonly stopWord = new Int32Array(this.stop);
  /** Players' answers asked for and not given yet. */
  private waiting = 0;
  /** Called once with the line of a failure to keep the proven scores on disk. */
  onSaveError?: (line: string) => void;
  private saveErrorSeen = false;

  constructor() {
    this.pool = new Piscina({
      filename: workerScript('analysis-worker', 'the searches with endgame databases'),
      minThreads: 1,
      maxThreads: 1,
      idleTimeout: Number.POSITIVE_INFINITY,
    });
  }

  /** Loads the databases and the scores proven before, for `target`. */
  async load(target: AnalysisTarget): Promise<Loaded> {
    const result = await this.run({ ...target, stop: this.stop });
    if (!('loaded' in result)) throw new YomiError('the search thread loaded nothing');
    return result.loaded;
  }

  /** A player's answer for `position`, within `seconds` (a SearchTooLong past them). */
  async answer(target: AnalysisTarget, position: string, seconds: number): Promise<PositionAnswer> {
    this.waiting++;
    Atomics.store(this.stopWord, 0, 1);
    try {
      const result = await this.run({ ...target, stop: this.stop, position, seconds });
      if (!('answer' in result)) throw new YomiError('the search thread gave no answer');
      return result.answer;
    } finally {
      if (--this.waiting === 0) Atomics.store(this.stopWord, 0, 0);
    }
  }

  /** Whether a player waits for an answer (a search ahead of time would only be stopped). */
  get busy(): boolean {
    return this.waiting > 0;
  }

  /** The answer for `position` searched ahead of time, as long as it takes; undefined when a player's answer stopped it. */
  async ahead(target: AnalysisTarget, position: string): Promise<PositionAnswer | undefined> {
    const result = await this.run({ ...target, stop: this.stop, position });
    return 'answer' in result ? result.answer : undefined;
  }

  private async run(task: AnalysisTask): Promise<Exclude<AnalysisResult, { error: string }>> {
    let result: AnalysisResult;
    try {
      result = await this.pool.run(task);
    } catch (e) {
      throw new YomiError(`the search thread stopped: ${errorReason(e).split('\n')[0]}`);
    }
    if ('error' in result)
      throw result.tooLong ? new SearchTooLong(result.error) : new YomiError(result.error);
    if ('saveError' in result && result.saveError !== undefined && !this.saveErrorSeen) {
      this.saveErrorSeen = true;
      this.onSaveError?.(result.saveError);
    }
    return result;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
