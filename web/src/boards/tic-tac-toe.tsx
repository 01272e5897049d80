/**
 * The tic-tac-toe board: 3×3 cells, crosses and noughts, each empty cell a
 * move (positions are 9-character strings, moves cell numbers 0–8), and the
 * line through three in a row when the game is won.
 */

import type { Board } from '../../../src/games/tic-tac-toe.js';
import type { BoardProps } from './board.js';
import { MoveMark } from './move-mark.js';
import { winningLine } from './text-grid.js';
import { WinLine } from './win-line.js';

const CELL = 100;

export function TicTacToeBoard({
  position: board,
  moves,
  lastMove,
  disabled,
  onMove,
}: BoardProps<Board, number>) {
  const line = winningLine([board.slice(0, 3), board.slice(3, 6), board.slice(6)], 3);
  return (
    <svg viewBox={`0 0 ${3 * CELL} ${3 * CELL}`} class="board" aria-label="tic-tac-toe board">
      <rect width={3 * CELL} height={3 * CELL} fill="#fafafa" />
      {[1, 2].map((i) => (
        <g key={i} stroke="#333" stroke-width="3">
          <line x1={i * CELL} y1={4} x2={i * CELL} y2={3 * CELL - 4} />
          <line x1={4} y1={i * CELL} x2={3 * CELL - 4} y2={i * CELL} />
        </g>
      ))}
      {[...board].map((c, cell) => {
        const x = (cell % 3) * CELL;
        const y = Math.floor(cell / 3) * CELL;
        const cls = cell === lastMove ? 'piece placed' : 'piece';
        if (c === 'x') {
          return (
            <g key={cell} class={cls} stroke="#222" stroke-width="10" stroke-linecap="round">
              <line x1={x + 25} y1={y + 25} x2={x + 75} y2={y + 75} />
              <line x1={x + 75} y1={y + 25} x2={x + 25} y2={y + 75} />
            </g>
          );
        }
        if (c === 'o') {
          return (
            <circle
              key={cell}
              class={cls}
              cx={x + 50}
              cy={y + 50}
              r={27}
              fill="none"
              stroke="#222"
              stroke-width="10"
            />
          );
        }
        return null;
      })}
      <WinLine line={line} cell={CELL} />
      {moves.map((m) => {
        const cell = m.move;
        return (
          <MoveMark
            key={cell}
            move={m}
            x={(cell % 3) * CELL}
            y={Math.floor(cell / 3) * CELL}
            size={CELL}
            disabled={disabled}
            onMove={onMove}
          />
        );
      })}
    </svg>
  );
}
