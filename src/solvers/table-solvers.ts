/**
 * Solver entries for the two basic algorithms: memoized negamax (any acyclic
 * game) and the sweep (indexed games with a move order, or any game once
 * explored, when it turns out acyclic).
 */

import { CycleError } from '../core/errors.js';
import { type Game, type IndexedGame, isIndexed } from '../core/game.js';
import { indexedView } from '../core/indexed-view.js';
import type { Solution } from '../core/solution.js';
import { tableSolution, type ValueTable } from '../core/value-table.js';
import { type ExploredGame, explore } from './explore.js';
import { negamax } from './negamax.js';
import type { SolverOptions } from './options.js';
import type { SolverEntry } from './solver.js';
import { sweep } from './sweep.js';

/** A Solution over an indexed game's own positions (its indices). */
export function indexedSolution(
  game: IndexedGame,
  table: ValueTable,
  info: { solver: string; reason: string; started: number },
): Solution<number, number> {
  const inRange = (p: number) => (Number.isInteger(p) && p >= 0 && p < game.size ? p : undefined);
  return tableSolution(indexedView(game), inRange, table, {
    solver: info.solver,
    reason: info.reason,
    stats: { positions: game.size, ms: performance.now() - info.started },
  });
}

/** A Solution over an explored game's source positions. */
export function exploredSolution<P, M>(
  explored: ExploredGame<P, M>,
  table: ValueTable,
  info: { solver: string; reason: string; started: number },
): Solution<P, M> {
  return tableSolution(explored.source, explored.indexOf, table, {
    solver: info.solver,
    reason: info.reason,
    stats: { positions: explored.size, moves: explored.targets.length, ms: performance.now() - info.started },
  });
}

export const negamaxSolver: SolverEntry = {
  name: 'negamax',
  summary: 'memoized negamax, depth-first with an explicit stack; acyclic games of any form',
  solve(game, options, reason) {
    const g = isIndexed(game) ? indexedView(game) : game;
    return negamax(g as Game<unknown, unknown>, options, reason) as Solution<unknown, unknown>;
  },
};

export const sweepSolver: SolverEntry = {
  name: 'sweep',
  summary:
    'bottom-up table fill in index order; indexed games whose moves go one way, or any acyclic game after explore',
  solve(game, options, reason) {
    const started = performance.now();
    if (isIndexed(game) && game.order !== undefined) {
      return indexedSolution(game, sweep(game, options), { solver: 'sweep', reason, started }) as Solution<
        unknown,
        unknown
      >;
    }
    const explored = isIndexed(game) ? explore(indexedView(game), options) : explore(game, options);
    return sweepExplored(explored, options, reason, started);
  },
};

/** Sweeps an explored game, which must be acyclic. */
export function sweepExplored<P, M>(
  explored: ExploredGame<P, M>,
  options: SolverOptions,
  reason: string,
  started: number,
): Solution<unknown, unknown> {
  if (!explored.acyclic) {
    throw new CycleError(
      `${explored.id}: the game has a cycle, so the sweep cannot order it; use retrograde analysis (--solver retrograde, or auto)`,
    );
  }
  return exploredSolution(explored, sweep(explored, options), {
    solver: 'explore+sweep',
    reason,
    started,
  }) as Solution<unknown, unknown>;
}
