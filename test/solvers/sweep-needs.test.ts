/**
 * The sweep's tables, by what a solve needs: on random acyclic games (with
 * points, extra turns and primitives decided before their end), every need —
 * outcome, outcome + remoteness, margin, margin + remoteness — gives the
 * plain recursion's outcome and margin, and its remoteness exactly when asked
 * (NaN otherwise; a draw never ends), whether the game writes its moves with
 * `children` or offers them one at a time (`moveCount`/`childAt`/`pointsAt`),
 * in both index orders. Margins kept in 2- or 4-byte tables (a declared
 * `marginBound`) agree with doubles, margins in doubles agree whether or not
 * they are integers within ±2^51 (where the sweep takes a branch-free max),
 * and a game that breaks its bound is stopped with an error naming the
 * position.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { YomiError } from '../../src/core/errors.js';
import type { IndexedGame } from '../../src/core/game.js';
import { childrenFromSlots } from '../../src/core/move-slots.js';
import { compareValues, formatValue, sameValue, type Value, type ValueNeed } from '../../src/core/value.js';
import { solve } from '../../src/solvers/index.js';
import { asIndexed, graphArb, type RandomGraph, referenceValue } from './random-games.js';

const NEEDS: ValueNeed[] = ['outcome', 'outcome+remoteness', 'margin', 'margin+remoteness'];

/**
 * The game with its moves also offered one at a time, read from its own
 * `children` at every call (so the sweep's one-at-a-time loops run on it).
 */
function withSlots(game: IndexedGame): IndexedGame {
  const out = new Int32Array(Math.max(1, game.maxMoves));
  const points = new Float64Array(Math.max(1, game.maxMoves));
  return {
    ...game,
    moveCount: (p) => game.children(p, out, points),
    childAt(p, i) {
      game.children(p, out, points);
      return out[i];
    },
    pointsAt(p, i) {
      game.children(p, out, points);
      return points[i];
    },
  };
}

/** The position of the graph numbered i in the given order. */
const graphPosition = (g: RandomGraph, order: 'ascending' | 'descending', i: number) =>
  order === 'descending' ? i : g.edges.length - 1 - i;

/** What a solve that needed `need` must report for a position whose full value is `full`. */
function expected(full: Value, need: ValueNeed, scoring: boolean): Value {
  const remoteness =
    need === 'outcome+remoteness' || need === 'margin+remoteness' || full.outcome === 'draw'
      ? full.remoteness
      : Number.NaN;
  return scoring
    ? { outcome: full.outcome, remoteness, margin: full.margin }
    : { outcome: full.outcome, remoteness };
}

const shown = (v: Value, scoring: boolean): Value =>
  scoring
    ? { outcome: v.outcome, remoteness: v.remoteness, margin: v.margin }
    : { outcome: v.outcome, remoteness: v.remoteness };

