/**
 * Connect Four: yomi's alpha-beta (the game's bitboard search on the
 * solver's table and null-window driver) against the project's hand-written
 * C++ solver with the same techniques (bench/cpp/connect4.cpp, g++ -O2), on
 * the public benchmark sets (each line: moves and the exact score; read from
 * the folder $YOMI_PEERS names, when it is set) and on opening sets
 * of our own (deterministic random play, 10–13 stones; scores checked
 * between yomi and C++). Both solve a set with one solver and a 64 MB table
 * cleared before each position, and must reproduce every score.
 *
 * yomi solves each set once cold (the first pass, the JIT's warm-up
 * included; shown), then again and again until STEADY_MS of solving: the
 * median pass of the later half is the steady state of a long-running
 * process, used for the ratios (a set of short solves takes V8 hundreds of
 * passes to compile fully); those passes share one table, cleared before
 * each position, as the C++ peer's run does. `--repeat N` runs everything N times and prints
 * medians (the machine is shared: single runs are noisy).
 *
 * Options (after `npm run bench -- connect4`):
 * - `--full`: all 1000 positions of Test_L2_R2 (default: every 10th);
 * - `--parallel`: speed-up of 2 threads over 1 on the empty 6×6 board and
 *   on the hardest set, both with the threads on one position at a time
 *   and with each thread taking whole positions (batch);
 * - `--empty`: the empty 7×6 board from scratch (no book) with 2 threads, and
 *   with the C++ peer on one thread;
 * - `--sizes`: the start of the boards the regression test leaves out (8×4,
 *   7×5, 6×6, 5×7, 4×9) and of 9×4, 8×5, 6×7, as far as `--max-seconds`
 *   (default 600) allows;
 * - `--table-mb N`: the table for --parallel, --empty and --sizes (default 1024).
 * With $YOMI_C4 set to a local copy of Steininger's c4 source, c4 is built from it (g++, with the
 * driver bench/cpp/c4-driver.cpp) and compared on the same sets (one thread, 64 MB table) and,
 * with `--empty`, on the empty board with its defaults (every thread, 1 GB table) and on one thread
 * (beside the C++ peer on one). c4 counts only
 * the positions its static search of each move does not decide; beside its count the bench shows
 * how many of yomi's nodes got past yomi's static checks to order two or more moves (on the sets,
 * the C++ peer's count, which searches exactly yomi's nodes; on the empty board, also the count
 * yomi's threads keep).
 * Also measures the bitboard representation: two 32-bit halves against
 * BigInt and BigUint64Array, on the win test the search runs at every node.
 */

import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Connect4Position } from '../src/games/connect4/position.js';
import { compileCpp, dist, fmt, median, outFile, printTable, random, timeProcess } from './lib.js';

const { connect4, parseMoves } = (await import(
  dist('games/connect4/index.js')
)) as typeof import('../src/games/connect4/index.js');
const { scoreBounds, valueToScore } = (await import(
  dist('games/connect4/position.js')
)) as typeof import('../src/games/connect4/position.js');
const { alphaBeta } = (await import(
  dist('solvers/alphabeta.js')
)) as typeof import('../src/solvers/alphabeta.js');
const { makeTable } = (await import(
  dist('solvers/transposition-table.js')
)) as typeof import('../src/solvers/transposition-table.js');
const { SearchPool } = (await import(
  dist('threads/search-pool.js')
)) as typeof import('../src/threads/search-pool.js');
const { Bits } = (await import(
  dist('games/connect4/bitboard.js')
)) as typeof import('../src/games/connect4/bitboard.js');

const PEERS = process.env.YOMI_PEERS;
/** A local copy of Steininger's c4 source (its repository's root), compared with yomi when set. */
const C4 = process.env.YOMI_C4;
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string, otherwise: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : otherwise;
};
const full = flag('--full');
const repeat = option('--repeat', 1);
const tableMb = option('--table-mb', 1024);
const maxSeconds = option('--max-seconds', 600);
const WORKER = new URL(dist('threads/search-worker.js'));

/** The table of the set comparisons, in both programs. */
const SET_TABLE_MB = 64;

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
  /** The C++ peer: the nodes that got past its static checks to order two or more moves. */
  ordered?: number;
  scores: number[];
}

/** The game every set is solved in. */
const setGame = connect4();

/**
 * A set's positions, read once. A solution keeps the scores it solved, and a
 * set is solved with one (below), so a set must not hold a position twice
 * (nor its mirror image).
 */
