/**
 * Boards of the grid problems (abc201d, arc038b): the grid read from the
 * problem input with the library's own grid reader, the token on its square,
 * the squares it visited, and each move marked on the square it leads to.
 * Positions are square indices i·W + j. Large grids show a window around the
 * token.
 */

import { useMemo } from 'preact/hooks';
import type { Abc201d } from '../../../src/games/abc201d.js';
import type { Arc038b } from '../../../src/games/arc038b.js';
import { readGrid } from '../../../src/games/kit/grid.js';
import type { BoardProps } from './board.js';
import { MoveMark } from './move-mark.js';

const CELL = 40;
/** At most this many rows and columns are drawn. */
const WINDOW = 14;

interface GridLook {
  id: string;
  /** The input's alphabet, in the order the game reads it. */
  alphabet: string;
  /** Fill of a square with each mark. */
  fills: readonly string[];
  /** Text on a square with each mark. */
  labels: readonly string[];
}

function windowStart(at: number, size: number): number {
  return Math.max(0, Math.min(size - WINDOW, at - Math.floor(WINDOW / 2)));
}

function gridBoard<G extends Abc201d | Arc038b>(look: GridLook) {
  return function GridBoard({
    game,
    input,
    path,
    position: p,
    moves,
    disabled,
    onMove,
  }: BoardProps<number, number, G>) {
    const grid = useMemo(() => readGrid(look.id, input, Number.MAX_SAFE_INTEGER, look.alphabet), [input]);
    const w = grid.width;
    const top = windowStart(Math.floor(p / w), grid.height);
    const left = windowStart(p % w, w);
    const rows = Math.min(WINDOW, grid.height);
    const cols = Math.min(WINDOW, w);
    const place = (square: number) => {
      const i = Math.floor(square / w) - top;
      const j = (square % w) - left;
      return i >= 0 && i < rows && j >= 0 && j < cols ? { x: j * CELL, y: i * CELL } : undefined;
    };
    const squares = [];
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        const mark = grid.marks[(top + i) * w + left + j];
        squares.push(
          <g key={`${i},${j}`}>
            <rect
              x={j * CELL}
              y={i * CELL}
              width={CELL}
              height={CELL}
              fill={look.fills[mark]}
              stroke="#999"
            />
            <text x={j * CELL + 3} y={i * CELL + 10} font-size="9" fill="#555">
              {look.labels[mark]}
            </text>
          </g>,
        );
      }
    }
    const trail = path.map(place).filter((xy) => xy !== undefined);
    const token = place(p);
    return (
      <svg
        viewBox={`-2 -2 ${cols * CELL + 4} ${rows * CELL + 4}`}
        class="board"
        style={{ maxWidth: `${Math.max(4, cols) * 64}px` }}
        aria-label={`${look.id} grid`}
      >
        {squares}
        <polyline
          points={trail.map((xy) => `${xy.x + CELL * 0.55},${xy.y + CELL * 0.6}`).join(' ')}
          fill="none"
          stroke="#333"
          stroke-width="3"
          stroke-dasharray="5 4"
        />
        {token && (
          <circle
            class="piece placed"
            cx={token.x + CELL * 0.55}
            cy={token.y + CELL * 0.6}
            r={CELL * 0.26}
            fill="#222"
          />
        )}
        {moves.map((m) => {
          const xy = place(game.play(p, m.move));
          return (
            xy && (
              <MoveMark
                key={m.ordinal}
                move={m}
                x={xy.x + CELL * 0.15}
                y={xy.y + CELL * 0.2}
                size={CELL * 0.8}
                disabled={disabled}
                onMove={onMove}
                round
              />
            )
          );
        })}
      </svg>
    );
  };
}

export const Abc201dBoard = gridBoard<Abc201d>({
  id: 'abc201d',
  alphabet: '-+',
  fills: ['#f3f3f3', '#ffffff'],
  labels: ['−1', '+1'],
});

export const Arc038bBoard = gridBoard<Arc038b>({
  id: 'arc038b',
  alphabet: '.#',
  fills: ['#ffffff', '#555555'],
  labels: ['', ''],
});
