/**
 * The arc038d board: the graph's vertices on a circle with their numbers,
 * its edges as arrows, the piece on its vertex (filled for Takahashi to move,
 * dashed for Aoki), each "to w" move marked on the vertex it goes to and the
 * stop move beside the graph. The edges are read from the game itself: the
 * moves of each vertex and where they lead. Graphs larger than MAX_DRAWN
 * show the piece's vertex and its neighbours only.
 */

import { useMemo } from 'preact/hooks';
import type { Arc038d } from '../../../src/games/arc038d.js';
import { ArrowHead } from './arrow-head.js';
import type { BoardProps } from './board.js';
import { MoveMark } from './move-mark.js';

const SIZE = 360;
const NODE = 22;
const MAX_DRAWN = 16;

interface Point {
  x: number;
  y: number;
}

/** An edge from `a` to `b`: a loop above its vertex, or an arrow bent aside (two edges between a pair are bent apart). */
function Edge({ a, b, loop }: { a: Point; b: Point; loop: boolean }) {
  if (loop) {
    return <circle cx={a.x} cy={a.y - NODE} r={NODE * 0.6} fill="none" stroke="#777" stroke-width="2" />;
  }
  const d = Math.hypot(b.x - a.x, b.y - a.y);
  const ux = (b.x - a.x) / d;
  const uy = (b.y - a.y) / d;
  const bend = 10;
  return (
    <path
      d={`M${a.x + ux * NODE},${a.y + uy * NODE} Q${(a.x + b.x) / 2 - uy * bend},${(a.y + b.y) / 2 + ux * bend} ${b.x - ux * (NODE + 2)},${b.y - uy * (NODE + 2)}`}
      fill="none"
      stroke="#777"
      stroke-width="2"
      marker-end="url(#graph-arrow)"
    />
  );
}

/** Vertex `v` (shown from 1) at `at` with its value; `here`: the piece's vertex. */
function Vertex({ v, at: { x, y }, value, here }: { v: number; at: Point; value: number; here: boolean }) {
  return (
    <g>
      <circle cx={x} cy={y} r={NODE} fill={here ? '#fff3c4' : '#fff'} stroke="#333" stroke-width="2" />
      <text x={x} y={y + 5} font-size="15" text-anchor="middle" font-weight="bold">
        {value}
      </text>
      <text x={x + NODE} y={y - NODE + 4} font-size="14" fill="#4a5566" font-style="italic">
        v{v + 1}
      </text>
    </g>
  );
}

export function GraphBoard({
  game,
  source,
  path,
  position,
  moves,
  disabled,
  onMove,
}: BoardProps<number, number, Arc038d>) {
  const n = source.values.length;
  // A stopped game (the view's position below 0) keeps the piece where it stopped.
  const stopped = position < 0;
  const at = (stopped ? path[path.length - 2] : position) >> 1;
  // The vertices drawn and the edges among them, from the game's moves.
  const { shown, edges } = useMemo(() => {
    const near = new Set<number>([at]);
    const all: [number, number][] = [];
    for (let v = 0; v < n; v++) {
      for (const m of game.moves(2 * v)) {
        const w = game.play(2 * v, m);
        if (w >= 0) all.push([v, w >> 1]);
      }
    }
    if (n > MAX_DRAWN) for (const [v, w] of all) if (v === at) near.add(w);
    const shown = n <= MAX_DRAWN ? Array.from({ length: n }, (_, v) => v) : [...near].sort((a, b) => a - b);
    return { shown, edges: all.filter(([v, w]) => shown.includes(v) && shown.includes(w)) };
  }, [game, n, n > MAX_DRAWN ? at : 0]);
  const r = SIZE / 2 - NODE - 8;
  const place = (v: number) => {
    const k = shown.indexOf(v);
    const angle = (2 * Math.PI * k) / shown.length - Math.PI / 2;
    return { x: SIZE / 2 + r * Math.cos(angle), y: SIZE / 2 + r * Math.sin(angle) };
  };
  const stop = moves.find((m) => m.name === 'stop');
  return (
    // A margin round the drawing, so a vertex's number beside it is never cut off at the edge.
    <svg viewBox={`-16 -16 ${SIZE + 32} ${SIZE + 66}`} class="board" aria-label="graph">
      <ArrowHead id="graph-arrow" size={6} fill="#777" />
      {edges.map(([v, w], k) => (
        <Edge key={k} a={place(v)} b={place(w)} loop={v === w} />
      ))}
      {shown.map((v) => (
        <Vertex key={v} v={v} at={place(v)} value={source.values[v]} here={v === at} />
      ))}
      {!stopped && (
        <circle
          class="piece"
          cx={place(at).x}
          cy={place(at).y}
          r={NODE + 5}
          fill="none"
          stroke="#1a1a1a"
          stroke-width="4"
          stroke-dasharray={position & 1 ? '6 4' : undefined}
        />
      )}
      {moves
        .filter((m) => m !== stop)
        .map((m) => {
          const { x, y } = place(game.play(position, m.move) >> 1);
          return (
            <MoveMark
              key={m.ordinal}
              move={m}
              x={x - NODE * 0.9}
              y={y + NODE * 0.2}
              size={NODE * 1.1}
              disabled={disabled}
              onMove={onMove}
              round
            />
          );
        })}
      {stop && (
        <g>
          <MoveMark move={stop} x={10} y={SIZE + 4} size={40} disabled={disabled} onMove={onMove} round />
          <text x={56} y={SIZE + 29} font-size="14">
            stop here: the score is {source.values[at]}
          </text>
        </g>
      )}
    </svg>
  );
}
