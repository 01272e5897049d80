/**
 * Generalized Sprague–Grundy values of impartial games with cycles (C. A. B.
 * Smith, "Graphs and composite games", 1966; A. S. Fraenkel's GSG algorithm).
 * Every position gets a nimber m — it is lost exactly when m = 0, and as a
 * component of a sum it adds like a Nim heap of m — or ∞(K), where K is the
 * set of nimbers among its options: play from it may never end. Sums are
 * decided from these values (gsg-sum.ts), never from their product.
 *
 * The algorithm labels nimbers one at a time, m = 0, 1, 2, …: at level m a
 * position not yet labeled gets m when none of its options has m and each of
 * its options that is unlabeled or ∞ has an option labeled m (the mover's
 * opponent can answer an escape by returning to m). That is a retrograde pass
 * with a counter per position: the counter holds the options that are
 * unlabeled or ∞ and have no option labeled m yet; when an option gets one it
 * is "marked" and its parents' counters drop, and a position whose counter
 * reaches 0 while it is not marked itself is labeled m. After the pass, every
 * unlabeled position without an option labeled m is ∞ (it can never reach
 * value m, so no larger value either). The values of earlier levels are never
 * changed, and a position's value is at most its number of moves, so there
 * are at most maxMoves + 1 levels.
 *
 * Which games: normal play (a position without moves, or a primitive one,
 * is a loss; endless play is a draw), no points, no extra turns. Parents come
 * from the game's `parents()`, else from a reverse graph built from
 * `children()` (retrograde.ts; its memory is estimated first).
 *
 * Cost: O(levels · (positions + moves)) time, where levels is at most the
 * largest nimber + 2; 13 bytes per position (value, counter, mark, queue) plus the
 * reverse graph when the game has no parents (4 bytes per position and per
 * move). The solver's `Solution` also runs retrograde analysis on the same
 * numbering for outcomes with remoteness, sharing the parents.
 */

import { now } from '../core/clock.js';
import { YomiError } from '../core/errors.js';
import { type AnyGame, hasExtraTurns, isScoring, type NumberedGame } from '../core/game.js';
import { grouped } from '../core/grouped.js';
import { LOSE, NOT_PRIMITIVE, OUTCOMES, primitiveOutcome } from '../core/outcome.js';
import { parentList, parentSlots } from '../core/parent-slots.js';
import type { Solution } from '../core/solution.js';
import { type Numbering, numberedSolution, numbering, numberOf } from './numbering.js';
import { checkBudget, checkMemory, PROGRESS_EVERY, type SolverOptions } from './options.js';
import { type Parents, retrograde, reverseGraph } from './retrograde.js';
import { endScoredRefusal, type SolverEntry } from './solver.js';

/** A finite generalized Sprague–Grundy value: the position adds to a sum as a Nim heap of `nimber`. */
export interface GsgNimber {
  kind: 'nimber';
  nimber: number;
}

/** An infinite value ∞(K): play from the position may never end. */
export interface GsgInfinite {
  kind: 'infinite';
  /** K: the nimbers among the position's options, increasing. */
  options: readonly number[];
}

/** A generalized Sprague–Grundy value: a nimber, or ∞ with the nimbers among the position's options. */
export type GsgValue = GsgNimber | GsgInfinite;

/** In a table of values: an ∞ value (its K is read from the options' values). */
export const GSG_INFINITE = -1;
/** In a table of values while it is being filled: not labeled yet. */
const UNLABELED = -2;

/** The values of every position 0 … size−1: a nimber, or GSG_INFINITE. */
export interface GsgTable {
  value: Int32Array;
  /** The levels the algorithm ran: one per nimber 0, 1, 2, … until every position had a value. */
  levels: number;
  /** Bytes per position used while solving (with the reverse graph, if one was built). */
  bytesPerPosition: number;
}

/** `0`, `*` (1), `*2`, `∞`, `∞(0,2)`. */
export function formatGsg(v: GsgValue): string {
  if (v.kind === 'nimber') return v.nimber === 0 ? '0' : v.nimber === 1 ? '*' : `*${v.nimber}`;
  return v.options.length === 0 ? '∞' : `∞(${v.options.join(',')})`;
}

