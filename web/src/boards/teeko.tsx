/**
 * The Teeko board: the cells of the position (x black, o white), a drop as
 * a mark on its empty cell, a step as an arrow from the piece to the
 * adjacent cell with its mark on the arrow. Positions and moves are the
 * game's own (`Board`, `TeekoMove`: cells numbered row by row from the top).
 */

import type { Board, BoardGame } from '../../../src/board-kit/index.js';
import type { TeekoMove } from '../../../src/games/teeko.js';
import { ArrowHead } from './arrow-head.js';
import { ArrowMove } from './arrow-move.js';
import type { BoardProps } from './board.js';
import { MoveMark } from './move-mark.js';

const CELL = 72;
const EDGE = 12;

export function TeekoBoard({
  position,
  moves,
  disabled,
  onMove,
}: BoardProps<Board, TeekoMove, BoardGame<TeekoMove>>) {
  const n = Math.round(Math.sqrt(position.cells.length));
  const centre = (cell: number) => ({
    x: EDGE + (cell % n) * CELL + CELL / 2,
    y: EDGE + Math.floor(cell / n) * CELL + CELL / 2,
  });
  const size = CELL * 0.4;
  return (
    <svg viewBox={`0 0 ${n * CELL + 2 * EDGE} ${n * CELL + 2 * EDGE}`} class="board" aria-label="Teeko board">
      <ArrowHead id="teeko-arrow" size={5} fill="#555" tip={8} />
      {position.cells.map((v, cell) => {
        const { x, y } = centre(cell);
        return (
          <g key={cell}>
            <rect x={x - CELL / 2} y={y - CELL / 2} width={CELL} height={CELL} fill="#f4f4f4" stroke="#999" />
            {v !== 0 && (
              <circle
                cx={x}
                cy={y}
                r={CELL * 0.34}
                fill={v === 1 ? '#1a1a1a' : '#fafafa'}
                stroke="#1a1a1a"
                stroke-width="3"
              />
            )}
          </g>
        );
      })}
      {moves.map((m) => {
        const b = centre(m.move.to);
        if (m.move.from < 0) {
          return (
            <MoveMark
              key={m.ordinal}
              move={m}
              x={b.x - size / 2}
              y={b.y - size / 2}
              size={size}
              disabled={disabled}
              onMove={onMove}
              round
            />
          );
        }
        const a = centre(m.move.from);
        return (
          <ArrowMove
            key={m.ordinal}
            move={m}
            from={a}
            to={b}
            start={0.3}
            marker="teeko-arrow"
            size={size}
            disabled={disabled}
            onMove={onMove}
          />
        );
      })}
    </svg>
  );
}
