/**
 * Solver entries for games with cycles: retrograde analysis (win/lose/tie/draw
 * games, with remoteness) and threshold search (end-scored games). Both work
 * on an `IndexedGame` directly — all of its positions, without exploring — and
 * retrograde analysis on any `Game` after exploring it from the start.
 */

import { isEndScored } from '../core/end-scored.js';
import { YomiError } from '../core/errors.js';
import { type AnyGame, type IndexedGame, isIndexed } from '../core/game.js';
import type { Solution } from '../core/solution.js';
import { type ExploredGame, explore } from './explore.js';
import type { SolverOptions } from './options.js';
import { retrograde } from './retrograde.js';
import type { SolverEntry } from './solver.js';
import { exploredSolution, indexedSolution } from './table-solvers.js';
import { thresholdSolve } from './threshold.js';

function isExplored(game: AnyGame): game is ExploredGame<unknown, unknown> {
  return isIndexed(game) && 'source' in game && 'indexOf' in game;
}

/** Retrograde analysis of an indexed game (every index) or of an explored game (its source's positions). */
export function retrogradeSolve(
  game: AnyGame,
  options: SolverOptions,
  reason: string,
): Solution<unknown, unknown> {
  const started = performance.now();
  if (isEndScored(game)) {
    throw new YomiError(`${game.id} is scored at the end; solve it with --solver threshold (or auto)`);
  }
  const explored = isIndexed(game) ? (isExplored(game) ? game : undefined) : explore(game, options);
  const target = explored ?? (game as IndexedGame);
  const result = retrograde(target, options);
  const why = result.widened
    ? `${reason}; a remoteness above 16,382 plies: values widened to 4 bytes`
    : reason;
  const info = { solver: 'retrograde', reason: why, started };
  const solution = explored
    ? exploredSolution(explored, result.table, info)
    : indexedSolution(target, result.table, info);
  solution.stats.moves = result.moves;
  return solution as Solution<unknown, unknown>;
}

export const retrogradeSolver: SolverEntry = {
  name: 'retrograde',
  summary:
    'retrograde analysis from the primitives with a queue and a counter per position; games with cycles, draws by endless play, remoteness',
  solve: retrogradeSolve,
};

export const thresholdSolver: SolverEntry = {
  name: 'threshold',
  summary:
    'threshold search: binary search over the end scores, a win/lose retrograde analysis per probe; end-scored games with cycles',
  solve(game, options, reason) {
    if (!isEndScored(game)) {
      throw new YomiError(
        `${game.id} is not an end-scored game (it has no stopScore and maximizer); threshold search does not apply`,
      );
    }
    return thresholdSolve(game, options, reason) as Solution<unknown, unknown>;
  },
};
