/**
 * Alpha-beta against independent solvers: random acyclic games (outcome and
 * scoring) against the plain recursion, every tic-tac-toe position against
 * memoized negamax (outcome and remoteness), budgets that stop with proven
 * bounds containing the true value, cycles, and the transposition table.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CycleError } from '../../src/core/errors.js';
import type { Game } from '../../src/core/game.js';
import { NO_MOVE, SearchIncomplete, WIN_SCORE } from '../../src/core/search.js';
import { moveValue } from '../../src/core/value.js';
import { hashKey, Zobrist } from '../../src/core/zobrist.js';
import { findGame } from '../../src/games/registry.js';
import { ticTacToe } from '../../src/games/tic-tac-toe.js';
import { alphaBeta } from '../../src/solvers/alphabeta.js';
import { solve } from '../../src/solvers/index.js';
import {
  NodeBudget,
  narrow,
  nextProbe,
  pinScore,
  probeAfterFailLow,
} from '../../src/solvers/search-budget.js';
import {
  CompactTable,
  makeTable,
  planTable,
  tableOver,
  tableStorage,
  WideTable,
} from '../../src/solvers/transposition-table.js';
import { problemCases } from '../helpers.js';
import { smallCycle } from './fixtures.js';
import { asGame, graphArb, type RandomGraph, referenceValue, startOf } from './random-games.js';

/** A scoring graph's game with its margin's bounds: points within ±3 a move, no line longer than the graph. */
function withMarginBounds(g: RandomGraph) {
  const most = 3 * g.edges.length;
  return { ...asGame(g), marginBounds: (): [number, number] => [-most, most] };
}

