/**
 * Dobutsu shogi's positions in the players' real orientation and its rules on
 * them: the form people see, type and play (`Game<DobutsuPosition,
 * DobutsuMove>` is built from these in game.ts). The solver works on the
 * perfect hash instead (perfect-hash.ts, indexed.ts), which normalises the
 * mover and folds mirror images; `rankOf`/`positionOf` join the two.
 *
 * Rules: a 3×4 board; each player has a lion, two giraffes, two elephants and
 * two chicks in the full game (a variant may leave out any of the three
 * pairs). A piece steps one square, never onto its own side's piece, and
 * captures an enemy piece by moving onto it; a captured piece goes to the
 * captor's hand unpromoted (a hen becomes a chick). Instead of moving, a
 * player may drop a piece from hand on any empty square. A chick that moves
 * onto the far rank becomes a hen; a dropped chick never promotes (on the far
 * rank it cannot move). The game is over — with the convention of published
 * Dobutsu solvers — when the player to move can capture the enemy lion (a win
 * in 1, not expanded), or when the enemy lion stands on the mover's home rank
 * and cannot be captured (a loss: the enemy's "try" succeeded).
 */

import { DOWN, KIND_LETTERS, ROWS, rowOf, SQUARES, squareName, UP } from './board.js';

/** A Dobutsu shogi position in the players' real orientation. */
export interface DobutsuPosition {
  /**
   * The 12 squares rank by rank from rank 1 as the first player sees the
   * board (a1 b1 c1 a2 … c4): `.` empty, `L G E C H` the first player's lion,
   * giraffe, elephant, chick and hen, `l g e c h` the second player's.
   */
  readonly board: string;
  /** Whose turn: 0 the first player (upper case, starts on ranks 3–4), 1 the second. */
  readonly turn: 0 | 1;
  /** Pieces in hand, the first player's then the second's: letters G, E, C in that order (`''` for none). */
  readonly hands: readonly [string, string];
}

/** A Dobutsu shogi move: a piece from one square to another, or a drop from the hand. */
export interface DobutsuMove {
  /** The square the piece leaves, or −1 for a drop. */
  readonly from: number;
  readonly to: number;
  /** For a drop: the kind dropped (`G`, `E` or `C`); `''` for a move on the board. */
  readonly drop: string;
}

/** The piece type (board.ts's attack-table index: giraffe 0 … lion 4) of a piece letter in upper case. */
const TYPE_OF_LETTER: Readonly<Record<string, number>> = { G: 0, E: 1, C: 2, H: 3, L: 4 };

export const isFirstPlayers = (letter: string): boolean => letter >= 'A' && letter <= 'Z';

/** The letter of `piece` (upper case) for the player `turn`. */
const colour = (piece: string, turn: number): string =>
  turn === 0 ? piece.toUpperCase() : piece.toLowerCase();

/** The pairs in play, as kind letters in the order G, E, C: `GEC` for the full game. */
export type Pieces = string;

/** Letters of a hand in the order G, E, C. */
export const sortHand = (letters: string): string =>
  [...letters].sort((a, b) => KIND_LETTERS.indexOf(a) - KIND_LETTERS.indexOf(b)).join('');

/** The start: first player E a4, L b4, G c4, C b3; second player g a1, l b1, e c1, c b2 (pairs not in play left out). */
export function startPosition(pieces: Pieces): DobutsuPosition {
  const board = Array<string>(SQUARES).fill('.');
  const first: [number, string][] = [
    [9, 'E'],
    [10, 'L'],
    [11, 'G'],
    [7, 'C'],
  ];
  for (const [s, letter] of first) {
    if (letter !== 'L' && !pieces.includes(letter)) continue;
    board[s] = letter;
    // The second player's pieces are the first player's turned by a half-turn.
    board[SQUARES - 1 - s] = letter.toLowerCase();
  }
  return { board: board.join(''), turn: 0, hands: ['', ''] };
}

/** The attack masks of the player to move: the first player moves up the board (towards rank 1). */
const attacks = (turn: number): Int32Array => (turn === 0 ? UP : DOWN);

