/**
 * `solve(game, { solver })`: the one entry point to every solver, and `auto`,
 * which looks at the game and picks the algorithm that fits, saying why.
 *
 * auto:
 * - an end-scored game → threshold search;
 * - an indexed game with `parents()` and no move order → retrograde analysis
 *   of every position, without exploring;
 * - an indexed game whose moves go one way in index order → sweep;
 * - any other game → explore it (within the position budget), then sweep it
 *   if it is acyclic, or run retrograde analysis if it has cycles;
 * - a game too large to explore → its theory when it declares one (Grundy
 *   values of heaps, a sum of tokens on a loopy board), else a search that
 *   needs no table of all positions (alpha-beta), when one is available.
 */

import { now } from '../core/clock.js';
import { BudgetError, YomiError } from '../core/errors.js';
import { type AnyGame, type EndScoredGame, type Game, type IndexedGame, isIndexed } from '../core/game.js';
import { grouped } from '../core/grouped.js';
import type { Solution } from '../core/solution.js';
import { alphaBetaSolver, hasSearcher } from './alphabeta.js';
import { retrogradeNumbered, retrogradeSolver, thresholdSolver } from './cyclic-solvers.js';
import { grundySolver } from './grundy.js';
import { grundyTheorySolution } from './grundy-theory.js';
import { gsgSolver } from './gsg.js';
import { gsgTheorySolution } from './gsg-sum.js';
import { type Numbering, numbering } from './numbering.js';
import { timeLimited } from './options.js';
import type { SolveOptions, SolverEntry } from './solver.js';
import { negamaxSolver, sweepNumbered, sweepSolver } from './table-solvers.js';
import { SMALL_TIER, tieredForm, tiersSolver } from './tiers.js';

export type { SolveOptions, SolverEntry } from './solver.js';

/** Every solver that can be forced by name. */
export const SOLVERS: SolverEntry[] = [
  negamaxSolver,
  sweepSolver,
  retrogradeSolver,
  thresholdSolver,
  alphaBetaSolver,
  grundySolver,
  gsgSolver,
  tiersSolver,
];

/**
 * Without a memory budget, auto explores at most this many positions, then
 * searches (alpha-beta) instead; with one, as many as fit.
 */
export const AUTO_EXPLORE_LIMIT = 5_000_000;

/** Bytes an explored position takes (its key in a Map, the position, its edges), as measured on Kalah and tic-tac-toe. */
export const EXPLORED_BYTES = 300;

/**
 * The most positions auto explores: what fits the memory budget (a JS Map
 * holds at most 2^24 keys), and no more than the caller's `exploreLimit`.
 */
export function exploreLimit(options: SolveOptions): number {
  const budget = Math.min(options.memoryBytes ?? Infinity, options.heapBytes ?? Infinity);
  const fits = Number.isFinite(budget)
    ? Math.max(1, Math.min(2 ** 24 - 1, Math.floor(budget / EXPLORED_BYTES)))
    : undefined;
  if (options.exploreLimit !== undefined) return Math.min(options.exploreLimit, fits ?? Infinity);
  return fits ?? AUTO_EXPLORE_LIMIT;
}

/** The solver with this name, or undefined. */
export function findSolver(name: string): SolverEntry | undefined {
  return SOLVERS.find((s) => s.name === name);
}

/**
 * Solves a game: auto chooses a solver (`options.solver` forces one) and says
 * why in `solution.reason`. A `Game` is answered in its own positions.
 *
 * @example
 * ```ts
 * import { formatValue, type Game, solve } from 'yomi';
 *
 * const race: Game<number, number> = {
 *   id: 'race-to-10', start: 0, key: (n) => n,
 *   moves: (n) => (n >= 10 ? [] : n === 9 ? [1] : [1, 2]),
 *   play: (n, step) => n + step,
 * };
 * const solution = solve(race, { maxPositions: 1_000_000 });
 * console.log(solution.solver, '-', solution.reason); // explore+sweep - auto: explored 11 positions, no cycle
 * console.log(formatValue(solution.value(0))); // win in 7
 * ```
 */
export function solve<P, M>(game: Game<P, M>, options?: SolveOptions): Solution<P, M>;
/** Solves a numbered game: positions and moves are numbers (moves are child ordinals). */
export function solve(game: IndexedGame | EndScoredGame, options?: SolveOptions): Solution<number, number>;
/** Solves a game of any form. */
export function solve(game: AnyGame, options?: SolveOptions): Solution<unknown, unknown>;
export function solve(game: AnyGame, options: SolveOptions = {}): Solution<unknown, unknown> {
  const name = options.solver ?? 'auto';
  if (name === 'auto') return solveAuto(game, options);
  const entry = findSolver(name);
  if (!entry) {
    throw new YomiError(
      `unknown solver '${name}'; the solvers are: auto, ${SOLVERS.map((s) => s.name).join(', ')}`,
    );
  }
  const verdict = entry.accepts(game);
  if (verdict !== true) throw new YomiError(verdict);
  // A search spends its time budget itself (and returns the bounds proven); a table solver stops.
  const limited = entry === alphaBetaSolver ? options : timeLimited(options, game.id);
  return entry.solve(game, limited, `forced (--solver ${name})`);
}

