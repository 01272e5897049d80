/**
 * The computer player: with probability `skill` it plays a best move (the
 * quickest win, the slowest loss), chosen at random among equal best moves;
 * otherwise any legal move at random, so people can win sometimes.
 */

import { compareValues, type Value } from '../../../src/core/value.js';

/**
 * The computer's pause before it moves, counted from the person's move, so
 * that people see the move come: as long as a piece takes to drop or appear
 * (style.css), so the reply comes as the person's piece lands.
 */
export const COMPUTER_PAUSE_MS = 250;

/** The ordinal of the move to play among `values` (each move's value for the mover); -1 when none. */
export function chooseMove(
  values: readonly Value[],
  skill: number,
  random: () => number = Math.random,
): number {
  if (values.length === 0) return -1;
  const pick = (ordinals: number[]) =>
    ordinals[Math.min(ordinals.length - 1, Math.floor(random() * ordinals.length))];
  if (random() >= skill) return pick(values.map((_, i) => i));
  const best = values.reduce((b, v) => (compareValues(v, b) > 0 ? v : b));
  return pick(values.flatMap((v, i) => (compareValues(v, best) === 0 ? [i] : [])));
}
