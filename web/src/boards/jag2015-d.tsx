/**
 * The jag2015-d maze: the walls as they stand now (normal or inverted), Alice
 * on her square, and her moves marked in the gaps she can walk through; on
 * Bob's turn his two moves (wait, invert) are marked below the maze. The open
 * sides of each square are read from the game itself: the names of Alice's
 * moves there (`up`, `down`, `left`, `right`).
 */

import { useMemo } from 'preact/hooks';
import type { Jag2015d } from '../../../src/games/jag2015-d.js';
import type { BoardMove, BoardProps } from './board.js';
import { MoveMark } from './move-mark.js';

const CELL = 50;
const EDGE = 30;
/** Larger mazes show a window around Alice. */
const WINDOW = 12;

const STEP: Record<string, [number, number]> = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };

/** The squares drawn: rows `top` … `top + rows − 1`, columns `left` … `left + cols − 1` of a maze `width` wide. */
interface MazeWindow {
  top: number;
  left: number;
  rows: number;
  cols: number;
  width: number;
}

/** The walls of the squares drawn: a line on each side of a square that Alice cannot walk through. */
function wallLines(
  open: Map<number, Set<string>>,
  w: MazeWindow,
  x: (j: number) => number,
  y: (i: number) => number,
) {
  const walls = [];
  for (let i = w.top; i < w.top + w.rows; i++) {
    for (let j = w.left; j < w.left + w.cols; j++) {
      const sides = open.get(i * w.width + j)!;
      const segment = (key: string, x1: number, y1: number, x2: number, y2: number) =>
        !sides.has(key) && (
          <line
            key={`${i},${j},${key}`}
            x1={x1}
            y1={y1}
            x2={x2}
            y2={y2}
            stroke="#1a1a1a"
            stroke-width="5"
            stroke-linecap="round"
          />
        );
      walls.push(
        segment('up', x(j), y(i), x(j) + CELL, y(i)),
        segment('down', x(j), y(i) + CELL, x(j) + CELL, y(i) + CELL),
        segment('left', x(j), y(i), x(j), y(i) + CELL),
        segment('right', x(j) + CELL, y(i), x(j) + CELL, y(i) + CELL),
      );
    }
  }
  return walls;
}

/** One of Bob's moves (wait, invert) below the maze, with its name. */
function BobMove({
  move,
  x,
  y,
  disabled,
  onMove,
}: {
  move: BoardMove<number>;
  x: number;
  y: number;
  disabled: boolean;
  onMove: (ordinal: number) => void;
}) {
  return (
    <g>
      <MoveMark move={move} x={x} y={y} size={CELL} disabled={disabled} onMove={onMove} round />
      <text x={x + CELL + 4} y={y + CELL / 2 + 4} font-size="14">
        {move.name}
      </text>
    </g>
  );
}

export function Jag2015dBoard({
  game,
  source: maze,
  position: p,
  moves,
  disabled,
  onMove,
}: BoardProps<number, number, Jag2015d>) {
  const { height, width } = maze;
  const escaped = p === maze.escaped;
  const cell = escaped ? 0 : p >> 2;
  const inverted = escaped ? 0 : p & 2;
  const bob = !escaped && (p & 1) === 1;
  const top = Math.max(0, Math.min(height - WINDOW, Math.floor(cell / width) - WINDOW / 2));
  const left = Math.max(0, Math.min(width - WINDOW, (cell % width) - WINDOW / 2));
  const rows = Math.min(WINDOW, height);
  const cols = Math.min(WINDOW, width);
  // Open sides of every drawn square in the current wall state: Alice's move names there.
  const open = useMemo(() => {
    const out = new Map<number, Set<string>>();
    for (let i = top; i < top + rows; i++) {
      for (let j = left; j < left + cols; j++) {
        const at = 4 * (i * width + j) + inverted;
        out.set(i * width + j, new Set(game.moves(at).map((m) => game.moveName!(at, m))));
      }
    }
    return out;
  }, [game, top, left, rows, cols, width, inverted]);
  const x = (j: number) => EDGE + (j - left) * CELL;
  const y = (i: number) => EDGE + (i - top) * CELL;
  const walls = wallLines(open, { top, left, rows, cols, width }, x, y);
  const ci = Math.floor(cell / width);
  const cj = cell % width;
  const size = CELL * 0.6;
  const svgHeight = rows * CELL + 2 * EDGE + (bob ? CELL : 0);
  return (
    <>
      <svg
        viewBox={`0 0 ${cols * CELL + 2 * EDGE} ${svgHeight}`}
        class="board"
        style={{ maxWidth: `${(cols * CELL + 2 * EDGE) * 2}px` }}
        aria-label="jag2015-d maze"
      >
        <rect
          x={EDGE}
          y={EDGE}
          width={cols * CELL}
          height={rows * CELL}
          fill={inverted ? '#eef' : '#fafafa'}
        />
        {walls}
        {!escaped && (
          <circle class="piece" cx={x(cj) + CELL / 2} cy={y(ci) + CELL / 2} r={CELL * 0.3} fill="#1a1a1a" />
        )}
        {moves.map((m) => {
          if (bob) {
            return (
              <BobMove
                key={m.ordinal}
                move={m}
                x={EDGE + m.ordinal * 2.5 * CELL}
                y={y(top + rows) + 4}
                disabled={disabled}
                onMove={onMove}
              />
            );
          }
          const [di, dj] = STEP[m.name] ?? [0, 0];
          const mx = x(cj) + CELL / 2 + (di === 0 ? dj : 0) * (CELL / 2) - size / 2;
          const my = y(ci) + CELL / 2 + di * (CELL / 2) - size / 2;
          return (
            <MoveMark
              key={m.ordinal}
              move={m}
              x={mx}
              y={my}
              size={size}
              disabled={disabled}
              onMove={onMove}
              round
            />
          );
        })}
      </svg>
      <p class="board-note">
        {escaped
          ? 'Alice is out.'
          : `Walls ${inverted ? 'inverted' : 'as given'}; ${bob ? 'Bob' : 'Alice'} to move.`}
      </p>
    </>
  );
}
