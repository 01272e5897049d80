/**
 * Sweep: bottom-up table fill over a numbered game whose moves all go one way
 * in index order. Visiting positions against that order means every child is
 * solved before its parent: one pass, no recursion, no hashing, no
 * per-position allocation. Moves are read one at a time (core/move-slots.ts),
 * so a game that offers `childAt` has its moves inlined into these loops;
 * where a position's value is a max over every move (not the rank sweep,
 * which stops at the first win), moves 0 and 1 are read by calls of their
 * own before the loop over the rest, which lets V8 fold the move's number
 * into the game's code (a loop over two moves measured twice as slow as the
 * two calls).
 *
 * Each solve keeps only the tables its caller needs (`SolverOptions.need`):
 *
 * - outcome: one byte per position, a rank (lose < draw < tie < win); a
 *   position stops looking at its moves at the first that wins.
 * - outcome and remoteness: one packed Int32 code per position. During the
 *   sweep it holds what a move into the position is worth
 *   (`MOVE_ADD[b] + MOVE_MUL[b]·code`), so the best move is a branch-free
 *   integer max, and a last pass turns it back into the position's code (a
 *   move that keeps the turn turns its child's entry back and adds a ply).
 * - margin (scoring games): 2, 4 or 8 bytes per position, as small as the
 *   game's `marginBound` allows.
 * - margin and remoteness: 4 bytes more for the remoteness.
 *
 * When only the start's value will be read (`SolverOptions.startOnly`, an
 * answer line) and the game declares its `reach` (no move goes further than
 * that many indices), `sweepStart` keeps a window of 2^k ≥ reach + 1 entries
 * instead of one per position: position p's entry is p mod 2^k, overwritten
 * 2^k positions later, when no position still to come can move to p. A
 * 2000×2000 grid then needs 4 KB instead of 8 MB, which the sweep reads from
 * the cache instead of memory, and the sweep stops at the start.
 *
 * Cost: O(positions + moves) time; the memory above (or the window), checked
 * against the budget before allocating.
 */

import { GameError, YomiError } from '../core/errors.js';
import { childIndex, type NumberedGame } from '../core/game.js';
import { type MoveSlots, moveSlots, type ScoringSlots, scoringSlots } from '../core/move-slots.js';
import { NOT_PRIMITIVE, primitiveOutcome } from '../core/outcome.js';
import { EVERY_VALUE, needsRemoteness } from '../core/value.js';
import {
  keepCode,
  LOSE_CODE,
  LOSE_RANK,
  MOVE_RANK,
  moveCode,
  OUTCOME_RANK,
  primitiveValueCode,
  unmoveCode,
  WIN_RANK,
} from '../core/value-code.js';
import type { MarginTable, ValueTable } from '../core/value-table.js';
import { checkBudget, checkMemory, PROGRESS_EVERY, type Progress, type SolverOptions } from './options.js';

/** Solves an ordered numbered game in one pass over its indices, children before parents. */
export function sweep(game: NumberedGame, options: SolverOptions = {}): ValueTable {
  checkOrder(game);
  return fill(game, options, game.size, -1, game.size - 1);
}

/**
 * The start's value alone, swept in a window of entries (see the header):
 * the window and the start's entry in it; undefined when the game declares
 * no `reach` or the window would not be smaller than the table.
 */
export function sweepStart(
  game: NumberedGame,
  options: SolverOptions = {},
): { table: ValueTable; entry: number } | undefined {
  checkOrder(game);
  const reach = game.reach;
  if (reach === undefined) return undefined;
  if (!Number.isInteger(reach) || reach < 1) {
    throw new GameError(`${game.id}: reach is ${reach}; it must be a whole number of indices, 1 or more`);
  }
  const entries = 2 ** Math.ceil(Math.log2(reach + 1));
  if (entries >= game.size) return undefined;
  const mask = (entries - 1) | 0; // an integer, as `2 **` gives a double: the loops then untag it at every position
  // The sweep ends at the start: positions after it are not reached from it.
  const stop = game.order === 'descending' ? game.start : game.size - 1 - game.start;
  return { table: fill(game, options, entries, mask, stop), entry: game.start & mask };
}

function checkOrder(game: NumberedGame): void {
  if (game.order === undefined) {
    throw new YomiError(
      `${game.id}: the sweep needs every move to go one way in index order, and this game declares no order; use negamax, retrograde or auto`,
    );
  }
}

/**
 * Sweeps the first `last` + 1 positions against the move order into tables
 * of `entries` entries, position p's at p & mask, keeping what `options.need`
 * asks.
 */