/** The mover's far rank (where a chick promotes) and home rank, as rows. */
const farRow = (turn: number): number => (turn === 0 ? 0 : ROWS - 1);
const homeRow = (turn: number): number => (turn === 0 ? ROWS - 1 : 0);

const mine = (letter: string, turn: number): boolean =>
  letter !== '.' && isFirstPlayers(letter) === (turn === 0);

/** Can the player to move capture the enemy lion? */
function canTakeLion(p: DobutsuPosition): boolean {
  const lion = p.board.indexOf(colour('L', 1 - p.turn));
  const table = attacks(p.turn);
  for (let s = 0; s < SQUARES; s++) {
    const letter = p.board[s];
    if (!mine(letter, p.turn)) continue;
    if ((table[TYPE_OF_LETTER[letter.toUpperCase()] * SQUARES + s] >> lion) & 1) return true;
  }
  return false;
}

/**
 * 'win' when the mover can capture the enemy lion (a win in 1: the capture is
 * not played out), 'lose' when the enemy lion stands on the mover's home rank
 * and cannot be captured, else undefined.
 */
export function outcomeOf(p: DobutsuPosition): 'win' | 'lose' | undefined {
  if (canTakeLion(p)) return 'win';
  const lion = p.board.indexOf(colour('L', 1 - p.turn));
  return rowOf(lion) === homeRow(p.turn) ? 'lose' : undefined;
}

/** Every legal move: pieces on the board in square order (targets in square order), then drops (G, E, C; squares in order). */
export function legalMoves(p: DobutsuPosition): DobutsuMove[] {
  const moves: DobutsuMove[] = [];
  const table = attacks(p.turn);
  for (let s = 0; s < SQUARES; s++) {
    const letter = p.board[s];
    if (!mine(letter, p.turn)) continue;
    const reach = table[TYPE_OF_LETTER[letter.toUpperCase()] * SQUARES + s];
    for (let t = 0; t < SQUARES; t++) {
      if ((reach >> t) & 1 && !mine(p.board[t], p.turn)) moves.push({ from: s, to: t, drop: '' });
    }
  }
  for (const kind of new Set(p.hands[p.turn])) {
    for (let t = 0; t < SQUARES; t++) if (p.board[t] === '.') moves.push({ from: -1, to: t, drop: kind });
  }
  return moves;
}

/** Does the move promote a chick? */
const promotes = (p: DobutsuPosition, m: DobutsuMove): boolean =>
  m.from >= 0 && p.board[m.from].toUpperCase() === 'C' && rowOf(m.to) === farRow(p.turn);

/** The position after `m` (a new object; `p` is unchanged). */
export function playMove(p: DobutsuPosition, m: DobutsuMove): DobutsuPosition {
  const board = [...p.board];
  const hands: [string, string] = [p.hands[0], p.hands[1]];
  if (m.from < 0) {
    board[m.to] = colour(m.drop, p.turn);
    hands[p.turn] = hands[p.turn].replace(m.drop, '');
  } else {
    const captured = board[m.to];
    if (captured !== '.') {
      const kind = captured.toUpperCase() === 'H' ? 'C' : captured.toUpperCase();
      hands[p.turn] = sortHand(hands[p.turn] + kind);
    }
    board[m.to] = promotes(p, m) ? colour('H', p.turn) : board[m.from];
    board[m.from] = '.';
  }
  return { board: board.join(''), turn: p.turn === 0 ? 1 : 0, hands };
}

/** `Cb3xb2` (a capture), `Lb4-a3` (a move), `C*a2` (a drop), `Cb2-b1+` (a promotion), in real coordinates. */
export function moveText(p: DobutsuPosition, m: DobutsuMove): string {
  if (m.from < 0) return `${m.drop}*${squareName(m.to)}`;
  const piece = p.board[m.from].toUpperCase();
  const sep = p.board[m.to] === '.' ? '-' : 'x';
  return `${piece}${squareName(m.from)}${sep}${squareName(m.to)}${promotes(p, m) ? '+' : ''}`;
}
