/**
 * Dodgem written on a plain board with the board kit: the rules as a
 * designer states them, and a layout from which yomi derives the numbered,
 * tiered game the solvers need (compare src/games/dodgem.ts, the same game
 * with a perfect hash written by hand).
 *
 *   yomi solve examples/dodgem-board.ts     # the 3×3 start's value
 *   yomi check examples/dodgem-board.ts     # the derived game against the rules
 *
 * On an n×n board, x has n−1 cars on the left edge (all but the bottom-left
 * corner) and moves them east, north or south; o has n−1 cars on the bottom
 * edge (all but that corner) and moves them north, east or west. A car moves
 * one cell into an empty cell; a car on the far edge (x: the right column,
 * o: the top row) may leave the board by moving forward. A player who gets
 * all their cars off wins; a player who leaves the opponent no move loses.
 */

import { type Board, type BoardRules, boardGame } from 'yomi';

/** A move: the cell a car leaves and where it goes (−1: off the board). */
export interface CarMove {
  from: number;
  to: number;
}

const OFF = -1;

export function dodgemRules(n: number): BoardRules<CarMove> {
  const cells = n * n;
  const cars = n - 1;
  // Directions as [row step, column step]: forward first, then sideways.
  const directions = [
    [
      [0, 1],
      [-1, 0],
      [1, 0],
    ], // x (side 0, cells holding 1): east, north, south
    [
      [-1, 0],
      [0, -1],
      [0, 1],
    ], // o (side 1, cells holding 2): north, west, east
  ];
  const inside = (r: number, c: number) => r >= 0 && r < n && c >= 0 && c < n;
  // Worked out once per board size, so a move or un-move only looks things up:
  // ahead[side][cell]: where a car of `side` on `cell` may go (OFF: off the board, forward only);
  // behind[side][cell]: the cells a car of `side` now on `cell` may have come from;
  // exits[side]: the cells from which a car of `side` leaves the board.
  const ahead: number[][][] = [[], []];
  const behind: number[][][] = [[], []];
  const exits: number[][] = [[], []];
  for (let side = 0; side < 2; side++) {
    for (let cell = 0; cell < cells; cell++) {
      const r = Math.floor(cell / n);
      const c = cell % n;
      ahead[side][cell] = [];
      behind[side][cell] = [];
      directions[side].forEach(([dr, dc], d) => {
        if (inside(r + dr, c + dc)) ahead[side][cell].push((r + dr) * n + c + dc);
        else if (d === 0) {
          ahead[side][cell].push(OFF);
          exits[side].push(cell);
        }
        if (inside(r - dr, c - dc)) behind[side][cell].push((r - dr) * n + c - dc);
      });
    }
  }
  const count = (b: Board, piece: number) => {
    let k = 0;
    for (const v of b.cells) if (v === piece) k++;
    return k;
  };
  const name = (cell: number) => `${String.fromCharCode(97 + (cell % n))}${n - Math.floor(cell / n)}`;
  /** b with a car of `piece` gone from `from` and put on `to` (OFF: off the board), `side` to move. */
  const moved = (b: Board, from: number, to: number, piece: number, side: number): Board => {
    const next = b.cells.slice();
    if (from !== OFF) next[from] = 0;
    if (to !== OFF) next[to] = piece;
    return { cells: next, side };
  };

  const tiers = [];
  for (let a = 0; a <= cars; a++) for (let o = 0; o <= cars; o++) tiers.push({ counts: [a, o] });

  const start = Array.from({ length: cells }, () => 0);
  for (let r = 0; r < n - 1; r++) start[r * n] = 1;
  for (let c = 1; c < n; c++) start[(n - 1) * n + c] = 2;

  const moves = (b: Board): CarMove[] => {
    const out: CarMove[] = [];
    const piece = b.side + 1;
    for (let cell = 0; cell < cells; cell++) {
      if (b.cells[cell] !== piece) continue;
      for (const to of ahead[b.side][cell]) if (to === OFF || b.cells[to] === 0) out.push({ from: cell, to });
    }
    return out;
  };
  /** moves(b).length > 0, without listing them. */
  const canMove = (b: Board): boolean => {
    const piece = b.side + 1;
    for (let cell = 0; cell < cells; cell++) {
      if (b.cells[cell] !== piece) continue;
      for (const to of ahead[b.side][cell]) if (to === OFF || b.cells[to] === 0) return true;
    }
    return false;
  };

  return {
    id: `dodgem-board(size=${n})`,
    // Cars only leave the board: a move keeps the counts or lowers one of them.
    layout: {
      rows: n,
      cols: n,
      kinds: 2,
      tiers,
      changes: [
        [-1, 0],
        [0, -1],
      ],
    },
    start: { cells: start, side: 0 },
    maxMoves: 3 * cars,
    maxUnmoves: 3 * cars + n,
    // Each move takes one car to one place, and each un-move makes its own board.
    distinctMoves: true,
    moves,
    play: (b, m) => moved(b, m.from, m.to, b.side + 1, 1 - b.side),
    primitive(b) {
      if (count(b, 2 - b.side) === 0) return 'lose'; // the player who just moved has no car left
      if (!canMove(b)) return 'win'; // the opponent left the player to move no move
      return undefined;
    },
    unmoves(b) {
      const mover = 1 - b.side; // who moved last
      const piece = mover + 1;
      let left = 0; // the player to move's cars on the board
      let own = 0; // the mover's
      for (const v of b.cells) {
        if (v === b.side + 1) left++;
        else if (v === piece) own++;
      }
      if (left === 0) return []; // the player to move has already won
      const out: Board[] = [];
      for (let cell = 0; cell < cells; cell++) {
        if (b.cells[cell] !== piece) continue;
        // The car came from a cell one step back that is empty now.
        for (const from of behind[mover][cell]) {
          if (b.cells[from] === 0) out.push(moved(b, cell, from, piece, mover));
        }
      }
      // A car that left the board from an empty cell of the far edge.
      if (own < cars) {
        for (const cell of exits[mover]) if (b.cells[cell] === 0) out.push(moved(b, OFF, cell, piece, mover));
      }
      return out;
    },
    moveName: (_b, m) => `${name(m.from)}-${m.to === OFF ? 'off' : name(m.to)}`,
  };
}

export default boardGame(dodgemRules(3));
