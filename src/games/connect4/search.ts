/**
 * Connect Four's own score search on bitboards, the technique of strong
 * Connect Four solvers: negamax alpha-beta on the score (Pons' convention:
 * see position.ts), run by the solver's null-window driver on the solver's
 * transposition table and budget, plus what only this game allows cheaply:
 *
 * - Threats decide much without search. A move that hands the opponent an
 *   immediate win is never searched; a forced block is the only move; two
 *   threats lose at once. A move after which the opponent cannot stop an
 *   immediate win (two threats, two threats on top of each other, or no
 *   move that does not lose) wins at once, without a node of its own; when
 *   no move does, the mover cannot win before its third stone, which
 *   tightens the window. A position with one possible move is not stored
 *   (it is cheap to meet again).
 * - Score bounds from the stones left tighten the window before the table
 *   is asked.
 * - Symmetry: a position and its mirror image share one table entry (the
 *   key is the smaller of the two codes cur + mask, and the best move is
 *   kept for the one the key names). The mirror image is carried along
 *   the search move by move.
 * - Enhanced transposition cutoffs: away from the leaves, the children are
 *   looked up in the table before any is searched; one already proven good
 *   enough cuts at once.
 * - Move ordering: the table's move first, then by the threats a move
 *   creates (cells where the mover would then complete four, not right
 *   above an opponent's: most of all those one stone away from playable),
 *   the centre first among equals.
 * - Parallel search (several threads on one table): a thread marks the
 *   positions it is searching, and one that meets a position another thread
 *   is searching puts that move off until its other moves are done (ABDADA).
 *
 * The search recurses (at most W×H plies deep) with the position in locals.
 */

import type {
  ScoreSearch,
  SearchBudget,
  SearchContext,
  SearchMarks,
  TranspositionTable,
} from '../../core/search.js';
import type { Value } from '../../core/value.js';
import { Bits, type Geometry, popcount32 } from './bitboard.js';
import { type Connect4Position, scoreBounds, scoreTable, scoreToValue, staticScore } from './position.js';

/** Children are looked up in the table (enhanced transposition cutoffs) while this many cells or more are empty. */
const ETC_EMPTY = 12;
/** Parallel search marks positions with at least this many empty cells. */
const MARK_EMPTY = 12;
/** What a position put off returns (outside every score). */
const PUT_OFF = 1000;

export class Connect4Search implements ScoreSearch<Connect4Position> {
  private readonly w = new Bits();
  private readonly m = new Bits();
  /** The position searched last, its score when decided at once, and its mirror image (cur, mask). */
  private root?: Connect4Position;
  private rootScore: number | undefined;
  private readonly rootMirror = new Int32Array(4);
  /** The key `key()` computed last. */
  private k0 = 0;
  private k1 = 0;
  /** Per ply: candidate columns, their ordering scores, moves put off; the children's keys. */
  private readonly cols: Int32Array;
  private readonly keys: Int32Array;
  private readonly later: Int32Array;
  private readonly childKeys: Int32Array;
  private readonly table: TranspositionTable;
  private readonly budget: SearchBudget;
  /** Parallel search: positions being searched, and whether the position entered next may be put off. */
  private readonly marks: SearchMarks | undefined;
  private deferOk = false;
  /** Scores stored for an unknown bound (the table's unknown codes). */
  private readonly noLower: number;
  private readonly noUpper: number;

  constructor(
    private readonly g: Geometry,
    context: SearchContext,
  ) {
    this.table = context.table;
    this.budget = context.budget;
    this.marks = context.marks;
    // The search's own scratch, made once per search (a few kilobytes), dropped with it.
    const scratch = g.searchScratch();
    this.cols = scratch.cols;
    this.keys = scratch.keys;
    this.later = scratch.later;
    this.childKeys = scratch.childKeys;
    const range = scoreTable(g);
    this.noLower = range.minScore - 1;
    this.noUpper = range.maxScore + 1;
  }

