/**
 * The grid-duel board: the n×n numbers (read with the game's own parser),
 * emptied squares blank, Alice's (black) and Bob's (white) pieces, and each
 * move marked on the square it goes to.
 */

import { useMemo } from 'preact/hooks';
import type { Game } from '../../../src/core/game.js';
import { type DuelPosition, parseGridDuel } from '../../../src/games/grid-duel.js';
import type { BoardProps } from './board.js';
import { MoveMark } from './move-mark.js';

const CELL = 60;

export function GridDuelBoard({
  input,
  position: p,
  moves,
  disabled,
  onMove,
}: BoardProps<DuelPosition, number, Game<DuelPosition, number>>) {
  const setup = useMemo(() => parseGridDuel(input), [input]);
  const n = setup.n;
  const emptied = (c: number) => ((c < 32 ? p.e0 >>> c : p.e1 >>> (c - 32)) & 1) === 1;
  const [alice, bob] = p.ply % 2 === 0 ? [p.mover, p.other] : [p.other, p.mover];
  const at = (c: number) => ({ x: (c % n) * CELL, y: Math.floor(c / n) * CELL });
  const piece = (c: number, fill: string, label: string) => (
    <g class="piece">
      <circle
        cx={at(c).x + CELL / 2}
        cy={at(c).y + CELL / 2}
        r={CELL * 0.3}
        fill={fill}
        stroke="#1a1a1a"
        stroke-width="3"
      />
      <text
        x={at(c).x + CELL / 2}
        y={at(c).y + CELL / 2 + 5}
        font-size="14"
        text-anchor="middle"
        fill={fill === '#1a1a1a' ? '#fff' : '#000'}
      >
        {label}
      </text>
    </g>
  );
  return (
    <svg
      viewBox={`0 0 ${n * CELL} ${n * CELL}`}
      class="board"
      style={{ maxWidth: `${n * 72}px` }}
      aria-label="grid-duel board"
    >
      {setup.values.map((v, c) => (
        <g key={c}>
          <rect
            x={at(c).x}
            y={at(c).y}
            width={CELL}
            height={CELL}
            fill={emptied(c) ? '#e0e0e0' : '#fff'}
            stroke="#999"
          />
          {!emptied(c) && (
            <text x={at(c).x + CELL - 4} y={at(c).y + 14} font-size="12" text-anchor="end" fill="#444">
              {v}
            </text>
          )}
        </g>
      ))}
      {piece(alice, '#1a1a1a', 'A')}
      {piece(bob, '#fafafa', 'B')}
      {moves.map((m) => (
        <MoveMark
          key={m.ordinal}
          move={m}
          {...at(m.move)}
          size={CELL}
          disabled={disabled}
          onMove={onMove}
          round
        />
      ))}
    </svg>
  );
}
