/**
 * jag2015-d (JAG mock domestic 2015 D): Alice walks out of a walled grid;
 * after each of her steps Bob may invert every wall on the board. Alice wins
 * by leaving the board; she loses when walled in, and if she never gets out
 * (endless play is a loss for Alice). The game graph has cycles, so it is
 * solved by retrograde analysis.
 *
 * As an `IndexedGame` with parents one at a time (`parentCount`/`parentAt`): position 4·cell + 2·inverted + side
 * (side 0: Alice to move, 1: Bob), cell = i·W + j; one more position,
 * ESCAPED = 4·H·W, is where Alice has left (Bob to move there: lost). One byte
 * per (cell, inverted) holds the open sides, so children and parents are a
 * few bit tests. The input holds several datasets, ended by `0 0 0 0`; `load`
 * returns one game per dataset.
 */

import { InputError } from '../core/errors.js';
import type { IndexedGame } from '../core/game.js';
import { grouped } from '../core/grouped.js';
import { LOSE, NOT_PRIMITIVE, WIN } from '../core/outcome.js';
import { parentsFromSlots } from '../core/parent-slots.js';
import type { Value } from '../core/value.js';
import { defineGame } from './kit/definition.js';
import { parseSquare, squareName } from './kit/grid.js';
import { InputReader, requireText } from './kit/input-reader.js';

const UP = 1;
const DOWN = 2;
const LEFT = 4;
const RIGHT = 8;
const DIRECTIONS: readonly [number, string][] = [
  [UP, 'up'],
  [DOWN, 'down'],
  [LEFT, 'left'],
  [RIGHT, 'right'],
];
/** The number of open sides of each 4-bit mask. */
const OPEN_SIDES = Uint8Array.from(
  { length: 16 },
  (_, m) => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + (m >> 3),
);
/** NTH_SIDE[4·mask + i]: the bit number (0 up … 3 right) of the i-th side set in a 4-bit mask. */
const NTH_SIDE = Uint8Array.from({ length: 64 }, (_, k) => {
  let mask = k >> 2;
  for (let i = k & 3; i > 0; i--) mask &= mask - 1;
  return mask === 0 ? 0 : 31 - Math.clz32(mask & -mask);
});
const MAX_SIDE = 500;
const MAX_DATASETS = 50;
const MAX_TOTAL_CELLS = 1_000_000;

export class Jag2015d implements IndexedGame {
  readonly kind = 'indexed' as const;
  readonly id = 'jag2015-d';
  readonly size: number;
  readonly start: number;
  readonly maxMoves = 4;
  readonly maxParents: number;
  /** The position Alice reaches by leaving the board. */
  readonly escaped: number;
  /** Per 2·cell + inverted: the open sides (UP | DOWN | LEFT | RIGHT), and the border sides shifted by 4. */
  private readonly open: Uint8Array;
  /** Alice positions with an open side on the border, once per such side (the parents of ESCAPED). */
  private readonly exits: Int32Array;
  /** Per side (by bit number: up, down, left, right): the change of a position's number across it. */
  private readonly steps: Int32Array;

  constructor(
    readonly height: number,
    readonly width: number,
    row: number,
    column: number,
    /** `(H+1)·W` walls above each cell (row H: below the last row), 1 = wall. */
    horizontal: Uint8Array,
    /** `H·(W+1)` walls left of each cell (column W: right of the last column), 1 = wall. */
    vertical: Uint8Array,
  ) {
    const cells = height * width;
    this.size = 4 * cells + 1;
    this.escaped = 4 * cells;
    this.start = 4 * (row * width + column);
    this.open = new Uint8Array(2 * cells);
    // Every cell's open sides with the walls as they are and inverted (walls are 0 or 1).
    for (let i = 0; i < height; i++) {
      for (let j = 0, c = i * width, v = i * (width + 1); j < width; j++, c++, v++) {
        const walls =
          horizontal[c] | (horizontal[c + width] << 1) | (vertical[v] << 2) | (vertical[v + 1] << 3);
        this.open[2 * c] = ~walls & 15;
        this.open[2 * c + 1] = walls;
      }
    }
    // Then the cells on the border, in the same order: the sides that lead out, and Alice's exits.
    const exits: number[] = [];
    for (let i = 0; i < height; i++) {
      const edgeRow = i === 0 || i === height - 1;
      for (let j = 0; j < width; j += edgeRow || j === width - 1 ? 1 : width - 1) {
        const c = i * width + j;
        const border =
          (i === 0 ? UP : 0) |
          (i === height - 1 ? DOWN : 0) |
          (j === 0 ? LEFT : 0) |
          (j === width - 1 ? RIGHT : 0);
        for (let inverted = 0; inverted < 2; inverted++) {
          const mask = this.open[2 * c + inverted];
          this.open[2 * c + inverted] = mask | (border << 4);
          // Alice's exits: once per open border side.
          for (let d = mask & border; d !== 0; d &= d - 1) exits.push(4 * c + 2 * inverted);
        }
      }
    }
    this.exits = Int32Array.from(exits);
    this.steps = Int32Array.of(-4 * width, 4 * width, -4, 4);
    this.maxParents = Math.max(4, this.exits.length);
  }

  children(p: number, out: Int32Array): number {
    if (p === this.escaped) return 0;
    if (p & 1) {
      // Bob: leave the walls (Alice to move, same walls) or invert them.
      out[0] = p - 1;
      out[1] = (p - 1) ^ 2;
      return 2;
    }
    const w = this.width;
    const f = this.open[p >> 1];
    const bob = p + 1; // the same cell and walls, Bob to move
    let n = 0;
    if (f & UP) out[n++] = f & (UP << 4) ? this.escaped : bob - 4 * w;
    if (f & DOWN) out[n++] = f & (DOWN << 4) ? this.escaped : bob + 4 * w;
    if (f & LEFT) out[n++] = f & (LEFT << 4) ? this.escaped : bob - 4;
    if (f & RIGHT) out[n++] = f & (RIGHT << 4) ? this.escaped : bob + 4;
    return n;
  }

