/**
 * Sprague–Grundy values: G(p) = mex { G(c) : c a child of p } (the least
 * non-negative integer not among the children's values). A position is lost
 * for the player to move exactly when G(p) = 0, and a sum of independent
 * games has the XOR of its parts' values (see games/heap-sum.ts).
 *
 * Which games: every game in yomi's model is impartial on its graph of
 * positions (the moves from a position do not depend on who is to move, the
 * position says whose turn it is), so the solver takes any acyclic game in
 * normal play: no points, and every primitive position a loss (no move =
 * loss). Ties, draws, primitive wins (misère play) and cycles are refused
 * with a YomiError that says why. The values mean "this position as a
 * component of a sum" only for games whose positions can be added (heap
 * games); for others they still give the outcome.
 *
 * Fast path: an `IndexedGame` with an `order` is solved in one pass over
 * typed arrays, with the mex taken over a seen-array stamped by position
 * (no clearing, no allocation per position); the same pass keeps the
 * outcome+remoteness code (value-code.ts), so the solution's values agree
 * exactly with every other solver's. Any other game is explored first.
 * Cost: O(positions + moves) time, 8 bytes per position.
 */

import { now } from '../core/clock.js';
import { CycleError, YomiError } from '../core/errors.js';
import { type Game, hasExtraTurns, type IndexedGame, isScoring, type NumberedGame } from '../core/game.js';
import { grouped } from '../core/grouped.js';
import { LOSE, NOT_PRIMITIVE, OUTCOMES, primitiveOutcome } from '../core/outcome.js';
import type { Solution } from '../core/solution.js';
import { BAND_BITS, LOSE_CODE, MOVE_ADD, MOVE_MUL } from '../core/value-code.js';
import { numberedSolution, numbering, numberOf } from './numbering.js';
import { checkBudget, checkMemory, PROGRESS_EVERY, type SolverOptions } from './options.js';
import { endScoredRefusal, type SolverEntry } from './solver.js';

/** What the Grundy sweep computes for every position. */
export interface GrundyTable {
  /** The Grundy value of every position. */
  grundy: Int32Array;
  /** The outcome+remoteness code of every position (value-code.ts). */
  code: Int32Array;
}

/** A solution that also answers the Grundy value of a position. */
export interface GrundySolution<P, M> extends Solution<P, M> {
  /** The Grundy value of `p`. */
  grundy(p: P): number;
}

/** Grundy values (and value codes) of every position of an indexed game whose moves go one way. */
export function grundySweep(game: NumberedGame, options: SolverOptions = {}): GrundyTable {
  if (game.order === undefined) {
    throw new YomiError(`${game.id}: the Grundy sweep needs every move to go one way in index order`);
  }
  if (game.scoring) {
    throw new YomiError(`${game.id}: moves earn points, so Grundy values do not apply; use another solver`);
  }
  checkBudget(game.size, options, game.id);
  const size = game.size;
  checkMemory(8 * size, options, `Grundy values of the ${grouped(size)} positions of ${game.id}`);
  const grundy = new Int32Array(size);
  const code = new Int32Array(size);
  const out = new Int32Array(Math.max(1, game.maxMoves));
  // seen[v] === p: some child of p has value v. A mex over n children is at most n.
  const seen = new Int32Array(game.maxMoves + 1).fill(-1);
  const up = game.order === 'descending';
  const report = options.onProgress;
  for (let step = 0; step < size; step++) {
    const p = up ? step : size - 1 - step;
    const primitive = game.primitive(p);
    if (primitive !== NOT_PRIMITIVE) {
      if (primitive !== LOSE) throw notNormalPlay(game, p, primitive);
      continue; // grundy 0, lose in 0
    }
    const n = game.children(p, out);
    let best = LOSE_CODE;
    for (let k = 0; k < n; k++) {
      const c = out[k];
      const g = grundy[c];
      if (g < n) seen[g] = p;
      const cc = code[c];
      const b = cc >>> BAND_BITS;
      best = Math.max(MOVE_ADD[b] + MOVE_MUL[b] * cc, best);
    }
    let mex = 0;
    while (mex < n && seen[mex] === p) mex++;
    grundy[p] = mex;
    code[p] = best;
    if (report !== undefined && step % PROGRESS_EVERY === 0)
      report({ unit: 'positions', done: step, total: size });
  }
  return { grundy, code };
}

function notNormalPlay(game: NumberedGame, p: number, primitive: number): YomiError {
  const shown = game.show ? game.show(p) : `position ${p}`;
  return new YomiError(
    `${game.id}: ${shown} ends the game as a ${OUTCOMES[primitiveOutcome(primitive)]} for the player to move; Grundy values need normal play (a position without moves is a loss)`,
  );
}

/** Solves `game` by Grundy values; its solution also answers `grundy(p)`. */
export function solveGrundy(
  game: Game<unknown, unknown> | IndexedGame,
  options: SolverOptions = {},
  reason = 'Grundy values',
): GrundySolution<unknown, unknown> {
  const started = now();
  const refusal = grundySolver.accepts(game);
  if (refusal !== true) throw new YomiError(refusal);
  const n = numbering(game, options, true);
  if (n.game.order === undefined) {
    throw new CycleError(
      `${game.id}: the game has a cycle; Grundy values here need an acyclic game (use --solver retrograde, or auto)`,
    );
  }
  const table = grundySweep(n.game, options);
  const solution = numberedSolution(
    n,
    { kind: 'outcome', code: table.code },
    { solver: 'grundy', reason, started },
  );
  return {
    ...solution,
    grundy(p) {
      return table.grundy[numberOf(n, solution, p)];
    },
  };
}

export const grundySolver: SolverEntry = {
  name: 'grundy',
  summary:
    'Sprague–Grundy values (mex of the children) in one pass; acyclic games in normal play (no move = loss)',
  accepts(game) {
    if (isScoring(game))
      return `${game.id}: moves earn points, so Grundy values do not apply; use another solver`;
    if (hasExtraTurns(game)) {
      return `${game.id}: some moves keep the turn, so Grundy values (which assume the turn passes) do not apply; use another solver`;
    }
    return endScoredRefusal(game);
  },
  solve: (game, options, reason) =>
    solveGrundy(game as Game<unknown, unknown> | IndexedGame, options, reason),
};
