/**
 * Moves one at a time: the form of a numbered game's moves that the table
 * solvers' inner loops read.
 *
 * `children(p, out, points)` writes every move of p into the caller's typed
 * arrays, which the solver then reads back: two trips through memory per
 * move. A game may instead offer `moveCount(p)` with `childAt(p, i)` and
 * `pointsAt(p, i)`: the i-th child (and its points) that `children` would
 * write, for i < moveCount(p). A solver's loop calls them with a small i; V8
 * inlines them into the loop (its call site sees one game class in a process
 * that solves one game), so a move costs what it would cost written out by
 * hand. Games that offer them usually write `children` with
 * `childrenFromSlots`, so that the two forms cannot disagree.
 *
 * `moveSlots(game)` (and `scoringSlots`, with points) gives every numbered
 * game this form: the game itself when it has `childAt`, else a view that
 * calls `children` once per position. A loop then calls one object for the
 * primitives and the moves alike.
 */

import type { NumberedGame } from './game.js';

/** What a table solver's loop reads: the game's primitives and its moves one at a time. */
export interface MoveSlots {
  /** At most this many moves from any position. */
  maxMoves: number;
  /** As `IndexedGame.primitive`. */
  primitive(p: number): number;
  /** How many moves p has. */
  moveCount(p: number): number;
  /** The i-th child `children(p)` writes (`~child` for a move that keeps the turn), for i < moveCount(p). */
  childAt(p: number, i: number): number;
}

/** The moves of a scoring game: each move's points too. */
export interface ScoringSlots extends MoveSlots {
  /** The points of the i-th move, for i < moveCount(p). */
  pointsAt(p: number, i: number): number;
}

/** The game's moves one at a time: its own, or read from `children`. */
export function moveSlots(game: NumberedGame): MoveSlots {
  return hasSlots(game) ? game : new ChildrenSlots(game);
}

/** A scoring game's moves and points one at a time: its own, or read from `children`. */
export function scoringSlots(game: NumberedGame): ScoringSlots {
  return hasSlots(game) && hasSlotPoints(game) ? game : new ChildrenSlots(game);
}

function hasSlots(game: NumberedGame): game is NumberedGame & MoveSlots {
  return game.childAt !== undefined && game.moveCount !== undefined;
}

function hasSlotPoints(game: NumberedGame): game is NumberedGame & ScoringSlots {
  return game.pointsAt !== undefined;
}

/**
 * `children` written from `moveCount`/`childAt`/`pointsAt`, for a game that
 * defines its moves one at a time: the same moves, with their points when
 * `points` is given.
 */
export function childrenFromSlots(
  game: MoveSlots & { pointsAt?(p: number, i: number): number },
  p: number,
  out: Int32Array,
  points?: Float64Array,
): number {
  const n = game.moveCount(p);
  for (let i = 0; i < n; i++) out[i] = game.childAt(p, i);
  if (points !== undefined && game.pointsAt !== undefined) {
    for (let i = 0; i < n; i++) points[i] = game.pointsAt(p, i);
  }
  return n;
}

/** Moves read from `children`: `moveCount(p)` writes them, `childAt` and `pointsAt` read them. */
class ChildrenSlots implements ScoringSlots {
  readonly maxMoves: number;
  private readonly out: Int32Array;
  private readonly points: Float64Array;
  private at = -1;
  private count = 0;

  constructor(private readonly game: NumberedGame) {
    this.maxMoves = game.maxMoves;
    this.out = new Int32Array(Math.max(1, game.maxMoves));
    this.points = new Float64Array(Math.max(1, game.maxMoves));
  }

  primitive(p: number): number {
    return this.game.primitive(p);
  }

  moveCount(p: number): number {
    if (p !== this.at) {
      this.count = this.game.children(p, this.out, this.points);
      this.at = p;
    }
    return this.count;
  }

  childAt(_p: number, i: number): number {
    return this.out[i];
  }

  pointsAt(_p: number, i: number): number {
    return this.points[i];
  }
}
