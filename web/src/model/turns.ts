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

/**
 * How many of the `available` moves undone one redo plays again from position `at` (`movers` along the
 * moves played and undone): one, and against the computer its replies too, so the person is to move again.
 */
export function redoSteps(
  computer: ComputerSide,
  movers: readonly Mover[],
  at: number,
  available: number,
): number {
  if (computer === 'none' || computer === 'both') return Math.min(1, available);
  let n = Math.min(1, available);
  while (n < available && at + n < movers.length && computerMoves(computer, movers[at + n])) n++;
  return n;
}

/** The first position of the game where a person is to move (the start when nobody or both are the computer). */
export function firstTurn(computer: ComputerSide, movers: readonly Mover[]): number {
  if (computer === 'none' || computer === 'both') return 0;
  const at = movers.findIndex((m) => !computerMoves(computer, m));
  return Math.max(at, 0);
}
