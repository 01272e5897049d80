/**
 * The board of the heap games (Nim, subtraction and octal games, Kayles,
 * Grundy's game): each heap a row of tokens that wraps, smaller tokens for
 * larger heaps, so a heap of 1000 fits on screen. A move that leaves k tokens
 * in one heap is marked on token k+1 (take it and every token after it); a
 * move that splits a heap in two is a mark below the heap, labelled with the
 * two heaps it leaves. A position is the row of heap sizes.
 */

import type { HeapGame, HeapMove, Heaps } from '../../../src/games/impartial/heap-game.js';
import type { BoardMove, BoardProps } from './board.js';
import { MoveMark } from './move-mark.js';

/** Width of a heap's drawing, in SVG units. */
const WIDTH = 480;
/** Heaps above this size are drawn as a bar with their count. */
const MAX_DRAWN = 2000;
const SPLIT = 52;

/** Tokens per row for a heap of n: larger heaps get more, smaller tokens. */
const perRow = (n: number) => (n <= 10 ? 10 : n <= 60 ? 15 : n <= 300 ? 30 : 50);

function Heap({
  n,
  index,
  moves,
  placed,
  disabled,
  onMove,
}: {
  n: number;
  index: number;
  moves: readonly BoardMove<HeapMove>[];
  placed: boolean;
  disabled: boolean;
  onMove(ordinal: number): void;
}) {
  const per = perRow(n);
  const cell = WIDTH / per;
  const drawn = n <= MAX_DRAWN;
  const rows = drawn ? Math.max(1, Math.ceil(n / per)) : 1;
  const leaving = new Map(
    moves.filter((m) => m.move.option.parts.length <= 1).map((m) => [m.move.option.parts[0] ?? 0, m]),
  );
  const splits = moves.filter((m) => m.move.option.parts.length === 2);
  const splitRows = Math.ceil(splits.length / Math.floor(WIDTH / (SPLIT + 10)));
  const tokensHeight = rows * cell;
  const height = tokensHeight + (splits.length > 0 ? 8 + splitRows * (SPLIT + 22) : 0);
  const at = (k: number) => ({ x: (k % per) * cell, y: Math.floor(k / per) * cell });
  return (
    <figure class="heap">
      <figcaption>
        Heap {index + 1}: {n} {n === 1 ? 'token' : 'tokens'}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${Math.max(height, 4)}`}
        class="board heap-board"
        aria-label={`heap ${index + 1} of ${n}`}
      >
        {drawn ? (
          Array.from({ length: n }, (_, k) => {
            const move = leaving.get(k);
            const { x, y } = at(k);
            return move ? (
              <MoveMark
                key={k}
                move={move}
                x={x}
                y={y}
                size={cell}
                disabled={disabled}
                onMove={onMove}
                round
              />
            ) : (
              <circle
                key={k}
                class={placed ? 'piece placed' : 'piece'}
                cx={x + cell / 2}
                cy={y + cell / 2}
                r={cell * 0.36}
                fill="#b08a4a"
                stroke="#5a4320"
              />
            );
          })
        ) : (
          <rect x={0} y={0} width={WIDTH} height={cell} rx={6} fill="#b08a4a" />
        )}
        {splits.map((m, i) => {
          const per = Math.floor(WIDTH / (SPLIT + 10));
          const x = (i % per) * (SPLIT + 10);
          const y = tokensHeight + 8 + Math.floor(i / per) * (SPLIT + 22);
          return (
            <g key={m.ordinal}>
              <MoveMark move={m} x={x} y={y} size={SPLIT} disabled={disabled} onMove={onMove} round />
              <text x={x + SPLIT / 2} y={y + SPLIT + 15} font-size="17" text-anchor="middle">
                {m.move.option.parts.join('+')}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function HeapsBoard({
  position: heaps,
  moves,
  lastMove,
  disabled,
  onMove,
}: BoardProps<Heaps, HeapMove, HeapGame>) {
  if (heaps.length === 0) return <p class="board-note">No heaps left.</p>;
  const splits = moves.some((m) => m.move.option.parts.length === 2);
  return (
    // One board for the arrow keys: they move from heap to heap (board-keys.ts).
    <div class="heaps board-group">
      <p class="board-note">
        Choose a token to take it and every token after it
        {splits ? '; a mark under a heap splits the heap in two.' : '.'}
      </p>
      {heaps.map((n, h) => (
        <Heap
          key={h}
          n={n}
          index={h}
          moves={moves.filter((m) => m.move.heap === h)}
          placed={lastMove?.heap === h}
          disabled={disabled}
          onMove={onMove}
        />
      ))}
    </div>
  );
}
