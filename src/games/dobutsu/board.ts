/**
 * Dobutsu shogi's board and pieces, shared by the position model (the form
 * people read and type) and the perfect hash (the form the solver fills).
 *
 * Squares are numbered 0 … 11 rank by rank as the first player sees the
 * board: a1 b1 c1 (0 1 2) at the top, a4 b4 c4 (9 10 11) at the bottom, so
 * square = 3·row + file with row = rank − 1. Rules are written for the
 * player to move seen "moving up" (towards row 0, as the first player does);
 * the second player's view is the board turned by a half-turn (square s ↔
 * 11 − s) with the colours swapped.
 *
 * A square holds a cell code: 0 empty, 1–4 the mover's giraffe, elephant,
 * chick, hen, 5–8 the opponent's, 9 the mover's lion, 10 the opponent's.
 * The codes 0–8 are also the "digits" of the perfect hash (lions are ranked
 * by their squares, not as digits).
 */

export const SQUARES = 12;
export const FILES = 3;
export const ROWS = 4;

export const EMPTY = 0;
export const OWN_CHICK = 3;
export const OWN_HEN = 4;
/** The opponent's piece of a type is the mover's code + OPPONENT (giraffe … hen). */
export const OPPONENT = 4;
export const OPP_CHICK = OWN_CHICK + OPPONENT;
export const OPP_HEN = OWN_HEN + OPPONENT;
export const OWN_LION = 9;
export const OPP_LION = 10;

/** Piece types, as indices of the attack tables: giraffe 0, elephant 1, chick 2, hen 3, lion 4. */
export const CHICK = 2;
export const LION = 4;

/**
 * The three kinds of pieces that come in pairs and go to hand (a hen goes as
 * a chick); a kind's index is its unpromoted piece type's.
 */
export const KINDS = 3;
export const KIND_LETTERS = 'GEC';

/** TYPE_OF_CELL[c]: the piece type on a cell (−1 for empty). */
export const TYPE_OF_CELL = Int8Array.of(-1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 4);
/** KIND_OF_CELL[c]: the kind (giraffe 0, elephant 1, chick 2; a hen is a chick) of a non-lion piece, else −1. */
export const KIND_OF_CELL = Int8Array.of(-1, 0, 1, 2, 2, 0, 1, 2, 2, -1, -1);

export const rowOf = (s: number): number => (s / FILES) | 0;
export const fileOf = (s: number): number => s % FILES;
/** The square seen by the other player (a half-turn). */
export const rotate = (s: number): number => SQUARES - 1 - s;
/** The left–right mirror image of a square. */
export const mirror = (s: number): number => s - 2 * fileOf(s) + FILES - 1;

/** Squares of file c (mirror images of file a), as a bit mask. */
export const FILE_C_MASK = 0b100_100_100_100;

/** `a1` … `c4`. */
export const squareName = (s: number): string => `${'abc'[fileOf(s)]}${rowOf(s) + 1}`;

/** The steps (rows, files) of each piece type for the player moving up. */
const STEPS: readonly (readonly [number, number])[][] = [
  [
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ],
  [
    [-1, -1],
    [-1, 1],
    [1, -1],
    [1, 1],
  ],
  [[-1, 0]],
  [
    [-1, 0],
    [-1, -1],
    [-1, 1],
    [0, -1],
    [0, 1],
    [1, 0],
  ],
  [
    [-1, -1],
    [-1, 0],
    [-1, 1],
    [0, -1],
    [0, 1],
    [1, -1],
    [1, 0],
    [1, 1],
  ],
];

function attackMasks(direction: number): Int32Array {
  const masks = new Int32Array(STEPS.length * SQUARES);
  STEPS.forEach((steps, type) => {
    for (let s = 0; s < SQUARES; s++) {
      for (const [dr, df] of steps) {
        const r = rowOf(s) + direction * dr;
        const f = fileOf(s) + df;
        if (r >= 0 && r < ROWS && f >= 0 && f < FILES) masks[type * SQUARES + s] |= 1 << (r * FILES + f);
      }
    }
  });
  return masks;
}

/**
 * UP[type·12 + s]: the squares a piece of `type` on `s` reaches for the
 * player moving up (the mover). Every piece moves symmetrically left–right,
 * so DOWN (the opponent's moves) is UP turned upside down, and "the squares a
 * mover's piece of `type` attacks q from" is DOWN[type·12 + q], "the squares
 * an opponent's piece on q came from" is UP[type·12 + q].
 */
export const UP = attackMasks(1);
export const DOWN = attackMasks(-1);

export function popcount(m: number): number {
  let v = m - ((m >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Which moves of a left–right symmetric position are kept so that each pair of
 * mirror-image moves (which reach mirror-image positions, one position once
 * folded) counts once: moves from file a, moves from file b that do not go to
 * file c, and drops (from = −1) off file c.
 */
export function keptInSymmetric(from: number, to: number): boolean {
  const f = from < 0 ? 1 : fileOf(from);
  return f === 0 || (f === 1 && fileOf(to) !== 2);
}