describe('the sweep keeps what a solve needs', () => {
  it('every need, by children() and one move at a time, in both orders, agrees with a plain recursion', () => {
    fc.assert(
      fc.property(graphArb(), (g) => {
        for (const order of ['ascending', 'descending'] as const) {
          for (const [form, game] of [
            ['children', asIndexed(g, order)],
            ['one at a time', withSlots(asIndexed(g, order))],
          ] as const) {
            for (const need of NEEDS) {
              const solution = solve(game, { solver: 'sweep', need });
              for (let i = 0; i < game.size; i++) {
                const want = expected(referenceValue(g, graphPosition(g, order, i)), need, g.scoring);
                expect(
                  shown(solution.value(i), g.scoring),
                  `${form}, ${order}, ${need}, position ${i}`,
                ).toEqual(want);
              }
            }
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('margins in doubles (fractions, integers near and beyond ±2^51) agree with a plain recursion', () => {
    fc.assert(
      fc.property(
        graphArb().filter((g) => g.scoring),
        // Points of at most 3 over at most 10 moves: margins up to 30 times the scale.
        fc.constantFrom(0.5, 1 / 3, 2 ** 46, 2 ** 47, 2 ** 52, 2 ** 60),
        (g, scale) => {
          const scaled: RandomGraph = {
            ...g,
            edges: g.edges.map((moves) => moves.map((e) => ({ ...e, points: e.points * scale }))),
          };
          for (const game of [asIndexed(scaled, 'ascending'), withSlots(asIndexed(scaled, 'ascending'))]) {
            const solution = solve(game, { solver: 'sweep', need: 'margin' });
            for (let i = 0; i < game.size; i++) {
              const want = referenceValue(scaled, graphPosition(scaled, 'ascending', i));
              expect(solution.value(i).margin, `position ${i}`).toBe(want.margin);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('margins in 2- and 4-byte tables agree with doubles', () => {
    fc.assert(
      fc.property(
        graphArb().filter((g) => g.scoring),
        fc.constantFrom(40, 40_000),
        (g, marginBound) => {
          // The graphs' points are at most 3 and games last at most 10 moves: every margin is within ±30.
          const plain = asIndexed(g, 'ascending');
          const bounded = withSlots({ ...plain, marginBound });
          for (const need of ['margin', 'margin+remoteness'] as const) {
            const doubles = solve(plain, { solver: 'sweep', need });
            const integers = solve(bounded, { solver: 'sweep', need });
            for (let i = 0; i < plain.size; i++) expect(integers.value(i)).toEqual(doubles.value(i));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a game whose margins break its marginBound, or are not integers, is stopped at the position', () => {
    // A row of positions 0 … 9, each moving to the one below for 1000 points: margins alternate 1000 and 0.
    const row = (points: number, marginBound: number): IndexedGame => {
      const game = {
        kind: 'indexed' as const,
        id: 'row',
        size: 10,
        start: 9,
        maxMoves: 1,
        order: 'descending' as const,
        scoring: true,
        marginBound,
        primitive: () => -1,
        moveCount: (p: number) => (p === 0 ? 0 : 1),
        childAt: (p: number) => p - 1,
        pointsAt: () => points,
        children: (p: number, out: Int32Array, pts?: Float64Array) => childrenFromSlots(game, p, out, pts),
        show: (p: number) => `#${p}`,
      };
      return game;
    };
    for (const need of ['margin', 'margin+remoteness'] as const) {
      expect(solve(row(1000, 1000), { solver: 'sweep', need }).value(9).margin).toBe(1000);
      expect(() => solve(row(40_000, 30_000), { solver: 'sweep', need })).toThrow(YomiError);
      expect(() => solve(row(40_000, 30_000), { solver: 'sweep', need })).toThrow(
        /#1 has margin 40000, which is not an integer within the game's marginBound ±30000/,
      );
      expect(() => solve(row(0.5, 100), { solver: 'sweep', need })).toThrow(/#1 has margin 0.5/);
      expect(() => solve(row(3e9, 2e9), { solver: 'sweep', need })).toThrow(/#1 has margin 3000000000/);
    }
  });
});

/** A small fixed graph: positions 0 … 2, each moving to the one below. */
function graphArbSample(): RandomGraph {
  const edge = (to: number) => ({ to, points: 0, keeps: false });
  return {
    edges: [[], [edge(0)], [edge(1)]],
    primitives: [undefined, undefined, undefined],
    scoring: false,
    extraTurns: false,
  };
}

/** The graph with every move at most `reach` positions down (a target further away is brought nearer). */
function withReach(g: RandomGraph, reach: number): RandomGraph {
  return {
    ...g,
    edges: g.edges.map((edges, p) => edges.map((e) => ({ ...e, to: p - 1 - ((p - 1 - e.to) % reach) }))),
  };
}

describe("the start's value alone, in a window of entries", () => {
  it('is the value the whole sweep gives, for every need, form, order and start', () => {
    fc.assert(
      fc.property(graphArb(40), fc.integer({ min: 1, max: 5 }), fc.nat(), (g0, reach, at) => {
        const g = withReach(g0, reach);
        for (const order of ['ascending', 'descending'] as const) {
          for (const [form, game] of [
            ['children', asIndexed(g, order)],
            ['one at a time', withSlots(asIndexed(g, order))],
          ] as const) {
            const start = at % game.size;
            const declared: IndexedGame = { ...game, start, reach };
            for (const need of NEEDS) {
              const whole = solve(declared, { solver: 'sweep', need });
              const one = solve(declared, { solver: 'sweep', need, startOnly: true });
              const where = `${form}, ${order}, ${need}, start ${start} of ${game.size}, reach ${reach}`;
              expect(one.value(start), where).toEqual(whole.value(start));
              // A window smaller than the table answers for the start alone.
              if (2 ** Math.ceil(Math.log2(reach + 1)) < game.size) {
                expect(one.solved, where).toBeUndefined();
                const other = start === 0 ? 1 : 0;
                expect(() => one.value(other), where).toThrow(/kept the start's value alone/);
              } else {
                expect(one.solved?.count, where).toBe(game.size);
              }
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a reach that is not a whole number of indices, 1 or more', () => {
    const game = { ...asIndexed(graphArbSample(), 'descending'), start: 2 };
    for (const reach of [0, -1, 1.5, Number.NaN]) {
      expect(() => solve({ ...game, reach }, { solver: 'sweep', need: 'outcome', startOnly: true })).toThrow(
        /reach is .*; it must be a whole number of indices, 1 or more/,
      );
    }
  });

  it('keeps a game that breaks its marginBound from a wrong answer', () => {
    const game = {
      kind: 'indexed' as const,
      id: 'row',
      size: 100,
      start: 99,
      maxMoves: 1,
      order: 'descending' as const,
      reach: 1,
      scoring: true,
      marginBound: 30_000,
      primitive: () => -1,
      moveCount: (p: number) => (p === 0 ? 0 : 1),
      childAt: (p: number) => p - 1,
      pointsAt: () => 40_000,
      children: (p: number, out: Int32Array, pts?: Float64Array) => childrenFromSlots(game, p, out, pts),
      show: (p: number) => `#${p}`,
    };
    expect(() => solve(game, { solver: 'sweep', need: 'margin', startOnly: true })).toThrow(
      /#1 has margin 40000, which is not an integer within the game's marginBound ±30000/,
    );
  });
});

describe('moves declared as fixed steps (moveOffsets)', () => {
  it('give the sweep the outcomes of the same game without them, whole or from the start alone, without a call of the game per move', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 6 }),
        fc.nat(),
        (size, amounts, at) => {
          // A subtraction game on one pile of 0 … size−1: move i takes take[i] when the pile has as many.
          const take = Int32Array.from(amounts.sort((a, b) => a - b));
          const moveCount = (p: number) => take.filter((t) => t <= p).length;
          const plain = {
            kind: 'indexed' as const,
            id: 'subtract',
            size,
            start: at % size,
            maxMoves: take.length,
            order: 'descending' as const,
            reach: take[take.length - 1],
            primitive: () => -1,
            moveCount,
            childAt: (p: number, i: number) => p - take[i],
            children: (p: number, out: Int32Array) => childrenFromSlots(plain, p, out),
          };
          // With the steps declared, the sweep reads no move from the game.
          const stepped = {
            ...plain,
            moveOffsets: take.map((t) => -t),
            childAt: (): number => {
              throw new Error('childAt called');
            },
          };
          for (const startOnly of [false, true]) {
            const want = solve(plain, { solver: 'sweep', need: 'outcome', startOnly });
            const got = solve(stepped, { solver: 'sweep', need: 'outcome', startOnly });
            const positions = startOnly ? [plain.start] : Array.from({ length: size }, (_, p) => p);
            for (const p of positions) expect(got.value(p), `position ${p}`).toEqual(want.value(p));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('are refused fewer than the moves a position may have', () => {
    const game = {
      ...asIndexed(graphArbSample(), 'descending'),
      maxMoves: 2,
      moveOffsets: Int32Array.of(-1),
    };
    expect(() => solve(game, { solver: 'sweep', need: 'outcome' })).toThrow(
      /moveOffsets has 1 steps, fewer than maxMoves = 2/,
    );
  });

  it('are refused with moves that keep the turn', () => {
    const game = {
      ...asIndexed(graphArbSample(), 'descending'),
      extraTurns: true,
      moveOffsets: Int32Array.of(-1),
    };
    expect(() => solve(game, { solver: 'sweep', need: 'outcome' })).toThrow(
      /moves that keep the turn cannot be given as moveOffsets/,
    );
  });
});

describe('values without a remoteness', () => {
  it('print without one, and compare equal when the rest is equal', () => {
    const win: Value = { outcome: 'win', remoteness: Number.NaN };
    expect(formatValue(win)).toBe('win');
    expect(formatValue({ outcome: 'lose', remoteness: Number.NaN, margin: -3 })).toBe('lose by 3');
    expect(sameValue(win, { ...win })).toBe(true);
    expect(compareValues(win, { ...win })).toBe(0);
    expect(compareValues(win, { outcome: 'lose', remoteness: Number.NaN })).toBeGreaterThan(0);
  });

  it("a solution's best moves and line still prove the value", () => {
    fc.assert(
      fc.property(graphArb(), (g) => {
        const game = asIndexed(g, 'descending');
        for (const need of ['outcome', 'margin'] as const) {
          const solution = solve(game, { solver: 'sweep', need });
          const view = solution.game;
          for (let p = 0; p < game.size; p++) {
            const value = solution.value(p);
            for (const m of solution.best(p)) {
              const mv = solution.moves(p).find((x) => x.move === m) as { value: Value };
              expect(sameValue(mv.value, value), `${need}: best move ${m} of ${p}`).toBe(true);
            }
            expect(
              solution
                .line(p)
                .every((m, k, line) => view.moves(line.slice(0, k).reduce(view.play, p)).includes(m)),
            ).toBe(true);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