function fill(
  game: NumberedGame,
  options: SolverOptions,
  entries: number,
  mask: number,
  last: number,
): ValueTable {
  checkBudget(game.size, options, game.id);
  const withRemoteness = needsRemoteness(options.need ?? EVERY_VALUE);
  const what = `${game.id}'s sweep`;
  // The loops only fill the tables: what follows a loop that V8 compiled on
  // the fly (OSR) has no type feedback yet, and costs a deoptimization there.
  if (game.scoring) {
    checkMemory(entries * (marginBytes(game) + (withRemoteness ? 4 : 0)), options, what);
    const margin = marginArray(game, entries);
    const remoteness = withRemoteness ? new Int32Array(entries) : undefined;
    sweepMargin(game, margin, remoteness, mask, last, options);
    return remoteness === undefined ? { kind: 'margin', margin } : { kind: 'margin', margin, remoteness };
  }
  checkMemory(entries * (withRemoteness ? 4 : 1), options, what);
  if (!withRemoteness) {
    const rank = new Uint8Array(entries);
    sweepRank(game, rank, mask, last, options);
    flipRanks(rank);
    return { kind: 'rank', rank };
  }
  const code = new Int32Array(entries);
  sweepOutcome(game, code, mask, last, options);
  unmoveCodes(code);
  return { kind: 'outcome', code };
}

/** The positions to visit, against the move order: the first, where to stop (excluded) and the step. */
interface VisitOrder {
  first: number;
  end: number;
  step: number;
}

/** The visit of the first `last + 1` positions against the move order. */
function visitOrder(game: NumberedGame, last: number): VisitOrder {
  return game.order === 'descending'
    ? { first: 0, end: last + 1, step: 1 }
    : { first: game.size - 1, end: game.size - 2 - last, step: -1 };
}

/** Reports progress now and then; `p` is the position just solved, of the `total` from `first`. */
function reportProgress(report: (p: Progress) => void, p: number, first: number, total: number): void {
  if ((p & (PROGRESS_EVERY - 1)) === 0) report({ unit: 'positions', done: Math.abs(p - first), total });
}

/**
 * Fills `rank` with each position's rank as a move into it is worth to the
 * mover (its own rank flipped), so a move costs one load; `flipRanks` turns
 * the entries back into the positions' ranks. A game without moves that keep
 * the turn reads its moves through `passedRank`, without the test for ~child
 * (which cost edpc-k 15%), and one whose moves are fixed steps
 * (`moveOffsets`) through `offsetRank`, without a call of the game (which
 * cost it another 15%).
 */
function sweepRank(
  game: NumberedGame,
  rank: Uint8Array,
  mask: number,
  last: number,
  options: SolverOptions,
): void {
  const g = moveSlots(game);
  const report = options.onProgress;
  // The constants the loop uses, in locals: with imported ones read at every use, edpc-k took 12% longer.
  // `| 0` tells V8 they are integers, so `best` stays one (as a tagged value, edpc-k took 12% longer).
  const win = WIN_RANK | 0;
  const lose = LOSE_RANK | 0;
  const notPrimitive = NOT_PRIMITIVE | 0;
  const flip = MOVE_RANK;
  const steps = game.moveOffsets;
  if (steps !== undefined) checkSteps(game, steps);
  const offsets = steps ?? NO_OFFSETS;
  const rankOf = steps !== undefined ? offsetRank : game.extraTurns === true ? keptRank : passedRank;
  const { first, end, step } = visitOrder(game, last);
  const total = last + 1;
  for (let p = first; p !== end; p += step) {
    const primitive = g.primitive(p);
    let best = lose;
    if (primitive !== notPrimitive) {
      best = OUTCOME_RANK[primitiveOutcome(primitive)];
    } else {
      // The first win ends the search.
      const n = g.moveCount(p);
      for (let i = 0; i < n; i++) {
        const m = rankOf(g, offsets, rank, flip, mask, p, i);
        if (m > best) {
          best = m;
          if (m === win) break;
        }
      }
    }
    rank[p & mask] = flip[best];
    if (report !== undefined) reportProgress(report, p, first, total);
  }
}

function flipRanks(rank: Uint8Array): void {
  for (let p = 0; p < rank.length; p++) rank[p] = MOVE_RANK[rank[p]];
}

/**
 * The rank of p's i-th move for its mover, from the entries of the sweep, in
 * a game without extra turns. It, offsetRank and keptRank take the same
 * parameters (the rank loop calls whichever the game's moves allow) and are
 * function declarations: as arrow functions in constants of one type, edpc-k
 * took 6.7 ms instead of 4.1.
 */
