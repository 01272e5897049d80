/**
 * Loopy impartial games played with tokens on one board: the board is the
 * game of a single token (an `IndexedGame` whose positions are the board's
 * places, with `parents()`), and a position of the game is a row of tokens,
 * each on a place; a move moves one token along one of its place's moves.
 * Play may go on forever (a draw). The row is the sum of its tokens, so it
 * is decided from the generalized Sprague–Grundy values of the board's places
 * (solvers/gsg-sum.ts) — the way a row of heaps is decided by nim-sums
 * (heap-game.ts), with cycles allowed.
 *
 * A position keeps its tokens in increasing order of place, without tokens on
 * places that have no move (they take no further part, like empty heaps), so
 * rows that differ only in order are one position. A token's moves to the same
 * place are one move. The game declares itself a sum (`Game.tokens`), so rows
 * too large to explore are decided from the board's values.
 */

import { InputError } from '../../core/errors.js';
import type { Game, IndexedGame } from '../../core/game.js';
import { NOT_PRIMITIVE } from '../../core/outcome.js';
import { formatValue } from '../../core/value.js';
import {
  defineGame,
  type GameDefinition,
  type ParamSpec,
  type Params,
  type ParamsOf,
} from '../kit/definition.js';
import { formatGameSpec } from '../kit/params.js';

/** The board of a token game: the game of one token, and how people call its tokens. */
export interface TokenBoard {
  /** How the board is written, with its parameters: `subtraction-mod(n=12,set=2 5)`. */
  name: string;
  /** The game of a single token: places 0 … size−1, with `parents()`. */
  component: IndexedGame;
  /** What a token is called in move names and tables: `heap`, `token`. */
  tokenName: string;
}

/** A row of tokens: the place of each, in increasing order. */
export type Tokens = readonly number[];

/** A move of one token: which (its index in the row), from where, to where. */
export interface TokenMove {
  token: number;
  from: number;
  to: number;
}

/** A row of tokens on a board as a `Game`. */
export interface TokenGame extends Game<Tokens, TokenMove> {
  board: TokenBoard;
}

/** The places one token can move to from `place` (each once), none from a place the rules end. */
export function tokenTargets(component: IndexedGame, place: number, out: Int32Array): number[] {
  if (component.primitive(place) !== NOT_PRIMITIVE) return [];
  const n = component.children(place, out);
  return [...new Set(out.subarray(0, n))];
}

/** `heap2:9→7`: which token (from 1), from which place to which. */
export function formatTokenMove(board: TokenBoard, m: TokenMove): string {
  const show = (place: number) => (board.component.show ? board.component.show(place) : String(place));
  return `${board.tokenName}${m.token + 1}:${show(m.from)}→${show(m.to)}`;
}

/** A row of tokens on `board` as a `Game`. */
export function tokenGame(id: string, board: TokenBoard, tokens: Tokens): TokenGame {
  const component = board.component;
  const out = new Int32Array(Math.max(1, component.maxMoves));
  const live = (place: number) => tokenTargets(component, place, out).length > 0;
  const canonical = (row: Tokens): Tokens => row.filter(live).sort((a, b) => a - b);
  const show = (place: number) => (component.show ? component.show(place) : String(place));
  // The moves of token i at a place are made once, so the same move is the same object every time.
  const cache = new Map<number, TokenMove[]>();
  const movesOf = (token: number, from: number): TokenMove[] => {
    const key = token * component.size + from;
    let moves = cache.get(key);
    if (moves === undefined) {
      moves = tokenTargets(component, from, out).map((to) => ({ token, from, to }));
      cache.set(key, moves);
    }
    return moves;
  };
  const start = canonical(tokens);
  return {
    id,
    board,
    tokens: { component, places: (p) => p },
    sizeEstimate: rowsEstimate(component.size, start.length),
    start,
    moves: (p) => p.flatMap((from, token) => movesOf(token, from)),
    play(p, m) {
      const next = p.slice();
      next[m.token] = m.to;
      return canonical(next);
    },
    key: (p) => p.join(' '),
    show: (p) => (p.length === 0 ? `no ${board.tokenName}s` : p.map(show).join(' ')),
    moveName: (_p, m) => formatTokenMove(board, m),
    parsePosition(text) {
      const t = text.trim();
      if (t === `no ${board.tokenName}s`) return [];
      const row = t.split(/\s+/).map(Number);
      if (t === '' || row.some((n) => !Number.isInteger(n) || n < 0 || n >= component.size)) {
        throw new InputError(
          `${id}: a position is a row of places 0 … ${component.size - 1} separated by spaces, e.g. '3 4', not '${text}'`,
        );
      }
      return canonical(row);
    },
  };
}

export interface TokenDefinitionSpec<S extends readonly ParamSpec[]> {
  id: string;
  summary: string;
  /** The board's own parameters (n and a set, a graph …), before the row of tokens. */
  params: S;
  /** The parameter that holds the row of tokens (`heaps`, `tokens`) and its default. */
  tokensParam: { name: string; description: string; default: readonly number[]; max: number };
  /** The board the parameters describe; an impossible board throws an `InputError` naming the parameter. */
  board(params: ParamsOf<S>): TokenBoard;
}

/** A token game's definition; `board` gives the board its parameters describe (for `yomi grundy`). */
export interface TokenGameDefinition extends GameDefinition<TokenGame> {
  board(params: Params): TokenBoard;
  /** The name of the parameter holding the row of tokens. */
  tokensParam: string;
}

export function isTokenDefinition(def: GameDefinition): def is TokenGameDefinition {
  return 'board' in def && typeof def.board === 'function';
}

/** The most tokens in a row. */
const MAX_TOKENS = 64;

/** The row of tokens a definition's parameters give, each checked against the board's places. */
export function tokensOf(def: TokenGameDefinition, params: Params, board: TokenBoard): number[] {
  const row = [...(params[def.tokensParam] as readonly number[])];
  const size = board.component.size;
  const bad = row.find((t) => t >= size);
  if (bad !== undefined) {
    throw new InputError(
      `${def.id}: parameter ${def.tokensParam}=${row.join(' ')}: ${bad} is not a place of the board (0 … ${size - 1})`,
    );
  }
  return row;
}

/** The definition of a token game: the board's parameters plus the row of tokens. */
export function tokenDefinition<const S extends readonly ParamSpec[]>(
  spec: TokenDefinitionSpec<S>,
): TokenGameDefinition {
  const tokens: ParamSpec = {
    name: spec.tokensParam.name,
    type: 'ints',
    default: spec.tokensParam.default,
    description: spec.tokensParam.description,
    min: 0,
    max: spec.tokensParam.max,
    minLength: 1,
    maxLength: MAX_TOKENS,
  };
  const board = (params: Params) => spec.board(params as ParamsOf<S>);
  const def: TokenGameDefinition = {
    ...defineGame({
      id: spec.id,
      summary: spec.summary,
      params: [...spec.params, tokens],
      load(params) {
        const b = board(params);
        return [tokenGame(formatGameSpec(spec.id, params), b, tokensOf(def, params, b))];
      },
      answer: (value) => formatValue(value),
    }),
    board,
    tokensParam: spec.tokensParam.name,
  };
  return def;
}

/** About how many rows of at most k tokens on n places play can reach: Σ_{j ≤ k} C(n + j − 1, j). */
function rowsEstimate(n: number, k: number): number {
  let total = 1;
  let rows = 1;
  for (let j = 1; j <= k; j++) {
    rows = (rows * (n + j - 1)) / j;
    total += rows;
  }
  return Math.min(Number.MAX_SAFE_INTEGER, total);
}
