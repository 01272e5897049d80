/**
 * Sweep: bottom-up table fill over an `IndexedGame` whose moves all go one way
 * in index order. Visiting positions against that order means every child is
 * solved before its parent: one pass, no recursion, no hashing, no
 * per-position allocation.
 *
 * Cost: O(positions + moves) time. Outcome games: 4 bytes per position (one
 * packed code; during the sweep it holds what a move into the position is
 * worth, `MOVE_ADD[b] + MOVE_MUL[b]·code`, so the best move is a branch-free
 * integer max, and a last pass turns it back into the position's code). Scoring games: 12 bytes per position
 * (margin as a double, remoteness as an int).
 */

import { YomiError } from '../core/errors.js';
import type { NumberedGame } from '../core/game.js';
import { NOT_PRIMITIVE } from '../core/outcome.js';
import {
  BAND_BITS,
  KEEP_ADD,
  LOSE_CODE,
  MOVE_ADD,
  MOVE_MUL,
  primitiveValueCode,
  UNMOVE_ADD,
  UNMOVE_MUL,
} from '../core/value-code.js';
import type { ValueTable } from '../core/value-table.js';
import { checkBudget, PROGRESS_EVERY, type SolverOptions } from './options.js';

/** Solves an ordered numbered game in one pass over its indices, children before parents. */
export function sweep(game: NumberedGame, options: SolverOptions = {}): ValueTable {
  if (game.order === undefined) {
    throw new YomiError(
      `${game.id}: the sweep needs every move to go one way in index order, and this game declares no order; use negamax, retrograde or auto`,
    );
  }
  checkBudget(game.size, options, game.id);
  if (game.scoring) return sweepMargin(game, options);
  return game.extraTurns ? sweepOutcomeTurns(game, options) : sweepOutcome(game, options);
}

function sweepOutcome(game: NumberedGame, options: SolverOptions): ValueTable {
  const size = game.size;
  // While sweeping, each position holds the code a move into it has for the
  // mover, so a parent's code is a plain max over its children's entries and
  // the transform runs once per position, not once per move.
  const code = new Int32Array(size);
  const out = new Int32Array(Math.max(1, game.maxMoves));
  const up = game.order === 'descending';
  const report = options.onProgress;
  for (let step = 0; step < size; step++) {
    const p = up ? step : size - 1 - step;
    const primitive = game.primitive(p);
    let best: number;
    if (primitive !== NOT_PRIMITIVE) {
      best = primitiveValueCode(primitive);
    } else {
      const n = game.children(p, out);
      best = LOSE_CODE;
      for (let k = 0; k < n; k++) {
        // best = max(best, code of the move): branch-free (codes are < 2^30, the difference cannot overflow).
        const d = best - code[out[k]];
        best -= d & (d >> 31);
      }
    }
    const b = best >>> BAND_BITS;
    code[p] = MOVE_ADD[b] + MOVE_MUL[b] * best;
    if (report !== undefined && step % PROGRESS_EVERY === 0)
      report({ unit: 'positions', done: step, total: size });
  }
  for (let p = 0; p < size; p++) {
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
  const size = game.size;
  const code = new Int32Array(size);
  const out = new Int32Array(Math.max(1, game.maxMoves));
  const up = game.order === 'descending';
  const report = options.onProgress;
  for (let step = 0; step < size; step++) {
    const p = up ? step : size - 1 - step;
    const primitive = game.primitive(p);
    if (primitive !== NOT_PRIMITIVE) {
      code[p] = primitiveValueCode(primitive);
      continue;
    }
    const n = game.children(p, out);
    let best = LOSE_CODE;
    for (let k = 0; k < n; k++) {
      const c = out[k];
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
    if (report !== undefined && step % PROGRESS_EVERY === 0)
      report({ unit: 'positions', done: step, total: size });
  }
  return { kind: 'outcome', code };
}

function sweepMargin(game: NumberedGame, options: SolverOptions): ValueTable {
  const size = game.size;
  const margin = new Float64Array(size);
  const remoteness = new Int32Array(size);
  const out = new Int32Array(Math.max(1, game.maxMoves));
  const points = new Float64Array(Math.max(1, game.maxMoves));
  const up = game.order === 'descending';
  const report = options.onProgress;
  for (let step = 0; step < size; step++) {
    const p = up ? step : size - 1 - step;
    const n = game.primitive(p) === NOT_PRIMITIVE ? game.children(p, out, points) : 0;
    if (n === 0) continue; // the game ends here: margin 0, remoteness 0
    let c = out[0];
    let bestMargin = c < 0 ? points[0] + margin[~c] : points[0] - margin[c];
    let bestRemoteness = remoteness[c < 0 ? ~c : c] + 1;
    for (let k = 1; k < n; k++) {
      c = out[k];
      // A move that keeps the turn (~child) adds the child's margin: it is the mover's own.
      let m: number;
      if (c < 0) {
        c = ~c;
        m = points[k] + margin[c];
      } else {
        m = points[k] - margin[c];
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
    margin[p] = bestMargin;
    remoteness[p] = bestRemoteness;
    if (report !== undefined && step % PROGRESS_EVERY === 0)
      report({ unit: 'positions', done: step, total: size });
  }
  return { kind: 'margin', margin, remoteness };
}