function passedRank(
  g: MoveSlots,
  _offsets: Int32Array,
  entry: Uint8Array,
  _flip: Uint8Array,
  mask: number,
  p: number,
  i: number,
): number {
  return entry[g.childAt(p, i) & mask];
}

/** The same, in a game whose moves are fixed steps (`moveOffsets`): no call of the game. */
function offsetRank(
  _g: MoveSlots,
  offsets: Int32Array,
  entry: Uint8Array,
  _flip: Uint8Array,
  mask: number,
  p: number,
  i: number,
): number {
  return entry[(p + offsets[i]) & mask];
}

const NO_OFFSETS = new Int32Array(0);

/** Refuses moveOffsets that cannot be the game's moves: with extra turns, or fewer than maxMoves. */
function checkSteps(game: NumberedGame, steps: Int32Array): void {
  if (game.extraTurns) {
    throw new GameError(`${game.id}: moves that keep the turn cannot be given as moveOffsets`);
  }
  if (steps.length < game.maxMoves) {
    throw new GameError(
      `${game.id}: moveOffsets has ${steps.length} steps, fewer than maxMoves = ${game.maxMoves}`,
    );
  }
}

/** The same, in a game with extra turns (`flip` is MOVE_RANK). */
function keptRank(
  g: MoveSlots,
  _offsets: Int32Array,
  entry: Uint8Array,
  flip: Uint8Array,
  mask: number,
  p: number,
  i: number,
): number {
  const c = g.childAt(p, i);
  // A move that keeps the turn (~child) is worth the child's own rank to its mover.
  return c >= 0 ? entry[c & mask] : flip[entry[~c & mask]];
}

/**
 * Fills `code` with the code a move into each position has for the mover, so
 * a parent's code is a plain max over its children's entries and the
 * transform runs once per position, not once per move; `unmoveCodes` turns
 * the entries back into the positions' codes. A move that keeps the turn
 * (~child) turns its child's entry back and adds a ply instead.
 */
function sweepOutcome(
  game: NumberedGame,
  code: Int32Array,
  mask: number,
  last: number,
  options: SolverOptions,
): void {
  const g = moveSlots(game);
  const report = options.onProgress;
  const lose = LOSE_CODE | 0; // an integer in a local, as in sweepRank
  const { first, end, step } = visitOrder(game, last);
  const total = last + 1;
  for (let p = first; p !== end; p += step) {
    const primitive = g.primitive(p);
    let best = lose;
    if (primitive !== NOT_PRIMITIVE) {
      best = primitiveValueCode(primitive);
    } else {
      const n = g.moveCount(p);
      if (n > 0) best = intMax(best, moveEntry(g, code, mask, p, 0));
      if (n > 1) best = intMax(best, moveEntry(g, code, mask, p, 1));
      for (let i = 2; i < n; i++) best = intMax(best, moveEntry(g, code, mask, p, i));
    }
    code[p & mask] = moveCode(best);
    if (report !== undefined) reportProgress(report, p, first, total);
  }
}

function unmoveCodes(code: Int32Array): void {
  for (let p = 0; p < code.length; p++) code[p] = unmoveCode(code[p]);
}

/** The code of p's i-th move for its mover, from the entries of the sweep. */
function moveEntry(g: MoveSlots, code: Int32Array, mask: number, p: number, i: number): number {
  const c = g.childAt(p, i);
  return c >= 0 ? code[c & mask] : keepCode(unmoveCode(code[~c & mask]));
}

/**
 * Fills `margin` (and `remoteness`, when given) with each position's value:
 * the best margin, then — among the moves that reach it — the loser's
 * latest or the winner's (or a tie's) earliest end. The value of a position
 * comes from one of the functions below, chosen once for the table (see
 * `valueFunction`), so that the loop does not test the table's kind at every
 * position (abc201d's sweep took 11% longer).
 */
function sweepMargin(
  game: NumberedGame,
  margin: MarginTable,
  remoteness: Int32Array | undefined,
  mask: number,
  last: number,
  options: SolverOptions,
): void {
  const g = scoringSlots(game);
  const value = valueFunction(margin, remoteness !== undefined);
  const move = game.extraTurns === true ? keptMargin : passedMargin;
  const plies = remoteness ?? NO_REMOTENESS;
  const report = options.onProgress;
  const notPrimitive = NOT_PRIMITIVE; // in a local, as in sweepRank
  const { first, end, step } = visitOrder(game, last);
  const total = last + 1;
  for (let p = first; p !== end; p += step) {
    if (report !== undefined) reportProgress(report, p, first, total);
    if (g.primitive(p) !== notPrimitive) {
      ended(margin, remoteness, p & mask);
      continue;
    }
    const n = g.moveCount(p);
    if (n === 0) {
      ended(margin, remoteness, p & mask);
      continue;
    }
    margin[p & mask] = value(game, g, move, margin, plies, mask, p, n);
  }
}

