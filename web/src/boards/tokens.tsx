/**
 * The board of the loopy token games (subtraction modulo n, tokens on a
 * digraph): the board's places on a circle, each with its generalized
 * Sprague–Grundy value (0, *, *2, ∞, ∞(0,2)), the arrows between them when
 * there are few, the tokens on their places, and every move as a mark under
 * the circle labelled with what it does. Above the board, the row of tokens
 * as a sum: the values added and what they say (win, loss or draw, and the
 * winning moves) — decided from the places' values, as `yomi grundy` does.
 * Boards larger than MAX_DRAWN show the tokens' places, where they can go,
 * and 0.
 */

import { useMemo } from 'preact/hooks';
import type { TokenGame, TokenMove, Tokens } from '../../../src/games/impartial/token-game.js';
import { formatGsg, gsgAt, gsgValues } from '../../../src/solvers/gsg.js';
import { analyzePositionsSum } from '../../../src/solvers/gsg-sum.js';
import { ArrowHead } from './arrow-head.js';
import type { BoardProps } from './board.js';
import { MoveMark } from './move-mark.js';

const SIZE = 360;
const NODE = 18;
const MAX_DRAWN = 24;
const MAX_ARROWS = 20;
const MARK = 44;
const MARK_GAP = 16;

export function TokensBoard({
  source,
  position,
  moves,
  disabled,
  onMove,
}: BoardProps<Tokens, TokenMove, TokenGame>) {
  const board = source.board;
  const component = board.component;
  const n = component.size;
  // The places' values, once per board.
  const { table, arrows } = useMemo(() => {
    const table = gsgValues(component);
    const out = new Int32Array(Math.max(1, component.maxMoves));
    const arrows: [number, number][] = [];
    if (n <= MAX_DRAWN) {
      for (let p = 0; p < n; p++) {
        const k = component.children(p, out);
        for (let i = 0; i < k; i++) arrows.push([p, out[i]]);
      }
    }
    return { table, arrows: arrows.length <= MAX_ARROWS ? arrows : [] };
  }, [component, n]);
  const valueAt = (p: number) => formatGsg(gsgAt(component, table, p));
  const shown =
    n <= MAX_DRAWN
      ? Array.from({ length: n }, (_, p) => p)
      : [...new Set([0, ...position, ...moves.map((m) => m.move.to)])].sort((a, b) => a - b);
  const r = SIZE / 2 - NODE - 36;
  const place = (p: number) => {
    const angle = (2 * Math.PI * shown.indexOf(p)) / shown.length - Math.PI / 2;
    return { x: SIZE / 2 + r * Math.cos(angle), y: SIZE / 2 + r * Math.sin(angle) };
  };
  const onPlace = (p: number) => position.filter((t) => t === p).length;
  const perRow = Math.floor(SIZE / (MARK + MARK_GAP));
  const height = SIZE + Math.ceil(moves.length / perRow) * (MARK + 20) + 8;
  return (
    <div class="tokens">
      <p class="board-note">{sumText(source, position, table)}</p>
      <svg viewBox={`0 0 ${SIZE} ${height}`} class="board" aria-label={board.name}>
        <ArrowHead id="tokens-arrow" size={5} fill="#999" />
        {arrows.map(([p, q], k) => {
          const a = place(p);
          const b = place(q);
          if (p === q) {
            return <circle key={k} cx={a.x} cy={a.y - NODE} r={NODE * 0.55} fill="none" stroke="#999" />;
          }
          const d = Math.hypot(b.x - a.x, b.y - a.y);
          const ux = (b.x - a.x) / d;
          const uy = (b.y - a.y) / d;
          return (
            <path
              key={k}
              d={`M${a.x + ux * NODE},${a.y + uy * NODE} Q${(a.x + b.x) / 2 - uy * 12},${(a.y + b.y) / 2 + ux * 12} ${b.x - ux * (NODE + 2)},${b.y - uy * (NODE + 2)}`}
              fill="none"
              stroke="#999"
              stroke-width="1.5"
              marker-end="url(#tokens-arrow)"
            />
          );
        })}
        {shown.map((p) => {
          const { x, y } = place(p);
          const tokens = onPlace(p);
          const value = valueAt(p);
          // The value outside the circle, away from its centre.
          const ox = x + ((x - SIZE / 2) / r) * (NODE + 12);
          const oy = y + ((y - SIZE / 2) / r) * (NODE + 12) + 4;
          return (
            <g key={p}>
              <circle
                cx={x}
                cy={y}
                r={NODE}
                fill={tokens > 0 ? '#b08a4a' : '#fff'}
                stroke="#333"
                stroke-width="2"
                class={tokens > 0 ? 'piece' : undefined}
              />
              <text x={x} y={y + 5} font-size="13" text-anchor="middle" fill={tokens > 0 ? '#fff' : '#333'}>
                {tokens > 1 ? `${p}×${tokens}` : p}
              </text>
              <text
                x={ox}
                y={oy}
                font-size="13"
                text-anchor="middle"
                fill={value.startsWith('∞') ? '#7a3fa0' : '#1f5f8b'}
              >
                {value}
              </text>
            </g>
          );
        })}
        {moves.map((m, i) => {
          const x = (i % perRow) * (MARK + MARK_GAP);
          const y = SIZE + 4 + Math.floor(i / perRow) * (MARK + 20);
          return (
            <g key={m.ordinal}>
              <MoveMark move={m} x={x} y={y} size={MARK} disabled={disabled} onMove={onMove} round />
              <text x={x + MARK / 2} y={y + MARK + 13} font-size="13" text-anchor="middle">
                {m.move.from}→{m.move.to}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/** The row as a sum: the values added, the sum's value, and what it means for the player to move. */
function sumText(source: TokenGame, position: Tokens, table: ReturnType<typeof gsgValues>): string {
  const component = source.board.component;
  if (position.length === 0) return 'No token can move: the player to move has lost.';
  const sum = analyzePositionsSum(component, table, position);
  const d = sum.decision;
  const added = `${sum.values.map(formatGsg).join(' + ')} = ${formatGsg(d.value)}`;
  if (d.outcome === 'lose') return `${added}: the player to move loses.`;
  if (d.outcome === 'draw') {
    const infinite = sum.values.filter((v) => v.kind === 'infinite').length;
    return `${added}: a draw${infinite > 1 ? ' (two or more ∞)' : ` (the rest adds to ${d.nimSum}, not in K)`}.`;
  }
  const out = new Int32Array(Math.max(1, component.maxMoves));
  const winning = sum.winning.map((m) => {
    component.children(position[m.component], out);
    return `${source.board.tokenName} ${m.component + 1} from ${position[m.component]} to ${out[m.move]}`;
  });
  return `${added}: the player to move wins by moving ${winning.join(', or ')}.`;
}
