/**
 * The edpc-k board: the pile of stones (dots in rows of ten while it is
 * small, its count always), and each move — take one of the amounts of the
 * set — as a mark labelled with the amount. Positions are pile sizes.
 */

import type { EdpcK } from '../../../src/games/edpc-k.js';
import type { BoardProps } from './board.js';
import { MoveMark } from './move-mark.js';

const DOT = 24;
const PER_ROW = 10;
/** Piles up to this size are drawn stone by stone. */
const DRAWN = 100;
const MARK = 56;
/** Room for a mark and its label ("take 100"), six to a row: the labels stay 12 px on a phone. */
const SLOT = MARK + 24;

export function EdpcKBoard({ position: pile, moves, disabled, onMove }: BoardProps<number, number, EdpcK>) {
  const dots = pile <= DRAWN ? pile : 0;
  const dotRows = Math.ceil(dots / PER_ROW);
  const top = 30 + dotRows * DOT;
  const perRow = 6;
  const width = Math.max(PER_ROW * DOT, perRow * SLOT) + 8;
  const height = top + Math.ceil(moves.length / perRow) * (MARK + 24) + 8;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} class="board" aria-label="pile of stones">
      <text x={4} y={20} font-size="17">
        {pile} stones
      </text>
      {Array.from({ length: dots }, (_, k) => (
        <circle
          key={k}
          cx={8 + (k % PER_ROW) * DOT}
          cy={30 + Math.floor(k / PER_ROW) * DOT}
          r={DOT * 0.4}
          fill="#8a6d3b"
        />
      ))}
      {moves.map((m, k) => {
        const x = 4 + (k % perRow) * SLOT + (SLOT - MARK) / 2;
        const y = top + 8 + Math.floor(k / perRow) * (MARK + 24);
        return (
          <g key={m.ordinal}>
            <MoveMark move={m} x={x} y={y} size={MARK} disabled={disabled} onMove={onMove} round />
            <text x={x + MARK / 2} y={y + MARK + 15} font-size="17" text-anchor="middle">
              {m.name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
