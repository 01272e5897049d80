/**
 * Connect Four's own score search on bitboards, the technique of strong
 * Connect Four solvers: negamax alpha-beta on the score (Pons' convention:
 * see connect4.ts), run by the shared null-window driver (`pinScore`) with
 * the shared transposition table and budget, plus what only this game
 * allows cheaply:
 * - moves that hand the opponent an immediate win are never searched, a
 *   forced block is the only move searched, and two threats lose at once;
 * - the score's bounds from the stones left tighten the window before the
 *   table is asked;
 * - moves are ordered by the threats they create (cells where the mover
 *   would then complete four), the table's move first, the centre first
 *   among equals.
 * The search recurses (at most W×H plies deep) with the position in locals.
 */

import {
  NO_MOVE,
  type ScoreSearch,
  type SearchBudget,
  type SearchContext,
  type TranspositionTable,
} from '../../core/search.js';
import type { Value } from '../../core/value.js';
import { add, Bits, type Geometry, popcount32 } from './bitboard.js';
import { type Connect4Position, scoreToValue, staticScore } from './position.js';

export class Connect4Search implements ScoreSearch<Connect4Position> {
  private readonly t = new Bits();
  private readonly w = new Bits();
  /** Per ply: candidate columns and their ordering scores. */
  private readonly cols: Int32Array;
  private readonly keys: Int32Array;

  private readonly table: TranspositionTable;
  private readonly budget: SearchBudget;

  constructor(
    private readonly g: Geometry,
    context: SearchContext,
  ) {
    this.table = context.table;
    this.budget = context.budget;
    // Scratch shared by every search on this geometry: searches never run inside one another.
    this.cols = g.scratchColumns;
    this.keys = g.scratchScores;
  }

  bounds(p: Connect4Position): [number, number] {
    const known = staticScore(this.g, p);
    if (known !== undefined) return [known, known];
    const n = p.moves;
    const cells = this.g.cells;
    return [-((cells - n) >> 1), (cells + 1 - n) >> 1];
  }

  value(p: Connect4Position, score: number): Value {
    return scoreToValue(this.g, p.moves, score);
  }

  search(p: Connect4Position, alpha: number, beta: number): number {
    const known = staticScore(this.g, p);
    if (known !== undefined) return known;
    return this.negamax(p.cur0, p.cur1, p.mask0, p.mask1, p.moves, alpha, beta);
  }

  /** The score of the position for the player to move, who cannot win at once. */
  private negamax(
    c0: number,
    c1: number,
    m0: number,
    m1: number,
    n: number,
    alpha: number,
    beta: number,
  ): number {
    const budget = this.budget;
    if (++budget.nodes >= budget.checkAt) budget.check();
    const g = this.g;
    const t = this.t;
    const w = this.w;
    const cells = g.cells;
    // Cells the player to move may play without handing the opponent an immediate win.
    add(m0, m1, g.bottom0, g.bottom1, t);
    let p0 = t.r0 & g.board0;
    let p1 = t.r1 & g.board1;
    g.winningCells(c0 ^ m0, c1 ^ m1, m0, m1, w);
    const o0 = w.r0;
    const o1 = w.r1;
    const f0 = p0 & o0;
    const f1 = p1 & o1;
    if ((f0 | f1) !== 0) {
      if (popcount32(f0) + popcount32(f1) > 1) return -((cells - n) >> 1);
      p0 = f0;
      p1 = f1;
    }
    // Not below an opponent's winning cell.
    p0 &= ~((o0 >>> 1) | (o1 << 31));
    p1 &= ~(o1 >>> 1);
    if ((p0 | p1) === 0) return -((cells - n) >> 1);
    if (n >= cells - 2) return 0;
    const min = -((cells - 2 - n) >> 1);
    if (alpha < min) {
      alpha = min;
      if (alpha >= beta) return alpha;
    }
    let max = (cells - 1 - n) >> 1;
    add(c0, c1, m0, m1, t);
    const k0 = t.r0;
    const k1 = t.r1;
    const table = this.table;
    let first = NO_MOVE;
    if (table.probe(k0, k1)) {
      const lower = table.lower();
      const upper = table.upper();
      if (upper < max) max = upper;
      if (lower > alpha) {
        alpha = lower;
        if (alpha >= beta) return alpha;
      }
      first = table.move();
    }
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }
    // Candidate moves, sorted by threats created (insertion sort, stable in centre-first order).
    const base = n * g.width;
    const cols = this.cols;
    const keys = this.keys;
    let count = 0;
    // A forced move needs no ordering, nor does the table's move (tried first).
    const single = popcount32(p0) + popcount32(p1) === 1;
    for (let i = g.width - 1; i >= 0; i--) {
      const c = g.order[i];
      const b0 = p0 & g.column0[c];
      const b1 = p1 & g.column1[c];
      if ((b0 | b1) === 0) continue;
      let score = 1000;
      if (c !== first && !single) {
        g.winningCells(c0 | b0, c1 | b1, m0, m1, w);
        score = popcount32(w.r0) + popcount32(w.r1);
      }
      let j = count++;
      while (j > 0 && keys[base + j - 1] > score) {
        keys[base + j] = keys[base + j - 1];
        cols[base + j] = cols[base + j - 1];
        j--;
      }
      keys[base + j] = score;
      cols[base + j] = c;
    }
    for (let j = count - 1; j >= 0; j--) {
      const c = cols[base + j];
      const b0 = p0 & g.column0[c];
      const b1 = p1 & g.column1[c];
      const score = -this.negamax(c0 ^ m0, c1 ^ m1, m0 | b0, m1 | b1, n + 1, -beta, -alpha);
      if (score >= beta) {
        table.store(k0, k1, score, Number.POSITIVE_INFINITY, c, 0);
        return score;
      }
      if (score > alpha) alpha = score;
    }
    table.store(k0, k1, Number.NEGATIVE_INFINITY, alpha, NO_MOVE, 0);
    return alpha;
  }
}