  bounds(p: Connect4Position): [number, number] {
    return scoreBounds(this.g, p);
  }

  value(p: Connect4Position, score: number): Value {
    return scoreToValue(this.g, p.moves, score);
  }

  search(p: Connect4Position, alpha: number, beta: number): number {
    // A position is probed several times in a row (null windows): what it needs is kept.
    if (p !== this.root) {
      this.root = p;
      this.rootScore = staticScore(this.g, p);
      const m = this.m;
      this.g.mirror(p.cur0, p.cur1, m);
      this.rootMirror[0] = m.r0;
      this.rootMirror[1] = m.r1;
      this.g.mirror(p.mask0, p.mask1, m);
      this.rootMirror[2] = m.r0;
      this.rootMirror[3] = m.r1;
    }
    if (this.rootScore !== undefined) return this.rootScore;
    this.deferOk = false;
    const r = this.rootMirror;
    return this.negamax(p.cur0, p.cur1, p.mask0, p.mask1, r[0], r[1], r[2], r[3], p.moves, alpha, beta);
  }

  /**
   * The score of the position for the player to move, who cannot win at
   * once: c = the mover's stones, m = all stones, r and s the same of the
   * mirror image, n stones on the board.
   */
  private negamax(
    c0: number,
    c1: number,
    m0: number,
    m1: number,
    r0: number,
    r1: number,
    s0: number,
    s1: number,
    n: number,
    alpha: number,
    beta: number,
  ): number {
    const deferrable = this.deferOk;
    this.deferOk = false;
    const budget = this.budget;
    const nodesAtStart = budget.nodes;
    if (++budget.nodes >= budget.checkAt) budget.check();
    const mirrored = this.key(c0, c1, m0, m1, r0, r1, s0, s1);
    const k0 = this.k0;
    const k1 = this.k1;
    const g = this.g;
    const w = this.w;
    const cells = g.cells;
    // Playable cells: the lowest empty cell of each column.
    let low = (m0 >>> 0) + (g.bottom0 >>> 0);
    let p0 = low & g.board0;
    let p1 = (m1 + g.bottom1 + (low > 0xffffffff ? 1 : 0)) & g.board1;
    // The opponent's winning cells; a playable one must be blocked, two lose.
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
    // Never below an opponent's winning cell.
    p0 &= ~((o0 >>> 1) | (o1 << 31));
    p1 &= ~(o1 >>> 1);
    if ((p0 | p1) === 0) return -((cells - n) >> 1);
    if (n >= cells - 2) return 0;
    // The opponent cannot win with its next stone, the mover not with this one.
    const min = -((cells - 2 - n) >> 1);
    if (alpha < min) {
      alpha = min;
      if (alpha >= beta) return alpha;
    }
    let max = (cells - 1 - n) >> 1;
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }
    // A player who cannot complete four even with every empty cell cannot win.
    const e0 = g.board0 & ~m0;
    const e1 = g.board1 & ~m1;
    if (beta > 0 && !g.hasFour(c0 | e0, c1 | e1)) {
      beta = 0;
      if (alpha >= beta) return beta;
    }
    if (alpha < 0 && !g.hasFour((c0 ^ m0) | e0, (c1 ^ m1) | e1)) {
      alpha = 0;
      if (alpha >= beta) return alpha;
    }
    const nc0 = c0 ^ m0;
    const nc1 = c1 ^ m1;
    const nr0 = r0 ^ s0;
    const nr1 = r1 ^ s1;
    const width = g.width;
    const order = g.order;
    // One possible move: play it without ordering or storing.
    if ((p0 & (p0 - 1)) === 0 && (p1 & (p1 - 1)) === 0 && (p0 === 0 || p1 === 0)) {
      for (let i = 0; i < width; i++) {
        const c = order[i];
        const b0 = p0 & g.column0[c];
        const b1 = p1 & g.column1[c];
        if ((b0 | b1) === 0) continue;
        this.mirrorMove(s0, s1, c);
        const e0 = this.m.r0;
        const e1 = this.m.r1;
        return -this.negamax(nc0, nc1, m0 | b0, m1 | b1, nr0, nr1, s0 | e0, s1 | e1, n + 1, -beta, -alpha);
      }
    }
    // Each move: a win at once if the opponent cannot stop the mover's next stone; else its threats order it.
    const base = n * width;
    const cols = this.cols;
    const keys = this.keys;
    let count = 0;
    for (let i = width - 1; i >= 0; i--) {
      const c = order[i];
      const b0 = p0 & g.column0[c];
      const b1 = p1 & g.column1[c];
      if ((b0 | b1) === 0) continue;
      const a0 = m0 | b0;
      const a1 = m1 | b1;
      g.winningCells(c0 | b0, c1 | b1, a0, a1, w);
      const t0 = w.r0;
      const t1 = w.r1;
      low = (a0 >>> 0) + (g.bottom0 >>> 0);
      const u0 = low & g.board0;
      const u1 = (a1 + g.bottom1 + (low > 0xffffffff ? 1 : 0)) & g.board1;
      const q0 = u0 & t0;
      const q1 = u1 & t1;
      if ((q0 | q1) !== 0) {
        // Two playable threats, or one with another right above it: the opponent cannot stop both.
        if (popcount32(q0) + popcount32(q1) > 1) return max;
        if (((q0 << 1) & t0) !== 0 || (((q1 << 1) | (q0 >>> 31)) & t1) !== 0) return max;
      } else if ((u0 & ~((t0 >>> 1) | (t1 << 31))) === 0 && (u1 & ~(t1 >>> 1)) === 0) {
        // Every move of the opponent's is right below one of the mover's winning cells.
        return max;
      }
      // Useful threats (not right above an opponent's winning cell), most of all those that
      // become playable after one more stone.
      const v0 = t0 & ~(o0 << 1);
      const v1 = t1 & ~((o1 << 1) | (o0 >>> 31));
      const score =
        4 * (popcount32(v0 & (u0 << 1)) + popcount32(v1 & ((u1 << 1) | (u0 >>> 31)))) +
        popcount32(v0) +
        popcount32(v1);
      let j = count++;
      while (j > 0 && keys[base + j - 1] > score) {
        keys[base + j] = keys[base + j - 1];
        cols[base + j] = cols[base + j - 1];
        j--;
      }
      keys[base + j] = score;
      cols[base + j] = c;
    }
    // No move wins at the mover's next stone: not before the one after.
    max = (cells - 3 - n) >> 1;
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }
    const table = this.table;
    const alphaAtStart = alpha;
    let first = -1;
    if (table.probe(k0, k1)) {
      const lower = table.lower();
      const upper = table.upper();
      if (lower > alpha) {
        alpha = lower;
        if (alpha >= beta) return alpha;
      }
      if (upper < beta) {
        beta = upper;
        if (alpha >= beta) return beta;
      }
      first = table.move();
      if (first >= 0 && mirrored) first = width - 1 - first;
    }
    // Enhanced transposition cutoffs: a child already proven bad enough for the opponent cuts at once.
    // The children's entries are all loaded first, so that their memory accesses overlap.
    if (cells - n >= ETC_EMPTY) {
      const childKeys = this.childKeys;
      for (let j = 0; j < count; j++) {
        const c = cols[base + j];
        this.mirrorMove(s0, s1, c);
        this.key(
          nc0,
          nc1,
          m0 | (p0 & g.column0[c]),
          m1 | (p1 & g.column1[c]),
          nr0,
          nr1,
          s0 | this.m.r0,
          s1 | this.m.r1,
        );
        childKeys[2 * j] = this.k0;
        childKeys[2 * j + 1] = this.k1;
      }
      for (let j = 0; j < count; j++) {
        if (table.probe(childKeys[2 * j], childKeys[2 * j + 1]) && -table.upper() >= beta)
          return -table.upper();
      }
    }
    // Parallel search: mark the position as searched by this thread, or put it off when another
    // thread is already searching it and the parent may come back to it later.
    const marks = this.marks;
    const marked = marks !== undefined && cells - n >= MARK_EMPTY;
    if (marked) {
      if (deferrable && marks.busy(k0, k1)) return PUT_OFF;
      marks.enter(k0, k1);
    }
    // The table's move first, then the rest by threats (most first).
    if (first >= 0) {
      const top = count - 1;
      for (let j = 0; j < top; j++) {
        if (cols[base + j] !== first) continue;
        for (let k = j; k < top; k++) cols[base + k] = cols[base + k + 1];
        cols[base + top] = first;
        break;
      }
    }
    let best = -cells;
    let bestMove = -1;
    // Moves put off (parallel search) are searched after the others, without putting them off again.
    const later = this.later;
    let putOff = 0;
    for (let j = count - 1; j >= -putOff; j--) {
      const c = j >= 0 ? cols[base + j] : later[base - j - 1];
      const b0 = p0 & g.column0[c];
      const b1 = p1 & g.column1[c];
      this.mirrorMove(s0, s1, c);
      const e0 = this.m.r0;
      const e1 = this.m.r1;
      this.deferOk = marked && j >= 0 && j < count - 1;
      const score = -this.negamax(
        nc0,
        nc1,
        m0 | b0,
        m1 | b1,
        nr0,
        nr1,
        s0 | e0,
        s1 | e1,
        n + 1,
        -beta,
        -alpha,
      );
      if (score === -PUT_OFF) {
        later[base + putOff++] = c;
        continue;
      }
      if (score > best) {
        best = score;
        bestMove = c;
        if (score >= beta) break;
        if (score > alpha) alpha = score;
      }
    }
    if (marked) marks.leave();
    const work = budget.nodes - nodesAtStart;
    const stored = mirrored ? width - 1 - bestMove : bestMove;
    if (best >= beta) table.store(k0, k1, best, this.noUpper, stored, workBits(work));
    else if (best <= alphaAtStart) table.store(k0, k1, this.noLower, best, -1, workBits(work));
    else table.store(k0, k1, best, best, stored, workBits(work));
    return best;
  }

  /**
   * The table key of a position (c, m; mirror image r, s): the smaller of
   * the codes cur + mask of the position and of its mirror image, into
   * k0, k1; true when it is the mirror image's.
   */
  private key(
    c0: number,
    c1: number,
    m0: number,
    m1: number,
    r0: number,
    r1: number,
    s0: number,
    s1: number,
  ): boolean {
    let low = (c0 >>> 0) + (m0 >>> 0);
    const x0 = low | 0;
    const x1 = (c1 + m1 + (low > 0xffffffff ? 1 : 0)) | 0;
    low = (r0 >>> 0) + (s0 >>> 0);
    const y0 = low | 0;
    const y1 = (r1 + s1 + (low > 0xffffffff ? 1 : 0)) | 0;
    const mirrored = y1 >>> 0 < x1 >>> 0 || (y1 === x1 && y0 >>> 0 < x0 >>> 0);
    this.k0 = mirrored ? y0 : x0;
    this.k1 = mirrored ? y1 : x1;
    return mirrored;
  }

  /** The cell a stone in column c lands on in the mirror image (whose stones are s), into m. */
  private mirrorMove(s0: number, s1: number, c: number): void {
    const g = this.g;
    const mc = g.width - 1 - c;
    const low = (s0 >>> 0) + (g.low0[mc] >>> 0);
    this.m.r0 = low & g.column0[mc];
    this.m.r1 = (s1 + g.low1[mc] + (low > 0xffffffff ? 1 : 0)) & g.column1[mc];
  }
}

/** ⌊log2(nodes)⌋: the work a table entry records. */
function workBits(nodes: number): number {
  return 31 - Math.clz32(nodes);
}
