/**
 * Teeko (John Scarne, 1937), `teeko(size=N,pieces=K)`: an N×N board (5 by
 * default), K pieces a side (4 by default); x (black) moves first.
 *
 * - Drop phase: while the player to move has fewer than K pieces on the
 *   board, their move is to put one on any empty cell.
 * - Move phase: once both have K pieces on the board, a move takes one of
 *   one's own pieces to an adjacent empty cell, in any of the 8 directions.
 * - A player wins by having K pieces in a row (across, down or diagonally,
 *   K consecutive cells) or, with K = 4, on the four cells of a 2×2 square:
 *   on 5×5 that is 28 lines and 16 squares, 44 winning sets. The game ends
 *   there.
 * - A player with no move loses; a game that goes on forever is a draw.
 *
 * Written with the board kit (src/board-kit/): the rules on a plain board,
 * un-moves for solving backwards, and a layout whose tiers are the pieces on
 * the board — (i, i) with x to move and (i+1, i) with o to move in the drop
 * phase, (K, K) with either to move in the move phase — folded by the 8
 * symmetries of the square.
 */

import { type Board, type BoardLayout, type BoardRules, boardGame, defaultShow } from '../board-kit/index.js';
import { InputError } from '../core/errors.js';
import { formatValue } from '../core/value.js';
import { defineGame } from './kit/definition.js';

/** A Teeko move: a drop on `to` (from = −1) or a step from `from` to `to`. */
export interface TeekoMove {
  from: number;
  to: number;
}

/** The winning sets of an n×n board with k pieces a side, as masks of cells. */
export function teekoWins(n: number, k: number): number[] {
  const wins: number[] = [];
  const directions = [
    [0, 1],
    [1, 0],
    [1, 1],
    [1, -1],
  ];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      for (const [dr, dc] of directions) {
        const er = r + dr * (k - 1);
        const ec = c + dc * (k - 1);
        if (er < 0 || er >= n || ec < 0 || ec >= n) continue;
        let mask = 0;
        for (let i = 0; i < k; i++) mask |= 1 << ((r + dr * i) * n + c + dc * i);
        wins.push(mask);
      }
      if (k === 4 && r + 1 < n && c + 1 < n) {
        wins.push(
          (1 << (r * n + c)) |
            (1 << (r * n + c + 1)) |
            (1 << ((r + 1) * n + c)) |
            (1 << ((r + 1) * n + c + 1)),
        );
      }
    }
  }
  return wins;
}

