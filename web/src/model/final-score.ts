/**
 * Scoring games read as the final score. The solver's margin is what the
 * rest of the game adds (the points still to come, for the player to move);
 * people read "win by 2" as the result of the game. So the page adds the
 * points already made: a value's margin becomes the difference of the final
 * scores with best play, and its outcome follows from that margin. The turn
 * line, the marks, the move list and the chart all show values through this
 * one reading.
 */

import type { Value } from '../../../src/core/value.js';
import type { Answer } from '../sources/value-source.js';
import type { Mover } from './turns.js';

/** A value of the rest of the game, read as the final result for a player who leads by `lead` points now. */
export function finalValue(value: Value, lead: number): Value {
  if (value.margin === undefined || value.outcome === 'draw') return value;
  const margin = value.margin + lead;
  return { ...value, outcome: margin > 0 ? 'win' : margin < 0 ? 'lose' : 'tie', margin };
}

/** The lead of the player to move at each position: `leads` are the first player's over the second. */
export function moverLead(leads: readonly number[], movers: readonly Mover[], ply: number): number {
  return movers[ply] === 1 ? -leads[ply] : leads[ply];
}

/** The values along the game and of every move at its end, read as final scores. */
export function finalAnswer(answer: Answer, leads: readonly number[], movers: readonly Mover[]): Answer {
  const here = leads.length - 1;
  return {
    path: answer.path.map((v, ply) => v && finalValue(v, moverLead(leads, movers, ply))),
    moves: answer.moves.map((v) => finalValue(v, moverLead(leads, movers, here))),
  };
}
