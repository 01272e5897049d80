/**
 * Connect Four positions on bitboards (see bitboard.ts) and the score
 * convention of Connect Four solvers (Pons): 0 for a draw; when the player
 * to move wins, (W×H + 1 − n) / 2 rounded down, n being the number of
 * stones on the board just before the winner's last stone; the negative of
 * that when the player to move loses. The score holds the exact remoteness:
 * a win in r plies puts the winning stone on n' = n + r − 1 stones.
 */

import type { Value } from '../../core/value.js';
import { add, Bits, type Geometry } from './bitboard.js';

/** A Connect Four position as two bitboards (the player to move's stones and all stones), each in two 32-bit halves. */
export interface Connect4Position {
  /** The player to move's stones. */
  readonly cur0: number;
  readonly cur1: number;
  /** All stones. */
  readonly mask0: number;
  readonly mask1: number;
  /** Stones on the board. */
  readonly moves: number;
  /** The last stone made four in a row: the player to move has lost. */
  readonly won: boolean;
}

export const EMPTY: Connect4Position = { cur0: 0, cur1: 0, mask0: 0, mask1: 0, moves: 0, won: false };

const scratch = new Bits();

export function canPlay(g: Geometry, p: Connect4Position, column: number): boolean {
  return ((p.mask0 & g.top0[column]) | (p.mask1 & g.top1[column])) === 0;
}

/** The position after a stone in `column` (which must not be full). */
export function play(g: Geometry, p: Connect4Position, column: number): Connect4Position {
  add(p.mask0, p.mask1, g.low0[column], g.low1[column], scratch);
  const b0 = scratch.r0 & g.column0[column];
  const b1 = scratch.r1 & g.column1[column];
  const won = g.hasFour(p.cur0 | b0, p.cur1 | b1);
  return {
    cur0: p.cur0 ^ p.mask0,
    cur1: p.cur1 ^ p.mask1,
    mask0: p.mask0 | b0,
    mask1: p.mask1 | b1,
    moves: p.moves + 1,
    won,
  };
}

const mirrorCur = new Bits();
const mirrorMask = new Bits();

/**
 * The position that stands for `p` and its mirror image (column c ↔ column
 * W−1−c, which changes no score): the one whose code cur + mask (as the
 * game's key) is smaller; `p` itself when it is its own mirror image or the
 * smaller one.
 */
export function canonicalPosition(g: Geometry, p: Connect4Position): Connect4Position {
  g.mirror(p.cur0, p.cur1, mirrorCur);
  g.mirror(p.mask0, p.mask1, mirrorMask);
  const lo = (c0: number, m0: number) => (c0 >>> 0) + (m0 >>> 0);
  const hi = (c1: number, m1: number, low: number) => (c1 + m1 + (low > 0xffffffff ? 1 : 0)) >>> 0;
  const ownLo = lo(p.cur0, p.mask0);
  const ownHi = hi(p.cur1, p.mask1, ownLo);
  const mirLo = lo(mirrorCur.r0, mirrorMask.r0);
  const mirHi = hi(mirrorCur.r1, mirrorMask.r1, mirLo);
  const smaller = mirHi < ownHi || (mirHi === ownHi && mirLo % 2 ** 32 < ownLo % 2 ** 32);
  if (!smaller) return p;
  return {
    cur0: mirrorCur.r0,
    cur1: mirrorCur.r1,
    mask0: mirrorMask.r0,
    mask1: mirrorMask.r1,
    moves: p.moves,
    won: p.won,
  };
}

/** The player to move can complete four with their next stone. */
export function canWinNext(g: Geometry, p: Connect4Position): boolean {
  add(p.mask0, p.mask1, g.bottom0, g.bottom1, scratch);
  const free0 = scratch.r0 & g.board0;
  const free1 = scratch.r1 & g.board1;
  g.winningCells(p.cur0, p.cur1, p.mask0, p.mask1, scratch);
  return ((scratch.r0 & free0) | (scratch.r1 & free1)) !== 0;
}

/** The score when it needs no search (the game is over, or the player to move wins at once). */
export function staticScore(g: Geometry, p: Connect4Position): number | undefined {
  if (p.won) return -((g.cells + 2 - p.moves) >> 1);
  if (p.moves === g.cells) return 0;
  if (canWinNext(g, p)) return (g.cells + 1 - p.moves) >> 1;
  return undefined;
}

/** Proven bounds on the score before searching: exact when decided at once, else what the stones left allow. */
export function scoreBounds(g: Geometry, p: Connect4Position): [number, number] {
  const known = staticScore(g, p);
  return known === undefined ? stonesLeftBounds(g, p) : [known, known];
}

/** Bounds on the score from the stones left alone: at best a win with the mover's next stone, at worst a loss to the opponent's. */
export function stonesLeftBounds(g: Geometry, p: Connect4Position): [number, number] {
  return [-((g.cells - p.moves) >> 1), (g.cells + 1 - p.moves) >> 1];
}

/** The value (outcome and remoteness) of a score with `n` stones on the board. */
export function scoreToValue(g: Geometry, n: number, score: number): Value {
  if (score === 0) return { outcome: 'tie', remoteness: g.cells - n };
  const s = Math.abs(score);
  // The winner's last stone goes on n' stones; n' has the winner's parity.
  const parity = score > 0 ? n % 2 : (n + 1) % 2;
  let last = g.cells + 1 - 2 * s;
  if (last % 2 !== parity) last--;
  return { outcome: score > 0 ? 'win' : 'lose', remoteness: last - n + 1 };
}

/** The score of a value with `n` stones on the board. */
export function valueToScore(g: Geometry, n: number, value: Value): number {
  if (value.outcome !== 'win' && value.outcome !== 'lose') return 0;
  const s = (g.cells + 1 - (n + value.remoteness - 1)) >> 1;
  return value.outcome === 'win' ? s : -s;
}

/** The table Connect Four searches want: keys cur + mask below 2^(W·(H+1)), scores within ±(W·H + 2)/2. */
export function scoreTable(g: Geometry): { keyBits: number; minScore: number; maxScore: number } {
  return { keyBits: g.width * (g.height + 1), minScore: -((g.cells + 2) >> 1), maxScore: (g.cells + 1) >> 1 };
}
