/**
 * How the playground shows a value: a short symbol and a word (never colour
 * alone), a colour from a palette that colour-blind people can tell apart
 * (Okabe–Ito: blue, vermillion, yellow, reddish purple), and the rank of each
 * move among the moves of the position, so the quicker win and the slower
 * loss stand out among moves of the same outcome.
 */

import type { Outcome } from '../../../src/core/outcome.js';
import { compareValues, formatValue, sameValue, type Value } from '../../../src/core/value.js';

export interface OutcomeStyle {
  /** One character drawn on the board. */
  symbol: string;
  word: string;
  colour: string;
  /** Text colour that reads on `colour`. */
  ink: string;
}

export const OUTCOME_STYLES: Record<Outcome, OutcomeStyle> = {
  win: { symbol: 'W', word: 'win', colour: '#0072B2', ink: '#ffffff' },
  lose: { symbol: 'L', word: 'lose', colour: '#D55E00', ink: '#000000' },
  tie: { symbol: 'T', word: 'tie', colour: '#F0E442', ink: '#000000' },
  draw: { symbol: 'D', word: 'draw', colour: '#CC79A7', ink: '#000000' },
};

/** The remoteness (and margin) beside the symbol: `5`, `+3/5`, `∞`; a remoteness not known is left out (`+3`). */
export function shortDetail(value: Value): string {
  const known = !Number.isNaN(value.remoteness);
  const r = Number.isFinite(value.remoteness) ? String(value.remoteness) : known ? '∞' : '';
  if (value.margin === undefined) return r;
  const m = value.margin > 0 ? `+${value.margin}` : String(value.margin);
  return known ? `${m}/${r}` : m;
}

export interface MoveView {
  /** The move's ordinal in `game.moves(position)`. */
  ordinal: number;
  name: string;
  value: Value;
  style: OutcomeStyle;
  /** `win in 5` (the library's wording). */
  text: string;
  /** 1 = among the best moves; moves of equal value share a rank. */
  rank: number;
  /** Best among the moves of the same outcome (the quickest win, the slowest loss). */
  leading: boolean;
  /** Leading, and some move of the same outcome is worse: worth a ring on the board (nine equal moves get none). */
  standsOut: boolean;
}

/** Every move with its style and rank, in the game's own move order. */
export function moveViews(names: readonly string[], values: readonly Value[]): MoveView[] {
  const distinct: Value[] = [];
  for (const v of [...values].sort((a, b) => compareValues(b, a))) {
    if (!distinct.some((d) => sameValue(d, v))) distinct.push(v);
  }
  return values.map((value, ordinal) => {
    const rank = distinct.findIndex((d) => sameValue(d, value)) + 1;
    const kind = values.filter((o) => o.outcome === value.outcome);
    const leading = !kind.some((o) => compareValues(o, value) > 0);
    const standsOut = leading && kind.some((o) => compareValues(o, value) < 0);
    return {
      ordinal,
      name: names[ordinal],
      value,
      style: OUTCOME_STYLES[value.outcome],
      text: formatValue(value),
      rank,
      leading,
      standsOut,
    };
  });
}

/** Moves best first (ties keep the game's order). */
export function rankedMoves(views: readonly MoveView[]): MoveView[] {
  return [...views].sort((a, b) => a.rank - b.rank || a.ordinal - b.ordinal);
}
