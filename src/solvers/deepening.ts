/**
 * Iterative deepening for the searches of scoring games, as Irving, Donkers
 * and Uiterwijk solved Kalah: before the exact search of a position that
 * takes more than a moment, passes limited to 2, 5 and 8 plies (a position at
 * the limit scores 0: no more points) each pin the limited score by MTD(f),
 * starting from the last pass's score, and try first the best moves the last
 * pass found. The deepest pass's score is the exact search's first guess
 * (MTD(f): two or three null-window probes when it is close), and its table
 * orders the exact search's moves where its own table knows none.
 *
 * A limited pass proves nothing about the real score, so each pass keeps its
 * own table (two, used in turn); the exact search's table holds only what is
 * proven. Cost: the passes' nodes, counted in the search's budget.
 */

import type { TranspositionTable } from '../core/search.js';
import { narrow, type ScoreBounds } from './search-budget.js';

/** The depths of the passes: every third ply from 2, as the Kalah solvers step (deeper passes cost more than they saved on Kalah(5,4) and (6,3)). */
export const DEEPENING_PLIES: readonly number[] = process.env.PLIES
  ? process.env.PLIES.split(',').map(Number)
  : [2, 5, 8, 11, 14, 17, 20, 23, 26, 29];

/** A search limited to `depthLimit` plies, keeping its bounds in `table`, its first moves from `hints`. */
export interface LimitedSearch {
  /** The fail-soft score of the pass's position within (alpha, beta). */
  search(alpha: number, beta: number): number;
}

/** What deepening leaves the exact search: a first guess and the moves of the deepest pass. */
export interface Deepened {
  guess: number;
  hints: TranspositionTable;
}

/**
 * Runs the passes on the position `search` makes searches of, between its
 * proven `bounds`; `tables` are the two tables the passes use in turn
 * (cleared before each pass).
 */
export function deepen(
  limited: (
    depthLimit: number,
    table: TranspositionTable,
    hints: TranspositionTable | undefined,
  ) => LimitedSearch,
  bounds: ScoreBounds,
  tables: readonly [TranspositionTable & { clear(): void }, TranspositionTable & { clear(): void }],
  plies: readonly number[] = DEEPENING_PLIES,
): Deepened {
  let guess = Math.min(Math.max(0, bounds.lower), bounds.upper - 1);
  let hints: (TranspositionTable & { clear(): void }) | undefined;
  plies.forEach((depth, i) => {
    const table = tables[i % 2];
    table.clear();
    const s = limited(depth, table, hints);
    const pass = { lower: bounds.lower, upper: bounds.upper };
    narrow((a, z) => s.search(a, z), pass, guess);
    guess = pass.lower;
    hints = table;
  });
  return { guess, hints: hints ?? tables[0] };
}
