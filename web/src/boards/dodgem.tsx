/**
 * The Dodgem board, drawn from the game's `show` text (rows from the top,
 * `x` the first player's cars, `o` the second's, then the side to move). A
 * move is named `a2-b2` or `c3-off` (squares: column letter, row from the
 * bottom); it is drawn as an arrow from the car towards where it goes (off
 * the board for a car leaving it), its mark on the arrow.
 */

import type { Dodgem } from '../../../src/games/dodgem.js';
import { ArrowHead } from './arrow-head.js';
import { ArrowMove } from './arrow-move.js';
import type { BoardProps } from './board.js';
import { showRows } from './text-grid.js';

const CELL = 80;
/** Room beside the board for moves that leave it: x's over the right edge, o's over the top. */
const EDGE = 30;
/** How far an arrow off the board reaches: past the edge by 0.3 of a square, its head inside EDGE. */
const EXIT = 0.8 * CELL;
/** Room on the other two sides: the lines' width. */
const PAD = 4;

export function DodgemBoard({ game, position, moves, disabled, onMove }: BoardProps<number, number, Dodgem>) {
  const rows = showRows(game.show!(position));
  const n = rows.length;
  /** The centre of a square named like `b3`. */
  const centre = (name: string) => ({
    x: PAD + (name.charCodeAt(0) - 97) * CELL + CELL / 2,
    y: EDGE + (n - Number(name.slice(1))) * CELL + CELL / 2,
  });
  const size = CELL * 0.42;
  return (
    <svg
      viewBox={`0 0 ${PAD + n * CELL + EDGE} ${EDGE + n * CELL + PAD}`}
      class="board"
      aria-label="Dodgem board"
    >
      <ArrowHead id="dodgem-arrow" size={5} fill="#555" tip={8} />
      <rect x={PAD} y={EDGE} width={n * CELL} height={n * CELL} fill="#f4f4f4" stroke="#333" />
      {rows.flatMap((row, r) =>
        [...row].map((ch, c) => {
          const x = PAD + c * CELL;
          const y = EDGE + r * CELL;
          return (
            <g key={`${r},${c}`}>
              <rect x={x} y={y} width={CELL} height={CELL} fill="none" stroke="#999" />
              {ch === 'x' && (
                <polygon
                  points={`${x + 18},${y + 18} ${x + 62},${y + 40} ${x + 18},${y + 62}`}
                  fill="#1a1a1a"
                />
              )}
              {ch === 'o' && (
                <polygon
                  points={`${x + 18},${y + 62} ${x + 40},${y + 18} ${x + 62},${y + 62}`}
                  fill="#fafafa"
                  stroke="#1a1a1a"
                  stroke-width="3"
                />
              )}
            </g>
          );
        }),
      )}
      {moves.map((m) => {
        const [from, to] = m.name.split('-');
        const a = centre(from);
        // A car leaves across the far edge: x to the right, o over the top.
        const b =
          to !== 'off'
            ? centre(to)
            : isX(rows, from, n)
              ? { x: a.x + EXIT, y: a.y }
              : { x: a.x, y: a.y - EXIT };
        return (
          <ArrowMove
            key={m.ordinal}
            move={m}
            from={a}
            to={b}
            start={0.25}
            marker="dodgem-arrow"
            size={size}
            disabled={disabled}
            onMove={onMove}
          />
        );
      })}
    </svg>
  );
}

/** The car on square `name` is the first player's. */
function isX(rows: string[], name: string, n: number): boolean {
  return rows[n - Number(name.slice(1))][name.charCodeAt(0) - 97] === 'x';
}
