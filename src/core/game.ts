/**
 * The ways to describe a game (see docs/architecture.md), each marked by its
 * `kind` so that solvers and commands tell them apart by declaration, never
 * by probing for methods:
 *
 * - `Game<P, M>` (kind 'game', the default): the convenient form — any
 *   position type, moves listed and played one at a time, positions told
 *   apart by `key`.
 * - `IndexedGame` (kind 'indexed'): the fast form — positions are the
 *   integers 0 … size−1 and children are written into the caller's typed
 *   arrays, so solvers run without hashing or per-position allocation.
 * - `EndScoredGame` (kind 'end-scored', core/end-scored.ts): an indexed game
 *   scored where it stops.
 *
 * All describe values for the player to move. A game is a scoring game when
 * it has `points` (`scoring: true` in the indexed form). A move may keep the
 * turn (an extra turn: the same player moves again): `keepsTurn` in the
 * convenient form, `extraTurns` in the indexed form. Positions that are the
 * same up to a symmetry may share one value: `canonical` in the convenient
 * form; an indexed game folds them in its numbering.
 */

import type { Outcome } from './outcome.js';
import type { TieredGame, TierPosition } from './tiered.js';
import type { Value } from './value.js';

/** What a position is remembered by: equal keys ⇔ the same position. */
export type Key = string | number | bigint;

/**
 * How the rules end a game at a position: an outcome for the player to move
 * (the game is over here, remoteness 0), or a whole value for a position that
 * is decided a few plies before it ends (e.g. a win in 1 that is not
 * expanded).
 */
export type Primitive = Outcome | Value;

/**
 * A game in the convenient form: any position type `P`, any move type `M`,
 * moves listed and played one at a time, positions told apart by `key`.
 * Values are always for the player to move. docs/writing-a-game.md walks
 * through every field.
 *
 * @example
 * ```ts
 * import { formatValue, type Game, solve } from 'yomi';
 *
 * // Race to 10: add 1 or 2 to a counter; who reaches 10 wins.
 * const race: Game<number, number> = {
 *   id: 'race-to-10',
 *   start: 0,
 *   moves: (n) => (n >= 10 ? [] : n === 9 ? [1] : [1, 2]),
 *   play: (n, step) => n + step,
 *   key: (n) => n,
 * };
 * console.log(formatValue(solve(race).value(0))); // win in 7
 * ```
 */
export interface Game<P, M> {
  kind?: 'game';
  id: string;
  start: P;
  /** The moves of the player to move at `p` (none: the game is over, a loss unless `primitive` says otherwise). */
  moves(p: P): readonly M[];
  /** A new position; `p` is not changed. */
  play(p: P, m: M): P;
  /** The rules end the game here with this outcome for the player to move. Default: no move = lose. */
  primitive?(p: P): Primitive | undefined;
  /** Scoring games: the points the mover earns by playing `m` in `p`. */
  points?(p: P, m: M): number;
  /** Extra turns: playing `m` in `p` leaves the same player to move. Absent: turns alternate. */
  keepsTurn?(p: P, m: M): boolean;
  /** Equal keys ⇔ same position. */
  key(p: P): Key;
  /**
   * Symmetry: the representative of the positions equivalent to `p` (same
   * value, same number of moves, children equivalent one to one). Solvers
   * keep one value per class; absent: every position is its own class.
   */
  canonical?(p: P): P;
  /** How a position is written in reports (and read back by `parsePosition`). */
  show?(p: P): string;
  /**
   * The position drawn for a person at a terminal (`yomi play`), over several
   * lines; absent: as `show` writes it, a one-line text whose rows are
   * separated by `/` drawn one row per line.
   */
  showBoard?(p: P): string;
  /** How a move is written in reports and entered in `yomi play`; distinct at each position. */
  moveName?(p: P, m: M): string;
  /**
   * Who loses if play from `p` goes on forever: the outcome for the player to
   * move at `p` ('lose' or 'win'). Absent: endless play is a draw. Play that
   * goes on forever from `p` goes on forever from each child too, so the
   * answers must agree along every move between positions the rules do not
   * end: the opposite outcome after a move that passes the turn, the same
   * after one that keeps it (`endlessAgrees`; `yomi check` checks it, and
   * exploring refuses a game that breaks it). See docs/architecture.md,
   * "Cycles, draws and endless play".
   */
  endless?(p: P): Outcome;
  /** Parse a position written as `show` writes it (for `yomi query` and `yomi analyze --position`). */
  parsePosition?(text: string): P;
  /**
   * The game's own Grundy value of `p` in normal play, when theory gives it
   * without search (a row of heaps: the XOR of each heap's value). `auto`
   * then solves a game too large to explore by these values: outcomes
   * without remoteness.
   */
  grundy?(p: P): number;
  /**
   * A loopy impartial sum: every position is a row of places of one indexed
   * game in normal play (tokens on a board), and the row is their sum. `auto`
   * then solves a game too large to explore from that game's generalized
   * Sprague–Grundy values: outcomes without remoteness.
   */
  tokens?: TokenSum<P>;
  /** About how many positions exploring from the start would meet: lets `auto` decide before exploring. */
  sizeEstimate?: number;
  /**
   * A perfect hash of the positions: the same game as an `IndexedGame`, whose
   * numbers may fold the classes of the game's symmetry (`canonical`), and
   * the number of a position's class. Table solvers then fill the indexed
   * form, and the solution answers in this game's positions.
   */
  indexed?: IndexedLink<P>;
}

