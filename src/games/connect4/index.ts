/**
 * Connect Four on a W×H board (`connect4(width=7,height=6)`, W × (H+1) ≤ 64)
 * on bitboards. Two players drop stones into columns; four in a row
 * (across, up or diagonal) wins; a full board is a tie.
 *
 * Problem input: one move sequence per line (1-based columns, as `4453`;
 * an empty line is the empty board); each line is a game starting from the
 * position after those moves. Output: one score per line in the convention
 * of Connect Four solvers (see position.ts): 0 for a draw, positive
 * when the player to move wins — the sooner, the larger.
 *
 * As a `Game` the position is a bitboard pair and a move a column (0-based,
 * named 1 … W). Alpha-beta uses the game's own bitboard search
 * (search.ts); every other solver sees an ordinary game, which is
 * how the tests check the search on boards small enough to enumerate.
 */

import { InputError, YomiError } from '../../core/errors.js';
import type { Game } from '../../core/game.js';
import type { Outcome } from '../../core/outcome.js';
import type { SearchHooks } from '../../core/search.js';
import type { Value } from '../../core/value.js';
import { defineGame } from '../kit/definition.js';
import { lazyList } from '../kit/lazy-list.js';
import { type Geometry, geometryOf } from './bitboard.js';
import {
  type Connect4Position,
  canonicalPosition,
  canPlay,
  EMPTY,
  play,
  scoreTable,
  valueToScore,
} from './position.js';
import { Connect4Search, KERNEL_SCRATCH_BYTES, KERNEL_SHARED_BYTES } from './search.js';

export type { Connect4Position } from './position.js';

/** Connect Four as a `Game` with the hooks alpha-beta uses (bitboard positions, move order, keys). */
export type Connect4Game = Game<Connect4Position, number> &
  SearchHooks<Connect4Position, number> & { geometry: Geometry };

/**
 * The position after a move sequence (1-based column digits; spaces and tabs
 * between them are ignored); errors name the line and column.
 */
export function parseMoves(g: Geometry, text: string, line?: number): Connect4Position {
  let p = EMPTY;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === ' ' || ch === '\t') continue;
    const where = (what: string) => new InputError(what, line, i + 1);
    const c = ch.charCodeAt(0) - 49;
    if (ch < '0' || ch > '9' || c < 0 || c >= g.width) {
      throw where(`'${ch}' is not a column (1 … ${g.width})`);
    }
    if (p.won) throw where(`column ${ch}: the game is already won`);
    if (!canPlay(g, p, c)) throw where(`column ${ch} is full`);
    p = play(g, p, c);
  }
  return p;
}

/** The board, top row first: `x` for the first player's stones, `o` for the second's, `.` empty. */
function showBoard(g: Geometry, p: Connect4Position): string {
  const rows: string[] = [];
  const firstToMove = p.moves % 2 === 0;
  for (let r = g.height - 1; r >= 0; r--) {
    let row = '';
    for (let c = 0; c < g.width; c++) {
      const bit = c * (g.height + 1) + r;
      const on = (lo: number, hi: number) => (bit < 32 ? (lo >>> bit) & 1 : (hi >>> (bit - 32)) & 1) === 1;
      if (!on(p.mask0, p.mask1)) row += '.';
      else row += on(p.cur0, p.cur1) === firstToMove ? 'x' : 'o';
    }
    rows.push(row);
  }
  return rows.join('\n');
}

/**
 * Where each line of `text` starts, and one past the end of the last (its
 * newline): line i is text[starts[i], starts[i + 1] − 1). A final newline
 * ends the last line rather than starting an empty one.
 */
function lineStarts(text: string): Int32Array {
  const starts: number[] = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  if (starts[starts.length - 1] !== text.length) starts.push(text.length + 1);
  return Int32Array.from(starts);
}

/** Connect Four on a `width` × `height` board (W × (H+1) ≤ 64), from the empty board or `start`. */
export function connect4(width = 7, height = 6, start?: Connect4Position): Connect4Game {
  return connect4On(geometryOf(width, height), start);
}

