/**
 * A move drawn as an arrow from a piece towards where it goes, with the
 * move's mark on the arrow (Dodgem's cars, Teeko's steps): the arrow starts a
 * little off the piece (`start`, a fraction of the way) and ends at the
 * marker `marker` (an ArrowHead's id).
 */

import type { BoardMove } from './board.js';
import { MoveMark } from './move-mark.js';

interface Point {
  x: number;
  y: number;
}

interface Props {
  move: BoardMove<unknown>;
  from: Point;
  to: Point;
  /** Where along the way the arrow starts (0: at the piece's centre). */
  start: number;
  marker: string;
  /** The mark's size. */
  size: number;
  disabled: boolean;
  onMove(ordinal: number): void;
}

export function ArrowMove({ move, from: a, to: b, start, marker, size, disabled, onMove }: Props) {
  const at = (f: number) => ({ x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f });
  const tail = at(start);
  const head = at(0.95);
  const mark = at(0.62);
  return (
    <g>
      <line
        x1={tail.x}
        y1={tail.y}
        x2={head.x}
        y2={head.y}
        stroke="#555"
        stroke-width="3"
        marker-end={`url(#${marker})`}
      />
      <MoveMark
        move={move}
        x={mark.x - size / 2}
        y={mark.y - size / 2}
        size={size}
        disabled={disabled}
        onMove={onMove}
        round
      />
    </g>
  );
}
