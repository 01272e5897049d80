/**
 * How the CLI reports a search whose budget (--max-nodes, --max-seconds) ran
 * out: not as an error, but as the proven range of the value, written the
 * way the game writes its answers where it can.
 */

import type { AnyGame } from '../core/game.js';
import { formatBound, type SearchIncomplete, stopText } from '../core/search.js';
import type { Value } from '../core/value.js';
import type { GameDefinition } from '../games/definition.js';

export function boundsLine(e: SearchIncomplete, def?: GameDefinition, game?: AnyGame): string {
  const show = (v: Value) =>
    def && game && Number.isFinite(v.remoteness) ? def.answer(v, game) : formatBound(v);
  const ran = `${stopText(e.reason)} after ${e.nodes.toLocaleString('en-US')} nodes`;
  if (!e.atStart) {
    // The start was valued, but a later position (a move's, for analyze) was not.
    return `not all moves valued: ${ran} while valuing a position after the start (proven there: between ${formatBound(e.lower)} and ${formatBound(e.upper)}); raise the budget`;
  }
  return `between ${show(e.lower)} and ${show(e.upper)} (${ran}; these bounds are proven)`;
}