/** Connect Four on a board's geometry, which the games of one input share (a thousand lines, one geometry). */
function connect4On(g: Geometry, start?: Connect4Position): Connect4Game {
  const { width, height } = g;
  const all: number[] = [];
  for (let c = 0; c < width; c++) all.push(g.order[c]);
  const bigKeys = width * (height + 1) > 53;
  return {
    id: `connect4(width=${width},height=${height})`,
    geometry: g,
    start: start ?? EMPTY,
    moves(p) {
      if (p.won || p.moves === g.cells) return [];
      return all.filter((c) => canPlay(g, p, c));
    },
    play: (p, c) => play(g, p, c),
    primitive(p): Outcome | undefined {
      if (p.won) return 'lose';
      return p.moves === g.cells ? 'tie' : undefined;
    },
    key(p) {
      // cur + mask is unique per position (the lowest empty cell of each column marks its height).
      const lo = (p.cur0 >>> 0) + (p.mask0 >>> 0);
      const hi = ((p.cur1 + p.mask1) | 0) + (lo > 0xffffffff ? 1 : 0);
      return bigKeys ? (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0) : (hi >>> 0) * 2 ** 32 + (lo % 2 ** 32);
    },
    // The mirror image of a position has the same value: one value per pair (solvers fold them).
    canonical: (p) => canonicalPosition(g, p),
    hash(p, out) {
      const lo = (p.cur0 >>> 0) + (p.mask0 >>> 0);
      out[0] = lo | 0;
      out[1] = (p.cur1 + p.mask1 + (lo > 0xffffffff ? 1 : 0)) | 0;
    },
    // A tie fills the board.
    pliesLeft: (p, score) => (score === 0 ? g.cells - p.moves : undefined),
    show: (p) => showBoard(g, p),
    moveName: (_p, c) => String(c + 1),
    parsePosition: (text) => parseMoves(g, text.trim()),
    searcher: (context) => new Connect4Search(g, context),
    // A position's score is the same in every game of one board size: they may share a table. The
    // search runs in WebAssembly, on the table in its memory.
    table: {
      share: `connect4 ${width}x${height}`,
      compact: scoreTable(g),
      kernel: { scratchBytes: KERNEL_SCRATCH_BYTES, sharedBytes: KERNEL_SHARED_BYTES },
    },
  };
}

/** The score of a solved value for the position a game starts from. */
export function connect4Score(game: Connect4Game, value: Value): number {
  return valueToScore(game.geometry, game.start.moves, value);
}

export const connect4Definition = defineGame({
  id: 'connect4',
  summary:
    'Connect Four: drop stones into columns, four in a row wins; scores as Connect Four solvers give them',
  params: [
    {
      name: 'width',
      type: 'int',
      default: 7,
      min: 1,
      max: 9,
      description: 'columns (one digit each in a move sequence)',
    },
    {
      name: 'height',
      type: 'int',
      default: 6,
      min: 1,
      max: 63,
      description: 'rows (width × (height + 1) ≤ 64)',
    },
  ],
  input: {
    format: 'one move sequence per line (columns 1 … width, e.g. 4453); an empty line is the empty board',
    // A middle-game position that solves in milliseconds on 7×6 (the opening needs far longer) and,
    // using columns 1–5 only, is legal on boards down to 5×4.
    example: '212235554152144413\n',
  },
  book: { shipped: (game: Connect4Game) => `connect4-${game.geometry.width}x${game.geometry.height}.book` },
  load(params, input) {
    const { width, height } = params;
    if (width * (height + 1) > 64) {
      throw new YomiError(
        `connect4: parameters width=${width},height=${height}: width × (height + 1) = ${width * (height + 1)} bits exceed the 64 of a bitboard`,
      );
    }
    if (input === undefined || input === '') throw new InputError('connect4: the input is empty');
    // A game is built, and its line checked, when it is read: an input of millions of lines does not
    // build millions of games before solving, and a bad line (a mistake naming where it is) is one
    // dataset's error, as in Connect Four solvers, which answer the other lines (yomi solve does).
    const g = geometryOf(width, height);
    const starts = lineStarts(input);
    const line = (i: number) => {
      // A CRLF line end counts as a newline.
      const end = starts[i + 1] - 1;
      return input.slice(starts[i], end > starts[i] && input.charCodeAt(end - 1) === 13 ? end - 1 : end);
    };
    const position = (i: number) => {
      const p = parseMoves(g, line(i), i + 1);
      // As in the solvers' benchmark sets, a line is a game still going: its last stone must not end it.
      if (p.won) {
        throw new InputError(
          'the last stone makes four in a row: the game is over, there is nothing to solve',
          i + 1,
          line(i).trimEnd().length,
        );
      }
      return p;
    };
    return lazyList(starts.length - 1, (i) => connect4On(g, position(i)));
  },
  answer: (value, game) => String(connect4Score(game, value)),
});