function startsOf(positions: Position[]): Connect4Position[] {
  const starts = positions.map(({ moves }) => parseMoves(setGame.geometry, moves));
  const seen = new Set(starts.map((p) => setGame.key(setGame.canonical?.(p) ?? p)));
  if (seen.size !== starts.length)
    throw new Error('a benchmark set holds a position (or its mirror image) twice');
  return starts;
}

/** A table for the set runs, its pages touched before the clock starts, as the C++ peer's are when its table is made. */
function setTable() {
  const table = makeTable(setGame.table, SET_TABLE_MB * 2 ** 20);
  new Int32Array(table.buffer).fill(0);
  return table;
}

function yomi(starts: Connect4Position[], table = setTable()): Run {
  // One solver for the set, as the C++ peer has one: each position's table cleared before its solve.
  const solution = alphaBeta(setGame, { table, deferStart: true });
  let us = 0;
  const scores: number[] = [];
  for (const p of starts) {
    table.clear();
    const started = performance.now();
    const value = solution.value(p);
    us += (performance.now() - started) * 1000;
    scores.push(valueToScore(setGame.geometry, p.moves, value));
  }
  return { us, nodes: solution.stats.nodes ?? 0, scores };
}

/** Solving time a set's steady state is measured over (at least 3 passes after the cold one). */
const STEADY_MS = 2000;

/**
 * yomi's steady state on a set: its median pass of the later half of the passes (see the header),
 * all on one table, as the C++ peer's one process has (a table made for each pass left the earlier
 * passes' tables, 64 MB each, to the garbage collector while the clock ran: 4.6 µs a position on
 * Test_L3_R1 instead of 2.9).
 */
function steady(starts: Connect4Position[]): Run {
  const runs: Run[] = [];
  const table = setTable();
  let spent = 0;
  while (runs.length < 3 || spent < STEADY_MS * 1000) {
    const run = yomi(starts, table);
    runs.push(run);
    spent += run.us;
  }
  const later = runs.slice(runs.length >> 1).sort((a, b) => a.us - b.us);
  return later[later.length >> 1];
}

/**
 * A C++ solver (`bin` with `args`) on the positions, written to the input file `file`: one score per
 * line on stdout, and on stderr "<µs solving> <nodes>" (the C++ peer adds the positions it ordered).
 */
function peerRun(bin: string, args: string[], file: string, positions: Position[]): Run {
  writeFileSync(file, `${positions.map((p) => p.moves).join('\n')}\n`);
  const r = timeProcess(bin, args, file);
  const [us, nodes, ordered] = r.stderr.trim().split(' ').map(Number);
  return { us, nodes, ordered, scores: r.stdout.trim().split('\n').map(Number) };
}

function cpp(bin: string, name: string, positions: Position[], megabytes = SET_TABLE_MB): Run {
  return peerRun(bin, [String(megabytes)], outFile(`connect4-${name}.txt`), positions);
}

/**
 * Builds Steininger's c4 from $YOMI_C4 with the driver bench/cpp/c4-driver.cpp into the bench's
 * output folder: its src/solver/ copied, its settings as given (one search thread; a 64 MB table,
 * 8,388,617 entries, c4's own figure, as yomi's set runs), the rest its defaults.
 */