describe('alpha-beta on random acyclic games', () => {
  it('agrees with plain recursion on every position (outcome, margin and remoteness)', () => {
    fc.assert(
      fc.property(graphArb(12), (g) => {
        const game = asGame(g);
        const s = solve(game, { solver: 'alphabeta' });
        for (let p = 0; p <= startOf(g); p++) expect(s.value(p)).toEqual(referenceValue(g, p));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with the recursion through a tiny table (constant replacement)', () => {
    fc.assert(
      fc.property(graphArb(14), (g) => {
        const s = alphaBeta(asGame(g), { tableBytes: 1024 });
        expect(s.value(startOf(g))).toEqual(referenceValue(g, startOf(g)));
      }),
      { numRuns: 200 },
    );
  });

  it("values each move of a scoring game in the window its parent's known score leaves (childBounds)", () => {
    // The parent's score given as a book gives it, and a solution of its own for each parent: each
    // child is searched in its window, not read from what valuing the parent proved.
    fc.assert(
      fc.property(
        graphArb(10).filter((g) => g.scoring),
        (g) => {
          // Finite margin bounds, so that a window is pinned with null windows, not by one open search.
          const game = withMarginBounds(g);
          for (let p = 0; p <= startOf(g); p++) {
            const score = referenceValue(g, p).margin;
            const known = (q: number) => (q === p ? score : undefined);
            const s = alphaBeta(game, { deferStart: true, known, tableBytes: 4096 });
            for (const mv of s.moves(p)) {
              const child = referenceValue(g, game.play(p, mv.move));
              const keeps = game.keepsTurn?.(p, mv.move);
              expect(mv.value, `move ${mv.move} from ${p}`).toEqual(
                moveValue(child, game.points?.(p, mv.move), keeps),
              );
              expect(s.moveValue(p, mv.move)).toEqual(mv.value);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('iterative deepening and MTD(f) (scoring games)', () => {
  it('give every position the value of plain recursion when every search goes through them', () => {
    fc.assert(
      fc.property(
        graphArb(12).filter((g) => g.scoring),
        (g) => {
          const game = withMarginBounds(g);
          const s = alphaBeta(game, { deepenAfter: 0, deferStart: true });
          for (let p = 0; p <= startOf(g); p++) expect(s.value(p)).toEqual(referenceValue(g, p));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('narrow() from a guess proves the score a bisection proves, whatever the guess', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -30, max: 30 }), (score, guess) => {
        // A fail-soft probe of a position whose score is `score`.
        const probe = (a: number, b: number) =>
          score <= a ? Math.max(score, a - 2) : Math.min(score, b + 2);
        const guessed = { lower: -25, upper: 25 };
        narrow(probe, guessed, guess);
        const bisected = { lower: -25, upper: 25 };
        narrow(probe, bisected);
        expect(guessed).toEqual({ lower: score, upper: score });
        expect(bisected).toEqual(guessed);
      }),
    );
  });
});

describe('the null windows of the driver and of its second thread', () => {
  it("each lies between the bounds; the second is the driver's next after the first fails low, or else high", () => {
    fc.assert(
      fc.property(fc.integer({ min: -30, max: 30 }), fc.integer({ min: 1, max: 40 }), (lower, width) => {
        const upper = lower + width;
        const m = nextProbe(lower, upper);
        const second = probeAfterFailLow(lower, upper);
        for (const probe of [m, second]) {
          expect(probe).toBeGreaterThanOrEqual(lower);
          expect(probe).toBeLessThan(upper);
        }
        if (lower < m) expect(second).toBe(nextProbe(lower, m));
        else if (m + 1 < upper) expect(second).toBe(nextProbe(m + 1, upper));
        else expect(second).toBe(m);
        // Two scores or more left: the second thread's window is another one.
        if (width >= 2) expect(second).not.toBe(m);
      }),
    );
  });
});

describe('alpha-beta on tic-tac-toe', () => {
  it('agrees with memoized negamax on every reachable position', () => {
    const a = solve(ticTacToe, { solver: 'alphabeta' });
    const n = solve(ticTacToe, { solver: 'negamax' });
    const seen = new Set<string>();
    const todo = [ticTacToe.start];
    while (todo.length > 0) {
      const p = todo.pop() as string;
      if (seen.has(p)) continue;
      seen.add(p);
      expect(a.value(p), p).toEqual(n.value(p));
      if (ticTacToe.primitive?.(p) === undefined)
        for (const m of ticTacToe.moves(p)) todo.push(ticTacToe.play(p, m));
    }
    expect(seen.size).toBe(5478);
    expect(a.best('xx.oo....')).toEqual([2]);
    expect(a.line(ticTacToe.start)).toHaveLength(9);
  });
});

const rank: Record<string, number> = { lose: 0, tie: 1, draw: 1, win: 2 };

describe('budgets', () => {
  it('stops with proven bounds that contain the true value', () => {
    const exact = solve(ticTacToe, { solver: 'negamax' }).value(ticTacToe.start);
    for (const maxNodes of [1, 10, 100, 1000]) {
      let caught: unknown;
      try {
        alphaBeta(ticTacToe, { maxNodes });
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(SearchIncomplete);
      const e = caught as SearchIncomplete;
      expect(e.nodes).toBeLessThanOrEqual(maxNodes);
      // tic-tac-toe is a tie: the start's bounds are at worst a loss, at best a win, and never exclude the tie.
      // (A budget may also run out later, while the tie's remoteness is searched: then the bounds are a move's.)
      if (maxNodes < 1000) expect(e.atStart).toBe(true);
      if (!e.atStart) continue;
      expect(rank[e.lower.outcome]).toBeLessThanOrEqual(rank[exact.outcome]);
      expect(rank[e.upper.outcome]).toBeGreaterThanOrEqual(rank[exact.outcome]);
      expect(e.message).toMatch(/node budget ran out after .* nodes; proven: between .* and /);
    }
  });

  it('narrows the bounds as the budget grows, and proves the value when it is enough', () => {
    const budget = new NodeBudget({ maxNodes: 50 });
    // A probe that never finishes: each call spends nodes until the budget runs out.
    const probe = () => {
      for (;;) if (++budget.nodes >= budget.checkAt) budget.check();
    };
    expect(pinScore(probe, budget, -5, 5)).toEqual({ lower: -5, upper: 5, outOfBudget: 'nodes' });
    const exact = pinScore((a, b) => (3 <= a ? 3 : 3 >= b ? 3 : 3), new NodeBudget(), -5, 5);
    expect(exact).toEqual({ lower: 3, upper: 3 });
  });

  it('honours maxPositions as a cap on the positions searched, naming that budget', () => {
    for (const [maxPositions, maxNodes] of [
      [40, undefined],
      [40, 1000],
      [1000, 40],
    ] as const) {
      let caught: unknown;
      try {
        alphaBeta(slowGame(), { maxPositions, maxNodes });
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(SearchIncomplete);
      const e = caught as SearchIncomplete;
      // The lower of the two limits stops the search, exactly there, and the reason names it.
      expect(e.nodes).toBe(Math.min(maxPositions, maxNodes ?? Number.POSITIVE_INFINITY));
      expect(e.reason).toBe(maxNodes !== undefined && maxNodes < maxPositions ? 'nodes' : 'positions');
    }
    expect(() => solve(slowGame(), { solver: 'alphabeta', maxPositions: 40 })).toThrow(
      /the position budget \(--max-positions\) ran out after 40 nodes/,
    );
    // A budget the search does not reach changes nothing.
    expect(solve(ticTacToe, { solver: 'alphabeta', maxPositions: 10 ** 7 }).value(ticTacToe.start)).toEqual(
      solve(ticTacToe, { solver: 'negamax' }).value(ticTacToe.start),
    );
  });

  it('stops on a time budget', () => {
    const e = (() => {
      try {
        alphaBeta(slowGame(), { maxSeconds: 0.05 });
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(SearchIncomplete);
    expect((e as SearchIncomplete).reason).toBe('seconds');
  });
});

/** A wide tree of 20 plies where nothing ends early: even its minimal proof tree (~6^10 positions) is far too big for 50 ms. */
function slowGame(): Game<string, number> {
  return {
    id: 'slow',
    start: '',
    moves: (p) => (p.length < 20 ? [0, 1, 2, 3, 4, 5] : []),
    play: (p, m) => p + m,
    primitive: (p) => (p.length === 20 ? 'tie' : undefined),
    key: (p) => p,
  };
}

describe('limits', () => {
  it('meets a cycle with a CycleError that points to retrograde analysis', () => {
    expect(() => alphaBeta(smallCycle)).toThrow(CycleError);
    expect(() => alphaBeta(smallCycle)).toThrow(/retrograde/);
  });

  it('searches a path 20,000 plies long without a stack overflow', () => {
    const path: Game<number, number> = {
      id: 'path',
      start: 0,
      moves: (p) => (p < 20_000 ? [1] : []),
      play: (p, s) => p + s,
      key: (p) => p,
    };
    expect(alphaBeta(path).value(0)).toEqual({ outcome: 'lose', remoteness: 20_000 });
    expect(20_000).toBeLessThan(WIN_SCORE);
  });
});

describe('transposition tables', () => {
  it('keeps bounds and the best move, merges a second store, forgets on clear', () => {
    for (const t of [
      makeTable(undefined, 1024),
      makeTable({ compact: { keyBits: 40, minScore: -9, maxScore: 9 } }, 1024),
    ]) {
      expect(t.probe(1, 2)).toBe(false);
      t.store(1, 2, 3, Number.POSITIVE_INFINITY, 2, 5);
      expect(t.probe(1, 2)).toBe(true);
      expect([t.lower(), t.upper() > 9, t.move()]).toEqual([3, true, 2]);
      t.store(1, 2, Number.NEGATIVE_INFINITY, 7, NO_MOVE, 1);
      expect(t.probe(1, 2)).toBe(true);
      expect([t.lower(), t.upper(), t.move()]).toEqual([3, 7, 2]);
      expect(t.probe(1, 3)).toBe(false);
      t.clear();
      expect(t.probe(1, 2)).toBe(false);
    }
  });

  it('keeps large margins exactly in a wide table', () => {
    const t = makeTable(undefined, 1024);
    expect(t).toBeInstanceOf(WideTable);
    t.store(5, 6, -9_000_000_001, 9_000_000_001, NO_MOVE, 0);
    expect(t.probe(5, 6)).toBe(true);
    expect([t.lower(), t.upper()]).toEqual([-9_000_000_001, 9_000_000_001]);
  });

  it('chooses the compact layout only where its keys stay exact', () => {
    expect(makeTable({ compact: { keyBits: 49, minScore: -21, maxScore: 21 } }, 2 ** 24)).toBeInstanceOf(
      CompactTable,
    );
    // 2^10 buckets of 16 bytes: keys of 42 bits and fewer are exact, 43 bits are not.
    expect(makeTable({ compact: { keyBits: 42, minScore: -1, maxScore: 1 } }, 2 ** 14)).toBeInstanceOf(
      CompactTable,
    );
    expect(makeTable({ compact: { keyBits: 43, minScore: -1, maxScore: 1 } }, 2 ** 14)).toBeInstanceOf(
      WideTable,
    );
  });

  it("lays a kernel's table out in a WebAssembly memory, after each thread's scratch", () => {
    const request = { compact: { keyBits: 40, minScore: -9, maxScore: 9 }, kernel: { scratchBytes: 5000 } };
    const plan = planTable(request, 2 ** 20, 3);
    expect(plan.offset % 64).toBe(0);
    expect(plan.offset).toBeGreaterThanOrEqual(3 * 5000);
    const storage = tableStorage(plan, true);
    const table = tableOver(plan, request, storage);
    expect(table.memory).toBe(storage);
    expect(table.memory?.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect([table.layout, table.byteOffset, table.bytes]).toEqual(['compact', plan.offset, plan.bytes]);
    // Three scratch areas side by side, none reaching into the buckets, and none for a fourth thread.
    const starts = [0, 1, 2].map((t) => table.scratchAt(t));
    expect(starts[0]).toBeGreaterThan(0);
    expect(starts[1] - starts[0]).toBe(5000);
    expect(starts[2] + 5000).toBeLessThanOrEqual(plan.offset);
    expect(() => table.scratchAt(3)).toThrow(/no scratch for thread 3/);
    // The buckets read and write where the table says they are.
    table.store(1, 2, 3, 4, 5, 6);
    expect(new Int32Array(table.memory!.buffer, 0, plan.offset / 4).every((w) => w === 0)).toBe(true);
    expect(table.probe(1, 2)).toBe(true);
    expect([table.lower(), table.upper(), table.move()]).toEqual([3, 4, 5]);
    // A table in a memory has 2 GiB at most (its addresses have 32 bits); one of one thread is not shared.
    expect(planTable(request, 2 ** 34).bytes).toBe(2 ** 31);
    expect(makeTable(request, 2 ** 16).memory?.buffer).toBeInstanceOf(ArrayBuffer);
    expect(makeTable({ compact: request.compact }, 2 ** 16).memory).toBeUndefined();
  });

  it('tells apart every key of a full compact table and keeps what a bucket holds by work', () => {
    // 16 buckets, keys up to 36 bits: many keys share a bucket and a check word, none is confused.
    const t = new CompactTable(new ArrayBuffer(CompactTable.bytesFor(4)), -20, 20);
    // Each key's score is a function of the key, as a position's score is.
    const scoreOf = (lo: number, hi: number) => ((((lo ^ (hi * 7)) % 41) + 41) % 41) - 20;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer(), fc.integer({ min: 0, max: 15 }), fc.nat(31)), { maxLength: 200 }),
        (entries) => {
          t.clear();
          for (const [lo, hi, work] of entries)
            t.store(lo, hi, scoreOf(lo, hi), scoreOf(lo, hi), NO_MOVE, work);
          for (const [lo, hi] of entries) {
            // An entry may have been pushed out, but one that is found is the position's own.
            if (t.probe(lo, hi)) expect([t.lower(), t.upper()]).toEqual([scoreOf(lo, hi), scoreOf(lo, hi)]);
          }
          // The last entry written is in its bucket (the first slot or the second).
          if (entries.length > 0) {
            const [lo, hi] = entries[entries.length - 1];
            expect(t.probe(lo, hi)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('hashing', () => {
  it('draws the same Zobrist codes for the same seed, and distinct ones', () => {
    const a = new Zobrist(100, 7);
    const b = new Zobrist(100, 7);
    expect(a.lo).toEqual(b.lo);
    const pairs = new Set<string>();
    for (let i = 0; i < 100; i++) pairs.add(`${a.lo[i]} ${a.hi[i]}`);
    expect(pairs.size).toBe(100);
  });

  it('hashes keys of every kind, telling 1 from "1" and 1n', () => {
    const out = new Int32Array(2);
    const seen = new Set<string>();
    for (const k of [1, '1', 1n, 'x'.repeat(50), 2]) {
      hashKey(k, out);
      seen.add(`${out[0]} ${out[1]}`);
    }
    expect(seen.size).toBe(5);
  });
});

describe('alpha-beta on the built-in problems', () => {
  // Acyclic problems answer every case as with the other solvers (the slowest cases of edpc-l are left out).
  for (const id of ['abc201d', 'edpc-k', 'edpc-l', 'arc038b']) {
    it(`answers the ${id} cases`, () => {
      const def = findGame(id);
      for (const c of problemCases(id).filter((c) => !/edpc-l\/1[45]$/.test(c.name))) {
        const answers = def.load({}, c.input).map((game) => {
          const s = solve(game, { solver: 'alphabeta' });
          return def.answer(s.value(s.game.start), game);
        });
        expect(answers.join('\n'), c.name).toBe(c.expected.trim());
      }
    });
  }

  it('refuses an end-scored game, pointing to threshold search', () => {
    const [game] = findGame('arc038d').load({}, problemCases('arc038d')[0].input);
    expect(() => solve(game, { solver: 'alphabeta' })).toThrow(/threshold search/);
  });
});