/** A game whose positions are sums of places of one indexed game (see `Game.tokens`). */
export interface TokenSum<P> {
  /** The game of one token: its positions are the places. */
  component: IndexedGame;
  /** The places of the tokens at `p`. */
  places(p: P): readonly number[];
}

/** How a `Game` and its indexed form meet. */
export interface IndexedLink<P> {
  game: IndexedGame;
  /** The number of p's class. */
  indexOf(p: P): number;
  /** A position of the class numbered i (its representative). */
  positionOf(i: number): P;
}

/** The fields every numbered form shares (an `IndexedGame`, an `EndScoredGame`). */
export interface NumberedGame {
  id: string;
  /** Positions are 0 … size−1. */
  size: number;
  start: number;
  /** A bound on the number of children of any position: sizes the caller's buffers. */
  maxMoves: number;
  /** 'descending': every move goes to a smaller index; 'ascending': to a larger one. */
  order?: 'ascending' | 'descending';
  /**
   * With `order`: no move goes further than this many indices (a grid's
   * width, a row's length). A sweep asked for the start's value alone then
   * keeps a window of about this many entries instead of one per position.
   */
  reach?: number;
  /**
   * Moves that are fixed steps in index, the same from every position (a
   * subtraction game's amounts): the i-th move of p, for i < moveCount(p),
   * goes to p + moveOffsets[i], as `childAt` says. The sweep for outcomes
   * then reads a move without calling the game. Not with extra turns.
   */
  moveOffsets?: Int32Array;
  /**
   * Writes the children of `p` into `out` and returns how many. In a scoring
   * game (`scoring: true`) it also writes each move's points into `points`.
   * In a game with `extraTurns`, a child reached by a move that keeps the
   * turn is written as `~child` (a negative number; see `keepsTurnChild`).
   */
  children(p: number, out: Int32Array, points?: Float64Array): number;
  /**
   * Optional, with `moveCount`, for the table solvers' inner loops: the i-th
   * child `children(p)` writes (i < moveCount(p)), without writing the others.
   * See core/move-slots.ts.
   */
  childAt?(p: number, i: number): number;
  /** With `childAt` in a scoring game: the points of the i-th move. */
  pointsAt?(p: number, i: number): number;
  /**
   * Scoring games, optional: every move's points are integers and every
   * margin lies within ±marginBound, so margins fit a small integer table.
   * The sweep checks it and stops with an error naming a position that breaks it.
   */
  marginBound?: number;
  /**
   * If the rules end the game at `p`: its outcome code (LOSE, WIN, TIE, DRAW),
   * or `primitiveCode(outcome, remoteness)` for a position that is decided but
   * ends a few plies later (see outcome.ts); else NOT_PRIMITIVE.
   */
  primitive(p: number): number;
  /** Moves earn points (the `points` buffer of `children` is filled). */
  scoring?: boolean;
  /** Some moves keep the turn; `children` and `parents` mark them with `~`. */
  extraTurns?: boolean;
  /**
   * For retrograde analysis without a stored reverse graph: writes the parents
   * of `p` (a parent with k moves to `p` is listed k times; in a game with
   * `extraTurns`, a parent whose move keeps the turn as `~parent`) and
   * returns how many. A game gives its parents this way, or one at a time
   * (`parentCount`/`parentAt`), or both (then they must agree); see
   * core/parent-slots.ts.
   */
  parents?(p: number, out: Int32Array): number;
  /**
   * Parents one at a time, optional, with `parentAt`: how many parents p has
   * (what `parents(p)` returns). Retrograde analysis uses this form when a
   * game has it: its loop reads each parent without a buffer.
   */
  parentCount?(p: number): number;
  /** With `parentCount`: the i-th parent of p in the list `parents(p)` writes, for i < parentCount(p). */
  parentAt?(p: number, i: number): number;
  /** A bound on the number of parents of any position (sizes the buffers for `parents`); needed with either form. */
  maxParents?: number;
  /** What `children(p)` returns, when counting is cheaper than writing (retrograde analysis counts every position's moves). */
  moveCount?(p: number): number;
  /**
   * For retrograde analysis of games where most positions are won on the
   * move (Dobutsu shogi: the lion can be taken): the moves of p that do not
   * lead to a primitive win for the opponent. With it, the solver neither
   * waits for nor propagates from those primitive wins: a position whose
   * every move leads to one is lost one ply after the slowest of them. Exact
   * when every primitive win ends within one ply (checked); not with extra
   * turns.
   */
  safeMoveCount?(p: number): number;
  /**
   * As `Game.endless`, as an outcome code (LOSE or WIN); absent: endless play
   * is a draw. It must agree along every move between positions that are not
   * primitive (`endlessAgrees`), as `Game.endless` explains: retrograde
   * analysis for outcomes alone relies on it.
   */
  endless?(p: number): number;
  /** How a position is written in reports (and read back by `parsePosition`). */
  show?(p: number): string;
  /** How the move to the `i`-th child is written in reports and entered in `yomi play`. */
  moveName?(p: number, i: number): string;
  /** Parse a position written as `show` writes it (for `yomi query` and `yomi analyze --position`). */
  parsePosition?(text: string): number;
  /**
   * The same game split into tiers solved one after another (core/tiered.ts),
   * for games too large to solve in one table; the tier solver uses it.
   * `locate` maps a number to its tier and its number there, `numberOf` back.
   */
  tiers?: {
    game: TieredGame;
    /** The tier of position `p` and its number there. */
    locate(p: number): TierPosition;
    /** The position numbered `index` in `tier`. */
    numberOf(tier: number, index: number): number;
  };
}

