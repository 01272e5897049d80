/**
 * The edpc-l board: the row of numbers, those already taken greyed out, and
 * the two moves (take the leftmost, take the rightmost) marked on the numbers
 * they take. The numbers are read through the game itself: the points of
 * "take the leftmost" from the start, then from each row left; the part
 * left is the `first..last` its positions show.
 */

import { useMemo } from 'preact/hooks';
import type { IndexedGame } from '../../../src/core/game.js';
import type { EdpcL } from '../../../src/games/edpc-l.js';
import type { BoardProps } from './board.js';
import { MoveMark } from './move-mark.js';

const CELL = 56;
/** Rows longer than this show their two ends around an ellipsis. */
const SHOWN = 14;

/** The whole row, by taking from the left again and again (each move's points are the number taken). */
function readRow(game: IndexedGame): number[] {
  const out = new Int32Array(2);
  const points = new Float64Array(2);
  const row: number[] = [];
  for (let p = game.start; game.children(p, out, points) > 0; p = out[0]) row.push(points[0]);
  return row;
}

export function EdpcLBoard({
  game,
  source,
  position,
  moves,
  disabled,
  onMove,
}: BoardProps<number, number, EdpcL>) {
  const row = useMemo(() => readRow(source), [source]);
  // The row left, a[l … r−1], from the position as the game shows it: `first..last` from 1, or `empty`.
  const shown = /^(\d+)\.\.(\d+)/.exec(game.show!(position));
  const l = shown ? Number(shown[1]) - 1 : row.length;
  const r = shown ? Number(shown[2]) : row.length;
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);
  // Short rows show every number (taken ones greyed); long ones the part left, or its two ends around a gap.
  const cells =
    row.length <= SHOWN
      ? range(0, row.length)
      : r - l <= SHOWN
        ? range(l, r)
        : [...range(l, l + SHOWN / 2), -1, ...range(r - SHOWN / 2, r)];
  const slot = (i: number) => cells.indexOf(i) * CELL;
  return (
    <svg viewBox={`0 0 ${cells.length * CELL} ${CELL * 1.6}`} class="board" aria-label="row of numbers">
      {cells.map((i, k) => (
        <g key={i === -1 ? 'gap' : i}>
          <rect
            x={k * CELL + 2}
            y={2}
            width={CELL - 4}
            height={CELL - 4}
            fill={i === -1 ? 'none' : i >= l && i < r ? '#fff' : '#e0e0e0'}
            stroke={i === -1 ? 'none' : '#999'}
          />
          <text
            x={k * CELL + CELL / 2}
            y={CELL / 2 + 5}
            font-size="15"
            text-anchor="middle"
            fill={i >= l && i < r ? '#1a1a1a' : '#999'}
          >
            {i === -1 ? '…' : row[i]}
          </text>
        </g>
      ))}
      {moves.map((m) => (
        <MoveMark
          key={m.ordinal}
          move={m}
          x={slot(m.ordinal === 0 ? l : r - 1) + CELL * 0.15}
          y={CELL * 0.85}
          size={CELL * 0.7}
          disabled={disabled}
          onMove={onMove}
          round
        />
      ))}
    </svg>
  );
}
