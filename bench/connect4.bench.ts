/**
 * Connect Four: yomi's alpha-beta (the game's bitboard search on the shared
 * table and null-window driver) against the project's hand-written C++
 * solver with the same techniques (bench/cpp/connect4.cpp, g++ -O2), on the
 * public benchmark sets in ../shared/peers/connect4 (each line: moves and
 * the exact score) and on opening sets of our own (deterministic random
 * play, 10–13 stones; scores checked between yomi and C++). The table is
 * cleared before each position in both. Both must reproduce every score.
 *
 * yomi solves each set twice: the first pass includes the JIT's warm-up
 * (shown), the second is the steady state of a long-running process, used
 * for the ratios. Prints per set: mean time per position, positions/s, nodes/s, the ratio
 * yomi/C++, and the ratio against the reference times of a strong C++
 * solver given in the peers' README (target: ≤ 3×).
 *
 * Options (after `npm run bench -- connect4`): `--full` runs all 1000
 * positions of Test_L2_R2 (default: every 10th, 100 positions);
 * `--empty` also solves the empty 7×6 board (beyond reach so far);
 * `--sizes` solves the start of boards 7×4 … 6×6 (minutes).
 * Also measures the bitboard representation: two 32-bit halves against
 * BigInt and BigUint64Array, on the win test the search runs at every node.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileCpp, dist, fmt, OUT, printTable, ROOT, random, timeProcess } from './lib.js';

const { connect4, connect4Score, parseMoves } = (await import(
  dist('games/connect4.js')
)) as typeof import('../src/games/connect4.js');
const { alphaBeta } = (await import(
  dist('solvers/alphabeta.js')
)) as typeof import('../src/solvers/alphabeta.js');
const { makeTable } = (await import(
  dist('solvers/transposition-table.js')
)) as typeof import('../src/solvers/transposition-table.js');
const { Bits } = (await import(
  dist('games/connect4/bitboard.js')
)) as typeof import('../src/games/connect4/bitboard.js');

const PEERS = process.env.YOMI_PEERS ?? join(ROOT, '..', 'shared', 'peers', 'connect4');
const full = process.argv.includes('--full');
const empty = process.argv.includes('--empty');
const sizes = process.argv.includes('--sizes');

/** Board sizes whose start score takes seconds to minutes (the small ones are a regression test). */
const LARGER_SIZES: [number, number][] = [
  [7, 4],
  [6, 5],
  [5, 6],
  [7, 5],
  [6, 6],
];

/** Reference mean times per position (µs) of a strong C++ solver, from the peers' README. */
const REFERENCE_US: Record<string, number> = { Test_L3_R1: 6.1, Test_L2_R1: 49.7, Test_L2_R2: 4730 };

interface Position {
  moves: string;
  /** The known score, when the set gives it. */
  score?: number;
}

interface Run {
  us: number;
  nodes: number;
  scores: number[];
}

function yomi(positions: Position[]): Run {
  const base = connect4();
  const table = makeTable(base.table);
  let us = 0;
  let nodes = 0;
  const scores: number[] = [];
  for (const { moves } of positions) {
    const game = connect4(7, 6, parseMoves(base.geometry, moves));
    table.clear();
    const started = performance.now();
    const solution = alphaBeta(game, { table });
    const score = connect4Score(game, solution.value(game.start));
    us += (performance.now() - started) * 1000;
    nodes += solution.stats.nodes ?? 0;
    scores.push(score);
  }
  return { us, nodes, scores };
}

function cpp(bin: string, name: string, positions: Position[]): Run {
  const file = join(OUT, `connect4-${name}.txt`);
  writeFileSync(file, `${positions.map((p) => p.moves).join('\n')}\n`);
  const r = timeProcess(bin, [], file);
  const [us, nodes] = r.stderr.trim().split(' ').map(Number);
  return { us, nodes, scores: r.stdout.trim().split('\n').map(Number) };
}

function readSet(name: string): Position[] {
  const lines = readFileSync(join(PEERS, name), 'utf8').trim().split('\n');
  const all = lines.map((l) => {
    const [moves, score] = l.trim().split(/\s+/);
    return { moves, score: Number(score) };
  });
  return name === 'Test_L2_R2' && !full ? all.filter((_, i) => i % 10 === 0) : all;
}

/** Random play from the empty board to `stones` stones, skipping games that end early (seeded, so always the same). */
function openings(count: number, stones: number, seed: number): Position[] {
  const next = random(seed);
  const game = connect4();
  const out: Position[] = [];
  while (out.length < count) {
    let p = game.start;
    let moves = '';
    while (moves.length < stones && game.primitive?.(p) === undefined) {
      const legal = game.moves(p);
      const c = legal[Math.floor(next() * legal.length)];
      moves += String(c + 1);
      p = game.play(p, c);
    }
    if (moves.length === stones && game.primitive?.(p) === undefined) out.push({ moves });
  }
  return out;
}

