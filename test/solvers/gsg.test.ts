/**
 * Generalized Sprague–Grundy values against independent references, on
 * random loopy impartial graphs (self-loops, repeated moves and primitive
 * losses included), with parents() from the game and from a reverse graph:
 *
 * - every position's value agrees with retrograde analysis of that position
 *   (0 ⇔ lose, a nimber > 0 ⇔ win, ∞(K): win iff 0 ∈ K, else draw);
 * - every position of a sum of 1 … 3 components, decided from the values,
 *   agrees with retrograde analysis of the product built explicitly, and
 *   every winning move the values give leads to a lost position of the
 *   product;
 * - on tiny graphs, the values are the one function that satisfies Smith's
 *   definition (found by trying every assignment), checked here straight from
 *   the definition with its counter function.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BudgetError, YomiError } from '../../src/core/errors.js';
import type { Game, IndexedGame } from '../../src/core/game.js';
import { indexedView } from '../../src/core/indexed-view.js';
import { NOT_PRIMITIVE, WIN } from '../../src/core/outcome.js';
import {
  formatGsg,
  GSG_INFINITE,
  type GsgValue,
  gsgAt,
  gsgOutcome,
  gsgValues,
  solveGsg,
} from '../../src/solvers/gsg.js';
import { analyzeLoopySum, analyzePositionsSum, decideSum } from '../../src/solvers/gsg-sum.js';
import { solve } from '../../src/solvers/index.js';
import { edgeListGame, type ParentsForm } from './edge-list-game.js';

interface Loopy {
  /** edges[p]: the children of p (any position; repeats and self-loops allowed). */
  edges: number[][];
  /** Positions the rules end as a loss (their edges are ignored). */
  over: boolean[];
}

const loopyArb = (maxSize: number, maxMoves = 3): fc.Arbitrary<Loopy> =>
  fc.integer({ min: 1, max: maxSize }).chain((size) =>
    fc.record({
      edges: fc.array(fc.array(fc.nat(size - 1), { maxLength: maxMoves }), {
        minLength: size,
        maxLength: size,
      }),
      over: fc.array(
        fc.integer({ min: 0, max: 9 }).map((k) => k < 2),
        { minLength: size, maxLength: size },
      ),
    }),
  );

function gameOf(g: Loopy, form: ParentsForm, id = 'loopy'): IndexedGame {
  return edgeListGame(
    id,
    g.edges,
    g.over.map((o) => (o ? 'lose' : undefined)),
    form,
  );
}

const FORMS: readonly ParentsForm[] = ['none', 'list', 'slots', 'both'];

/** The moves of p as the rules allow them: none at a position the rules end. */
const movesOf = (g: Loopy, p: number): number[] => (g.over[p] ? [] : g.edges[p]);

/** The sum of the components as one indexed game: positions in mixed radix, moves in one component. */
function productGame(parts: Loopy[]): IndexedGame {
  const sizes = parts.map((g) => g.edges.length);
  const size = sizes.reduce((a, b) => a * b, 1);
  const digits = (p: number): number[] =>
    sizes.map((_, i) => Math.floor(p / sizes.slice(0, i).reduce((a, b) => a * b, 1)) % sizes[i]);
  const number = (ds: number[]): number =>
    ds.reduce((acc, d, i) => acc + d * sizes.slice(0, i).reduce((a, b) => a * b, 1), 0);
  return {
    kind: 'indexed',
    id: 'product',
    size,
    start: 0,
    maxMoves: parts.reduce((a, g) => a + Math.max(0, ...g.edges.map((e) => e.length)), 0),
    children(p, out) {
      const ds = digits(p);
      let n = 0;
      parts.forEach((g, i) => {
        for (const c of movesOf(g, ds[i])) {
          const next = ds.slice();
          next[i] = c;
          out[n++] = number(next);
        }
      });
      return n;
    },
    primitive: () => NOT_PRIMITIVE,
  };
}

/** Every position's value from the solver. */
function valuesOf(g: Loopy, form: ParentsForm = 'list'): GsgValue[] {
  const game = gameOf(g, form);
  const table = gsgValues(game);
  return g.edges.map((_, p) => gsgAt(game, table, p));
}

