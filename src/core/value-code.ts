/**
 * A position's outcome and remoteness packed into one integer, ordered so that
 * a larger code is better for the player to move. Solvers keep values as codes
 * in an `Int32Array` and choose the best move with a plain `max`, without a
 * branch per outcome:
 *
 *   lose in r → r                 (delaying a loss is better)
 *   draw      → BAND              (one code)
 *   tie in r  → 3·BAND − 1 − r    (an earlier tie is better)
 *   win in r  → 4·BAND − 1 − r    (an earlier win is better)
 *
 * The code a move has for its mover follows from the child's code by one
 * multiply-add chosen by the child's band (`code >>> BAND_BITS`); see
 * `MOVE_ADD` / `MOVE_MUL`, used as `MOVE_ADD[b] + MOVE_MUL[b] * code`. A move
 * that keeps the turn adds `KEEP_ADD[b]` instead (no flip, one ply more).
 *
 * A solve that needs no remoteness keeps a one-byte rank instead (lose <
 * draw < tie < win), flipped by `MOVE_RANK`.
 */

import { DRAW, LOSE, OUTCOMES, primitiveOutcome, primitiveRemoteness, TIE, WIN } from './outcome.js';
import type { Value } from './value.js';

export const BAND_BITS = 28;
export const BAND = 1 << BAND_BITS;
/** Remoteness must stay below this (2^28 − 1 plies). */
export const MAX_REMOTENESS = BAND - 2;

export const LOSE_CODE = 0;
export const DRAW_CODE = BAND;
export const TIE_CODE = 3 * BAND - 1;
export const WIN_CODE = 4 * BAND - 1;

/** Indexed by the child's band (0 lose, 1 draw, 2 tie, 3 win): the mover's code is ADD + MUL · childCode. */
export const MOVE_ADD = Int32Array.of(4 * BAND - 2, 0, -1, 4 * BAND);
export const MOVE_MUL = Int32Array.of(-1, 1, 1, -1);

/**
 * The inverse, indexed by the band of a move's code: the code of the child the
 * move leads to is UNMOVE_ADD + UNMOVE_MUL · moveCode. Lets a solver keep each
 * position's value as a move into it is worth (one transform per position
 * instead of one per move) and recover the positions' codes at the end.
 */
export const UNMOVE_ADD = Int32Array.of(4 * BAND, 0, 1, 4 * BAND - 2);
export const UNMOVE_MUL = Int32Array.of(-1, 1, 1, -1);

/**
 * For a move that keeps the turn (an extra turn), indexed by the child's band:
 * the mover's code is childCode + KEEP_ADD — the same outcome, one ply later.
 */
export const KEEP_ADD = Int32Array.of(1, 0, -1, -1);

/**
 * Outcome ranks, for solves that skip the remoteness (one byte per position):
 * a larger rank is better for the player to move.
 */
export const LOSE_RANK = 0;
export const DRAW_RANK = 1;
export const TIE_RANK = 2;
export const WIN_RANK = 3;

/** Indexed by the child's rank: the rank the move has for its mover (a win and a loss swap). */
export const MOVE_RANK = Uint8Array.of(WIN_RANK, DRAW_RANK, TIE_RANK, LOSE_RANK);

/** The rank of an outcome code (LOSE, WIN, TIE, DRAW). */
export const OUTCOME_RANK = Uint8Array.of(LOSE_RANK, WIN_RANK, TIE_RANK, DRAW_RANK);

/** The outcome code of a rank. */
export const RANK_OUTCOME = Uint8Array.of(LOSE, DRAW, TIE, WIN);

export function encode(outcome: number, remoteness: number): number {
  switch (outcome) {
    case LOSE:
      return remoteness;
    case WIN:
      return WIN_CODE - remoteness;
    case TIE:
      return TIE_CODE - remoteness;
    default:
      return DRAW_CODE;
  }
}

/** The code a move has for its mover, given the child's code. */
export function moveCode(childCode: number): number {
  const band = childCode >>> BAND_BITS;
  return MOVE_ADD[band] + MOVE_MUL[band] * childCode;
}

/** The code of the child a move leads to, given the move's code for its mover (the inverse of `moveCode`). */
export function unmoveCode(moveCode: number): number {
  const band = moveCode >>> BAND_BITS;
  return UNMOVE_ADD[band] + UNMOVE_MUL[band] * moveCode;
}

/** The code a move that keeps the turn has for its mover, given the child's code. */
export function keepCode(childCode: number): number {
  return childCode + KEEP_ADD[childCode >>> BAND_BITS];
}

/** The code of a position the rules end, from an `IndexedGame`'s primitive code (see outcome.ts). */
export function primitiveValueCode(primitive: number): number {
  return encode(primitiveOutcome(primitive), primitiveRemoteness(primitive));
}

export function codeOutcome(code: number): number {
  const band = code >>> BAND_BITS;
  return band === 0 ? LOSE : band === 1 ? DRAW : band === 2 ? TIE : WIN;
}

export function codeRemoteness(code: number): number {
  const band = code >>> BAND_BITS;
  return band === 0
    ? code
    : band === 1
      ? Number.POSITIVE_INFINITY
      : band === 2
        ? TIE_CODE - code
        : WIN_CODE - code;
}

export function decode(code: number): Value {
  return { outcome: OUTCOMES[codeOutcome(code)], remoteness: codeRemoteness(code) };
}

export { DRAW, LOSE, TIE, WIN };
