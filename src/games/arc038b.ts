/**
 * arc038b (AtCoder ARC 038 B): a piece on a grid with obstacles moves down,
 * right or down-right onto a free square; a player who cannot move loses.
 * The first player moves first.
 *
 * As an `IndexedGame`: position = the piece's square i·W + j. Every move goes
 * to a larger index, so the sweep solves it in one pass. One byte per square
 * says which moves it has (obstacles already taken into account).
 */

import { InputError } from '../core/errors.js';
import type { IndexedGame } from '../core/game.js';
import { childrenFromSlots } from '../core/move-slots.js';
import { NOT_PRIMITIVE } from '../core/outcome.js';
import type { Value } from '../core/value.js';
import { defineGame } from './kit/definition.js';
import { parseSquare, readGrid, squareName } from './kit/grid.js';

const NONE = NOT_PRIMITIVE; // a constant of this module, for the sweep's loop (see NOT_PRIMITIVE)

/** A free square's character. */
const FREE = '.'.charCodeAt(0);
const DOWN = 1;
const RIGHT = 2;
const DIAGONAL = 4;
const OBSTACLE = 8;
const MAX = 100;
/** In the order `children` writes them. */
const MOVES: readonly [number, string][] = [
  [DOWN, 'down'],
  [RIGHT, 'right'],
  [DIAGONAL, 'down-right'],
];

export class Arc038b implements IndexedGame {
  readonly kind = 'indexed' as const;
  readonly id = 'arc038b';
  readonly size: number;
  readonly start = 0;
  readonly maxMoves = 3;
  readonly order = 'ascending';
  /** The longest move, down-right: a row and a square on. */
  readonly reach: number;
  /** Per square: OBSTACLE, or the moves (DOWN, RIGHT, DIAGONAL) that land on a free square. */
  private readonly squares: Uint8Array;

  constructor(
    readonly height: number,
    readonly width: number,
    /** The characters `.` (free) and `#` (obstacle), row by row. */
    marks: Uint8Array,
  ) {
    this.size = height * width;
    this.reach = width + 1;
    const free = (i: number, j: number) => i < height && j < width && marks[i * width + j] === FREE;
    this.squares = new Uint8Array(this.size);
    for (let i = 0; i < height; i++) {
      for (let j = 0; j < width; j++) {
        this.squares[i * width + j] = free(i, j)
          ? (free(i + 1, j) ? DOWN : 0) | (free(i, j + 1) ? RIGHT : 0) | (free(i + 1, j + 1) ? DIAGONAL : 0)
          : OBSTACLE;
      }
    }
  }

  moveCount(p: number): number {
    const f = this.squares[p];
    return (f & DOWN) + ((f & RIGHT) >> 1) + ((f & DIAGONAL) >> 2);
  }

  /** The i-th of down, right, down-right that the square has. */
  childAt(p: number, i: number): number {
    let f = this.squares[p];
    for (let k = 0; k < i; k++) f &= f - 1; // drop the i moves before it
    const move = f & -f;
    return move === DOWN ? p + this.width : move === RIGHT ? p + 1 : p + this.width + 1;
  }

  children(p: number, out: Int32Array): number {
    return childrenFromSlots(this, p, out);
  }

  primitive(): number {
    return NONE; // no move = lose, which is what the sweep makes of a square without children
  }

  show(p: number): string {
    return squareName(p, this.width);
  }

  moveName(p: number, i: number): string {
    const names = MOVES.filter(([bit]) => this.squares[p] & bit).map(([, name]) => name);
    return names[i] ?? `move ${i}`;
  }

  parsePosition(text: string): number {
    const p = parseSquare(this.id, text, this.height, this.width);
    if (this.squares[p] === OBSTACLE)
      throw new InputError(`${this.id}: square ${text.trim()} holds an obstacle`);
    return p;
  }
}

export const arc038bDefinition = defineGame({
  id: 'arc038b',
  summary: 'piece moves down/right/down-right past obstacles; a player who cannot move loses',
  params: [],
  input: {
    format: 'H W, then H rows of W characters . (free) or # (obstacle); (1,1) is free (1 ≤ H, W ≤ 100)',
    example: '3 4\n..#.\n#...\n..#.\n',
  },
  load(_params, input) {
    const grid = readGrid('arc038b', input, MAX, '.#');
    if (grid.marks[0] !== FREE) {
      throw new InputError(
        'square (1,1) must be free (.), found #',
        grid.firstRow.line,
        grid.firstRow.column,
      );
    }
    return [new Arc038b(grid.height, grid.width, grid.marks)];
  },
  answerNeeds: 'outcome',
  answer: (value: Value): string => (value.outcome === 'win' ? 'First' : 'Second'),
});
