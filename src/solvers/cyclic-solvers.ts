/**
 * Solver entries for games with cycles: retrograde analysis (win/lose/tie/draw
 * games, with remoteness) and threshold search (end-scored games). Both work
 * on an indexed game directly — all of its positions, without exploring — and
 * retrograde analysis on any `Game` after exploring it from the start.
 */

import { now } from '../core/clock.js';
import { type AnyGame, isScoring } from '../core/game.js';
import type { Solution } from '../core/solution.js';
import { EVERY_VALUE, needsRemoteness } from '../core/value.js';
import { type Numbering, numberedSolution, numbering } from './numbering.js';
import type { SolverOptions } from './options.js';
import { retrograde, retrogradeRanks } from './retrograde.js';
import { endScoredRefusal, type SolverEntry } from './solver.js';
import { thresholdSolve } from './threshold.js';

/** Retrograde analysis of a numbered game: every index of an indexed game, or an explored game's positions. */
export function retrogradeNumbered<P, M>(
  n: Numbering<P, M>,
  options: SolverOptions,
  reason: string,
  started: number,
): Solution<unknown, unknown> {
  // The outcomes alone when that is all the caller reads (a byte a position, one queue).
  if (!needsRemoteness(options.need ?? EVERY_VALUE)) {
    const ranks = retrogradeRanks(n.game, options);
    return numberedSolution(n, ranks.table, { solver: 'retrograde', reason, started, moves: ranks.moves });
  }
  const result = retrograde(n.game, options);
  const why = result.widened
    ? `${reason}; a remoteness above 16,382 plies: values widened to 4 bytes`
    : reason;
  return numberedSolution(n, result.table, {
    solver: 'retrograde',
    reason: why,
    started,
    moves: result.moves,
  });
}

export const retrogradeSolver: SolverEntry = {
  name: 'retrograde',
  summary:
    'retrograde analysis from the primitives with a queue and a counter per position; games with cycles, draws by endless play, remoteness',
  accepts(game: AnyGame) {
    if (isScoring(game)) {
      return `${game.id}: retrograde analysis solves win/lose/tie/draw games; a game with points per move is not one (cyclic games scored at the end: --solver threshold)`;
    }
    return endScoredRefusal(game);
  },
  solve(game, options, reason) {
    const started = now();
    return retrogradeNumbered(numbering(game, options, false), options, reason, started);
  },
};

export const thresholdSolver: SolverEntry = {
  name: 'threshold',
  summary:
    'threshold search: binary search over the end scores, a win/lose retrograde analysis per probe; end-scored games with cycles',
  accepts: (game) =>
    game.kind === 'end-scored' ||
    `${game.id} is not an end-scored game (it has no stopScore and maximizer); threshold search does not apply`,
  solve(game, options, reason) {
    if (game.kind !== 'end-scored') throw new Error('threshold search needs an end-scored game');
    return thresholdSolve(game, options, reason);
  },
};