/**
 * A game in the fast form: positions are the integers 0 … size−1 and
 * `children` writes a position's children into the caller's buffer, so
 * solvers run over typed arrays without hashing or allocating per position.
 * With `order`, one sweep over the indices solves it; with `parents` (or
 * `parentCount`/`parentAt`), retrograde analysis solves it without exploring.
 *
 * @example
 * ```ts
 * import { formatValue, type IndexedGame, NOT_PRIMITIVE, solve } from 'yomi';
 *
 * // Take 1 or 2 stones from a pile of up to 20; who takes the last stone wins.
 * const pile: IndexedGame = {
 *   kind: 'indexed',
 *   id: 'pile',
 *   size: 21, // positions 0 … 20: the stones left
 *   start: 20,
 *   maxMoves: 2,
 *   order: 'descending', // every move goes to a smaller index
 *   children(p, out) {
 *     let n = 0;
 *     for (const take of [1, 2]) if (take <= p) out[n++] = p - take;
 *     return n;
 *   },
 *   primitive: () => NOT_PRIMITIVE, // no move left: the player to move has lost
 * };
 * const solution = solve(pile);
 * console.log(solution.solver, formatValue(solution.value(20))); // sweep win in 13
 * ```
 */
export interface IndexedGame extends NumberedGame {
  /** The fast form says so: solvers and commands go by the declared kind. */
  kind: 'indexed';
}

/** See core/end-scored.ts. */
export interface EndScoredGame extends NumberedGame {
  kind: 'end-scored';
  /** Whether the player to move at `p` wants the final score high. */
  maximizer(p: number): boolean;
  /** The score if the player to move at `p` stops there, or NaN when stopping is not allowed at `p`. */
  stopScore(p: number): number;
}

/** Any form of game a solver accepts. */
export type AnyGame = Game<unknown, unknown> | IndexedGame | EndScoredGame;

/** The declared kinds of game: 'game', 'indexed', 'end-scored'. */
export type GameKind = NonNullable<AnyGame['kind']>;

/** The kind a game declares ('game' when it says nothing). */
export function gameKind(game: AnyGame): GameKind {
  return game.kind ?? 'game';
}

