/**
 * The parallel search (a pool of worker threads on one shared table):
 * scores pinned by several threads together, and batches solved one
 * position per thread, equal the known scores — memoized negamax on a board
 * small enough to enumerate, and public benchmark positions of 7×6; budgets
 * and interruptions stop with proven bounds that contain the score. On one
 * thread the pool searches exactly the positions of the C++ peer
 * (bench/cpp/connect4.cpp), and counts those past the static checks alike;
 * on two, the second thread searches another window than the first.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKernelTable } from '../../src/core/search.js';
import { type Connect4Game, connect4, connect4Score, parseMoves } from '../../src/games/connect4/index.js';
import { scoreBounds } from '../../src/games/connect4/position.js';
import { KERNEL_SHARED_BYTES } from '../../src/games/connect4/search.js';
import { MemoizedNegamax } from '../../src/solvers/negamax.js';
import { SearchPool } from '../../src/threads/search-pool.js';
import { BENCHMARK_POSITIONS } from '../games/connect4-positions.js';

/** Deterministic random positions of a game, each with the stones given (fewer if the game ends). */
function randomPositions(g: Connect4Game, count: number, stones: number) {
  const out = [];
  for (let seed = 1; out.length < count; seed++) {
    let state = seed;
    let p = g.start;
    for (let i = 0; i < stones && g.moves(p).length > 0; i++) {
      const moves = g.moves(p);
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      p = g.play(p, moves[state % moves.length]);
    }
    if (scoreBounds(g.geometry, p)[0] < scoreBounds(g.geometry, p)[1]) out.push(p);
  }
  return out;
}

