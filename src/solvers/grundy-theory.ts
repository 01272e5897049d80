/**
 * Solving by theory alone: a game that computes its own Grundy values
 * (`Game.grundy`, e.g. a row of heaps, whose value is the XOR of its heaps')
 * is solved without visiting its positions — a position is lost exactly when
 * its Grundy value is 0 (normal play), and the winning moves are those to a
 * position of value 0. Remoteness is not known this way (NaN): `auto` uses
 * this for rows too large to search, where search would give it.
 */

import { now } from '../core/clock.js';
import { YomiError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { makeSolution, type Solution } from '../core/solution.js';
import type { Value } from '../core/value.js';

/** The solution of a game by its own Grundy values: outcomes without remoteness. */
export function grundyTheorySolution<P, M>(game: Game<P, M>, reason: string): Solution<P, M> {
  const grundy = game.grundy;
  if (grundy === undefined) throw new YomiError(`${game.id} does not compute its own Grundy values`);
  const started = now();
  const value = (p: P): Value => ({
    outcome: grundy.call(game, p) === 0 ? 'lose' : 'win',
    remoteness: Number.NaN,
  });
  value(game.start);
  return makeSolution(game, value, {
    solver: 'grundy-theory',
    reason,
    stats: { positions: 1, ms: now() - started },
  });
}
