/**
 * Whose turn it is when the computer plays one side, both or neither, and how
 * far an undo goes: against the computer it goes back to the person's turn,
 * so the computer's reply is undone with the person's move. Turns come from
 * the game (`movers`, from `replay`): a move that keeps the turn leaves the
 * same player to move.
 */

import type { ComputerSide } from './url.js';

/** Who is to move: 0 the first player, 1 the second. */
export type Mover = 0 | 1;

/** The computer plays the move of this player. */
export function computerMoves(computer: ComputerSide, mover: Mover): boolean {
  if (computer === 'both') return true;
  if (computer === 'none') return false;
  return (mover === 0) === (computer === 'first');
}

/** How many moves one undo takes back; `movers[i]` is who was to move at position i (one more than the moves played). */
export function undoSteps(computer: ComputerSide, movers: readonly Mover[]): number {
  const plies = movers.length - 1;
  if (plies <= 0) return 0;
  if (computer === 'none' || computer === 'both') return 1;
  // Back to the last position before the end where the person was to move (or the start).
  let at = plies - 1;
  while (at > 0 && computerMoves(computer, movers[at])) at--;
  return plies - at;
}
