/**
 * Solver entries for the two basic algorithms: memoized negamax (any acyclic
 * game) and the sweep (indexed games with a move order, or any game once
 * explored, when it turns out acyclic).
 */

import { now } from '../core/clock.js';
import { CycleError } from '../core/errors.js';
import { grouped } from '../core/grouped.js';
import { playableView } from '../core/indexed-view.js';
import type { Solution } from '../core/solution.js';
import { negamax } from './negamax.js';
import { type Numbering, numberedSolution, numbering, startSolution } from './numbering.js';
import { checkMemory, type SolverOptions } from './options.js';
import { endScoredRefusal, type SolverEntry } from './solver.js';
import { sweep, sweepStart } from './sweep.js';

export const negamaxSolver: SolverEntry = {
  name: 'negamax',
  summary: 'memoized negamax, depth-first with an explicit stack; acyclic games of any form',
  accepts: endScoredRefusal,
  solve(game, options, reason) {
    return negamax(playableView(game), options, reason);
  },
};

export const sweepSolver: SolverEntry = {
  name: 'sweep',
  summary:
    'bottom-up table fill in index order; indexed games whose moves go one way, or any acyclic game after explore',
  accepts: endScoredRefusal,
  solve(game, options, reason) {
    const started = now();
    return sweepNumbered(numbering(game, options, true), options, reason, started);
  },
};

/** Sweeps a numbered game, which must have a move order (an explored game has one when it is acyclic). */
export function sweepNumbered<P, M>(
  n: Numbering<P, M>,
  options: SolverOptions,
  reason: string,
  started: number,
): Solution<unknown, unknown> {
  if (n.game.order === undefined) {
    throw new CycleError(
      `${n.game.id}: the game has a cycle, so the sweep cannot order it; use retrograde analysis (--solver retrograde, or auto)`,
    );
  }
  const solver = n.explored ? 'explore+sweep' : 'sweep';
  // Only the start's value asked for: a game that declares its reach is swept in a window (a few entries).
  const start = options.startOnly ? sweepStart(n.game, options) : undefined;
  if (start !== undefined) {
    const why = `${reason}; only the start's value was asked for, so a window of positions as wide as a move reaches`;
    return startSolution(n, start, { solver, reason: why, started });
  }
  // The sweep's table: a 4-byte code a position, or a margin and a remoteness (12 bytes) in scoring games.
  const size = n.game.size;
  checkMemory(
    size * (n.game.scoring ? 12 : 4),
    options,
    `sweeping the ${grouped(size)} positions of ${n.game.id}`,
  );
  return numberedSolution(n, sweep(n.game, options), { solver, reason, started });
}