/** The outcome for the player to move of a position with this value, alone (not in a sum). */
export function gsgOutcome(v: GsgValue): 'win' | 'lose' | 'draw' {
  if (v.kind === 'nimber') return v.nimber === 0 ? 'lose' : 'win';
  return v.options.includes(0) ? 'win' : 'draw';
}

/** Why GSG values do not apply to `game`, or true. */
export function gsgRefusal(game: AnyGame): true | string {
  if (isScoring(game)) return `${game.id}: moves earn points, so Sprague–Grundy values do not apply`;
  if (hasExtraTurns(game)) {
    return `${game.id}: some moves keep the turn, so Sprague–Grundy values (which assume the turn passes) do not apply`;
  }
  if (game.endless !== undefined) {
    return `${game.id}: the game declares who loses endless play; generalized Sprague–Grundy values need endless play to be a draw`;
  }
  return endScoredRefusal(game);
}

/** The parents of a numbered game: its own (in either form), or a reverse graph built from `children()`. */
export function parentsOf(game: NumberedGame, options: SolverOptions = {}): Parents {
  const list = parentList(game);
  const slots = parentSlots(game);
  if (list === undefined || slots === undefined || game.maxParents === undefined) {
    return reverseGraph(game, options);
  }
  const source = {
    parents: (p: number, out: Int32Array) => list.parents(p, out),
    parentCount: (p: number) => slots.parentCount(p),
    parentAt: (p: number, i: number) => slots.parentAt(p, i),
  };
  return { source, maxParents: game.maxParents, bytes: 0 };
}

/** Generalized Sprague–Grundy values of every position of `game` (Fraenkel's algorithm). */
export function gsgValues(
  game: NumberedGame,
  options: SolverOptions = {},
  parents: Parents = parentsOf(game, options),
): GsgTable {
  if (game.scoring || game.extraTurns || game.endless !== undefined) {
    throw new YomiError(
      `${game.id}: generalized Sprague–Grundy values need a game without points, extra turns or a declared loser of endless play`,
    );
  }
  const size = game.size;
  checkBudget(size, options, game.id);
  const bytes = 13 * size;
  checkMemory(
    bytes,
    options,
    `generalized Sprague–Grundy values of the ${grouped(size)} positions of ${game.id}`,
  );
  const value = new Int32Array(size).fill(UNLABELED);
  const count = new Int32Array(size);
  const mark = new Uint8Array(size);
  const queue = new Int32Array(size);
  const out = new Int32Array(Math.max(1, game.maxMoves));
  const up = new Int32Array(Math.max(1, parents.maxParents));
  const upUp = new Int32Array(Math.max(1, parents.maxParents));
  const source = parents.source;
  const report = options.onProgress;
  let level = 0;
  for (; ; level++) {
    if (level > game.maxMoves + 1) {
      throw new YomiError(`${game.id}: a position has more children than maxMoves (${game.maxMoves}) says`);
    }
    // Count, for each unlabeled position, its options that are unlabeled or ∞; those without any are labeled now.
    mark.fill(0);
    let tail = 0;
    for (let p = 0; p < size; p++) {
      if (report !== undefined && p % PROGRESS_EVERY === 0) {
        report({ unit: `positions (nimber ${level})`, done: p, total: size });
      }
      if (value[p] !== UNLABELED) continue;
      let n = 0;
      if (level === 0) {
        const primitive = game.primitive(p);
        if (primitive !== NOT_PRIMITIVE && primitive !== LOSE) throw notNormalPlay(game, p, primitive);
        if (primitive === NOT_PRIMITIVE) n = game.children(p, out);
      } else {
        n = game.children(p, out);
      }
      let open = 0;
      for (let k = 0; k < n; k++) if (value[out[k]] < 0) open++;
      count[p] = open;
      if (open === 0) queue[tail++] = p;
    }
    // Labeled after the count, so that every count saw the values of the levels before.
    for (let i = 0; i < tail; i++) value[queue[i]] = level;
    // Retrograde: each position labeled m marks its parents; a newly marked position that is unlabeled or ∞
    // no longer holds up its own parents.
    for (let head = 0; head < tail; head++) {
      const u = queue[head];
      const np = source.parents(u, up);
      for (let i = 0; i < np; i++) {
        const v = up[i];
        if (mark[v] !== 0 || value[v] >= 0) continue;
        mark[v] = 1;
        const nq = source.parents(v, upUp);
        for (let j = 0; j < nq; j++) {
          const w = upUp[j];
          if (value[w] !== UNLABELED) continue;
          if (--count[w] === 0 && mark[w] === 0) {
            value[w] = level;
            queue[tail++] = w;
          }
        }
      }
    }
    // An unlabeled position without an option labeled m never gets a value ≥ m: it is ∞.
    let left = 0;
    for (let p = 0; p < size; p++) {
      if (value[p] !== UNLABELED) continue;
      if (mark[p] === 0) value[p] = GSG_INFINITE;
      else left++;
    }
    if (left === 0) break;
  }
  return { value, levels: level + 1, bytesPerPosition: 13 + parents.bytes / Math.max(1, size) };
}