function buildC4(settings: { oneThread?: boolean; smallTable?: boolean } = {}): string {
  const changes: [string, string][] = [
    ...(settings.oneThread ? [['NUM_THREADS', '1'] as [string, string]] : []),
    ...(settings.smallTable ? [['NUM_TABLE_ENTRIES', '8388617'] as [string, string]] : []),
  ];
  const dir = outFile(`c4-${changes.map(([name, value]) => `${name}-${value}`).join('-') || 'defaults'}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(C4 as string, 'src', 'solver'), join(dir, 'solver'), { recursive: true });
  if (changes.length > 0) {
    const file = join(dir, 'solver', 'settings.h');
    let text = readFileSync(file, 'utf8');
    for (const [name, value] of changes) {
      const pattern = new RegExp(`(${name}\\s*=\\s*)\\d+`);
      if (!pattern.test(text)) throw new Error(`c4: no ${name} setting in ${file}`);
      text = text.replace(pattern, `$1${value}`);
    }
    writeFileSync(file, text);
  }
  const sources = (readdirSync(join(dir, 'solver'), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.cpp'))
    .map((f) => join(dir, 'solver', f));
  const bin = join(dir, 'c4');
  const driver = new URL('./cpp/c4-driver.cpp', import.meta.url).pathname;
  execFileSync(
    'g++',
    ['-O2', '-std=c++20', '-pthread', '-DNDEBUG', '-I', dir, '-o', bin, driver, ...sources],
    {
      stdio: 'inherit',
    },
  );
  return bin;
}

/** c4 on the positions: total µs solving, nodes as c4 counts them, and the scores. */
function c4(bin: string, name: string, positions: Position[]): Run {
  return peerRun(bin, [], outFile(`c4-${name}.txt`), positions);
}

function readSet(name: string): Position[] | undefined {
  if (PEERS === undefined) return undefined;
  const file = join(PEERS, name);
  if (!existsSync(file)) return undefined;
  const all = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => {
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

/** A pool of `threads` threads for boards of w × h. */
function pool(threads: number, w = 7, h = 6) {
  return SearchPool.start({
    threads,
    worker: WORKER,
    recipe: { spec: `connect4(width=${w},height=${h})`, input: '\n' },
    request: connect4(w, h).table,
    tableBytes: tableMb * 2 ** 20,
  });
}

/** Seconds to pin each position with `threads` threads together (table cleared before each), and the scores. */
async function pinned(threads: number, w: number, h: number, positions: Position[]) {
  const p = await pool(threads, w, h);
  const g = connect4(w, h).geometry;
  const scores: number[] = [];
  const proven: string[] = [];
  const started = performance.now();
  for (const { moves } of positions) {
    p.clearTable();
    const at = parseMoves(g, moves);
    const [lower, upper] = scoreBounds(g, at);
    const b = await p.pin(0, at, lower, upper, { maxSeconds });
    scores.push(b.lower);
    proven.push(b.lower === b.upper ? String(b.lower) : `between ${b.lower} and ${b.upper}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const { nodes, expanded } = p.progress();
  await p.close();
  return { seconds, nodes, expanded, scores, proven };
}

/** Seconds to solve the positions with each of `threads` threads taking the next one (one shared table). */
async function batched(threads: number, positions: Position[]) {
  const p = await pool(threads);
  const g = connect4().geometry;
  const at = positions.map(({ moves }) => parseMoves(g, moves));
  const started = performance.now();
  const r = await p.solveEach(
    0,
    at,
    at.map((q) => scoreBounds(g, q)),
  );
  const seconds = (performance.now() - started) / 1000;
  await p.close();
  return { seconds, scores: r.scores };
}

async function parallel(hardest: Position[], name: string): Promise<void> {
  const rows: (string | number)[][] = [];
  const times = (runs: number[]) => median(runs);
  const one66: number[] = [];
  const two66: number[] = [];
  for (let i = 0; i < repeat; i++) {
    one66.push((await pinned(1, 6, 6, [{ moves: '' }])).seconds);
    two66.push((await pinned(2, 6, 6, [{ moves: '' }])).seconds);
  }
  rows.push([
    'empty 6×6 board (score −1)',
    'together',
    times(one66),
    times(two66),
    times(one66) / times(two66),
  ]);
  const one: number[] = [];
  const two: number[] = [];
  const oneBatch: number[] = [];
  const twoBatch: number[] = [];
  for (let i = 0; i < repeat; i++) {
    one.push((await pinned(1, 7, 6, hardest)).seconds);
    two.push((await pinned(2, 7, 6, hardest)).seconds);
    oneBatch.push((await batched(1, hardest)).seconds);
    twoBatch.push((await batched(2, hardest)).seconds);
  }
  rows.push([`${name} (${hardest.length})`, 'together', times(one), times(two), times(one) / times(two)]);
  rows.push([
    `${name} (${hardest.length})`,
    'batch',
    times(oneBatch),
    times(twoBatch),
    times(oneBatch) / times(twoBatch),
  ]);
  printTable(
    `parallel search: 2 threads against 1 (${tableMb} MB table; median of ${repeat}; "together": all threads on each position, table cleared; "batch": each thread takes whole positions, one table)`,
    ['problem', 'threads', '1 thread (s)', '2 threads (s)', 'speed-up'],
    rows,
  );
}

/**
 * The empty 7×6 board: yomi on 2 threads against c4 with its defaults (every thread), and yomi's
 * search in the C++ peer on one thread against c4 on one thread: the count of the positions that
 * got past the static checks (yomi's threads keep it, and the peer) is the count to set beside
 * c4's (c4 counts only the positions its static search of each move does not decide), on as many
 * threads.
 */
async function emptyBoard(bin: string): Promise<void> {
  const r = await pinned(2, 7, 6, [{ moves: '' }]);
  const rows: (string | number)[][] = [
    [
      `yomi, 2 threads, ${tableMb} MB table`,
      r.proven[0],
      r.seconds,
      r.nodes,
      r.expanded,
      r.nodes / r.seconds,
    ],
  ];
  const peer = cpp(bin, 'empty', [{ moves: '' }], tableMb);
  const peerSeconds = peer.us / 1e6;
  rows.push([
    `yomi's search in C++, 1 thread, ${tableMb} MB table`,
    peer.scores[0],
    peerSeconds,
    peer.nodes,
    peer.ordered ?? '',
    peer.nodes / peerSeconds,
  ]);
  if (C4 !== undefined) {
    const c = c4(buildC4(), 'empty', [{ moves: '' }]);
    const seconds = c.us / 1e6;
    rows.push(["Steininger's c4, its defaults", c.scores[0], seconds, c.nodes, c.nodes, c.nodes / seconds]);
    const one = c4(buildC4({ oneThread: true }), 'empty', [{ moves: '' }]);
    const oneSeconds = one.us / 1e6;
    rows.push([
      "Steininger's c4, 1 thread, its 1 GB table",
      one.scores[0],
      oneSeconds,
      one.nodes,
      one.nodes,
      one.nodes / oneSeconds,
    ]);
    rows.push([
      'yomi / c4 (2 threads each)',
      '',
      r.seconds / seconds,
      r.nodes / c.nodes,
      r.expanded / c.nodes,
      '',
    ]);
    rows.push([
      "yomi's search in C++ / c4 (1 thread each)",
      '',
      peerSeconds / oneSeconds,
      peer.nodes / one.nodes,
      (peer.ordered ?? 0) / one.nodes,
      '',
    ]);
  }
  printTable(
    'the empty 7×6 board from scratch (no book), one program after the other ("past static checks": the positions that got past them to order two or more moves; c4 counts only those)',
    ['program', 'score', 'seconds', 'nodes', 'past static checks', 'nodes/s'],
    rows,
  );
}

/**
 * yomi against Steininger's c4 (one thread, 64 MB table cleared before each position) on the same
 * sets, one program after the other: mean times (yomi's steady state), their ratio and the nodes of each (c4 does not
 * count the positions its static search decides, yomi counts every position it enters).
 */
function compareC4(
  sets: { name: string; positions: Position[]; note: string }[],
  /** Per set: the positions a position's search got past the static checks (the C++ peer's count, yomi's nodes). */
  orderedPerPosition: Map<string, number>,
): void {
  const failures: string[] = [];
  const bin = buildC4({ oneThread: true, smallTable: true });
  const rows: (string | number)[][] = [];
  for (const set of sets) {
    const c = c4(bin, set.name, set.positions);
    const y = steady(startsOf(set.positions));
    set.positions.forEach((p, k) => {
      if (c.scores[k] !== y.scores[k])
        failures.push(`${set.name} ${p.moves}: yomi ${y.scores[k]}, c4 ${c.scores[k]}`);
    });
    const n = set.positions.length;
    rows.push([
      set.name,
      `${fmt(y.us / n)} µs`,
      `${fmt(c.us / n)} µs`,
      y.us / c.us,
      y.nodes / n,
      orderedPerPosition.get(set.name) ?? '–',
      c.nodes / n,
    ]);
  }
  printTable(
    `yomi against Steininger's c4 (one thread, ${SET_TABLE_MB} MB table cleared before each position; "past static checks": of yomi's nodes, those that ordered two or more moves, by the C++ peer's count; c4 counts only such positions)`,
    ['set', 'yomi mean', 'c4 mean', 'yomi/c4', 'yomi nodes/pos', 'past static checks/pos', 'c4 nodes/pos'],
    rows,
  );
  if (failures.length > 0) {
    console.log(`\nSCORE MISMATCHES, yomi and c4 (${failures.length}):\n${failures.slice(0, 20).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('every score reproduced by yomi and by c4');
  }
}

async function sizes(): Promise<void> {
  const rows: (string | number)[][] = [];
  for (const [w, h] of [
    [8, 4],
    [7, 5],
    [6, 6],
    [5, 7],
    [4, 9],
    [9, 4],
    [8, 5],
    [6, 7],
  ]) {
    const r = await pinned(2, w, h, [{ moves: '' }]);
    rows.push([`${w}×${h}`, r.proven[0], r.seconds, r.nodes]);
  }
  printTable(
    `start scores of larger boards (first player's view), 2 threads, ${tableMb} MB table, at most ${maxSeconds} s each (a bound when cut short)`,
    ['board', 'score', 'seconds', 'nodes'],
    rows,
  );
}

export default async function run(): Promise<void> {
  const bin = compileCpp('connect4');
  printTable(
    'bitboard representation: the win test (every node runs it about 8 times)',
    ['representation', 'ns per call', '× halves'],
    measureRepresentation(),
  );
  const peers: { name: string; note: string }[] = [
    { name: 'Test_L3_R1', note: 'all 1000' },
    { name: 'Test_L2_R1', note: 'all 1000' },
    { name: 'Test_L2_R2', note: full ? 'all 1000' : 'every 10th (100); --full for all' },
  ];
  const sets: { name: string; positions: Position[]; note: string }[] = [];
  for (const { name, note } of peers) {
    const positions = readSet(name);
    if (positions) sets.push({ name, positions, note });
  }
  if (sets.length === 0)
    console.log(
      `\n(no benchmark sets${PEERS ? ` at ${PEERS}` : ''}: set YOMI_PEERS to the folder of Test_L3_R1 and the others; our own positions only)`,
    );
  sets.push(
    { name: 'openings-13', positions: openings(20, 13, 13), note: 'ours: 20 × 13 stones' },
    { name: 'openings-12', positions: openings(10, 12, 12), note: 'ours: 10 × 12 stones' },
  );
  const rows: (string | number)[][] = [];
  const failures: string[] = [];
  const ordered = new Map<string, number>();
  for (const set of sets) {
    const yomiMeans: number[] = [];
    const coldMeans: number[] = [];
    const cppMeans: number[] = [];
    let last: { y: Run; c: Run } | undefined;
    for (let i = 0; i < repeat; i++) {
      const c = cpp(bin, set.name, set.positions);
      const starts = startsOf(set.positions);
      const cold = yomi(starts);
      const y = steady(starts);
      set.positions.forEach((p, k) => {
        const expected = p.score ?? c.scores[k];
        if (y.scores[k] !== expected || cold.scores[k] !== expected || c.scores[k] !== expected) {
          failures.push(
            `${set.name} ${p.moves}: expected ${expected}, yomi ${y.scores[k]}, C++ ${c.scores[k]}`,
          );
        }
      });
      yomiMeans.push(y.us);
      coldMeans.push(cold.us);
      cppMeans.push(c.us);
      last = { y, c };
    }
    if (!last) continue;
    const n = set.positions.length;
    ordered.set(set.name, (last.c.ordered ?? 0) / n);
    const yUs = median(yomiMeans);
    const cUs = median(cppMeans);
    const ref = REFERENCE_US[set.name];
    rows.push([
      set.name,
      set.note,
      `${fmt(median(coldMeans) / n)} µs`,
      `${fmt(yUs / n)} µs`,
      `${fmt(cUs / n)} µs`,
      yUs / cUs,
      ref === undefined ? '–' : fmt(yUs / n / ref),
      (last.y.nodes / yUs) * 1e6,
      (last.c.nodes / cUs) * 1e6,
      last.y.nodes / n,
      last.c.nodes / n,
    ]);
  }
  printTable(
    `Connect Four 7×6, ${SET_TABLE_MB} MB table cleared before each position (in-process solve time; parsing excluded; median of ${repeat})`,
    [
      'set',
      'positions',
      'yomi 1st pass',
      'yomi mean',
      'C++ mean',
      'yomi/C++',
      'yomi/reference',
      'yomi nodes/s',
      'C++ nodes/s',
      'yomi nodes/pos',
      'C++ nodes/pos',
    ],
    rows,
  );
  console.log(
    `\nreference: ${Object.entries(REFERENCE_US)
      .map(([k, v]) => `${k} ${v} µs`)
      .join(', ')} (strong C++ solver, peers' README); target yomi/C++ ≤ 1.5`,
  );
  if (failures.length > 0) {
    console.log(`\nSCORE MISMATCHES (${failures.length}):\n${failures.slice(0, 20).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('every score reproduced by yomi and by C++');
  }
  if (C4 !== undefined) compareC4(sets, ordered);
  const hardest = sets.find((s) => s.name === 'Test_L2_R2') ?? sets[sets.length - 2];
  if (flag('--parallel')) await parallel(hardest.positions, hardest.name);
  if (flag('--empty')) await emptyBoard(bin);
  if (flag('--sizes')) await sizes();
}
