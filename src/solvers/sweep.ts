/**
 * Sweep: bottom-up table fill over a numbered game whose moves all go one way
 * in index order. Visiting positions against that order means every child is
 * solved before its parent: one pass, no recursion, no hashing, no
 * per-position allocation. Moves are read one slot at a time
 * (core/move-slots.ts), so a game that offers `childAt` has its moves inlined
 * into these loops.
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
import { moveSlots, NO_MOVE, scoringSlots } from '../core/move-slots.js';
import { NOT_PRIMITIVE, primitiveOutcome } from '../core/outcome.js';
import { EVERY_VALUE, needsRemoteness } from '../core/value.js';
import {
  BAND_BITS,
  KEEP_ADD,
  LOSE_CODE,
  LOSE_RANK,
  MOVE_ADD,
  MOVE_MUL,
  MOVE_RANK,
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

/** Reports progress now and then (call it for every position). */
function reportProgress(report: ((p: Progress) => void) | undefined, p: number, first: number, size: number) {
  if (report !== undefined && (p & (PROGRESS_EVERY - 1)) === 0) {
    report({ unit: 'positions', done: Math.abs(p - first), total: size });
  }
}

function sweepRank(game: NumberedGame, options: SolverOptions): ValueTable {
  const slots = moveSlots(game);
  const maxMoves = slots.maxMoves;
  const rank = new Uint8Array(game.size);
  const { first, end, step } = visitOrder(game);
  for (let p = first; p !== end; p += step) {
    const primitive = game.primitive(p);
    let best = LOSE_RANK;
    if (primitive !== NOT_PRIMITIVE) {
      best = OUTCOME_RANK[primitiveOutcome(primitive)];
    } else {
      for (let k = 0; k < maxMoves && best !== WIN_RANK; k++) {
        const c = slots.childAt(p, k);
        if (c === NO_MOVE) continue;
        // A move that keeps the turn (~child) is worth the child's own rank to its mover.
        const m = c >= 0 ? MOVE_RANK[rank[c]] : rank[~c];
        if (m > best) best = m;
      }
    }
    rank[p] = best;
    reportProgress(options.onProgress, p, first, game.size);
  }
  return { kind: 'rank', rank };
}

function sweepOutcome(game: NumberedGame, options: SolverOptions): ValueTable {
  const slots = moveSlots(game);
  const maxMoves = slots.maxMoves;
  // While sweeping, each position holds the code a move into it has for the
  // mover, so a parent's code is a plain max over its children's entries and
  // the transform runs once per position, not once per move.
  const code = new Int32Array(game.size);
  const { first, end, step } = visitOrder(game);
  for (let p = first; p !== end; p += step) {
    const primitive = game.primitive(p);
    let best: number;
    if (primitive !== NOT_PRIMITIVE) {
      best = primitiveValueCode(primitive);
    } else {
      best = LOSE_CODE;
      for (let k = 0; k < maxMoves; k++) {
        const c = slots.childAt(p, k);
        if (c === NO_MOVE) continue;
        // best = max(best, code of the move): branch-free (codes are < 2^30, the difference cannot overflow).
        const d = best - code[c];
        best -= d & (d >> 31);
      }
    }
    const b = best >>> BAND_BITS;
    code[p] = MOVE_ADD[b] + MOVE_MUL[b] * best;
    reportProgress(options.onProgress, p, first, game.size);
  }
  for (let p = 0; p < game.size; p++) {
    const c = code[p];
    const b = c >>> BAND_BITS;
    code[p] = UNMOVE_ADD[b] + UNMOVE_MUL[b] * c;
  }
  return { kind: 'outcome', code };
}

/**
 * The same for a game with extra turns: each position holds its own code, and
 * each move applies its transform (flip for a move that passes the turn, one
 * ply more for one that keeps it), so this loop pays a branch per move.
 */