describe('a pool of two threads', () => {
  const small = connect4(5, 4);
  const big = connect4(7, 6);
  let pools: SearchPool[] = [];
  const start = async (game: Connect4Game, arg: string) => {
    const pool = await SearchPool.start({
      threads: 2,
      recipe: { spec: arg, input: '\n' },
      request: game.table,
      tableBytes: 2 ** 24,
    });
    pools.push(pool);
    return pool;
  };
  beforeAll(() => {
    pools = [];
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  it('pins the scores memoized negamax gives, on 5×4', async () => {
    const pool = await start(small, 'connect4(width=5,height=4)');
    const negamax = new MemoizedNegamax(small);
    for (const p of randomPositions(small, 30, 6)) {
      const [lower, upper] = scoreBounds(small.geometry, p);
      const b = await pool.pin(0, p, lower, upper);
      const expected = connect4Score(connect4(5, 4, p), negamax.value(p));
      expect(b).toEqual({ lower: expected, upper: expected });
    }
  });

  it('searches two windows at once: the second thread the one after the next fails low', async () => {
    // The empty 6×6 board (score −1, about a second on two threads), its threads' windows read every 2 ms.
    // With both threads on the driver's next window they differ in about 1 of 460 readings; here in most.
    const g = connect4(6, 6);
    const pool = await start(g, 'connect4(width=6,height=6)');
    const p = parseMoves(g.geometry, '');
    const [lower, upper] = scoreBounds(g.geometry, p);
    let same = 0;
    let differ = 0;
    const timer = setInterval(() => {
      const probes = pool.progress().probes;
      if (probes.length === 2) {
        if (probes[0] === probes[1]) same++;
        else differ++;
      }
    }, 2);
    try {
      expect(await pool.pin(0, p, lower, upper)).toEqual({ lower: -1, upper: -1 });
    } finally {
      clearInterval(timer);
    }
    expect(same + differ).toBeGreaterThan(0);
    expect(differ / (same + differ)).toBeGreaterThan(0.1);
  });

  it('pins and batches the benchmark positions of 7×6 to their known scores', async () => {
    const pool = await start(big, 'connect4');
    const lines = [
      ...BENCHMARK_POSITIONS.Test_L2_R1.slice(0, 10),
      ...BENCHMARK_POSITIONS.Test_L2_R2.slice(0, 4),
    ];
    const positions = lines.map((l) => parseMoves(big.geometry, l.split(' ')[0]));
    const known = lines.map((l) => Number(l.split(' ')[1]));
    for (const [i, p] of positions.entries()) {
      pool.clearTable();
      const [lower, upper] = scoreBounds(big.geometry, p);
      expect(await pool.pin(0, p, lower, upper), lines[i]).toEqual({ lower: known[i], upper: known[i] });
    }
    // The kernels count the positions past their static checks beside every position they enter.
    const { nodes, expanded } = pool.progress();
    expect(expanded).toBeGreaterThan(0);
    expect(expanded).toBeLessThan(nodes);
    pool.clearTable();
    const batch = await pool.solveEach(
      0,
      positions,
      positions.map((p) => scoreBounds(big.geometry, p)),
    );
    expect(batch).toEqual({ scores: known, outOfBudget: undefined });
  });

  it('stops on a node budget or when told to, with bounds that hold the score', async () => {
    const pool = await start(big, 'connect4');
    const [line, score] = BENCHMARK_POSITIONS.Test_L2_R2[0].split(' ');
    const p = parseMoves(big.geometry, line);
    const [lower, upper] = scoreBounds(big.geometry, p);
    pool.clearTable();
    const before = pool.progress().nodes;
    const spent = await pool.pin(0, p, lower, upper, { maxNodes: before + 3000 });
    expect(spent.outOfBudget).toBe('nodes');
    expect(pool.progress().nodes - before).toBeLessThanOrEqual(3000);
    expect(spent.lower).toBeLessThanOrEqual(Number(score));
    expect(spent.upper).toBeGreaterThanOrEqual(Number(score));
    // The threads' marks of the positions they searched, which the kernels share, are all taken back.
    const table = pool.table;
    if (!isKernelTable(table)) throw new Error('Connect Four searches a table in WebAssembly memory');
    const marks = new Int32Array(table.memory.buffer, table.sharedAt(), KERNEL_SHARED_BYTES / 4);
    expect(marks.every((m) => m === 0)).toBe(true);
    pool.clearTable();
    const running = pool.pin(0, parseMoves(big.geometry, ''), -21, 21);
    setTimeout(() => pool.stop(), 200);
    const stopped = await running;
    expect(stopped.outOfBudget).toBe('interrupted');
    expect(stopped.lower).toBeLessThanOrEqual(1);
    expect(stopped.upper).toBeGreaterThanOrEqual(1);
  });
});

describe('a pool of one thread', () => {
  it("searches exactly the C++ peer's positions, and counts those past the static checks as it does", async () => {
    // bench/cpp/connect4.cpp (yomi's search written in C++, g++ -O2) on the same 14 positions, with
    // a 16 MB table cleared before each: `connect4 16 < positions` prints "<µs> 32653 18969".
    const big = connect4(7, 6);
    const pool = await SearchPool.start({
      threads: 1,
      recipe: { spec: 'connect4', input: '\n' },
      request: big.table,
      tableBytes: 2 ** 24,
    });
    try {
      const lines = [
        ...BENCHMARK_POSITIONS.Test_L2_R1.slice(0, 10),
        ...BENCHMARK_POSITIONS.Test_L2_R2.slice(0, 4),
      ];
      for (const line of lines) {
        pool.clearTable();
        const p = parseMoves(big.geometry, line.split(' ')[0]);
        const [lower, upper] = scoreBounds(big.geometry, p);
        const score = Number(line.split(' ')[1]);
        expect(await pool.pin(0, p, lower, upper), line).toEqual({ lower: score, upper: score });
      }
      const { nodes, expanded } = pool.progress();
      expect({ nodes, expanded }).toEqual({ nodes: 32_653, expanded: 18_969 });
    } finally {
      await pool.close();
    }
  });
});
