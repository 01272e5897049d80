/**
 * The Connect Four board, drawn from the game's `show` text (rows from the
 * top, `x` first player, `o` second, `.` empty). A move is a column (0-based);
 * its mark sits on the square where the stone would land. A won game shows
 * its four in a row.
 */

import type { Connect4Position } from '../../../src/games/connect4/index.js';
import type { BoardProps } from './board.js';
import { MoveMark } from './move-mark.js';
import { showRows, winningLine } from './text-grid.js';
import { WinLine } from './win-line.js';

const CELL = 60;

export function Connect4Board({
  game,
  position,
  moves,
  lastMove,
  disabled,
  onMove,
}: BoardProps<Connect4Position, number>) {
  const rows = showRows(game.show!(position));
  const line = winningLine(rows, 4);
  const height = rows.length;
  const width = rows[0].length;
  const landing = (c: number) => {
    for (let r = height - 1; r >= 0; r--) if (rows[r][c] === '.') return r;
    return -1;
  };
  const lastRow = lastMove === undefined ? -1 : landing(lastMove) + 1;
  return (
    <svg viewBox={`0 0 ${width * CELL} ${height * CELL}`} class="board" aria-label="Connect Four board">
      <rect width={width * CELL} height={height * CELL} fill="#6b6b6b" rx={8} />
      {rows.flatMap((row, r) =>
        [...row].map((ch, c) => (
          <circle
            key={`${r},${c}`}
            class={c === lastMove && r === lastRow ? 'piece placed' : 'piece'}
            cx={c * CELL + CELL / 2}
            cy={r * CELL + CELL / 2}
            r={CELL * 0.4}
            fill={ch === 'x' ? '#1a1a1a' : ch === 'o' ? '#fafafa' : '#c8c8c8'}
            stroke={ch === 'o' ? '#1a1a1a' : 'none'}
            stroke-width={3}
          />
        )),
      )}
      <WinLine line={line} cell={CELL} />
      {moves.map((m) => {
        const c = m.move;
        return (
          <MoveMark
            key={m.ordinal}
            move={m}
            x={c * CELL}
            y={landing(c) * CELL}
            size={CELL}
            disabled={disabled}
            onMove={onMove}
            round
          />
        );
      })}
    </svg>
  );
}
