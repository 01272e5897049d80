/**
 * Moves one slot at a time: the form of a numbered game's moves that the
 * table solvers' inner loops read.
 *
 * `children(p, out, points)` writes every move of p into the caller's typed
 * arrays, which the solver then reads back: two trips through memory per
 * move. A game may instead offer `childAt(p, k)` and `pointsAt(p, k)`, the
 * move in slot k of p (0 ≤ k < maxMoves) or NO_MOVE. A solver's loop over the
 * slots calls them with a small k; V8 inlines them into the loop (the call
 * site sees one game class in a process that solves one game), so a move
 * costs what it would cost written out by hand. The slots that hold a move,
 * in order, are exactly `children(p)` — move names and solutions keep
 * numbering moves by `children`.
 *
 * `moveSlots(game)` (and `scoringSlots`, with points) gives every numbered
 * game this form: the game itself when it has `childAt`, else a view that
 * calls `children` once per position. A loop then calls one object for the
 * primitives and the moves alike.
 */

import type { NumberedGame } from './game.js';

/** `childAt`'s answer for a slot that holds no move (below every entry `children` may write). */
export const NO_MOVE = -0x80000000;

/** What a table solver's loop reads: the game's primitives and its moves by slot. */
export interface MoveSlots {
  maxMoves: number;
  primitive(p: number): number;
  childAt(p: number, k: number): number;
}

/** The slots of a scoring game: each move's points too. */
export interface ScoringSlots extends MoveSlots {
  /** The points of the move in slot k; read after `childAt(p, k)`. */
  pointsAt(p: number, k: number): number;
}

/** The game's moves by slot: its own, or read from `children`. */
export function moveSlots(game: NumberedGame): MoveSlots {
  return hasSlots(game) ? game : new ChildrenSlots(game);
}

/** A scoring game's moves and points by slot: its own, or read from `children`. */
export function scoringSlots(game: NumberedGame): ScoringSlots {
  return hasSlots(game) && hasSlotPoints(game) ? game : new ChildrenSlots(game);
}

function hasSlots(game: NumberedGame): game is NumberedGame & MoveSlots {
  return game.childAt !== undefined;
}

function hasSlotPoints(game: NumberedGame): game is NumberedGame & ScoringSlots {
  return game.pointsAt !== undefined;
}

/** Slots read from `children`: the moves of the last position asked for are kept. */
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

  childAt(p: number, k: number): number {
    if (p !== this.at) {
      this.count = this.game.children(p, this.out, this.points);
      this.at = p;
    }
    return k < this.count ? this.out[k] : NO_MOVE;
  }

  pointsAt(_p: number, k: number): number {
    return this.points[k];
  }

  primitive(p: number): number {
    return this.game.primitive(p);
  }
}

/**
 * `children` written from the slots, for a game that defines its moves by
 * slot (so the two forms cannot disagree): the moves of the slots that hold
 * one, in order, with their points when `points` is given.
 */
export function childrenFromSlots(
  game: MoveSlots & { pointsAt?(p: number, k: number): number },
  p: number,
  out: Int32Array,
  points?: Float64Array,
): number {
  let n = 0;
  for (let k = 0; k < game.maxMoves; k++) {
    const c = game.childAt(p, k);
    if (c === NO_MOVE) continue;
    out[n] = c;
    if (points !== undefined && game.pointsAt !== undefined) points[n] = game.pointsAt(p, k);
    n++;
  }
  return n;
}
