/**
 * Tic-tac-toe as boardgame.io's tutorial writes it: `G.cells` holds the
 * board, `clickCell` marks a cell, `endIf` declares the winner or a draw, and
 * `ai.enumerate` lists the legal moves for bots. Nothing here knows of yomi:
 * `yomi solve examples/boardgame-io/tic-tac-toe.ts` solves it through
 * boardgame.io's own reducer.
 */

import type { Game } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';

export interface TicTacToeState {
  cells: (string | null)[];
}

const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

function isVictory(cells: (string | null)[]): boolean {
  return LINES.some(([a, b, c]) => cells[a] !== null && cells[a] === cells[b] && cells[a] === cells[c]);
}

function isDraw(cells: (string | null)[]): boolean {
  return cells.every((c) => c !== null);
}

export const TicTacToe: Game<TicTacToeState> = {
  name: 'tic-tac-toe',
  setup: () => ({ cells: Array(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    clickCell: ({ G, playerID }, id: number) => {
      if (G.cells[id] !== null) return INVALID_MOVE;
      G.cells[id] = playerID;
    },
  },
  endIf: ({ G, ctx }) => {
    if (isVictory(G.cells)) return { winner: ctx.currentPlayer };
    if (isDraw(G.cells)) return { draw: true };
  },
  ai: {
    enumerate: (G) => {
      const moves = [];
      for (let i = 0; i < 9; i++) if (G.cells[i] === null) moves.push({ move: 'clickCell', args: [i] });
      return moves;
    },
  },
};

export default TicTacToe;
