/**
 * Sums of impartial games with cycles, decided from their components'
 * generalized Sprague–Grundy values (gsg.ts) without building the product
 * (Smith 1966): with every component a nimber, the sum is the nim-sum a and
 * the player to move wins exactly when a ≠ 0; with exactly one component
 * ∞(K) and the rest adding to a, the player to move wins exactly when a ∈ K
 * (by moving that component to a position of nimber a), and otherwise the
 * sum is a draw; with two or more ∞ components it is a draw. The sum's own
 * value is a ⊕ b for nimbers, ∞(K ⊕ a) for one ∞(K), and ∞ for more.
 *
 * A winning move goes to a sum of value 0; from there the winner wins by
 * always answering so that the value is 0 again (the GSG counter function
 * guarantees that play ends).
 *
 * A game that declares its positions to be such sums (`Game.tokens`: tokens
 * on one board) is solved by `gsgTheorySolution` from the board's values
 * without visiting its positions: `auto` does so for rows too large to
 * explore.
 *
 * Cost: each distinct component is solved once; the sum itself takes
 * O(components + moves at the start).
 */

import { now } from '../core/clock.js';
import { YomiError } from '../core/errors.js';
import type { Game, NumberedGame } from '../core/game.js';
import { makeSolution } from '../core/solution.js';
import type { Value } from '../core/value.js';
import {
  type GsgInfinite,
  type GsgSolution,
  type GsgTable,
  type GsgValue,
  gsgAt,
  gsgValues,
  solveGsg,
} from './gsg.js';
import type { SolverOptions } from './options.js';

/** How a sum of components with given values is decided. */
export interface GsgSumDecision {
  /** For the player to move. */
  outcome: 'win' | 'lose' | 'draw';
  /** The sum's own value. */
  value: GsgValue;
  /** The XOR of the nimbers of the finite components. */
  nimSum: number;
  /** For each component, the nimber a winning move there must leave, or undefined when no move there wins. */
  targets: (number | undefined)[];
}

/** Decides a sum from its components' values, and where a winning move must go. */
export function decideSum(values: readonly GsgValue[]): GsgSumDecision {
  let nimSum = 0;
  const infinite: { index: number; value: GsgInfinite }[] = [];
  values.forEach((v, index) => {
    if (v.kind === 'nimber') nimSum ^= v.nimber;
    else infinite.push({ index, value: v });
  });
  const targets: (number | undefined)[] = values.map(() => undefined);
  if (infinite.length === 0) {
    // A move leaving g ⊕ a in a component of nimber g brings the nim-sum to 0.
    if (nimSum !== 0) {
      values.forEach((v, i) => {
        if (v.kind === 'nimber') targets[i] = v.nimber ^ nimSum;
      });
    }
    return { outcome: nimSum === 0 ? 'lose' : 'win', value: nimber(nimSum), nimSum, targets };
  }
  if (infinite.length > 1) {
    return { outcome: 'draw', value: { kind: 'infinite', options: [] }, nimSum, targets };
  }
  const only = infinite[0].index;
  const k = infinite[0].value.options;
  const value: GsgValue = { kind: 'infinite', options: k.map((x) => x ^ nimSum).sort((a, b) => a - b) };
  if (!k.includes(nimSum)) return { outcome: 'draw', value, nimSum, targets };
  targets[only] = nimSum;
  return { outcome: 'win', value, nimSum, targets };
}

function nimber(n: number): GsgValue {
  return { kind: 'nimber', nimber: n };
}

/** A move of a sum played in one of its positions (numbered components: the child's ordinal). */
export interface GsgSumMove<M> {
  /** Which component (0-based). */
  component: number;
  move: M;
  /** The value the move leaves in its component. */
  value: GsgValue;
}

/** A sum solved from its components' values. */
export interface GsgSumAnalysis<M> {
  /** The value of each component. */
  values: GsgValue[];
  decision: GsgSumDecision;
  /** Every move that wins (none unless the player to move wins). */
  winning: GsgSumMove<M>[];
}

/**
 * A sum of positions of one numbered game (tokens on one board, heaps of one
 * family) from the game's table of values: moves are children's ordinals (the
 * first, when several moves lead to the same child).
 */
export function analyzePositionsSum(
  game: NumberedGame,
  table: GsgTable,
  positions: readonly number[],
): GsgSumAnalysis<number> {
  const out = new Int32Array(Math.max(1, game.maxMoves));
  const values = positions.map((p) => gsgAt(game, table, p, out));
  const decision = decideSum(values);
  const winning: GsgSumMove<number>[] = [];
  positions.forEach((p, component) => {
    const target = decision.targets[component];
    if (target === undefined) return;
    const n = game.children(p, out);
    for (let k = 0; k < n; k++) {
      // Two moves to the same child are one move of the sum.
      if (table.value[out[k]] === target && out.indexOf(out[k]) === k) {
        winning.push({ component, move: k, value: nimber(target) });
      }
    }
  });
  return { values, decision, winning };
}

/**
 * The sum of the components' starts (any games in normal play, cycles
 * allowed), each component solved once on its own by GSG values.
 */
export function analyzeLoopySum<P, M>(
  components: readonly Game<P, M>[],
  options: SolverOptions = {},
): GsgSumAnalysis<M> {
  const solved = new Map<Game<P, M>, GsgSolution<P, M>>();
  const solutionOf = (c: Game<P, M>): GsgSolution<P, M> => {
    let s = solved.get(c);
    if (s === undefined) {
      s = solveGsg(c, options) as GsgSolution<P, M>;
      solved.set(c, s);
    }
    return s;
  };
  const values = components.map((c) => solutionOf(c).gsg(c.start));
  const decision = decideSum(values);
  const winning: GsgSumMove<M>[] = [];
  components.forEach((c, component) => {
    const target = decision.targets[component];
    if (target === undefined || c.primitive?.(c.start) !== undefined) return;
    const s = solutionOf(c);
    for (const move of c.moves(c.start)) {
      const value = s.gsg(c.play(c.start, move));
      if (value.kind === 'nimber' && value.nimber === target) winning.push({ component, move, value });
    }
  });
  return { values, decision, winning };
}

/**
 * The solution of a game of token rows (`Game.tokens`) by the values of its
 * board alone: each position's outcome from its row as a sum, without
 * remoteness (NaN; a draw's is endless), and the row's value as `gsg(p)`.
 */
export function gsgTheorySolution<P, M>(
  game: Game<P, M>,
  reason: string,
  options: SolverOptions = {},
): GsgSolution<P, M> {
  const tokens = game.tokens;
  if (tokens === undefined)
    throw new YomiError(`${game.id} does not declare its positions as sums of tokens`);
  const started = now();
  const table = gsgValues(tokens.component, options);
  const decide = (p: P) => analyzePositionsSum(tokens.component, table, tokens.places(p)).decision;
  const value = (p: P): Value => {
    const outcome = decide(p).outcome;
    return { outcome, remoteness: outcome === 'draw' ? Number.POSITIVE_INFINITY : Number.NaN };
  };
  value(game.start);
  const solution = makeSolution(game, value, {
    solver: 'gsg-theory',
    reason,
    stats: { positions: tokens.component.size, ms: now() - started },
  });
  return { ...solution, gsg: (p) => decide(p).value };
}
