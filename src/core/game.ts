/**
 * The two ways to describe a game (see docs/architecture.md):
 *
 * - `Game<P, M>`: the convenient form — any position type, moves listed and
 *   played one at a time, positions told apart by `key`.
 * - `IndexedGame`: the fast form — positions are the integers 0 … size−1 and
 *   children are written into the caller's typed arrays, so solvers run
 *   without hashing or per-position allocation.
 *
 * Both describe position values for the player to move; a game is a scoring
 * game when it has `points`.
 */

import type { Outcome } from './outcome.js';

export type Key = string | number | bigint;

export interface Game<P, M> {
  id: string;
  start: P;
  moves(p: P): readonly M[];
  /** A new position; `p` is not changed. */
  play(p: P, m: M): P;
  /** The rules end the game here with this outcome for the player to move. Default: no move = lose. */
  primitive?(p: P): Outcome | undefined;
  /** Scoring games: the points the mover earns by playing `m` in `p`. */
  points?(p: P, m: M): number;
  /** Equal keys ⇔ same position. */
  key(p: P): Key;
  show?(p: P): string;
  moveName?(p: P, m: M): string;
  /**
   * Who loses if play from `p` goes on forever: the outcome for the player to
   * move at `p` ('lose' or 'win'). Absent: endless play is a draw. See
   * docs/architecture.md, "Cycles, draws and endless play".
   */
  endless?(p: P): Outcome;
  /** Parse a position written as `show` writes it (for `yomi query` and `yomi analyze --position`). */
  parsePosition?(text: string): P;
}

export interface IndexedGame {
  id: string;
  /** Positions are 0 … size−1. */
  size: number;
  start: number;
  /** A bound on the number of children of any position: sizes the caller's buffers. */
  maxMoves: number;
  /** 'descending': every move goes to a smaller index; 'ascending': to a larger one. */
  order?: 'ascending' | 'descending';
  /**
   * Writes the children of `p` into `out` and returns how many. In a scoring
   * game (`scoring: true`) it also writes each move's points into `points`.
   */
  children(p: number, out: Int32Array, points?: Float64Array): number;
  /**
   * If the rules end the game at `p`: its outcome code (LOSE, WIN, TIE, DRAW),
   * or `primitiveCode(outcome, remoteness)` for a position that is decided but
   * ends a few plies later (see outcome.ts); else NOT_PRIMITIVE.
   */
  primitive(p: number): number;
  /** Moves earn points (the `points` buffer of `children` is filled). */
  scoring?: boolean;
  /**
   * For retrograde analysis without a stored reverse graph: writes the parents
   * of `p` (a parent with k moves to `p` is listed k times) and returns how many.
   */
  parents?(p: number, out: Int32Array): number;
  /** A bound on the number of parents of any position (sizes the buffer for `parents`). */
  maxParents?: number;
  /** What `children(p)` returns, when counting is cheaper than writing (retrograde analysis counts every position's moves). */
  moveCount?(p: number): number;
  /** As `Game.endless`, as an outcome code (LOSE or WIN); absent: endless play is a draw. */
  endless?(p: number): number;
  show?(p: number): string;
  moveName?(p: number, i: number): string;
  parsePosition?(text: string): number;
}

export type AnyGame = Game<unknown, unknown> | IndexedGame;

export function isIndexed(game: AnyGame): game is IndexedGame {
  return typeof (game as IndexedGame).children === 'function';
}

/** A position is over when the rules say so or when it has no move. */
export function isOver<P, M>(game: Game<P, M>, p: P): boolean {
  return game.primitive?.(p) !== undefined || game.moves(p).length === 0;
}