describe('generalized Sprague–Grundy values', () => {
  it('agree with retrograde analysis at every position of random loopy graphs', () => {
    fc.assert(
      fc.property(loopyArb(12), fc.constantFrom(...FORMS), (g, form) => {
        const game = gameOf(g, form);
        const outcomes = solve(game, { solver: 'retrograde' });
        const values = valuesOf(g, form);
        values.forEach((v, p) => {
          expect(gsgOutcome(v), `position ${p}: ${formatGsg(v)}`).toBe(outcomes.value(p).outcome);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('are the same with parents (a list, one at a time, both) and with a reverse graph', () => {
    fc.assert(
      fc.property(loopyArb(12, 4), (g) => {
        const plain = valuesOf(g, 'none');
        for (const form of FORMS) expect(valuesOf(g, form)).toEqual(plain);
      }),
      { numRuns: 200 },
    );
  });

  it('are the one function satisfying the definition on tiny graphs (every assignment tried)', () => {
    fc.assert(
      fc.property(loopyArb(4, 3), (g) => {
        const satisfying = allAssignments(g.edges.length).filter((a) => isGsg(g, a));
        expect(satisfying).toHaveLength(1);
        const game = gameOf(g, 'none');
        expect(Array.from(gsgValues(game).value)).toEqual(satisfying[0]);
      }),
      { numRuns: 300 },
    );
  });

  it('solve a known loopy graph: a 2-cycle, a self-loop, and a way out', () => {
    // 0: over. 1 → 0. 2 ⇄ 3, 3 → 1. 4 → 4 (a self-loop only). 5 → 4, 0.
    const g: Loopy = {
      edges: [[], [0], [3], [2, 1], [4], [4, 0]],
      over: [false, false, false, false, false, false],
    };
    // 2 and 3 can only draw (3 → 1 loses); 3 + *1 is won by 3 → 1; 5 → 0 wins.
    expect(valuesOf(g).map(formatGsg)).toEqual(['0', '*', '∞', '∞(1)', '∞', '∞(0)']);
  });

  it('refuse games that are not impartial in normal play, and tables over the memory budget', () => {
    const won: IndexedGame = { ...gameOf({ edges: [[]], over: [false] }, 'none'), primitive: () => WIN };
    expect(() => gsgValues(won)).toThrow(/normal play/);
    const scoring: IndexedGame = { ...gameOf({ edges: [[0]], over: [false] }, 'none'), scoring: true };
    expect(() => solveGsg(scoring)).toThrow(YomiError);
    const big = gameOf({ edges: Array.from({ length: 1000 }, () => [0]), over: [] }, 'list');
    expect(() => gsgValues(big, { memoryBytes: 1000 })).toThrow(BudgetError);
    // A spent time budget stops the solve at a progress report (the first move waits for the clock to move on).
    const slow = gameOf({ edges: Array.from({ length: 5000 }, () => [0]), over: [] }, 'list');
    const children = slow.children.bind(slow);
    let first = true;
    slow.children = (p, out) => {
      const started = performance.now();
      while (first && performance.now() <= started) {
        // wait for the clock to move on, once
      }
      first = false;
      return children(p, out);
    };
    expect(() => solve(slow, { solver: 'gsg', maxSeconds: 0 })).toThrow(/time budget/);
  });
});

describe('sums of loopy games decided from the values', () => {
  it('agree with retrograde analysis of the product at every position; winning moves lead to lost positions', () => {
    fc.assert(
      fc.property(fc.array(loopyArb(6), { minLength: 1, maxLength: 3 }), (parts) => {
        const product = productGame(parts);
        const solved = solve(product, { solver: 'retrograde' });
        const tables = parts.map((g) => gsgValues(gameOf(g, 'list')));
        const sizes = parts.map((g) => g.edges.length);
        for (let p = 0; p < product.size; p++) {
          let rest = p;
          const ds = sizes.map((s) => {
            const d = rest % s;
            rest = Math.floor(rest / s);
            return d;
          });
          const values = ds.map((d, i) => gsgAt(gameOf(parts[i], 'list'), tables[i], d));
          const decision = decideSum(values);
          expect(decision.outcome, `${ds.join('+')}`).toBe(solved.value(p).outcome);
          expect(gsgOutcome(decision.value)).toBe(decision.outcome);
          let winning = 0;
          let stride = 1;
          ds.forEach((d, i) => {
            const target = decision.targets[i];
            if (target !== undefined) {
              for (const c of movesOf(parts[i], d)) {
                if (tables[i].value[c] !== target) continue;
                winning++;
                expect(solved.value(p + (c - d) * stride).outcome).toBe('lose');
              }
            }
            stride *= sizes[i];
          });
          expect(winning > 0).toBe(decision.outcome === 'win');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('analyzeLoopySum solves a sum of Games from their starts, each component once', () => {
    fc.assert(
      fc.property(
        fc.array(loopyArb(6), { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
        (parts, starts) => {
          const components: Game<number, number>[] = parts.map((g, i) => ({
            ...indexedView(gameOf(g, 'none', `part${i}`)),
            start: starts[i] % g.edges.length,
          }));
          const sum = analyzeLoopySum(components);
          const product = productGame(parts);
          const sizes = parts.map((g) => g.edges.length);
          const strides = sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a * b, 1));
          const at = components.reduce((acc, c, i) => acc + c.start * strides[i], 0);
          const solved = solve(product, { solver: 'retrograde' });
          expect(sum.decision.outcome).toBe(solved.value(at).outcome);
          expect(sum.winning.length > 0).toBe(sum.decision.outcome === 'win');
          for (const m of sum.winning) {
            const c = components[m.component];
            const child = c.play(c.start, m.move);
            expect(solved.value(at + (child - c.start) * strides[m.component]).outcome).toBe('lose');
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('analyzePositionsSum: tokens on one graph', () => {
    // 1 → 0; 2 ⇄ 3; 3 → 1: values 0, *, ∞, ∞(1).
    const g: Loopy = { edges: [[], [0], [3], [2, 1]], over: [false, false, false, false] };
    const game = gameOf(g, 'list');
    const table = gsgValues(game);
    expect(table.value[2]).toBe(GSG_INFINITE);
    const sum = analyzePositionsSum(game, table, [3, 1]);
    expect(sum.decision.outcome).toBe('win');
    expect(formatGsg(sum.decision.value)).toBe('∞(0)');
    expect(sum.winning).toEqual([{ component: 0, move: 1, value: { kind: 'nimber', nimber: 1 } }]);
    const outcome = (tokens: number[]) => analyzePositionsSum(game, table, tokens).decision.outcome;
    expect([outcome([3]), outcome([2]), outcome([3, 3]), outcome([3, 1, 1]), outcome([1, 1])]).toEqual([
      'draw',
      'draw',
      'draw',
      'draw',
      'lose',
    ]);
  });
});

/** Every assignment of a nimber 0 … n−1 or ∞ (GSG_INFINITE) to n positions. */
function allAssignments(n: number): number[][] {
  let all: number[][] = [[]];
  for (let i = 0; i < n; i++) {
    all = all.flatMap((a) => [GSG_INFINITE, ...Array.from({ length: n }, (_, v) => v)].map((v) => [...a, v]));
  }
  return all;
}

const mex = (values: Iterable<number>): number => {
  const s = new Set(values);
  let m = 0;
  while (s.has(m)) m++;
  return m;
};

/**
 * Smith's definition: γ is a generalized Sprague–Grundy function when, for
 * some counter function c on the finite positions (into a well-ordered set):
 * A. γ(u) finite ⇒ γ(u) = mex of the finite values of u's options;
 * B. γ(u) finite, v an option of u with γ(v) > γ(u) (∞ included) ⇒ v has an
 *    option w with γ(w) = γ(u) and c(w) < c(u);
 * C. γ(u) = ∞ ⇒ u has an option v with γ(v) = ∞ none of whose options has the
 *    value mex of the finite values of u's options.
 * A counter exists exactly when the least fixpoint of "u is settled once each
 * of its B-obligations has a settled witness" holds every finite position.
 */
function isGsg(g: Loopy, gamma: number[]): boolean {
  const n = gamma.length;
  const finite = (p: number) => gamma[p] !== GSG_INFINITE;
  const above = (v: number, than: number) => !finite(v) || gamma[v] > than;
  const finiteMex = (p: number) =>
    mex(
      movesOf(g, p)
        .filter(finite)
        .map((v) => gamma[v]),
    );
  for (let u = 0; u < n; u++) {
    if (finite(u)) {
      if (gamma[u] !== finiteMex(u)) return false;
    } else {
      const a = finiteMex(u);
      const hasEscape = movesOf(g, u).some((v) => !finite(v) && !movesOf(g, v).some((w) => gamma[w] === a));
      if (!hasEscape) return false;
    }
  }
  const settled = new Array<boolean>(n).fill(false);
  for (let changed = true; changed; ) {
    changed = false;
    for (let u = 0; u < n; u++) {
      if (settled[u] || !finite(u)) continue;
      const ok = movesOf(g, u)
        .filter((v) => above(v, gamma[u]))
        .every((v) => movesOf(g, v).some((w) => gamma[w] === gamma[u] && settled[w]));
      if (ok) {
        settled[u] = true;
        changed = true;
      }
    }
  }
  return gamma.every((v, u) => v === GSG_INFINITE || settled[u]);
}
