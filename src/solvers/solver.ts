/**
 * The shape every solver entry has, so `solve()` and the CLI can list, force
 * and combine them by name.
 */

import type { AnyGame } from '../core/game.js';
import type { Solution } from '../core/solution.js';
import type { SolverOptions } from './options.js';

export interface SolveOptions extends SolverOptions {
  /** A solver's name, or 'auto' (the default) to let yomi choose. */
  solver?: string;
  /** Scores known without search (an opening book), for alpha-beta: a score, or undefined to search. */
  known?: (p: unknown) => number | undefined;
}

export interface SolverEntry {
  name: string;
  /** One line for `yomi solvers` and `--help`: the technique and when it applies. */
  summary: string;
  /** Solves `game` from its start; throws a YomiError saying why when the game does not suit it. */
  solve(game: AnyGame, options: SolverOptions, reason: string): Solution<unknown, unknown>;
}
