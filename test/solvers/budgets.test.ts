/**
 * Memory and time budgets, in process: every table solver estimates its
 * tables before allocating and refuses one over `memoryBytes` with a
 * BudgetError naming the estimate (an indexed game declaring 10^12 positions
 * allocates nothing); explore and memoized negamax stop when the heap reading
 * says the heap is nearly full (checked as positions are found and as moves
 * are listed, since one position may list millions), and refuse the key a JS
 * Map cannot hold; `maxSeconds` stops a table solver; threshold search keeps
 * its stop scores without a Set. Each refusal is a BudgetError whose limit
 * says which budget ran out.
 */

import { describe, expect, it } from 'vitest';
import { BudgetError } from '../../src/core/errors.js';
import type { Game, IndexedGame } from '../../src/core/game.js';
import { NOT_PRIMITIVE } from '../../src/core/outcome.js';
import { solve } from '../../src/solvers/index.js';
import { checkMapKeys, MAX_MAP_KEYS, type SolverOptions } from '../../src/solvers/options.js';
import { pathGame } from './fixtures.js';

/** An indexed game of `size` positions whose moves go down by one (never called beyond the first few). */
function declared(size: number, extra: Partial<IndexedGame> = {}): IndexedGame {
  return { ...pathGame(2, false), id: 'huge', size, start: size - 1, order: 'descending', ...extra };
}

function budgetError(fn: () => unknown): BudgetError {
  try {
    fn();
  } catch (e) {
    if (e instanceof BudgetError) return e;
    throw e;
  }
  throw new Error('no BudgetError');
}

describe('estimates before allocating', () => {
  const memoryBytes = 64 * 2 ** 20;
  for (const solver of ['sweep', 'retrograde', 'grundy', 'auto']) {
    it(`${solver}: 10^9 positions need more than 64 MB, refused before any allocation`, () => {
      const e = budgetError(() => solve(declared(1e9), { solver, memoryBytes }));
      expect(e.limit).toBe('memory');
      expect(e.message).toMatch(/needs about [\d,]+ MB, more than the 64 MB available/);
    });
  }

  it('threshold search estimates its probes and stop scores', () => {
    const game = { ...declared(1e9), kind: 'end-scored' as const, maximizer: () => true, stopScore: () => 1 };
    const e = budgetError(() => solve(game, { memoryBytes }));
    expect(e.message).toMatch(/stop scores of huge needs about/);
  });

  it('retrograde analysis counts the reverse graph of a game without parents()', () => {
    // 2^20 positions fit in 8 MB of tables, but 64 moves each do not fit once reversed.
    const size = 2 ** 20;
    const wide: IndexedGame = {
      kind: 'indexed',
      id: 'wide',
      size,
      start: 0,
      maxMoves: 64,
      children(p, out) {
        for (let k = 0; k < 64; k++) out[k] = (p + k + 1) % size;
        return 64;
      },
      primitive: () => NOT_PRIMITIVE,
    };
    const e = budgetError(() => solve(wide, { solver: 'retrograde', memoryBytes: 32 * 2 ** 20 }));
    expect(e.message).toMatch(/the reverse graph of wide \(67,108,864 moves\) needs about/);
  });

  it('the same games solve when the budget allows them', () => {
    expect(solve(pathGame(1000, false), { solver: 'sweep', memoryBytes }).value(999).outcome).toBe('win');
    expect(solve(pathGame(1000, true), { solver: 'retrograde', memoryBytes }).value(999).outcome).toBe('win');
  });
});

/** Positions 0, 1, 2, …; from p the moves go to p+1 … p+branching: no cycle, and no end. */
function endless(branching: number): Game<number, number> {
  const moves = Array.from({ length: branching }, (_, k) => k + 1);
  return { id: 'endless', start: 0, moves: () => moves, play: (p, m) => p + m, key: (p) => p };
}

/** A heap reading that says "full" once it has been read `after` times. */
function fillsUp(after: number): { options: SolverOptions; reads: () => number } {
  let reads = 0;
  return {
    options: { heapUsage: () => ({ used: ++reads > after ? 95 : 10, limit: 100 }) },
    reads: () => reads,
  };
}

describe('the heap reading', () => {
  for (const solver of ['negamax', 'sweep']) {
    it(`${solver}: a game that never ends stops once the heap is nearly full`, () => {
      const heap = fillsUp(3);
      const e = budgetError(() => solve(endless(2), { solver, ...heap.options }));
      expect(e.limit).toBe('memory');
      expect(e.message).toMatch(/^endless: the JS heap holds 1 MB after [\d,]+ positions, near its limit/);
      expect(heap.reads()).toBe(4);
    });
  }

  it('negamax reads it as moves are listed, so one position with millions of moves is seen', () => {
    const heap = fillsUp(0);
    const e = budgetError(() => solve(endless(1 << 20), { solver: 'negamax', ...heap.options }));
    expect(e.message).toMatch(/after 1 positions/);
  });

  it('explore reads it as moves are listed too', () => {
    const heap = fillsUp(0);
    expect(() => solve(endless(1 << 20), { solver: 'sweep', ...heap.options })).toThrow(/JS heap/);
  });

  it('auto, its own exploration stopped by the heap, falls back to search and says why', () => {
    const heap = fillsUp(0);
    const game = { ...endless(1 << 20), moves: (p: number) => (p > 0 ? [] : endless(1 << 20).moves(p)) };
    const s = solve(game, heap.options);
    expect(s.solver).toBe('alphabeta');
    expect(s.reason).toMatch(/^auto: exploring it fills the memory/);
  });
});

describe('the keys of a JS Map', () => {
  it('one key short of the limit is allowed, the next is refused naming the limit', () => {
    expect(() => checkMapKeys(MAX_MAP_KEYS - 1, 'g', 'exploring')).not.toThrow();
    expect(() => checkMapKeys(MAX_MAP_KEYS, 'g', 'exploring')).toThrow(
      /g has more than 16,777,215 positions, the most exploring can key in a JS Map/,
    );
  });
});

describe('the time budget of table solvers', () => {
  for (const solver of ['negamax', 'sweep']) {
    it(`${solver}: stops a game that never ends after maxSeconds`, () => {
      const started = performance.now();
      const e = budgetError(() => solve(endless(2), { solver, maxSeconds: 0.2 }));
      expect(e.limit).toBe('time');
      expect(e.message).toBe('endless was not solved within the time budget (--max-seconds)');
      expect(performance.now() - started).toBeLessThan(10_000);
    });
  }

  it('auto does not fall back to search when the time is spent', () => {
    expect(() => solve(endless(2), { maxSeconds: 0.2 })).toThrow(/not solved within the time budget/);
  });

  it('sweep of an indexed game (it reports progress, which carries the deadline)', () => {
    const e = budgetError(() => solve(declared(2 ** 24), { solver: 'sweep', maxSeconds: 0.001 }));
    expect(e.limit).toBe('time');
  });
});
