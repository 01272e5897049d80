/**
 * Sweep: bottom-up table fill over a numbered game whose moves all go one way
 * in index order. Visiting positions against that order means every child is
 * solved before its parent: one pass, no recursion, no hashing, no
 * per-position allocation. Moves are read one slot at a time
 * (core/move-slots.ts), so a game that offers `childAt` has its moves inlined
 * into these loops; slots 0 and 1 are read by calls of their own before the
 * loop over the rest, which lets V8 fold the slot number into the game's code
 * (a loop over two slots measured twice as slow as the two calls).
 *
 * Each solve keeps only the tables its caller needs (`SolverOptions.need`):
 *
 * - outcome: one byte per position, a rank (lose < draw < tie < win); a
 *   position stops looking at its moves at the first that wins.
 * - outcome and remoteness: one packed Int32 code per position. During the
 *   sweep it holds what a move into the position is worth
 *   (`MOVE_ADD[b] + MOVE_MUL[b]·code`), so the best move is a branch-free
 *   integer max, and a last pass turns it back into the position's code.
 * - margin (scoring games): 2, 4 or 8 bytes per position, as small as the
 *   game's `marginBound` allows.
 * - margin and remoteness: 4 bytes more for the remoteness.
 *
 * Cost: O(positions + moves) time; the memory above, checked against the
 * budget before allocating.
 */

import { YomiError } from '../core/errors.js';
import type { NumberedGame } from '../core/game.js';
import { type MoveSlots, moveSlots, NO_MOVE, type ScoringSlots, scoringSlots } from '../core/move-slots.js';
import { NOT_PRIMITIVE, primitiveOutcome } from '../core/outcome.js';
import { EVERY_VALUE, needsRemoteness } from '../core/value.js';
import {
  BAND_BITS,
  keepCode,
  LOSE_CODE,
  LOSE_RANK,
  MOVE_ADD,
  MOVE_MUL,
  MOVE_RANK,
  moveCode,
  OUTCOME_RANK,
  primitiveValueCode,
  UNMOVE_ADD,
  UNMOVE_MUL,
  WIN_RANK,
} from '../core/value-code.js';
import type { MarginTable, ValueTable } from '../core/value-table.js';
import { checkBudget, checkMemory, PROGRESS_EVERY, type Progress, type SolverOptions } from './options.js';

export function sweep(game: NumberedGame, options: SolverOptions = {}): ValueTable {
  if (game.order === undefined) {
    throw new YomiError(
      `${game.id}: the sweep needs every move to go one way in index order, and this game declares no order; use negamax, retrograde or auto`,
    );
  }
  checkBudget(game.size, options, game.id);
  const remoteness = needsRemoteness(options.need ?? EVERY_VALUE);
  const what = `${game.id}: the sweep's tables`;
  if (game.scoring) {
    checkMemory(game.size * (marginBytes(game) + (remoteness ? 4 : 0)), options, what);
    return remoteness ? sweepMarginRemoteness(game, options) : sweepMargin(game, options);
  }
  checkMemory(game.size * (remoteness ? 4 : 1), options, what);
  if (!remoteness) return sweepRank(game, options);
  return game.extraTurns ? sweepOutcomeTurns(game, options) : sweepOutcome(game, options);
}

/** The positions against the move order: where to start, where to stop (excluded) and the step. */
function visitOrder(game: NumberedGame): { first: number; end: number; step: number } {
  return game.order === 'descending'
    ? { first: 0, end: game.size, step: 1 }
    : { first: game.size - 1, end: -1, step: -1 };
}

/** Reports progress now and then; `p` is the position just solved. */
function reportProgress(report: (p: Progress) => void, p: number, first: number, size: number): void {
  if ((p & (PROGRESS_EVERY - 1)) === 0) report({ unit: 'positions', done: Math.abs(p - first), total: size });
}

function sweepRank(game: NumberedGame, options: SolverOptions): ValueTable {
  const g = moveSlots(game);
  const maxMoves = g.maxMoves;
  const rank = new Uint8Array(game.size);
  const report = options.onProgress;
  const { first, end, step } = visitOrder(game);
  for (let p = first; p !== end; p += step) {
    const primitive = g.primitive(p);
    let best = LOSE_RANK;
    if (primitive !== NOT_PRIMITIVE) {
      best = OUTCOME_RANK[primitiveOutcome(primitive)];
    } else if (maxMoves > 0) {
      // Slots 0 and 1 by calls of their own (see the header); the first win ends the search.
      best = rankOfMove(g, rank, p, 0, best);
      if (maxMoves > 1 && best !== WIN_RANK) best = rankOfMove(g, rank, p, 1, best);
      for (let k = 2; k < maxMoves && best !== WIN_RANK; k++) best = rankOfMove(g, rank, p, k, best);
    }
    rank[p] = best;
    if (report !== undefined) reportProgress(report, p, first, game.size);
  }
  return { kind: 'rank', rank };
}

