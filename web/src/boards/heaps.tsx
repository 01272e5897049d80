/**
 * The board of the heap games (Nim, subtraction and octal games, Grundy's
 * game): each heap a column of tokens. A move that leaves k tokens in a heap
 * is marked on token k+1 from the bottom (take it and every token above it);
 * moves that split a heap, and heaps too tall to draw token by token, are
 * played from the move list. A position is the row of heap sizes.
 */

import type { HeapMove, Heaps } from '../../../src/games/impartial/heap-game.js';
import type { BoardProps } from './board.js';
import { MoveMark } from './move-mark.js';

const COLUMN = 56;
const TOKEN = 40;
/** Heaps up to this size are drawn token by token. */
const MAX_DRAWN = 12;

export function HeapsBoard({ position, moves, lastMove, disabled, onMove }: BoardProps) {
  const heaps = position as Heaps;
  const tallest = Math.min(MAX_DRAWN, Math.max(1, ...heaps));
  const height = tallest * TOKEN + 30;
  const last = lastMove as HeapMove | undefined;
  const bottom = height - 26;
  return (
    <svg viewBox={`0 0 ${Math.max(1, heaps.length) * COLUMN} ${height}`} class="board" aria-label="heaps">
      {heaps.map((n, h) => {
        const x = h * COLUMN + (COLUMN - TOKEN) / 2;
        const drawn = n <= MAX_DRAWN;
        const onHeap = moves.filter((m) => (m.move as HeapMove).heap === h);
        const placeable = drawn && onHeap.every((m) => (m.move as HeapMove).option.parts.length <= 1);
        return (
          <g key={h}>
            {drawn ? (
              Array.from({ length: n }, (_, k) => (
                <circle
                  key={k}
                  class={last?.heap === h ? 'piece placed' : 'piece'}
                  cx={x + TOKEN / 2}
                  cy={bottom - k * TOKEN - TOKEN / 2}
                  r={TOKEN * 0.38}
                  fill="#8a6d3b"
                  stroke="#4a3a1f"
                />
              ))
            ) : (
              <rect
                x={x}
                y={bottom - tallest * TOKEN}
                width={TOKEN}
                height={tallest * TOKEN}
                fill="#8a6d3b"
                rx={6}
              />
            )}
            {placeable &&
              onHeap.map((m) => {
                const k = (m.move as HeapMove).option.parts[0] ?? 0;
                return (
                  <MoveMark
                    key={m.ordinal}
                    move={m}
                    x={x}
                    y={bottom - (k + 1) * TOKEN}
                    size={TOKEN}
                    disabled={disabled}
                    onMove={onMove}
                    round
                  />
                );
              })}
            <text x={h * COLUMN + COLUMN / 2} y={height - 8} font-size="13" text-anchor="middle">
              {n}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
