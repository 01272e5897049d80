/**
 * The thread that answers positions for `yomi serve` by a search reading a
 * game's endgame databases (host/endgame-analyst.ts), run by piscina: it
 * opens each built-in game it is asked for once, with its databases loaded,
 * its table and its proven scores kept, and answers one position per task —
 * within the task's seconds, or, for a search made ahead of time, until the
 * main thread sets the shared stop word (a player is waiting). A failure
 * crosses as its line and its kind, since an Error's class does not cross
 * threads.
 */

import { YomiError } from '../core/errors.js';
import { SearchIncomplete } from '../core/search.js';
import { openGame } from '../games/open.js';
import { EndgameAnalyst, SearchTooLong } from '../host/endgame-analyst.js';
import type { PositionAnswer } from '../host/position-answer.js';

/**
 * One task: `position` of the built-in game `spec` from the databases in
 * `dir`, within `seconds` (absent: ahead of time, until `stop` is set);
 * without a position, only loading them.
 */
export interface AnalysisTask {
  spec: string;
  dir: string;
  tableBytes: number;
  /** One word the main thread sets (to 1) to stop a search made ahead of time. */
  stop: SharedArrayBuffer;
  position?: string;
  seconds?: number;
}

export type AnalysisResult =
  | { answer: PositionAnswer; saveError?: string }
  | { loaded: { positions: number; text: string; proven: number } }
  | { stopped: true }
  | { error: string; tooLong: boolean };

const analysts = new Map<string, EndgameAnalyst>();

export default function analyze(task: AnalysisTask): AnalysisResult {
  try {
    const key = `${task.spec} ${task.dir}`;
    let analyst = analysts.get(key);
    if (analyst === undefined) {
      // Only a built-in game: the spec is one the server offers, never a module.
      analyst = new EndgameAnalyst(openGame(task.spec).games[0], task.spec, task.dir, task.tableBytes);
      analysts.set(key, analyst);
    }
    if (task.position === undefined) return { loaded: { ...analyst.held(), proven: analyst.provenCount } };
    const stop = new Int32Array(task.stop);
    const limits =
      task.seconds === undefined
        ? { stopped: () => (Atomics.load(stop, 0) === 0 ? undefined : ('interrupted' as const)) }
        : { seconds: task.seconds };
    const answer = analyst.analyze(task.position, limits);
    return { answer, ...(analyst.saveError === undefined ? {} : { saveError: analyst.saveError }) };
  } catch (e) {
    if (e instanceof SearchIncomplete && e.reason === 'interrupted') return { stopped: true };
    if (e instanceof YomiError) return { error: e.message, tooLong: e instanceof SearchTooLong };
    throw e;
  }
}