/** The better of `best` and the rank of p's move in slot k for its mover. */
function rankOfMove(g: MoveSlots, rank: Uint8Array, p: number, k: number, best: number): number {
  const c = g.childAt(p, k);
  if (c === NO_MOVE) return best;
  // A move that keeps the turn (~child) is worth the child's own rank to its mover.
  const m = c >= 0 ? MOVE_RANK[rank[c]] : rank[~c];
  return Math.max(m, best);
}

function sweepOutcome(game: NumberedGame, options: SolverOptions): ValueTable {
  const g = moveSlots(game);
  const maxMoves = g.maxMoves;
  // While sweeping, each position holds the code a move into it has for the
  // mover, so a parent's code is a plain max over its children's entries and
  // the transform runs once per position, not once per move.
  const code = new Int32Array(game.size);
  const report = options.onProgress;
  const { first, end, step } = visitOrder(game);
  for (let p = first; p !== end; p += step) {
    const primitive = g.primitive(p);
    let best = LOSE_CODE;
    if (primitive !== NOT_PRIMITIVE) {
      best = primitiveValueCode(primitive);
    } else if (maxMoves > 0) {
      best = moveCodeMax(g, code, p, 0, best);
      if (maxMoves > 1) best = moveCodeMax(g, code, p, 1, best);
      for (let k = 2; k < maxMoves; k++) best = moveCodeMax(g, code, p, k, best);
    }
    const b = best >>> BAND_BITS;
    code[p] = MOVE_ADD[b] + MOVE_MUL[b] * best;
    if (report !== undefined) reportProgress(report, p, first, game.size);
  }
  for (let p = 0; p < game.size; p++) {
    const c = code[p];
    const b = c >>> BAND_BITS;
    code[p] = UNMOVE_ADD[b] + UNMOVE_MUL[b] * c;
  }
  return { kind: 'outcome', code };
}

/** max(best, the entry of p's child in slot k): branch-free (codes are < 2^30, the difference cannot overflow). */
function moveCodeMax(g: MoveSlots, code: Int32Array, p: number, k: number, best: number): number {
  const c = g.childAt(p, k);
  if (c === NO_MOVE) return best;
  const d = best - code[c];
  return best - (d & (d >> 31));
}

/**
 * The same for a game with extra turns: each position holds its own code, and
 * each move applies its transform (flip for a move that passes the turn, one
 * ply more for one that keeps it), so this loop pays a branch per move.
 */
function sweepOutcomeTurns(game: NumberedGame, options: SolverOptions): ValueTable {
  const g = moveSlots(game);
  const maxMoves = g.maxMoves;
  const code = new Int32Array(game.size);
  const report = options.onProgress;
  const { first, end, step } = visitOrder(game);
  for (let p = first; p !== end; p += step) {
    const primitive = g.primitive(p);
    let best = LOSE_CODE;
    if (primitive !== NOT_PRIMITIVE) {
      best = primitiveValueCode(primitive);
    } else {
      for (let k = 0; k < maxMoves; k++) {
        const c = g.childAt(p, k);
        if (c === NO_MOVE) continue;
        const m = c >= 0 ? moveCode(code[c]) : keepCode(code[~c]);
        if (m > best) best = m;
      }
    }
    code[p] = best;
    if (report !== undefined) reportProgress(report, p, first, game.size);
  }
  return { kind: 'outcome', code };
}

function sweepMargin(game: NumberedGame, options: SolverOptions): ValueTable {
  const g = scoringSlots(game);
  const maxMoves = g.maxMoves;
  const margin = marginArray(game);
  const none = noMargin(margin);
  const checked = game.marginBound !== undefined;
  const report = options.onProgress;
  const { first, end, step } = visitOrder(game);
  for (let p = first; p !== end; p += step) {
    if (report !== undefined) reportProgress(report, p, first, game.size);
    if (g.primitive(p) !== NOT_PRIMITIVE || maxMoves === 0) continue; // the game ends here: margin 0
    let best = marginOfMove(g, margin, p, 0, none);
    if (maxMoves > 1) best = marginOfMove(g, margin, p, 1, best);
    for (let k = 2; k < maxMoves; k++) best = marginOfMove(g, margin, p, k, best);
    if (best === none) {
      if (checked && hasMove(g, p)) throw boundError(game, p, best);
      continue; // no move: the game ends here
    }
    margin[p] = best;
    if (checked && margin[p] !== best) throw boundError(game, p, best);
  }
  return { kind: 'margin', margin };
}