/** Teeko's rules on a plain board (cells: 0 empty, 1 x, 2 o; side 0 is x). */
export function teekoRules(n: number, k: number): BoardRules<TeekoMove> {
  const cells = n * n;
  const wins = teekoWins(n, k);
  /** neighbours[c]: the cells adjacent to c in 8 directions. */
  const neighbours = Array.from({ length: cells }, (_, c) => {
    const r = Math.floor(c / n);
    const col = c % n;
    const out: number[] = [];
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++) {
        if ((dr !== 0 || dc !== 0) && r + dr >= 0 && r + dr < n && col + dc >= 0 && col + dc < n) {
          out.push((r + dr) * n + col + dc);
        }
      }
    return out;
  });
  const winSets = Int32Array.from(wins);
  const maskOf = (b: Board, piece: number): number => {
    let m = 0;
    for (let c = 0; c < cells; c++) if (b.cells[c] === piece) m |= 1 << c;
    return m;
  };
  const hasWin = (mask: number): boolean => {
    for (let i = 0; i < winSets.length; i++) if ((mask & winSets[i]) === winSets[i]) return true;
    return false;
  };
  const count = (b: Board, piece: number): number => {
    let n = 0;
    for (let c = 0; c < cells; c++) if (b.cells[c] === piece) n++;
    return n;
  };
  const name = (c: number): string => `${String.fromCharCode(97 + (c % n))}${n - Math.floor(c / n)}`;
  const with_ = (b: Board, changes: [number, number][], side: number): Board => {
    const next = [...b.cells];
    for (const [c, v] of changes) next[c] = v;
    return { cells: next, side };
  };
  const tiers: BoardLayout['tiers'][number][] = [];
  for (let i = 0; i < k; i++) tiers.push({ counts: [i, i], sides: [0] }, { counts: [i + 1, i], sides: [1] });
  tiers.push({ counts: [k, k] });
  return {
    id: `teeko(size=${n},pieces=${k})`,
    layout: {
      rows: n,
      cols: n,
      kinds: 2,
      tiers,
      changes: [
        [1, 0],
        [0, 1],
      ],
      symmetry: true,
    },
    start: { cells: Array.from({ length: cells }, () => 0), side: 0 },
    maxMoves: Math.max(cells, 8 * k),
    maxUnmoves: k + 8 * k,
    moves(b) {
      const own = b.side + 1;
      const out: TeekoMove[] = [];
      if (count(b, own) < k) {
        for (let c = 0; c < cells; c++) if (b.cells[c] === 0) out.push({ from: -1, to: c });
        return out;
      }
      for (let c = 0; c < cells; c++) {
        if (b.cells[c] !== own) continue;
        for (const d of neighbours[c]) if (b.cells[d] === 0) out.push({ from: c, to: d });
      }
      return out;
    },
    play(b, m) {
      const own = b.side + 1;
      const changes: [number, number][] =
        m.from < 0
          ? [[m.to, own]]
          : [
              [m.from, 0],
              [m.to, own],
            ];
      return with_(b, changes, 1 - b.side);
    },
    primitive(b) {
      if (hasWin(maskOf(b, 2 - b.side))) return 'lose';
      if (hasWin(maskOf(b, b.side + 1))) return 'win';
      return undefined;
    },
    unmoves(b) {
      // The player who moved last (side 1 − b.side) dropped a piece or, in the move phase, stepped one.
      const mover = 2 - b.side;
      const side = 1 - b.side;
      const xs = count(b, 1);
      const os = count(b, 2);
      const out: Board[] = [];
      // Before a drop the mover had one piece fewer, and the counts fit the drop phase (x: as many as o; o: one fewer).
      const xsBefore = mover === 1 ? xs - 1 : xs;
      const osBefore = mover === 2 ? os - 1 : os;
      if (xsBefore >= 0 && osBefore >= 0 && xsBefore - osBefore === side) {
        for (let c = 0; c < cells; c++) if (b.cells[c] === mover) out.push(with_(b, [[c, 0]], side));
      }
      if (xs === k && os === k) {
        for (let c = 0; c < cells; c++) {
          if (b.cells[c] !== mover) continue;
          for (const d of neighbours[c])
            if (b.cells[d] === 0)
              out.push(
                with_(
                  b,
                  [
                    [c, 0],
                    [d, mover],
                  ],
                  side,
                ),
              );
        }
      }
      return out;
    },
    moveName: (_b, m) => (m.from < 0 ? name(m.to) : `${name(m.from)}-${name(m.to)}`),
    show: (b) => defaultShow(b, { rows: n, cols: n, kinds: 2, tiers }),
    parsePosition(text) {
      const m = /^\s*([xo./]+)\s+([xo])\s*$/.exec(text);
      const rows = m ? m[1].split('/') : [];
      if (!m || rows.length !== n || rows.some((r) => r.length !== n)) {
        throw new InputError(
          `teeko: a position is ${n} rows of ${n} cells (x, o, .) joined by '/', then the side to move (x or o), e.g. '${Array.from({ length: n }, () => '.'.repeat(n)).join('/')} x'; not '${text}'`,
        );
      }
      const board = rows
        .join('')
        .split('')
        .map((ch) => (ch === 'x' ? 1 : ch === 'o' ? 2 : 0));
      const b = { cells: board, side: m[2] === 'x' ? 0 : 1 };
      const xs = count(b, 1);
      const os = count(b, 2);
      const fits = xs <= k && os <= k && (xs === k && os === k ? true : xs - os === b.side);
      if (!fits) {
        throw new InputError(
          `teeko: '${text}' is not a position of the game: each side has at most ${k} pieces, and in the drop phase x has as many as o when x is to move and one more when o is`,
        );
      }
      return b;
    },
  };
}

export const teekoDefinition = defineGame({
  id: 'teeko',
  summary: 'drop four pieces each on a 5×5 board, then step them; four in a row or on a 2×2 square wins',
  params: [
    { name: 'size', type: 'int', default: 5, min: 3, max: 5, description: 'board side n' },
    {
      name: 'pieces',
      type: 'int',
      default: 4,
      min: 3,
      max: 4,
      description: 'pieces a side (k in a row wins)',
    },
  ],
  load: (params) => [boardGame(teekoRules(params.size, params.pieces))],
  answer: formatValue,
  // Full Teeko solved by tiers on 2 cores, as the README measures it (the pass over what the start reaches included).
  databases: [
    {
      spec: 'teeko(size=5,pieces=4)',
      positions: 21_566_994,
      diskBytes: 4_861_489,
      memoryBytes: 396_000_000,
      seconds: 306,
    },
  ],
});