function solveAuto(game: AnyGame, searchOptions: SolveOptions): Solution<unknown, unknown> {
  const options = timeLimited(searchOptions, game.id);
  if (game.kind === 'end-scored') {
    return thresholdSolver.solve(game, options, 'auto: the game is scored where it stops');
  }
  // A game with a perfect hash is solved in its indexed form (and answers in its own positions).
  const indexed = isIndexed(game) ? game : game.indexed?.game;
  const through = indexed === game ? '' : ' (its indexed form)';
  if (prefersTiers(game) && indexed !== undefined) {
    const why =
      indexed.tiers !== undefined
        ? `auto: the game${through} declares tiers, solved one after another by retrograde analysis`
        : `auto: the game${through} supplies parents(), no move order and ${grouped(indexed.size)} positions, so the tier solver's retrograde analysis (compact encodings; threads in the CLI) solves every position without exploring`;
    return tiersSolver.solve(game, options, why);
  }
  if (indexed !== undefined && indexed.order === undefined && tieredForm(game) !== undefined) {
    const why = `auto: the game${through} supplies parents() and no move order, so retrograde analysis solves every position without exploring`;
    return retrogradeSolver.solve(game, options, why);
  }
  if (indexed !== undefined && indexed.order !== undefined) {
    return sweepSolver.solve(
      game,
      options,
      `auto: every move goes ${indexed.order === 'descending' ? 'down' : 'up'} in index order${through}`,
    );
  }
  if (hasSearcher(game)) {
    if (options.tableRequired) throw noTable(game, 'the game asks to be searched one position at a time');
    return alphaBetaSolver.solve(game, searchOptions, 'auto: the game asks to be searched');
  }
  const started = now();
  const limit = options.maxPositions ?? exploreLimit(options);
  const plain = isIndexed(game) ? undefined : game;
  // Too large to explore, by the game's own estimate: its Grundy values, if theory gives them, settle it at once.
  if (plain?.grundy !== undefined && (plain.sizeEstimate ?? 0) > limit && !options.tableRequired) {
    const why = `auto: about ${grouped(plain.sizeEstimate as number)} positions, more than the ${grouped(limit)} that fit in memory; solved by its Grundy values (outcomes, no remoteness)`;
    options.onDecision?.(why);
    return grundyTheorySolution(plain, why);
  }
  // Likewise a sum of tokens on one loopy board, by the board's generalized Sprague–Grundy values.
  if (plain?.tokens !== undefined && (plain.sizeEstimate ?? 0) > limit && !options.tableRequired) {
    const why = `auto: about ${grouped(plain.sizeEstimate as number)} positions, more than the ${grouped(limit)} that fit in memory; a sum of tokens solved by the generalized Sprague–Grundy values of their board (outcomes, no remoteness)`;
    options.onDecision?.(why);
    return gsgTheorySolution(plain, why, options);
  }
  let explored: Numbering<unknown, unknown>;
  try {
    explored = numbering(game, { ...options, maxPositions: limit }, true);
  } catch (e) {
    // An explicit --max-positions is the caller's hard limit, and a spent time budget leaves none to
    // search with; auto's own limit and a full memory fall back to theory or to search.
    if (!(e instanceof BudgetError) || options.maxPositions !== undefined || e.limit === 'time') throw e;
    const why =
      e.limit === 'memory'
        ? `exploring it fills the memory (${e.message})`
        : `more than the ${grouped(limit)} positions that fit in memory to explore`;
    if (options.tableRequired) throw noTable(game, why);
    if (plain?.grundy !== undefined) {
      options.onDecision?.(`auto: ${why}; solved by its Grundy values`);
      return grundyTheorySolution(
        plain,
        `auto: ${why}; solved by its Grundy values (outcomes, no remoteness)`,
      );
    }
    options.onDecision?.(`auto: ${why}; searching it by alpha-beta instead`);
    return alphaBetaSolver.solve(game, searchOptions, `auto: ${why}`);
  }
  const folded = plain?.canonical !== undefined && options.symmetry !== false;
  const size = `${explored.game.size} positions${folded ? ' (one per symmetry class)' : ''}`;
  if (explored.game.order !== undefined) {
    return sweepNumbered(explored, options, `auto: explored ${size}, no cycle`, started);
  }
  const why = `auto: explored ${size}, found a cycle`;
  const verdict = retrogradeSolver.accepts(game);
  if (verdict !== true) throw new YomiError(`${why}; ${verdict}`);
  return retrogradeNumbered(explored, options, why, started);
}

function noTable(game: AnyGame, why: string): YomiError {
  return new YomiError(`${game.id}: no table of every position to keep (${why}); --save needs one`);
}

/**
 * Whether a solve with the solver named `solver` goes by tiers: forced, or
 * auto's choice for the game — which is tiers for any game with a tiered form
 * when the caller keeps tiers (in a directory, or on a queue's workers).
 */
export function solvesByTiers(game: AnyGame, solver: string, keepsTiers = false): boolean {
  if (solver === 'tiers') return true;
  if (solver !== 'auto') return false;
  return prefersTiers(game) || (keepsTiers && tieredForm(game) !== undefined);
}

/**
 * Whether auto solves the game by the tier solver: an indexed win/lose/tie/draw
 * game (or a game's perfect hash) with no move order, in declared tiers, or as
 * one tier when it is large and supplies parents().
 */
export function prefersTiers(game: AnyGame): boolean {
  const indexed = isIndexed(game) ? game : game.indexed?.game;
  if (indexed === undefined || indexed.order !== undefined || tieredForm(game) === undefined) return false;
  return indexed.tiers !== undefined || indexed.size >= SMALL_TIER;
}
