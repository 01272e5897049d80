/**
 * grid-duel (problems/grid-duel/README.md): two pieces on an n×n grid of numbers,
 * moving in turn (Alice first) to a side-neighbour not held by the other
 * piece, collecting and emptying the number they land on; after 2m turns the
 * larger total wins. A scoring game: a move's points are the number taken,
 * and the answer is the sign of Alice's best margin.
 *
 * Made for alpha-beta, so it reaches far beyond plain max/min search (the
 * spec's m ≤ 5; this parser takes m ≤ 16 on grids up to 8×8):
 * - a position is both pieces, the emptied cells (a 64-bit set in two
 *   halves) and the plies played, hashed incrementally with Zobrist codes,
 *   so transpositions (the same cells emptied in another order) meet in the
 *   table;
 * - `marginBounds`: the mover can gain at most the largest numbers still on
 *   the board, one per move left, and lose at most the opponent's share;
 * - `orderMoves`: larger numbers first;
 * - `pliesLeft`: every line lasts exactly 2m plies, so remoteness needs no
 *   search;
 * - `searchFirst`: auto goes straight to alpha-beta instead of exploring.
 */

import { InputError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import type { SearchHooks } from '../core/search.js';
import { Zobrist } from '../core/zobrist.js';
import { defineGame } from './kit/definition.js';
import { squareName } from './kit/grid.js';
import { InputReader, requireText } from './kit/input-reader.js';

/** A grid-duel position: both pieces, the emptied squares and the plies played. */
export interface DuelPosition {
  /** The pieces' squares (row-major index): `mover` is the player to move's. */
  readonly mover: number;
  readonly other: number;
  /** Emptied squares: bit i of e0 for i < 32, of e1 for i ≥ 32. */
  readonly e0: number;
  readonly e1: number;
  readonly ply: number;
  /** Zobrist hash halves. */
  readonly h0: number;
  readonly h1: number;
}

/** A grid-duel board: n × n numbers, m moves each, and where the two pieces start. */
export interface DuelSetup {
  n: number;
  m: number;
  /** Start squares of Alice and Bob (row-major, 0-based). */
  alice: number;
  bob: number;
  /** The numbers, row by row. */
  values: readonly number[];
}

/** grid-duel as a scoring `Game` with the hooks alpha-beta uses. */
export type GridDuelGame = Game<DuelPosition, number> & SearchHooks<DuelPosition, number>;

const zobrist = new Zobrist(64 * 3 + 2 * 16 + 1, 0x6d2b79f5);
const MOVER = 0;
const OTHER = 64;
const EMPTIED = 128;
const PLY = 192;

function isEmptied(p: DuelPosition, cell: number): boolean {
  return cell < 32 ? ((p.e0 >>> cell) & 1) === 1 : ((p.e1 >>> (cell - 32)) & 1) === 1;
}

/** The grid-duel game on a board. */
export function gridDuel(setup: DuelSetup): GridDuelGame {
  const { n, m, values } = setup;
  const cells = n * n;
  const neighbours: number[][] = [];
  for (let c = 0; c < cells; c++) {
    const r = Math.floor(c / n);
    const col = c % n;
    const list: number[] = [];
    if (r > 0) list.push(c - n);
    if (r < n - 1) list.push(c + n);
    if (col > 0) list.push(c - 1);
    if (col < n - 1) list.push(c + 1);
    neighbours.push(list);
  }
  // Squares by number, largest first, for the margin bounds.
  const byValue = [...values.keys()].sort((a, b) => values[b] - values[a]);
  const hashOf = (mover: number, other: number, e0: number, e1: number, ply: number): [number, number] => {
    let h0 = zobrist.lo[MOVER + mover] ^ zobrist.lo[OTHER + other] ^ zobrist.lo[PLY + ply];
    let h1 = zobrist.hi[MOVER + mover] ^ zobrist.hi[OTHER + other] ^ zobrist.hi[PLY + ply];
    for (let c = 0; c < cells; c++) {
      const gone = c < 32 ? (e0 >>> c) & 1 : (e1 >>> (c - 32)) & 1;
      if (gone) {
        h0 ^= zobrist.lo[EMPTIED + c];
        h1 ^= zobrist.hi[EMPTIED + c];
      }
    }
    return [h0, h1];
  };
  const [h0, h1] = hashOf(setup.alice, setup.bob, 0, 0, 0);
  const start: DuelPosition = { mover: setup.alice, other: setup.bob, e0: 0, e1: 0, ply: 0, h0, h1 };
  const gain = (p: DuelPosition, cell: number) => (isEmptied(p, cell) ? 0 : values[cell]);
  return {
    id: 'grid-duel',
    start,
    moves(p) {
      if (p.ply === 2 * m) return [];
      return neighbours[p.mover].filter((c) => c !== p.other);
    },
    play(p, cell) {
      const z = zobrist;
      // The pieces swap roles: the mover's piece becomes the other one.
      let h0 =
        p.h0 ^ z.lo[MOVER + p.mover] ^ z.lo[OTHER + p.other] ^ z.lo[MOVER + p.other] ^ z.lo[OTHER + cell];
      let h1 =
        p.h1 ^ z.hi[MOVER + p.mover] ^ z.hi[OTHER + p.other] ^ z.hi[MOVER + p.other] ^ z.hi[OTHER + cell];
      h0 ^= z.lo[PLY + p.ply] ^ z.lo[PLY + p.ply + 1];
      h1 ^= z.hi[PLY + p.ply] ^ z.hi[PLY + p.ply + 1];
      let e0 = p.e0;
      let e1 = p.e1;
      if (!isEmptied(p, cell)) {
        if (cell < 32) e0 |= 1 << cell;
        else e1 |= 1 << (cell - 32);
        h0 ^= z.lo[EMPTIED + cell];
        h1 ^= z.hi[EMPTIED + cell];
      }
      return { mover: p.other, other: cell, e0, e1, ply: p.ply + 1, h0, h1 };
    },
    points: gain,
    primitive: (p) => (p.ply === 2 * m ? 'tie' : undefined),
    key: (p) => `${p.mover} ${p.other} ${p.e0} ${p.e1} ${p.ply}`,
    hash(p, out) {
      out[0] = p.h0;
      out[1] = p.h1;
    },
    orderMoves: (p, moves) => [...moves].sort((a, b) => gain(p, b) - gain(p, a)),
    marginBounds(p) {
      // The mover has ⌈r/2⌉ of the r plies left, the other ⌊r/2⌋; each takes at most one number per ply.
      const left = 2 * m - p.ply;
      let mine = (left + 1) >> 1;
      let theirs = left >> 1;
      let high = 0;
      let low = 0;
      for (let i = 0; i < byValue.length && mine > 0; i++) {
        const c = byValue[i];
        if (isEmptied(p, c)) continue;
        high += values[c];
        mine--;
        if (theirs > 0) {
          low += values[c];
          theirs--;
        }
      }
      return [-low, high];
    },
    pliesLeft: (p) => 2 * m - p.ply,
    searchFirst: true,
    show: (p) => {
      const [alice, bob] = p.ply % 2 === 0 ? [p.mover, p.other] : [p.other, p.mover];
      return `Alice ${squareName(alice, n)}, Bob ${squareName(bob, n)}, ply ${p.ply} of ${2 * m}`;
    },
    moveName: (_p, cell) => squareName(cell, n),
  };
}

/** The largest m this parser accepts (the spec's limit is 5; alpha-beta goes further). */
export const GRID_DUEL_MAX_M = 16;

export function parseGridDuel(input: string | undefined): DuelSetup {
  const reader = new InputReader(requireText(input, 'grid-duel'));
  const n = reader.int('n', 2, 8);
  const m = reader.int('m', 1, GRID_DUEL_MAX_M);
  const ax = reader.int('ax', 1, n);
  const ay = reader.int('ay', 1, n);
  const bx = reader.int('bx', 1, n);
  const byTok = reader.token('by (an integer)');
  const by = Number(byTok.text);
  if (!/^\d+$/.test(byTok.text) || by < 1 || by > n) {
    throw new InputError(`by = ${byTok.text} is out of range (1 … ${n})`, byTok.line, byTok.column);
  }
  if (ax === bx && ay === by) {
    throw new InputError("Alice's and Bob's start squares must differ", byTok.line, byTok.column);
  }
  const values: number[] = [];
  for (let x = 1; x <= n; x++) {
    for (let y = 1; y <= n; y++) values.push(reader.int(`A_${x},${y}`, 0, 1e9));
  }
  reader.end();
  return { n, m, alice: (ax - 1) * n + (ay - 1), bob: (bx - 1) * n + (by - 1), values };
}

export const gridDuelDefinition = defineGame({
  id: 'grid-duel',
  summary: 'two pieces collect the numbers of a grid in 2m turns; the larger total wins (Alice/Bob/Draw)',
  params: [],
  input: {
    format:
      'n m, then ax ay bx by, then n rows of n numbers (problems/grid-duel/README.md; 2 ≤ n ≤ 8, 1 ≤ m ≤ 16: beyond the statement’s m ≤ 5, on purpose)',
    example: '2 1\n1 1 2 2\n0 5\n3 0\n',
  },
  load: (_params, input) => [gridDuel(parseGridDuel(input))],
  // The start's margin is Alice's: she moves first.
  answer: (value) => ((value.margin ?? 0) > 0 ? 'Alice' : (value.margin ?? 0) < 0 ? 'Bob' : 'Draw'),
});
