/**
 * The one step from any game to the numbered form that the table solvers
 * fill: an indexed game is used as it is (when it has what the solver needs —
 * the sweep needs a move order), any other game is explored from its start.
 * A `Numbering` also remembers how to answer in the game's own positions, so
 * every table solver builds its `Solution` the same way.
 */

import { now } from '../core/clock.js';
import { YomiError } from '../core/errors.js';
import type { AnyGame, Game, NumberedGame } from '../core/game.js';
import { isIndexed } from '../core/game.js';
import { indexedView, playableView } from '../core/indexed-view.js';
import type { Solution, SolutionInfo } from '../core/solution.js';
import { tableSolution, type ValueTable } from '../core/value-table.js';
import { type ExploredGame, explore } from './explore.js';
import type { SolverOptions } from './options.js';

export interface Numbering<P, M> {
  /** The numbered game a table solver runs on. */
  game: NumberedGame;
  /** The game as it is queried: the explored game's own positions, or the indices seen as a `Game`. */
  view: Game<P, M>;
  /** The row of a position, or undefined when it was not numbered (not reachable from the start). */
  indexOf(p: P): number | undefined;
  /** Set when the game was explored to number it. */
  explored?: ExploredGame<P, M>;
  /** A game with a perfect hash (`Game.indexed`): the position of each number. */
  positionOf?(i: number): P;
}

/** An indexed game's own numbering: a position is its index. */
export function ownNumbering(game: NumberedGame): Numbering<number, number> {
  return {
    game,
    view: indexedView(game),
    indexOf: (p) => (Number.isInteger(p) && p >= 0 && p < game.size ? p : undefined),
  };
}

/** The numbering exploration found. */
export function exploredNumbering<P, M>(explored: ExploredGame<P, M>): Numbering<P, M> {
  return { game: explored, view: explored.source, indexOf: explored.indexOf, explored };
}

/**
 * The game numbered: an indexed game as it is, unless `needsOrder` and it
 * declares no move order; otherwise explored from its start.
 */
export function numbering(
  game: AnyGame,
  options: SolverOptions,
  needsOrder: boolean,
): Numbering<unknown, unknown> {
  if (isIndexed(game) && (game.order !== undefined || !needsOrder)) {
    return ownNumbering(game);
  }
  if (!isIndexed(game) && game.indexed !== undefined) {
    const link = game.indexed;
    if (link.game.order !== undefined || !needsOrder) {
      return {
        game: link.game,
        view: game,
        indexOf: (p) => link.indexOf(p),
        positionOf: (i) => link.positionOf(i),
      };
    }
  }
  const source = playableView(game);
  return exploredNumbering(explore(source, options));
}

export interface TableInfo {
  solver: string;
  reason: string;
  /** `now()` when the solve began (exploring included). */
  started: number;
  /** Moves counted, when the solver counted them. */
  moves?: number;
}

/** The solution a table solver's values give, answering in the numbering's positions. */
export function numberedSolution<P, M>(
  n: Numbering<P, M>,
  table: ValueTable,
  info: TableInfo,
): Solution<P, M> {
  const solution = tableSolution(n.view, n.indexOf, table, solutionInfo(n, info));
  const positionOf = n.positionOf;
  const explored = n.explored;
  solution.solved = {
    count: n.game.size,
    start: n.game.start,
    at: explored ? (i) => explored.positions[i] : positionOf ? (i) => positionOf(i) : (i) => i as P,
    numbering: explored ? 'explored' : 'index',
  };
  return solution;
}

/**
 * The solution of a solve that kept the start's value alone, at `entry` of
 * `table`: any other position is refused with one line.
 */
export function startSolution<P, M>(
  n: Numbering<P, M>,
  kept: { table: ValueTable; entry: number },
  info: TableInfo,
): Solution<P, M> {
  const indexOf = (p: P): number | undefined => {
    const i = n.indexOf(p);
    if (i === undefined) return undefined;
    if (i === n.game.start) return kept.entry;
    const shown = n.view.show ? n.view.show(p) : `position ${i}`;
    throw new YomiError(
      `${n.game.id}: this solve kept the start's value alone (only the answer was asked for), not that of ${shown}`,
    );
  };
  return tableSolution(n.view, indexOf, kept.table, solutionInfo(n, info));
}

function solutionInfo<P, M>(n: Numbering<P, M>, info: TableInfo): SolutionInfo {
  const moves = info.moves ?? n.explored?.targets.length;
  return {
    solver: info.solver,
    reason: info.reason,
    stats: {
      positions: n.game.size,
      ...(moves === undefined ? {} : { moves }),
      ms: now() - info.started,
    },
  };
}

/**
 * The number of position `p`, for the answers a solution adds to its values
 * (Grundy values, GSG values): a position the numbering does not know is
 * refused as the solution's `value(p)` refuses it.
 */
export function numberOf<P, M>(n: Numbering<P, M>, solution: Solution<P, M>, p: P): number {
  const i = n.indexOf(p);
  if (i !== undefined) return i;
  solution.value(p); // throws: not a position of the game
  throw new Error('a position with a value and no number');
}
