/**
 * Sums of any games in normal play: a position of the sum is one position of
 * each component, and a move is a move in one component. By the
 * Sprague–Grundy theorem the sum's Grundy value is the XOR of its components'
 * values, so each component is solved on its own (by the Grundy solver) and
 * the sum never is: the player to move wins exactly when the XOR is not 0,
 * and the winning moves are the component moves that bring it to 0.
 *
 * `sumGame` also builds the sum itself as a `Game`, so that a search of the
 * whole product (memoized negamax) can check the theorem in the tests, and so
 * that small sums can be solved with remoteness like any other game.
 */

import type { Game, Key } from '../core/game.js';
import { type GrundySolution, solveGrundy } from './grundy.js';
import type { SolverOptions } from './options.js';

/** A move in a sum of games: a move in one component. */
export interface SumMove<M> {
  /** Which component (0-based). */
  component: number;
  move: M;
}

/** The sum of `components` as one game, started from each component's start. */
export function sumGame<P, M>(id: string, components: readonly Game<P, M>[]): Game<P[], SumMove<M>> {
  return {
    id,
    start: components.map((c) => c.start),
    moves: (p) =>
      components.flatMap((c, component) =>
        c.primitive?.(p[component]) !== undefined
          ? []
          : c.moves(p[component]).map((move) => ({ component, move })),
      ),
    play(p, m) {
      const next = p.slice();
      next[m.component] = components[m.component].play(p[m.component], m.move);
      return next;
    },
    key: (p) => p.map((q, i): Key => components[i].key(q)).join('|'),
    show: (p) => p.map((q, i) => components[i].show?.(q) ?? String(components[i].key(q))).join(' + '),
    moveName: (p, m) => {
      const c = components[m.component];
      return `${m.component + 1}:${c.moveName ? c.moveName(p[m.component], m.move) : String(m.move)}`;
    },
  };
}

/** A winning move of a sum, with the Grundy value it leaves in its component. */
export interface ComponentMove<M> extends SumMove<M> {
  /** The component's Grundy value after the move. */
  value: number;
}

/** A sum of games solved by the Grundy values of its components. */
export interface GameSumAnalysis<M> {
  /** The Grundy value of each component's start. */
  values: number[];
  nimSum: number;
  outcome: 'win' | 'lose';
  /** Every move that brings the nim-sum to 0. */
  winning: ComponentMove<M>[];
}

/** The sum of the components' starts, solved by XOR: each component solved once, on its own. */
export function analyzeGameSum<P, M>(
  components: readonly Game<P, M>[],
  options: SolverOptions = {},
): GameSumAnalysis<M> {
  const solutions = components.map((c) => solveGrundy(c, options) as GrundySolution<P, M>);
  const values = solutions.map((s, i) => s.grundy(components[i].start));
  const nimSum = values.reduce((a, b) => a ^ b, 0);
  const winning: ComponentMove<M>[] = [];
  if (nimSum !== 0) {
    components.forEach((c, component) => {
      const target = nimSum ^ values[component];
      for (const mv of solutions[component].moves(c.start)) {
        const value = solutions[component].grundy(c.play(c.start, mv.move));
        if (value === target) winning.push({ component, move: mv.move, value });
      }
    });
  }
  return { values, nimSum, outcome: nimSum === 0 ? 'lose' : 'win', winning };
}
