/**
 * How the CLI reports a search whose budget (--max-nodes, --max-seconds) ran
 * out, or that Ctrl-C interrupted: not as an error, but as the proven range of the value, written the
 * way the game writes its answers where it can — as a line, or with
 * `--json` as the numeric bounds.
 */

import type { AnyGame } from '../core/game.js';
import { grouped } from '../core/grouped.js';
import { type JsonBound, jsonBound } from '../core/json.js';
import { formatBound, type SearchIncomplete, type StopReason, stopText } from '../core/search.js';
import type { Value } from '../core/value.js';
import type { GameDefinition } from '../games/kit/definition.js';

/** `--json`: the bounds a search proved before its budget ran out. */
export interface JsonBounds {
  incomplete: true;
  /** Which budget ran out (or 'interrupted': Ctrl-C). */
  budget: StopReason;
  nodes: number;
  /** The bounds are the start's (else a later position's, when analyze valued the moves). */
  atStart: boolean;
  lower: JsonBound;
  upper: JsonBound;
  /** The line `yomi solve` prints. */
  text: string;
}

/** The game's answer for a bound, where a bound has one (a known remoteness). */
function answerOf(e: SearchIncomplete, def?: GameDefinition, game?: AnyGame) {
  if (!def || !game || !e.atStart) return undefined;
  return (v: Value) => (Number.isFinite(v.remoteness) ? def.answer(v, game) : formatBound(v));
}

export function boundsLine(e: SearchIncomplete, def?: GameDefinition, game?: AnyGame): string {
  const show = answerOf(e, def, game) ?? formatBound;
  const ran = `${stopText(e.reason)} after ${grouped(e.nodes)} nodes`;
  if (!e.atStart) {
    // The start was valued, but a later position (a move's, for analyze) was not.
    return `not all moves valued: ${ran} while valuing a position after the start (proven there: between ${formatBound(e.lower)} and ${formatBound(e.upper)}); raise the budget`;
  }
  return `between ${show(e.lower)} and ${show(e.upper)} (${ran}; these bounds are proven)`;
}

export function boundsJson(e: SearchIncomplete, def?: GameDefinition, game?: AnyGame): JsonBounds {
  const answer = answerOf(e, def, game);
  return {
    incomplete: true,
    budget: e.reason,
    nodes: e.nodes,
    atStart: e.atStart,
    lower: jsonBound(e.lower, answer),
    upper: jsonBound(e.upper, answer),
    text: boundsLine(e, def, game),
  };
}

/** The line of a game left unsolved because the run's time budget (--max-seconds) was spent before it. */
export function timeSpentLine(): string {
  return 'not solved: the time budget (--max-seconds) was spent before this game';
}

/** `--json`: a game of the input left unsolved because the run's time budget was spent before it. */
export interface JsonSkipped {
  skipped: true;
  /** The line `yomi solve` prints. */
  text: string;
}

export function timeSpentJson(): JsonSkipped {
  return { skipped: true, text: timeSpentLine() };
}