/** The better of `best` and the margin of p's move in slot k for its mover. */
function marginOfMove(g: ScoringSlots, margin: MarginTable, p: number, k: number, best: number): number {
  const c = g.childAt(p, k);
  if (c === NO_MOVE) return best;
  // A move that keeps the turn (~child) adds the child's margin: it is the mover's own.
  const m = c >= 0 ? g.pointsAt(p, k) - margin[c] : g.pointsAt(p, k) + margin[~c];
  return Math.max(m, best);
}

function sweepMarginRemoteness(game: NumberedGame, options: SolverOptions): ValueTable {
  const g = scoringSlots(game);
  const maxMoves = g.maxMoves;
  const margin = marginArray(game);
  const none = noMargin(margin);
  const checked = game.marginBound !== undefined;
  const remoteness = new Int32Array(game.size);
  const report = options.onProgress;
  const { first, end, step } = visitOrder(game);
  for (let p = first; p !== end; p += step) {
    if (report !== undefined) reportProgress(report, p, first, game.size);
    if (g.primitive(p) !== NOT_PRIMITIVE) continue; // the game ends here: margin 0, remoteness 0
    let bestMargin = none;
    let bestRemoteness = 0;
    for (let k = 0; k < maxMoves; k++) {
      let c = g.childAt(p, k);
      if (c === NO_MOVE) continue;
      // A move that keeps the turn (~child) adds the child's margin: it is the mover's own.
      let m: number;
      if (c < 0) {
        c = ~c;
        m = g.pointsAt(p, k) + margin[c];
      } else {
        m = g.pointsAt(p, k) - margin[c];
      }
      // One test decides most moves; equal margins then compare plies: a loser delays, a winner or a tie hurries.
      if (m >= bestMargin) {
        const r = remoteness[c] + 1;
        if (m > bestMargin || (m < 0 ? r > bestRemoteness : r < bestRemoteness)) {
          bestMargin = m;
          bestRemoteness = r;
        }
      }
    }
    if (bestMargin === none) {
      if (checked && hasMove(g, p)) throw boundError(game, p, bestMargin);
      continue; // no move: the game ends here
    }
    margin[p] = bestMargin;
    if (checked && margin[p] !== bestMargin) throw boundError(game, p, bestMargin);
    remoteness[p] = bestRemoteness;
  }
  return { kind: 'margin', margin, remoteness };
}

/**
 * Bytes per margin: as few as the game's `marginBound` allows (a double
 * without one). Integer tables stop at 2^30, so that no margin a game
 * keeps within its bound meets `noMargin`.
 */
function marginBytes(game: NumberedGame): 2 | 4 | 8 {
  const bound = game.marginBound ?? Number.POSITIVE_INFINITY;
  return bound <= 0x7fff ? 2 : bound <= 0x40000000 ? 4 : 8;
}

function marginArray(game: NumberedGame): MarginTable {
  const bytes = marginBytes(game);
  return bytes === 2
    ? new Int16Array(game.size)
    : bytes === 4
      ? new Int32Array(game.size)
      : new Float64Array(game.size);
}

/**
 * Below every margin a move can have: the start of a max over the moves. An
 * integer for integer tables, so that the loop keeps to integer arithmetic.
 */
function noMargin(margin: MarginTable): number {
  return margin instanceof Float64Array ? Number.NEGATIVE_INFINITY : -0x80000000;
}

/** Whether p has a move (asked where the best margin stayed at `noMargin`, which a move can reach only beyond the bound). */
function hasMove(g: MoveSlots, p: number): boolean {
  for (let k = 0; k < g.maxMoves; k++) if (g.childAt(p, k) !== NO_MOVE) return true;
  return false;
}

/** A margin the table cannot hold exactly: the game broke its `marginBound` or scored a fraction. */
function boundError(game: NumberedGame, p: number, margin: number): YomiError {
  const shown = game.show ? game.show(p) : `position ${p}`;
  return new YomiError(
    `${game.id}: ${shown} has margin ${margin}, which is not an integer within the game's marginBound ±${game.marginBound}`,
  );
}