function notNormalPlay(game: NumberedGame, p: number, primitive: number): YomiError {
  const shown = game.show ? game.show(p) : `position ${p}`;
  return new YomiError(
    `${game.id}: ${shown} ends the game as a ${OUTCOMES[primitiveOutcome(primitive)]} for the player to move; Sprague–Grundy values need normal play (a position without moves is a loss)`,
  );
}

/** The value of position `p` from a table: its nimber, or ∞ with the nimbers of its options. */
export function gsgAt(game: NumberedGame, table: GsgTable, p: number, out?: Int32Array): GsgValue {
  const v = table.value[p];
  if (v !== GSG_INFINITE) return { kind: 'nimber', nimber: v };
  const buf = out ?? new Int32Array(Math.max(1, game.maxMoves));
  const n = game.children(p, buf);
  const options = new Set<number>();
  for (let k = 0; k < n; k++) {
    const c = table.value[buf[k]];
    if (c !== GSG_INFINITE) options.add(c);
  }
  return { kind: 'infinite', options: [...options].sort((a, b) => a - b) };
}

/** A solution that also answers the generalized Sprague–Grundy value of a position. */
export interface GsgSolution<P, M> extends Solution<P, M> {
  /** The generalized Sprague–Grundy value of `p`: a nimber, or ∞ with the nimbers among its options. */
  gsg(p: P): GsgValue;
}

/** Whether a solution answers generalized Sprague–Grundy values. */
export function hasGsg<P, M>(solution: Solution<P, M>): solution is GsgSolution<P, M> {
  return 'gsg' in solution && typeof solution.gsg === 'function';
}

/**
 * Solves `game` by generalized Sprague–Grundy values (every position of an
 * indexed game; a `Game` explored from its start), with outcomes and
 * remoteness from retrograde analysis of the same positions.
 */
export function solveGsg(
  game: AnyGame,
  options: SolverOptions = {},
  reason = 'generalized Sprague–Grundy values',
): GsgSolution<unknown, unknown> {
  const started = now();
  const refusal = gsgRefusal(game);
  if (refusal !== true) throw new YomiError(refusal);
  const n: Numbering<unknown, unknown> = numbering(game, options, false);
  const parents = parentsOf(n.game, options);
  const table = gsgValues(n.game, options, parents);
  const outcomes = retrograde(n.game, options, parents);
  const solution = numberedSolution(n, outcomes.table, {
    solver: 'gsg',
    reason: `${reason}; ${table.levels} levels; outcomes and remoteness by retrograde analysis`,
    started,
    moves: outcomes.moves,
  });
  const out = new Int32Array(Math.max(1, n.game.maxMoves));
  return {
    ...solution,
    gsg(p) {
      return gsgAt(n.game, table, numberOf(n, solution, p), out);
    },
  };
}

export const gsgSolver: SolverEntry = {
  name: 'gsg',
  summary:
    'generalized Sprague–Grundy values (Fraenkel): a nimber or ∞(K) per position, for impartial games with cycles in normal play',
  accepts: gsgRefusal,
  solve: (game, options, reason) => solveGsg(game, options, reason),
};