  moveCount(p: number): number {
    if (p === this.escaped) return 0;
    return p & 1 ? 2 : OPEN_SIDES[this.open[p >> 1] & 15];
  }

  /** The parents one at a time (core/parent-slots.ts): the solver's loop reads them without a buffer. */
  parentCount(p: number): number {
    if (p === this.escaped) return this.exits.length;
    // Alice to move: Bob left the walls as they are, or inverted them.
    if ((p & 1) === 0) return 2;
    // Bob to move: Alice stepped in through an open inner side (border bits are the open bits shifted by 4).
    const f = this.open[p >> 1];
    return OPEN_SIDES[f & ~(f >> 4) & 15];
  }

  parentAt(p: number, i: number): number {
    if (p === this.escaped) return this.exits[i];
    if ((p & 1) === 0) return i === 0 ? p + 1 : (p + 1) ^ 2;
    const f = this.open[p >> 1];
    // The same cell and walls, Alice to move, one step across the i-th open inner side.
    return p - 1 + this.steps[NTH_SIDE[((f & ~(f >> 4) & 15) << 2) | i]];
  }

  parents(p: number, out: Int32Array): number {
    return parentsFromSlots(this, p, out);
  }

  primitive(p: number): number {
    return p === this.escaped ? LOSE : NOT_PRIMITIVE; // walled in: no move, Alice loses
  }

  /** If Alice never gets out, Bob wins. */
  endless(p: number): number {
    return p & 1 ? WIN : LOSE;
  }

  show(p: number): string {
    if (p === this.escaped) return 'escaped';
    return `${squareName(p >> 2, this.width)} ${p & 2 ? 'inverted' : 'walls'} ${p & 1 ? 'bob' : 'alice'}`;
  }

  moveName(p: number, k: number): string {
    if (p & 1) return k === 0 ? 'wait' : 'invert';
    const mask = this.open[p >> 1];
    const names = DIRECTIONS.filter(([bit]) => mask & bit).map(([, name]) => name);
    return names[k] ?? `move ${k}`;
  }

  /** `(2,3) walls alice`, `(1,1) inverted bob` or `escaped`. */
  parsePosition(text: string): number {
    const t = text.trim();
    if (t === 'escaped') return this.escaped;
    const m = /^(.*\S)\s+(walls|inverted)\s+(alice|bob)$/.exec(t);
    if (!m) {
      throw new InputError(
        `${this.id}: a position is '(row,column) walls|inverted alice|bob' or 'escaped', not '${text}'`,
      );
    }
    const cell = parseSquare(this.id, m[1], this.height, this.width);
    return 4 * cell + (m[2] === 'inverted' ? 2 : 0) + (m[3] === 'bob' ? 1 : 0);
  }
}

/** Reads every dataset up to the `0 0 0 0` line. */
export function parseJag2015d(input: string | undefined): Jag2015d[] {
  const reader = new InputReader(requireText(input, 'jag2015-d'));
  const games: Jag2015d[] = [];
  let total = 0;
  for (;;) {
    // At the end of the input this names what is missing: another dataset or the closing line.
    const height = reader.int(games.length === 0 ? 'H' : "H or the closing line '0 0 0 0'", 0, MAX_SIDE);
    if (height === 0) {
      reader.int('W (0 on the closing line)', 0, 0);
      reader.int('R (0 on the closing line)', 0, 0);
      reader.int('C (0 on the closing line)', 0, 0);
      reader.end();
      return games;
    }
    if (games.length === MAX_DATASETS) {
      throw new InputError(`more than ${MAX_DATASETS} datasets (the closing line '0 0 0 0' is missing?)`);
    }
    const width = reader.int('W', 1, MAX_SIDE);
    const row = reader.int('R', 1, height);
    const column = reader.int('C', 1, width);
    total += height * width;
    if (total > MAX_TOTAL_CELLS) {
      throw new InputError(
        `dataset ${games.length + 1}: the sum of H × W exceeds ${grouped(MAX_TOTAL_CELLS)}`,
      );
    }
    const horizontal = new Uint8Array((height + 1) * width);
    const vertical = new Uint8Array(height * (width + 1));
    for (let i = 0; i <= height; i++) {
      reader.intsInto(width, 0, 1, horizontal, i * width, (j) => `t_{${i + 1},${j + 1}}`);
      if (i === height) break;
      reader.intsInto(width + 1, 0, 1, vertical, i * (width + 1), (j) => `s_{${i + 1},${j + 1}}`);
    }
    games.push(new Jag2015d(height, width, row - 1, column - 1, horizontal, vertical));
  }
}

export const jag2015dDefinition = defineGame({
  id: 'jag2015-d',
  summary:
    'Alice walks out of a walled grid while Bob may invert every wall; endless play is a loss for Alice',
  params: [],
  input: {
    format:
      'datasets "H W R C" then 2H+1 lines of walls (W, W+1, …, W values of 0/1), ended by "0 0 0 0" (H, W ≤ 500, Σ H·W ≤ 10^6)',
    example: '1 2 1 1\n1 1\n1 0 1\n1 0\n0 0 0 0\n',
  },
  load: (_params, input) => parseJag2015d(input),
  answer: (value: Value): string => (value.outcome === 'win' ? 'Yes' : 'No'),
  answerNeeds: 'outcome',
});
