/**
 * A thread of its own for the positions `yomi serve` answers by a search
 * with endgame databases (analysis-worker.ts, run by piscina), so that a
 * search of seconds never stalls the server's other requests. Tasks wait
 * their turn; closing the pool ends the thread (a search under way with it).
 */

import { Piscina } from 'piscina';
import { YomiError } from '../core/errors.js';
import { errorReason } from '../core/unknown.js';
import { SearchTooLong } from '../host/endgame-analyst.js';
import type { PositionAnswer } from '../host/position-answer.js';
import type { AnalysisResult, AnalysisTask } from './analysis-worker.js';
import { workerScript } from './worker-script.js';

export class AnalysisThread {
  private readonly pool: Piscina<AnalysisTask, AnalysisResult>;

  constructor() {
    const script = workerScript('analysis-worker', 'the searches with endgame databases');
    this.pool = new Piscina({
      ...script,
      minThreads: 1,
      maxThreads: 1,
      idleTimeout: Number.POSITIVE_INFINITY,
    });
  }

  /** Loads what `task` needs (its position left out): the databases' positions, and in words. */
  async load(task: AnalysisTask): Promise<{ positions: number; text: string }> {
    const result = await this.run({ ...task, position: undefined });
    if (!('loaded' in result)) throw new YomiError('the search thread loaded nothing');
    return result.loaded;
  }

  /** The answer for `task.position`, or the line of why not (a SearchTooLong when its time ran out). */
  async answer(task: AnalysisTask & { position: string }): Promise<PositionAnswer> {
    const result = await this.run(task);
    if (!('answer' in result)) throw new YomiError('the search thread gave no answer');
    return result.answer;
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
    return result;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
