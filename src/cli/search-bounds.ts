/**
 * How the CLI reports a search whose budget (--max-nodes, --max-seconds) ran
 * out: not as an error, but as the proven range of the value, written the
 * way the game writes its answers where it can.
 */

import type { AnyGame } from '../core/game.js';
import type { Value } from '../core/value.js';
import type { GameDefinition } from '../games/kit/definition.js';
import { formatBound, type SearchIncomplete } from '../solvers/alphabeta.js';

export function boundsLine(e: SearchIncomplete, def?: GameDefinition, game?: AnyGame): string {
  const show = (v: Value) =>
    def && game && Number.isFinite(v.remoteness) ? def.answer(v, game) : formatBound(v);
  const budget = e.reason === 'nodes' ? 'node' : 'time';
  const ran = `the ${budget} budget ran out after ${e.nodes.toLocaleString('en-US')} nodes`;
  if (!e.atStart) {
    // The start was valued, but a later position (a move's, for analyze) was not.
    return `not all moves valued: ${ran} while valuing a position after the start (proven there: between ${formatBound(e.lower)} and ${formatBound(e.upper)}); raise the budget`;
  }
  return `between ${show(e.lower)} and ${show(e.upper)} (${ran}; these bounds are proven)`;
}

/** The line of a game left unsolved because the run's time budget (--max-seconds) was spent before it. */
export function timeSpentLine(): string {
  return 'not solved: the time budget (--max-seconds) was spent before this game';
}
