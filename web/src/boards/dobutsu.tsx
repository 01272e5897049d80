/**
 * The Dobutsu shogi board: 3×4 squares, the first player's pieces pointing up
 * and the second's turned round, each piece with its letter, name and dots
 * for the directions it steps in; the hands beside the board. Playing is two
 * clicks: a piece (on the board or in hand) that can move, then one of its
 * marked targets — so moves to the same square from different pieces never
 * overlap. Every move is also in the move list.
 */

import { useEffect, useState } from 'preact/hooks';
import type { Game } from '../../../src/core/game.js';
import type { DobutsuMove, DobutsuPosition } from '../../../src/games/dobutsu/index.js';
import type { BoardMove, BoardProps } from './board.js';
import { MoveMark } from './move-mark.js';

const CELL = 80;
const HAND = 56;
const COLS = 3;
const ROWS = 4;

const NAMES: Record<string, string> = { L: 'lion', G: 'giraffe', E: 'elephant', C: 'chick', H: 'hen' };

/** The steps of each piece as the first player sees them ([column, row], row −1 is forward). */
const STEPS: Record<string, readonly [number, number][]> = {
  L: [
    [-1, -1],
    [0, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [0, 1],
    [1, 1],
  ],
  G: [
    [0, -1],
    [-1, 0],
    [1, 0],
    [0, 1],
  ],
  E: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  C: [[0, -1]],
  H: [
    [-1, -1],
    [0, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [0, 1],
  ],
};

/** What a click selects: a square of the board, or a kind in the mover's hand. */
type Selection = { square: number } | { drop: string };

const fromOf = (m: DobutsuMove): Selection => (m.from < 0 ? { drop: m.drop } : { square: m.from });
const sameSelection = (a: Selection | undefined, b: Selection) =>
  a !== undefined &&
  ('square' in a ? 'square' in b && a.square === b.square : 'drop' in b && a.drop === b.drop);

function Piece({ letter, x, y, size }: { letter: string; x: number; y: number; size: number }) {
  const kind = letter.toUpperCase();
  const second = letter !== kind;
  const c = size / 2;
  return (
    <g class="piece" transform={`translate(${x},${y}) rotate(${second ? 180 : 0} ${c} ${c})`}>
      <rect
        x={size * 0.08}
        y={size * 0.08}
        width={size * 0.84}
        height={size * 0.84}
        rx={size * 0.1}
        fill={second ? '#f4f4f4' : '#fbe7b4'}
        stroke="#333"
        stroke-width="2"
      />
      {STEPS[kind].map(([dx, dy]) => (
        <circle
          key={`${dx},${dy}`}
          cx={c + dx * size * 0.32}
          cy={c + dy * size * 0.32}
          r={size * 0.045}
          fill="#b03020"
        />
      ))}
      <text x={c} y={c + size * 0.08} font-size={size * 0.3} text-anchor="middle" font-weight="bold">
        {kind}
      </text>
      <text x={c} y={c + size * 0.26} font-size={size * 0.14} text-anchor="middle">
        {NAMES[kind]}
      </text>
    </g>
  );
}

export function DobutsuBoard({
  position: p,
  moves,
  disabled,
  onMove,
}: BoardProps<DobutsuPosition, DobutsuMove, Game<DobutsuPosition, DobutsuMove>>) {
  const [selected, setSelected] = useState<Selection>();
  useEffect(() => setSelected(undefined), [p]);
  const movable = (s: Selection) => moves.some((m) => sameSelection(s, fromOf(m.move)));
  const targets: readonly BoardMove<DobutsuMove>[] = selected
    ? moves.filter((m) => sameSelection(selected, fromOf(m.move)))
    : [];
  const top = HAND + 10;
  const sq = (s: number) => ({ x: (s % COLS) * CELL, y: top + Math.floor(s / COLS) * CELL });
  const select = (s: Selection) => {
    if (!disabled && movable(s)) setSelected(sameSelection(selected, s) ? undefined : s);
  };
  const selectable = (s: Selection, x: number, y: number, size: number, label: string) =>
    movable(s) && (
      // biome-ignore lint/a11y/useSemanticElements: SVG cannot hold a <button>; the rect is one, with key handling
      <rect
        class={`select${sameSelection(selected, s) ? ' selected' : ''}`}
        role="button"
        tabindex={disabled ? -1 : 0}
        aria-label={`select ${label}`}
        aria-pressed={sameSelection(selected, s)}
        x={x + 3}
        y={y + 3}
        width={size - 6}
        height={size - 6}
        rx={8}
        onClick={() => select(s)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            select(s);
          }
        }}
      />
    );
  const hand = (side: 0 | 1, y: number) =>
    p.hands[side] === ''
      ? [
          <text key={`${side}-empty`} x={4} y={y + HAND / 2 + 5} font-size="14" fill="#5b6675">
            {side === 0 ? 'First' : 'Second'} player’s hand: empty
          </text>,
        ]
      : [...p.hands[side]].map((kind, i) => {
          const x = i * HAND;
          const letter = side === 0 ? kind : kind.toLowerCase();
          return (
            <g key={`${side}${i}`}>
              <Piece letter={letter} x={x} y={y} size={HAND} />
              {side === p.turn &&
                i === p.hands[side].indexOf(kind) &&
                selectable({ drop: kind }, x, y, HAND, `${NAMES[kind]} in hand`)}
            </g>
          );
        });
  return (
    <>
      <p class="board-note">Choose a piece with a dashed outline (or one in hand), then where it goes.</p>
      <svg
        viewBox={`0 0 ${COLS * CELL} ${ROWS * CELL + 2 * HAND + 20}`}
        class="board"
        style={{ maxWidth: '360px' }}
        aria-label="Dobutsu shogi board"
      >
        {hand(1, 0)}
        {Array.from({ length: COLS * ROWS }, (_, s) => {
          const { x, y } = sq(s);
          const letter = p.board[s];
          return (
            <g key={s}>
              <rect
                x={x}
                y={y}
                width={CELL}
                height={CELL}
                fill={Math.floor(s / COLS) === 0 || Math.floor(s / COLS) === ROWS - 1 ? '#e8f0dc' : '#f3f7ec'}
                stroke="#6b7d52"
              />
              {letter !== '.' && <Piece letter={letter} x={x} y={y} size={CELL} />}
              {selectable(
                { square: s },
                x,
                y,
                CELL,
                `${NAMES[letter.toUpperCase()]} on ${'abc'[s % COLS]}${Math.floor(s / COLS) + 1}`,
              )}
            </g>
          );
        })}
        {hand(0, top + ROWS * CELL + 10)}
        {targets.map((m) => {
          const { x, y } = sq(m.move.to);
          return (
            <MoveMark
              key={m.ordinal}
              move={m}
              x={x + CELL * 0.2}
              y={y + CELL * 0.2}
              size={CELL * 0.6}
              disabled={disabled}
              onMove={onMove}
              round
            />
          );
        })}
      </svg>
    </>
  );
}
