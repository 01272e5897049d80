/**
 * Whose turn it is when the computer plays one side, both or neither, and how
 * far an undo goes: against the computer it goes back to the person's turn,
 * so the computer's reply is undone with the person's move.
 */

import type { ComputerSide } from './url.js';

/** The computer plays the move at this ply (ply 0: the first player's first move). */
export function computerMoves(computer: ComputerSide, ply: number): boolean {
  if (computer === 'both') return true;
  if (computer === 'none') return false;
  return (ply % 2 === 0) === (computer === 'first');
}

/** How many moves one undo takes back, with `plies` moves played. */
export function undoSteps(computer: ComputerSide, plies: number): number {
  if (plies === 0) return 0;
  if (computer === 'none' || computer === 'both') return 1;
  // The last move was the computer's: take back the person's move before it too (if there is one).
  return computerMoves(computer, plies - 1) && plies >= 2 ? 2 : 1;
}