/** An entry of a position where the game ends (by its rules, or without a move): margin 0, remoteness 0. */
function ended(margin: MarginTable, remoteness: Int32Array | undefined, at: number): void {
  margin[at] = 0;
  if (remoteness !== undefined) remoteness[at] = 0;
}

/**
 * A position's value in the margin sweep: its best margin, as the table
 * holds it (or the game's `boundError`), with its remoteness written into
 * `plies` when the solve keeps it.
 */
type PositionValue = (
  game: NumberedGame,
  g: ScoringSlots,
  move: MoveMargin,
  margin: MarginTable,
  plies: Int32Array,
  mask: number,
  p: number,
  n: number,
) => number;

const NO_REMOTENESS = new Int32Array(0);

/** The function that values a position for this table. */
function valueFunction(margin: MarginTable, withRemoteness: boolean): PositionValue {
  const fits = integerFit(margin);
  if (withRemoteness) {
    return (game, g, move, margin, plies, mask, p, n) =>
      checked(game, p, bestValue(g, move, margin, plies, mask, p, n), fits);
  }
  if (fits === 16) return smallValue;
  return fits < 0
    ? wideValue
    : (game, g, move, margin, plies, mask, p, n) =>
        checked(game, p, wideValue(game, g, move, margin, plies, mask, p, n), fits);
}

/**
 * A margin in a table of doubles (any number) or of 32-bit integers (checked
 * by the caller), by a branch-free max of doubles, (a + b + |a − b|) / 2
 * (`wideMax`), when every move's margin is an integer within ±2^51, where
 * it is exact: every sum is then an integer within ±2^53. Which move is best
 * is as good as random in a game like edpc-l, and the compare of `larger`
 * measured 10% slower there. A move whose margin is not such an integer
 * counts as NOT_WIDE, which wins the max, and the position takes the exact
 * best.
 */
const wideValue: PositionValue = (_game, g, move, margin, _plies, mask, p, n) => {
  const best = bestMargin(g, move, wideMargin, wideMax, margin, mask, p, n);
  return Math.abs(best) <= 0x8000000000000 ? best : bestMargin(g, move, exact, larger, margin, mask, p, n); // 2^51, as in wideMargin
};

/**
 * A margin in a table of 16-bit integers, by a branch-free integer max
 * (`intMax`): which move is best is as good as random in a game like
 * abc201d, and a mispredicted branch per position measured 1.5× the whole
 * loop. A move's margin is first checked to be a 16-bit integer (a branch
 * never taken), so the difference of two cannot overflow; a move that is
 * not counts as NOT_SMALL, which wins the max, and the position takes the
 * exact best, checked.
 */
const smallValue: PositionValue = (game, g, move, margin, _plies, mask, p, n) => {
  const best = bestMargin(g, move, smallMargin, intMax, margin, mask, p, n);
  return best !== NOT_SMALL
    ? best
    : checked(game, p, bestMargin(g, move, exact, larger, margin, mask, p, n), 16);
};

/** `best` when the table holds it (32 − `fits` bits, or a double when `fits` is −1), else the game's bound error. */
function checked(game: NumberedGame, p: number, best: number, fits: number): number {
  if (fits >= 0 && (best << fits) >> fits !== best) throw boundError(game, p, best);
  return best;
}

/**
 * The best margin of p's n moves: each move's margin read by `move` and
 * passed through `held` (as the table holds it), the best kept by `max`
 * (moves 0 and 1 by calls of their own: see the header). The exact best
 * takes `exact` and `larger`;
 * the tables of integers take a branch-free max over the moves that fit
 * them (`smallMargin` and `intMax`, `wideMargin` and `wideMax`), whose
 * callers take the exact best when a move does not.
 */
function bestMargin(
  g: ScoringSlots,
  move: MoveMargin,
  held: (m: number) => number,
  max: (a: number, b: number) => number,
  margin: MarginTable,
  mask: number,
  p: number,
  n: number,
): number {
  let best = held(move(g, margin, mask, p, 0));
  if (n > 1) best = max(best, held(move(g, margin, mask, p, 1)));
  for (let i = 2; i < n; i++) best = max(best, held(move(g, margin, mask, p, i)));
  return best;
}

/** Any margin as it is, for the exact best. */
function exact(m: number): number {
  return m;
}

/** The larger of two integers whose difference fits 32 bits (codes are < 2^30), without a branch. */
function intMax(a: number, b: number): number {
  const d = a - b;
  return a - (d & (d >> 31));
}

