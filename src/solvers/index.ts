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
 * - a game too large to explore → a search that needs no table of all
 *   positions (alpha-beta), when one is available.
 */

import { BudgetError, YomiError } from '../core/errors.js';
import { type AnyGame, type EndScoredGame, type Game, type IndexedGame, isIndexed } from '../core/game.js';
import type { Solution } from '../core/solution.js';
import { alphaBetaSolver, hasSearcher } from './alphabeta.js';
import { retrogradeNumbered, retrogradeSolver, thresholdSolver } from './cyclic-solvers.js';
import { grundySolver } from './grundy.js';
import { type Numbering, numbering } from './numbering.js';
import { timeLimited } from './options.js';
import type { SolveOptions, SolverEntry } from './solver.js';
import { negamaxSolver, sweepNumbered, sweepSolver } from './table-solvers.js';

export type { SolveOptions, SolverEntry } from './solver.js';

/** Every solver that can be forced by name. */
export const SOLVERS: SolverEntry[] = [
  negamaxSolver,
  sweepSolver,
  retrogradeSolver,
  thresholdSolver,
  alphaBetaSolver,
  grundySolver,
];

/** Without --max-positions, auto explores at most this many positions, then searches (alpha-beta) instead. */
export const AUTO_EXPLORE_LIMIT = 5_000_000;

export function findSolver(name: string): SolverEntry | undefined {
  return SOLVERS.find((s) => s.name === name);
}

export function solve<P, M>(game: Game<P, M>, options?: SolveOptions): Solution<P, M>;
export function solve(game: IndexedGame | EndScoredGame, options?: SolveOptions): Solution<number, number>;
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
  if (indexed !== undefined && indexed.order === undefined && indexed.parents !== undefined) {
    return retrogradeSolver.solve(
      game,
      options,
      `auto: the game${through} supplies parents() and no move order, so retrograde analysis solves every position without exploring`,
    );
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
  const started = performance.now();
  const limited = { ...options, maxPositions: options.maxPositions ?? AUTO_EXPLORE_LIMIT };
  let explored: Numbering<unknown, unknown>;
  try {
    explored = numbering(game, limited, true);
  } catch (e) {
    // An explicit --max-positions is the caller's hard limit, and a spent time budget leaves none to
    // search with; auto's own limit and a full memory fall back to search.
    if (!(e instanceof BudgetError) || options.maxPositions !== undefined || e.limit === 'time') throw e;
    const why =
      e.limit === 'memory'
        ? `exploring it fills the memory (${e.message})`
        : `more than ${limited.maxPositions.toLocaleString('en-US')} positions to explore`;
    if (options.tableRequired) throw noTable(game, why);
    return alphaBetaSolver.solve(game, searchOptions, `auto: ${why}`);
  }
  const size = explored.game.size;
  if (explored.game.order !== undefined) {
    return sweepNumbered(explored, options, `auto: explored ${size} positions, no cycle`, started);
  }
  const why = `auto: explored ${size} positions, found a cycle`;
  const verdict = retrogradeSolver.accepts(game);
  if (verdict !== true) throw new YomiError(`${why}; ${verdict}`);
  return retrogradeNumbered(explored, options, why, started);
}

function noTable(game: AnyGame, why: string): YomiError {
  return new YomiError(`${game.id}: no table of every position to keep (${why}); --save needs one`);
}
