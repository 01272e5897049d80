/**
 * The thread that answers positions for `yomi serve` by a search reading a
 * game's endgame databases (host/endgame-analyst.ts), run by piscina: it
 * opens each built-in game it is asked for once, with its databases loaded
 * and its table kept, and answers one position per task. A failure crosses
 * as its line and its kind, since an Error's class does not cross threads.
 */

import { YomiError } from '../core/errors.js';
import { openGame } from '../games/open.js';
import { EndgameAnalyst, SearchTooLong } from '../host/endgame-analyst.js';
import type { PositionAnswer } from '../host/position-answer.js';

/** One answer to give: `position` of the built-in game `spec` from the databases in `dir`; none: only load them. */
export interface AnalysisTask {
  spec: string;
  dir: string;
  tableBytes: number;
  position?: string;
  seconds: number;
}

export type AnalysisResult =
  | { answer: PositionAnswer }
  | { loaded: { positions: number; text: string } }
  | { error: string; tooLong: boolean };

const analysts = new Map<string, EndgameAnalyst>();

export default function analyze(task: AnalysisTask): AnalysisResult {
  try {
    const key = `${task.spec} ${task.dir}`;
    let analyst = analysts.get(key);
    if (analyst === undefined) {
      // Only a built-in game: the spec is one the server offers, never a module.
      analyst = new EndgameAnalyst(openGame(task.spec).games[0], task.dir, task.tableBytes);
      analysts.set(key, analyst);
    }
    if (task.position === undefined) return { loaded: analyst.held() };
    return { answer: analyst.analyze(task.position, task.seconds) };
  } catch (e) {
    if (e instanceof YomiError) return { error: e.message, tooLong: e instanceof SearchTooLong };
    throw e;
  }
}