/** A game whose positions are numbered (an `IndexedGame` or an `EndScoredGame`). */
export function isIndexed(game: AnyGame): game is IndexedGame | EndScoredGame {
  return game.kind === 'indexed' || game.kind === 'end-scored';
}

/**
 * The key solvers remember a position by: the key of its class's
 * representative when the game declares a symmetry (`canonical`) and
 * `symmetry` is on, else the position's own key.
 */
export function classKeyOf<P, M>(game: Game<P, M>, symmetry = true): (p: P) => Key {
  const canonical = symmetry ? game.canonical : undefined;
  if (canonical === undefined) return (p) => game.key(p);
  return (p) => game.key(canonical.call(game, p));
}

/** The longest readable form of a position or move without `show` or `moveName`. */
const READABLE_LENGTH = 200;

/**
 * A value as people read it when the game does not say how to write it: a
 * number or string as it is, anything else as JSON (bigints as `12n`, Maps
 * and Sets as arrays), cut at 200 characters — never `[object Object]`.
 */
function readable(v: unknown): string {
  const text = typeof v === 'object' && v !== null ? (asJson(v) ?? String(v)) : String(v);
  return text.length > READABLE_LENGTH ? `${text.slice(0, READABLE_LENGTH - 1)}…` : text;
}

/** An object as JSON (bigints as `12n`, Maps and Sets as arrays); undefined for a cycle. */
function asJson(v: object): string | undefined {
  try {
    return JSON.stringify(v, (_k, x: unknown) =>
      typeof x === 'bigint' ? `${x}n` : x instanceof Map || x instanceof Set ? [...x] : x,
    );
  } catch {
    return undefined;
  }
}

/**
 * What tells the moves at `p` apart: a move's name when the game names its
 * moves (names are distinct at each position), else the move itself — an
 * object move by its JSON. A game may make fresh move objects on every call
 * of `moves` (the boardgame.io adapter does, and so may a user's game), so
 * moves from two calls — `best(p)` and `moves(p)` — are compared by this
 * key, never by identity.
 */
export function moveKeyAt<P, M>(game: Game<P, M>, p: P): (m: M) => unknown {
  const name = game.moveName;
  if (name !== undefined) return (m) => name.call(game, p, m);
  return (m) => (typeof m === 'object' && m !== null ? (asJson(m) ?? m) : m);
}

/** How a position is written in reports: the game's `show`, else a readable form of it. */
export function writePosition<P, M>(game: Game<P, M>, p: P): string {
  return game.show ? game.show(p) : readable(p);
}

/** How a move is written in reports and entered in `yomi play`: the game's `moveName`, else a readable form of it. */
export function writeMove<P, M>(game: Game<P, M>, p: P, m: M): string {
  return game.moveName ? game.moveName(p, m) : readable(m);
}

/** Moves earn points: `points` in the convenient form, `scoring` in the numbered forms. */
export function isScoring(game: AnyGame): boolean {
  return isIndexed(game) ? game.scoring === true : typeof game.points === 'function';
}

/** Some moves may keep the turn: `keepsTurn` in the convenient form, `extraTurns` in the numbered forms. */
export function hasExtraTurns(game: AnyGame): boolean {
  return isIndexed(game) ? game.extraTurns === true : typeof game.keepsTurn === 'function';
}

/** A child written by `children` for a move that keeps the turn. */
export function keepsTurnChild(c: number): boolean {
  return c < 0;
}

/** The position a child entry stands for (`~c` marks a move that keeps the turn). */
export function childIndex(c: number): number {
  return c < 0 ? ~c : c;
}

/** The primitive value of `p`, or undefined when the game goes on there. */
export function primitiveValue<P, M>(game: Game<P, M>, p: P): Value | undefined {
  const primitive = game.primitive?.(p);
  if (primitive === undefined) return undefined;
  return typeof primitive === 'string' ? { outcome: primitive, remoteness: 0 } : primitive;
}

/**
 * The value of a position where the game is over (the rules say so, or no move is left): the rules'
 * value, else a loss for the player who cannot move; in a scoring game, level with nothing left to earn.
 */
export function endedValue<P, M>(game: Game<P, M>, p: P): Value {
  if (isScoring(game)) return { outcome: 'tie', remoteness: 0, margin: 0 };
  return primitiveValue(game, p) ?? { outcome: 'lose', remoteness: 0 };
}

/** A position is over when the rules say so or when it has no move. */
export function isOver<P, M>(game: Game<P, M>, p: P): boolean {
  return game.primitive?.(p) !== undefined || game.moves(p).length === 0;
}
