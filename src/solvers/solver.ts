/**
 * The shape every solver entry has, so `solve()` and the CLI can list, force
 * and combine them by name, and ask each whether a game suits it.
 */

import type { AnyGame } from '../core/game.js';
import type { Solution } from '../core/solution.js';
import type { SolverOptions } from './options.js';
import type { TableCache } from './transposition-table.js';

/** The options of `solve`: every solver's, and which solver. */
export interface SolveOptions extends SolverOptions {
  /** A solver's name, or 'auto' (the default) to let yomi choose. */
  solver?: string;
  /**
   * For auto: the most positions it explores before it searches the game by
   * alpha-beta instead (a browser's budget). Default: as many as the memory
   * budgets hold, or `AUTO_EXPLORE_LIMIT` without one. Unlike `maxPositions`,
   * which stops the solve, going past it changes the solver.
   */
  exploreLimit?: number;
  /** Scores known without search (an opening book), for alpha-beta: a score, or undefined to search. */
  known?: (p: unknown) => number | undefined;
  /**
   * For alpha-beta: where tables that games may share are kept, so that the
   * games of one input solved one after another fill one table (the caller
   * owns it; absent: a table per solve).
   */
  tables?: TableCache;
  /**
   * Told when auto changes course for a reason the caller should know (a game
   * too large to explore is searched, or solved by theory): the CLI says it on
   * stderr even when the output goes to a pipe.
   */
  onDecision?(why: string): void;
}

/** A solver as `solve` and `--solver` know it: its name, what it accepts, how it runs. */
export interface SolverEntry {
  name: string;
  /** One line for `yomi list` and `--help`: the technique and when it applies. */
  summary: string;
  /**
   * `true` when the solver can solve `game` by its declared kind and
   * capabilities, else one line saying why not (and what to use instead).
   * Some refusals only show while solving (a cycle found by exploring).
   */
  accepts(game: AnyGame): true | string;
  /** Solves `game` from its start; call only when `accepts(game)` is true. */
  solve(game: AnyGame, options: SolverOptions, reason: string): Solution<unknown, unknown>;
}

/** The refusal every solver but threshold search gives an end-scored game. */
export function endScoredRefusal(game: AnyGame): true | string {
  return game.kind === 'end-scored'
    ? `${game.id} is scored where a player stops; solve it with threshold search (--solver threshold, or auto)`
    : true;
}
