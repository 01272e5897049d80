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

import { isEndScored } from '../core/end-scored.js';
import { BudgetError, YomiError } from '../core/errors.js';
import { type AnyGame, type Game, type IndexedGame, isIndexed } from '../core/game.js';
import { indexedView } from '../core/indexed-view.js';
import type { Solution } from '../core/solution.js';
import { alphaBetaSolver, hasSearcher } from './alphabeta.js';
import { retrogradeSolver, thresholdSolver } from './cyclic-solvers.js';
import { explore } from './explore.js';
import { grundySolver } from './grundy.js';
import type { SolveOptions, SolverEntry } from './solver.js';
import { negamaxSolver, sweepExplored, sweepSolver } from './table-solvers.js';

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
export function solve(game: IndexedGame, options?: SolveOptions): Solution<number, number>;
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
  return entry.solve(game, options, `forced (--solver ${name})`);
}

function solveAuto(game: AnyGame, options: SolveOptions): Solution<unknown, unknown> {
  if (isEndScored(game)) {
    return thresholdSolver.solve(game, options, 'auto: the game is scored where it stops');
  }
  if (isIndexed(game) && game.order === undefined && game.parents !== undefined) {
    return retrogradeSolver.solve(
      game,
      options,
      'auto: the game supplies parents() and no move order, so retrograde analysis solves every position without exploring',
    );
  }
  if (isIndexed(game) && game.order !== undefined) {
    return sweepSolver.solve(
      game,
      options,
      `auto: every move goes ${game.order === 'descending' ? 'down' : 'up'} in index order`,
    );
  }
  if (hasSearcher(game)) return alphaBetaSolver.solve(game, options, 'auto: the game asks to be searched');
  const started = performance.now();
  const limited = { ...options, maxPositions: options.maxPositions ?? AUTO_EXPLORE_LIMIT };
  let explored: ReturnType<typeof explore>;
  try {
    explored = isIndexed(game)
      ? explore(indexedView(game), limited)
      : explore(game as Game<unknown, unknown>, limited);
  } catch (e) {
    // An explicit --max-positions is the caller's hard limit; only auto's own limit falls back to search.
    if (!(e instanceof BudgetError) || options.maxPositions !== undefined) throw e;
    const why = `auto: more than ${limited.maxPositions.toLocaleString('en-US')} positions to explore`;
    return alphaBetaSolver.solve(game, options, why);
  }
  if (explored.acyclic) {
    return sweepExplored(explored, options, `auto: explored ${explored.size} positions, no cycle`, started);
  }
  return retrogradeSolver.solve(
    explored,
    options,
    `auto: explored ${explored.size} positions, found a cycle`,
  );
}