/** Two 32-bit halves against BigInt and BigUint64Array on the win test (ns per call). */
function measureRepresentation(): (string | number)[][] {
  const g = connect4().geometry;
  const N = 200_000;
  const lo = new Int32Array(N);
  const hi = new Int32Array(N);
  const big = new BigUint64Array(N);
  const base = connect4();
  const ops = openings(64, 12, 7);
  for (let i = 0; i < N; i++) {
    const p = parseMoves(base.geometry, ops[i % ops.length].moves);
    lo[i] = p.cur0;
    hi[i] = p.cur1;
    big[i] = (BigInt(p.cur1 >>> 0) << 32n) | BigInt(p.cur0 >>> 0);
  }
  const BOARD = (BigInt(g.board1 >>> 0) << 32n) | BigInt(g.board0 >>> 0);
  const H = BigInt(g.height);
  const winBig = (p: bigint): bigint => {
    let r = (p << 1n) & (p << 2n) & (p << 3n);
    for (let d = H; d <= H + 2n; d++) {
      let q = (p << d) & (p << (2n * d));
      r |= (q & (p << (3n * d))) | (q & (p >> d));
      q = (p >> d) & (p >> (2n * d));
      r |= (q & (p << d)) | (q & (p >> (3n * d)));
    }
    return r & BOARD;
  };
  const out = new Bits();
  const time = (fn: () => number) => {
    fn();
    const t = performance.now();
    const check = fn();
    return { ns: ((performance.now() - t) * 1e6) / N, check };
  };
  const pairs = time(() => {
    let x = 0;
    for (let i = 0; i < N; i++) {
      g.winningCells(lo[i], hi[i], 0, 0, out);
      x ^= out.r0 ^ out.r1;
    }
    return x;
  });
  const bigint = time(() => {
    let x = 0n;
    for (let i = 0; i < N; i++) x ^= winBig(big[i]);
    return Number(x & 0xffffn);
  });
  return [
    ['two 32-bit halves (Int32)', pairs.ns, 1],
    ['BigInt / BigUint64Array', bigint.ns, bigint.ns / pairs.ns],
  ];
}

/** The start score of larger boards (first player's view), with the time and nodes it took. */
function startScores(): (string | number)[][] {
  return LARGER_SIZES.map(([w, h]) => {
    const game = connect4(w, h);
    const started = performance.now();
    const solution = alphaBeta(game);
    const score = connect4Score(game, solution.value(game.start));
    return [`${w}×${h}`, score, (performance.now() - started) / 1000, solution.stats.nodes ?? 0];
  });
}

export default async function run(): Promise<void> {
  const bin = compileCpp('connect4');
  printTable(
    'bitboard representation: the win test (every node runs it about 8 times)',
    ['representation', 'ns per call', '× halves'],
    measureRepresentation(),
  );
  const sets: { name: string; positions: Position[]; note: string }[] = [
    { name: 'Test_L3_R1', positions: readSet('Test_L3_R1'), note: 'all 1000' },
    { name: 'Test_L2_R1', positions: readSet('Test_L2_R1'), note: 'all 1000' },
    {
      name: 'Test_L2_R2',
      positions: readSet('Test_L2_R2'),
      note: full ? 'all 1000' : 'every 10th (100); --full for all',
    },
    { name: 'openings-13', positions: openings(20, 13, 13), note: 'ours: 20 × 13 stones' },
    { name: 'openings-12', positions: openings(10, 12, 12), note: 'ours: 10 × 12 stones' },
  ];
  if (empty) sets.push({ name: 'empty', positions: [{ moves: '', score: 1 }], note: 'the empty 7×6 board' });
  if (sizes)
    printTable('start scores of larger boards', ['board', 'score', 'seconds', 'nodes'], startScores());
  const rows: (string | number)[][] = [];
  const failures: string[] = [];
  for (const set of sets) {
    const c = cpp(bin, set.name, set.positions);
    // yomi solves each set twice: the first pass includes the JIT's warm-up, the second is steady state.
    const cold = yomi(set.positions);
    const y = yomi(set.positions);
    set.positions.forEach((p, i) => {
      const expected = p.score ?? c.scores[i];
      if (y.scores[i] !== expected || cold.scores[i] !== expected || c.scores[i] !== expected) {
        failures.push(
          `${set.name} ${p.moves}: expected ${expected}, yomi ${y.scores[i]}, C++ ${c.scores[i]}`,
        );
      }
    });
    const n = set.positions.length;
    const ref = REFERENCE_US[set.name];
    rows.push([
      set.name,
      set.note,
      `${fmt(cold.us / n)} µs`,
      `${fmt(y.us / n)} µs`,
      `${fmt(c.us / n)} µs`,
      y.us / c.us,
      ref === undefined ? '–' : fmt(y.us / n / ref),
      (n / y.us) * 1e6,
      (y.nodes / y.us) * 1e6,
      (c.nodes / c.us) * 1e6,
      y.nodes / n,
    ]);
  }
  printTable(
    'Connect Four 7×6, table cleared before each position (in-process solve time; parsing excluded)',
    [
      'set',
      'positions',
      'yomi 1st pass',
      'yomi mean',
      'C++ mean',
      'yomi/C++',
      'yomi/reference',
      'yomi pos/s',
      'yomi nodes/s',
      'C++ nodes/s',
      'nodes/pos',
    ],
    rows,
  );
  console.log(
    `\nreference: ${Object.entries(REFERENCE_US)
      .map(([k, v]) => `${k} ${v} µs`)
      .join(', ')} (strong C++ solver, peers' README); target yomi/reference ≤ 3`,
  );
  if (failures.length > 0) {
    console.log(`\nSCORE MISMATCHES (${failures.length}):\n${failures.slice(0, 20).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('every score reproduced by yomi and by C++');
  }
}
