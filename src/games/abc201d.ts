/**
 * abc201d (AtCoder ABC 201 D, "Game in Momotetsu World"): a token walks from
 * the top-left square of a `+`/`-` grid to the bottom-right one, one step
 * right or down per move; the mover gains 1 point on a `+` square and loses
 * 1 on a `-`. A scoring game; Takahashi moves first.
 *
 * As an `IndexedGame`: position = the token's square i·W + j. Moves go right
 * (+1) or down (+W), in that order, always to a larger index, so the sweep
 * solves it in one pass. One byte per square holds its mark, the character
 * as read, and whether it is on the last column or row (only those squares
 * are marked, so reading the grid is the only pass over it). A game lasts
 * H + W − 2 moves of ±1 point, which bounds every margin.
 */

import type { IndexedGame } from '../core/game.js';
import { childrenFromSlots } from '../core/move-slots.js';
import { NOT_PRIMITIVE } from '../core/outcome.js';
import type { Value } from '../core/value.js';
import { defineGame } from './kit/definition.js';
import { parseSquare, readGrid, squareName } from './kit/grid.js';

const NONE = NOT_PRIMITIVE; // a constant of this module, for the sweep's loop (see NOT_PRIMITIVE)

/** The bit that tells `+` (0x2B) from `-` (0x2D). */
const PLUS = 2;
/** Bits that neither character has. */
const LAST_COLUMN = 64;
const LAST_ROW = 128;
const MAX = 2000;

export class Abc201d implements IndexedGame {
  readonly kind = 'indexed' as const;
  readonly id = 'abc201d';
  readonly size: number;
  readonly start = 0;
  readonly maxMoves = 2;
  readonly order = 'ascending';
  /** The longer move, down: a row on. */
  readonly reach: number;
  readonly scoring = true;
  readonly marginBound: number;
  /** Per square: its character (PLUS set for a `+`); LAST_COLUMN / LAST_ROW where the token cannot step right / down. */
  private readonly squares: Uint8Array;

  constructor(
    readonly height: number,
    readonly width: number,
    /** The characters `+` and `-`, row by row; become the square flags (taken over, not copied). */
    marks: Uint8Array,
  ) {
    this.size = height * width;
    this.reach = width;
    this.marginBound = height + width - 2;
    for (let i = 0; i < height; i++) marks[i * width + width - 1] |= LAST_COLUMN;
    for (let p = this.size - width; p < this.size; p++) marks[p] |= LAST_ROW;
    this.squares = marks;
  }

  moveCount(p: number): number {
    const f = this.squares[p];
    return ((f & LAST_COLUMN) === 0 ? 1 : 0) + ((f & LAST_ROW) === 0 ? 1 : 0);
  }

  /** Right when the token can step right and i = 0, else down. (The sweep passes i as a constant, which V8 folds.) */
  childAt(p: number, i: number): number {
    return i === 0 && (this.squares[p] & LAST_COLUMN) === 0 ? p + 1 : p + this.width;
  }

  /** ±1: the square the move lands on is `+` or `-`. */
  pointsAt(p: number, i: number): number {
    return (this.squares[this.childAt(p, i)] & PLUS) - 1;
  }

  children(p: number, out: Int32Array, points?: Float64Array): number {
    return childrenFromSlots(this, p, out, points);
  }

  primitive(): number {
    return NONE; // the bottom-right square has no move: the game ends there, level from then on
  }

  show(p: number): string {
    return squareName(p, this.width);
  }

  moveName(p: number, i: number): string {
    return i === 0 && (this.squares[p] & LAST_COLUMN) === 0 ? 'right' : 'down';
  }

  parsePosition(text: string): number {
    return parseSquare(this.id, text, this.height, this.width);
  }
}

export const abc201dDefinition = defineGame({
  id: 'abc201d',
  summary: 'token moves right/down on a +/- grid, ±1 point per step (Takahashi first; margin game)',
  params: [],
  input: {
    format: 'H W, then H rows of W characters + or - (1 ≤ H, W ≤ 2000)',
    example: '3 3\n---\n+-+\n+--\n',
  },
  load(_params, input) {
    const grid = readGrid('abc201d', input, MAX, '-+');
    return [new Abc201d(grid.height, grid.width, grid.marks)];
  },
  answerNeeds: 'margin',
  answer(value: Value): string {
    const margin = value.margin ?? 0;
    return margin > 0 ? 'Takahashi' : margin < 0 ? 'Aoki' : 'Draw';
  },
});