function sweepOutcomeTurns(game: NumberedGame, options: SolverOptions): ValueTable {
  const slots = moveSlots(game);
  const maxMoves = slots.maxMoves;
  const code = new Int32Array(game.size);
  const { first, end, step } = visitOrder(game);
  for (let p = first; p !== end; p += step) {
    const primitive = game.primitive(p);
    if (primitive !== NOT_PRIMITIVE) {
      code[p] = primitiveValueCode(primitive);
      continue;
    }
    let best = LOSE_CODE;
    for (let k = 0; k < maxMoves; k++) {
      const c = slots.childAt(p, k);
      if (c === NO_MOVE) continue;
      let m: number;
      if (c < 0) {
        const cc = code[~c];
        m = cc + KEEP_ADD[cc >>> BAND_BITS];
      } else {
        const cc = code[c];
        const b = cc >>> BAND_BITS;
        m = MOVE_ADD[b] + MOVE_MUL[b] * cc;
      }
      if (m > best) best = m;
    }
    code[p] = best;
    reportProgress(options.onProgress, p, first, game.size);
  }
  return { kind: 'outcome', code };
}

function sweepMargin(game: NumberedGame, options: SolverOptions): ValueTable {
  const slots = scoringSlots(game);
  const maxMoves = slots.maxMoves;
  const margin = marginArray(game);
  const bound = game.marginBound;
  const { first, end, step } = visitOrder(game);
  for (let p = first; p !== end; p += step) {
    reportProgress(options.onProgress, p, first, game.size);
    if (game.primitive(p) !== NOT_PRIMITIVE) continue; // the game ends here: margin 0
    let best = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < maxMoves; k++) {
      const c = slots.childAt(p, k);
      if (c === NO_MOVE) continue;
      // A move that keeps the turn (~child) adds the child's margin: it is the mover's own.
      const m = c >= 0 ? slots.pointsAt(p, k) - margin[c] : slots.pointsAt(p, k) + margin[~c];
      if (m > best) best = m;
    }
    if (best === Number.NEGATIVE_INFINITY) continue; // no move: the game ends here
    if (bound !== undefined && outsideBound(best, bound)) throw boundError(game, p, best, bound);
    margin[p] = best;
  }
  return { kind: 'margin', margin };
}

function sweepMarginRemoteness(game: NumberedGame, options: SolverOptions): ValueTable {
  const slots = scoringSlots(game);
  const maxMoves = slots.maxMoves;
  const margin = marginArray(game);
  const remoteness = new Int32Array(game.size);
  const bound = game.marginBound;
  const { first, end, step } = visitOrder(game);
  for (let p = first; p !== end; p += step) {
    reportProgress(options.onProgress, p, first, game.size);
    if (game.primitive(p) !== NOT_PRIMITIVE) continue; // the game ends here: margin 0, remoteness 0
    let bestMargin = Number.NEGATIVE_INFINITY;
    let bestRemoteness = 0;
    for (let k = 0; k < maxMoves; k++) {
      let c = slots.childAt(p, k);
      if (c === NO_MOVE) continue;
      // A move that keeps the turn (~child) adds the child's margin: it is the mover's own.
      let m: number;
      if (c < 0) {
        c = ~c;
        m = slots.pointsAt(p, k) + margin[c];
      } else {
        m = slots.pointsAt(p, k) - margin[c];
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
    if (bestMargin === Number.NEGATIVE_INFINITY) continue; // no move: the game ends here
    if (bound !== undefined && outsideBound(bestMargin, bound)) {
      throw boundError(game, p, bestMargin, bound);
    }
    margin[p] = bestMargin;
    remoteness[p] = bestRemoteness;
  }
  return { kind: 'margin', margin, remoteness };
}

/** Bytes per margin: as few as the game's `marginBound` allows (a double without one). */
function marginBytes(game: NumberedGame): 2 | 4 | 8 {
  const bound = game.marginBound ?? Number.POSITIVE_INFINITY;
  return bound <= 0x7fff ? 2 : bound <= 0x7fffffff ? 4 : 8;
}

function marginArray(game: NumberedGame): MarginTable {
  const bytes = marginBytes(game);
  return bytes === 2
    ? new Int16Array(game.size)
    : bytes === 4
      ? new Int32Array(game.size)
      : new Float64Array(game.size);
}

/** A margin that is not an integer within ±bound. */
function outsideBound(margin: number, bound: number): boolean {
  return (margin | 0) !== margin || margin > bound || margin < -bound;
}

function boundError(game: NumberedGame, p: number, margin: number, bound: number): YomiError {
  const shown = game.show ? game.show(p) : `position ${p}`;
  return new YomiError(
    `${game.id}: ${shown} has margin ${margin}, which is not an integer within the game's marginBound ±${bound}`,
  );
}
