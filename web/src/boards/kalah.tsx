/**
 * The Kalah board: South's pits along the bottom (sown left to right, South's
 * store on the right), North's along the top (sown right to left, store on
 * the left), seeds drawn as dots with their count. A position is the row seen
 * by the player to move (their pits first), so the board turns it to the
 * page's orientation by who is to move; the stores, which positions leave
 * out, are added up from the moves played (what left the board, split by
 * each move's points). A move is a pit of the player to move.
 */

import type { Game } from '../../../src/core/game.js';
import type { Kalah } from '../../../src/games/kalah.js';
import type { Mover } from '../model/turns.js';
import type { BoardProps } from './board.js';
import { MoveMark } from './move-mark.js';

const PIT = 64;
const ZERO = 48;

const seedsOf = (p: string) => [...p].map((c) => c.charCodeAt(0) - ZERO);
const total = (p: string) => seedsOf(p).reduce((a, b) => a + b, 0);

/** The seeds in each store (South, North) after the positions of `path`, from each move's points. */
export function stores(
  game: Game<string, number>,
  path: readonly string[],
  movers: readonly Mover[],
): [number, number] {
  const store: [number, number] = [0, 0];
  for (let i = 0; i + 1 < path.length; i++) {
    const at = path[i];
    const move = game.moves(at).find((m) => game.play(at, m) === path[i + 1]) ?? 0;
    const removed = total(at) - total(path[i + 1]);
    const points = game.points!(at, move);
    store[movers[i]] += (removed + points) / 2;
    store[movers[i] === 0 ? 1 : 0] += (removed - points) / 2;
  }
  return store;
}

function Seeds({ n, x, y, size }: { n: number; x: number; y: number; size: number }) {
  const shown = Math.min(n, 12);
  return (
    <g>
      {Array.from({ length: shown }, (_, k) => (
        <circle
          key={k}
          class="piece"
          cx={x + size * (0.25 + 0.17 * (k % 4))}
          cy={y + size * (0.22 + 0.17 * Math.floor(k / 4))}
          r={size * 0.07}
          fill="#3d6b35"
        />
      ))}
      <text x={x + size / 2} y={y + size - 6} font-size="15" text-anchor="middle" font-weight="bold">
        {n}
      </text>
    </g>
  );
}

export function KalahBoard({
  game,
  source,
  path,
  movers,
  position,
  moves,
  disabled,
  onMove,
}: BoardProps<string, number, Kalah>) {
  const pits = source.pits;
  const seeds = seedsOf(position);
  const mover = movers[movers.length - 1];
  // South's pits (left to right) and North's (right to left, as drawn from the left).
  const mine = seeds.slice(0, pits);
  const theirs = seeds.slice(pits);
  const south = mover === 0 ? mine : theirs;
  const north = mover === 0 ? theirs : mine;
  const [southStore, northStore] = stores(game, path, movers);
  const width = (pits + 2) * PIT;
  const pit = (n: number, x: number, y: number, key: string) => (
    <g key={key}>
      <rect
        x={x + 4}
        y={y + 4}
        width={PIT - 8}
        height={PIT - 8}
        rx={PIT / 3}
        fill="#e9dcc0"
        stroke="#8a6d3b"
      />
      <Seeds n={n} x={x} y={y} size={PIT} />
    </g>
  );
  const store = (n: number, x: number, label: string) => (
    <g>
      <rect
        x={x + 4}
        y={4}
        width={PIT - 8}
        height={2 * PIT - 8}
        rx={PIT / 3}
        fill="#e0cfa8"
        stroke="#8a6d3b"
      />
      <text x={x + PIT / 2} y={PIT + 6} font-size="20" text-anchor="middle" font-weight="bold">
        {n}
      </text>
      <text x={x + PIT / 2} y={2 * PIT + 17} font-size="13" text-anchor="middle">
        {label}
      </text>
    </g>
  );
  const southX = (i: number) => (i + 1) * PIT;
  const northX = (i: number) => (pits - i) * PIT;
  return (
    <svg
      viewBox={`0 0 ${width} ${2 * PIT + 22}`}
      class="board"
      aria-label={`Kalah board: South's store ${southStore}, North's ${northStore}`}
      data-stores={`${southStore} ${northStore}`}
    >
      <rect width={width} height={2 * PIT} rx={PIT / 2} fill="#f5ecd9" />
      {store(northStore, 0, 'North')}
      {store(southStore, (pits + 1) * PIT, 'South')}
      {north.map((n, i) => pit(n, northX(i), 0, `n${i}`))}
      {south.map((n, i) => pit(n, southX(i), PIT, `s${i}`))}
      {moves.map((m) => (
        <MoveMark
          key={m.ordinal}
          move={m}
          x={(mover === 0 ? southX(m.move) : northX(m.move)) + PIT * 0.2}
          y={(mover === 0 ? PIT : 0) + PIT * 0.08}
          size={PIT * 0.6}
          disabled={disabled}
          onMove={onMove}
          round
        />
      ))}
    </svg>
  );
}
