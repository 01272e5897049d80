/**
 * abc201d (AtCoder ABC 201 D, "Game in Momotetsu World"): a token walks from
 * the top-left square of a `+`/`-` grid to the bottom-right one, one step
 * right or down per move; the mover gains 1 point on a `+` square and loses
 * 1 on a `-`. A scoring game; Takahashi moves first.
 *
 * As an `IndexedGame`: position = the token's square i·W + j. Moves go right
 * (+1) or down (+W), always to a larger index, so the sweep solves it in one
 * pass. One byte per square holds its mark and whether it is on the last
 * column or row (only those squares are marked, so reading the grid is the
 * only pass over it).
 */

import type { IndexedGame } from '../core/game.js';
import { NOT_PRIMITIVE } from '../core/outcome.js';
import type { Value } from '../core/value.js';
import { defineGame } from './kit/definition.js';
import { parseSquare, readGrid, squareName } from './kit/grid.js';

const PLUS = 1;
const LAST_COLUMN = 2;
const LAST_ROW = 4;
const MAX = 2000;

export class Abc201d implements IndexedGame {
  readonly kind = 'indexed' as const;
  readonly id = 'abc201d';
  readonly size: number;
  readonly start = 0;
  readonly maxMoves = 2;
  readonly order = 'ascending';
  readonly scoring = true;
  /** Per square: PLUS if it is a `+`; LAST_COLUMN / LAST_ROW where the token cannot step right / down. */
  private readonly squares: Uint8Array;

  constructor(
    readonly height: number,
    readonly width: number,
    /** 1 for `+`, 0 for `-`, row by row; becomes the square flags (taken over, not copied). */
    plus: Uint8Array,
  ) {
    this.size = height * width;
    for (let i = 0; i < height; i++) plus[i * width + width - 1] |= LAST_COLUMN;
    for (let p = this.size - width; p < this.size; p++) plus[p] |= LAST_ROW;
    this.squares = plus;
  }

  children(p: number, out: Int32Array, points?: Float64Array): number {
    const s = this.squares;
    const f = s[p];
    let n = 0;
    if ((f & LAST_COLUMN) === 0) {
      out[0] = p + 1;
      if (points !== undefined) points[0] = 2 * (s[p + 1] & PLUS) - 1;
      n = 1;
    }
    if ((f & LAST_ROW) === 0) {
      const below = p + this.width;
      out[n] = below;
      if (points !== undefined) points[n] = 2 * (s[below] & PLUS) - 1;
      n++;
    }
    return n;
  }

  primitive(): number {
    return NOT_PRIMITIVE; // the bottom-right square has no move: the game ends there, level from then on
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
  answer(value: Value): string {
    const margin = value.margin ?? 0;
    return margin > 0 ? 'Takahashi' : margin < 0 ? 'Aoki' : 'Draw';
  },
});