/** Above every 16-bit margin. */
const NOT_SMALL = 0x100000;

/** m when it is a 16-bit integer, else NOT_SMALL. */
function smallMargin(m: number): number {
  return (m << 16) >> 16 === m ? m : NOT_SMALL;
}

/** The best margin of p's n moves, and its remoteness written into p's entry of `remoteness`. */
function bestValue(
  g: ScoringSlots,
  move: MoveMargin,
  margin: MarginTable,
  remoteness: Int32Array,
  mask: number,
  p: number,
  n: number,
): number {
  let best = move(g, margin, mask, p, 0);
  let plies = remoteness[childIndex(g.childAt(p, 0)) & mask] + 1;
  for (let i = 1; i < n; i++) {
    const m = move(g, margin, mask, p, i);
    // One test decides most moves; equal margins then compare plies: a loser delays, a winner or a tie hurries.
    if (m >= best) {
      const r = remoteness[childIndex(g.childAt(p, i)) & mask] + 1;
      if (m > best || (m < 0 ? r > plies : r < plies)) {
        best = m;
        plies = r;
      }
    }
  }
  remoteness[p & mask] = plies;
  return best;
}

/**
 * The margin of p's i-th move for its mover, read from the entries of the
 * sweep: `passedMargin` in a game without moves that keep the turn, without
 * the test for ~child (abc201d in process took 6% longer with it),
 * `keptMargin` in one with them. The sweep passes whichever the game needs
 * down to the loops over moves, as the rank sweep does its `rankOf`.
 */
type MoveMargin = (g: ScoringSlots, margin: MarginTable, mask: number, p: number, i: number) => number;

function passedMargin(g: ScoringSlots, margin: MarginTable, mask: number, p: number, i: number): number {
  return g.pointsAt(p, i) - margin[g.childAt(p, i) & mask];
}

function keptMargin(g: ScoringSlots, margin: MarginTable, mask: number, p: number, i: number): number {
  const c = g.childAt(p, i);
  // A move that keeps the turn (~child) adds the child's margin: it is the mover's own.
  return c >= 0 ? g.pointsAt(p, i) - margin[c & mask] : g.pointsAt(p, i) + margin[~c & mask];
}

/**
 * m when it is an integer within ±2^51 (0x8000000000000), else NOT_WIDE,
 * 2^60 (0x1000000000000000). Both are written as literals: a constant of
 * the module is a variable of the bundle the CLI runs, read at every use,
 * and NOT_WIDE, not a small integer, then came as a boxed number (edpc-l's
 * whole process took 130 ms instead of 105).
 */
function wideMargin(m: number): number {
  return Math.abs(m) <= 0x8000000000000 && Math.floor(m) === m ? m : 0x1000000000000000;
}

/** The larger of two integers within ±2^51, exactly; NOT_WIDE when either is NOT_WIDE (2^60 ± such an integer is exact). */
function wideMax(a: number, b: number): number {
  return (a + b + Math.abs(a - b)) * 0.5;
}

/**
 * The larger of a and b, as an integer compare when both are integers:
 * Math.max (which must order NaN and −0) measured 1.5× slower in these loops.
 */
function larger(a: number, b: number): number {
  if (a > b) return a;
  return b;
}

/** Bytes per margin: as few as the game's `marginBound` allows (a double without one). */
function marginBytes(game: NumberedGame): 2 | 4 | 8 {
  const bound = game.marginBound ?? Number.POSITIVE_INFINITY;
  return bound <= 0x7fff ? 2 : bound <= 0x7fffffff ? 4 : 8;
}

function marginArray(game: NumberedGame, entries: number): MarginTable {
  const bytes = marginBytes(game);
  return bytes === 2
    ? new Int16Array(entries)
    : bytes === 4
      ? new Int32Array(entries)
      : new Float64Array(entries);
}

/**
 * For an integer table, 32 − its bits: a margin m fits when (m << s) >> s is
 * m (an integer that survives the round trip through the table's width) — a
 * check in registers, without reading the table back. −1 for doubles, which
 * need no check.
 */
function integerFit(margin: MarginTable): number {
  return margin instanceof Float64Array ? -1 : 32 - 8 * margin.BYTES_PER_ELEMENT;
}

/** A margin the table cannot hold exactly: the game broke its `marginBound` or scored a fraction. */
function boundError(game: NumberedGame, p: number, margin: number): YomiError {
  const shown = game.show ? game.show(p) : `position ${p}`;
  return new YomiError(
    `${game.id}: ${shown} has margin ${margin}, which is not an integer within the game's marginBound ±${game.marginBound}`,
  );
}
