/**
 * The retrograde benchmark.
 *
 * 1. jag2015-d at its maximum constraints (Σ H·W = 10^6: four random 500×500
 *    datasets, written once to bench/out/): yomi's in-process time (input
 *    text → answer lines: parse + retrograde analysis with remoteness) against
 *    the hand-written C++ retrograde (bench/cpp/jag2015-d.cpp, its own parse +
 *    solve time), their ratio (target ≤ 3), whole-process times and yomi's
 *    peak memory. Both must print the same answers.
 * 2. Generic retrograde throughput, in moves (edges) per second: a random
 *    graph with cycles of 2·10^6 positions through a reverse graph, and
 *    Dodgem 4×4 through its perfect hash and parents(); with the bytes per
 *    position the solve used.
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  compileCpp,
  dist,
  median,
  outFile,
  printTable,
  ROOT,
  random,
  timeInProcess,
  timeProcess,
} from './lib.js';

const { findGame } = (await import(dist('games/registry.js'))) as typeof import('../src/games/registry.js');
const { solve } = (await import(dist('solvers/index.js'))) as typeof import('../src/solvers/index.js');
const { retrograde } = (await import(
  dist('solvers/retrograde.js')
)) as typeof import('../src/solvers/retrograde.js');
const { Dodgem } = (await import(dist('games/dodgem.js'))) as typeof import('../src/games/dodgem.js');
type IndexedGame = import('../src/core/game.js').IndexedGame;

const RUNS = 5;

/** Four 500×500 datasets with walls at different densities (Σ H·W = 10^6). */
export function jagInput(): string {
  const rnd = random(2015);
  const parts: string[] = [];
  for (const density of [0.5, 0.3, 0.6, 0.45]) {
    const h = 500;
    const w = 500;
    const lines = [`${h} ${w} ${1 + Math.floor(rnd() * h)} ${1 + Math.floor(rnd() * w)}`];
    const row = (n: number) => Array.from({ length: n }, () => (rnd() < density ? 1 : 0)).join(' ');
    for (let i = 0; i <= h; i++) {
      lines.push(row(w));
      if (i < h) lines.push(row(w + 1));
    }
    parts.push(lines.join('\n'));
  }
  return `${parts.join('\n')}\n0 0 0 0\n`;
}

function inputFile(name: string, make: () => string): string {
  const file = outFile(name);
  if (!existsSync(file)) writeFileSync(file, make());
  return file;
}

function yomiAnswer(id: string, text: string): string {
  const def = findGame(id);
  const lines = def.load({}, text).map((game) => {
    const solution = solve(game);
    return def.answer(solution.value(solution.game.start), game);
  });
  return `${lines.join('\n')}\n`;
}

function cppInProcessMs(stderr: string): number {
  const m = /in-process ms: ([\d.]+)/.exec(stderr);
  if (!m) throw new Error(`the C++ program did not report its time: ${stderr}`);
  return Number(m[1]);
}

function target(text: string, met: boolean): string {
  return `  ${met ? 'met    ' : 'MISSED '} ${text}`;
}

/** A random game with cycles: `size` positions, 1–6 moves each to anywhere, ~2% primitives. */
function randomCyclic(size: number): IndexedGame {
  const rnd = random(7);
  const offsets = new Int32Array(size + 1);
  const degree = new Uint8Array(size);
  const primitive = new Int8Array(size).fill(-1);
  for (let p = 0; p < size; p++) {
    const r = rnd();
    if (r < 0.02)
      primitive[p] = r < 0.01 ? 0 : 2; // lose or tie
    else degree[p] = 1 + Math.floor(rnd() * 6);
    offsets[p + 1] = offsets[p] + degree[p];
  }
  const targets = new Int32Array(offsets[size]);
  for (let k = 0; k < targets.length; k++) targets[k] = Math.floor(rnd() * size);
  return {
    kind: 'indexed',
    id: 'random-cyclic',
    size,
    start: 0,
    maxMoves: 6,
    children(p, out) {
      const from = offsets[p];
      const n = offsets[p + 1] - from;
      for (let k = 0; k < n; k++) out[k] = targets[from + k];
      return n;
    },
    primitive: (p) => primitive[p],
  };
}

export default async function retrogradeBench(): Promise<void> {
  const verdicts: string[] = [];

  // 1. jag2015-d against C++.
  const file = inputFile('jag2015-d.max.in', jagInput);
  const text = readFileSync(file, 'utf8');
  const bin = compileCpp('jag2015-d');
  const yomi = timeInProcess(() => yomiAnswer('jag2015-d', text), RUNS);
  const yomiRuns = Array.from({ length: 3 }, () =>
    timeProcess(process.execPath, [join(ROOT, 'bin/yomi.js'), 'solve', 'jag2015-d', file]),
  );
  const cppRuns = Array.from({ length: RUNS }, () => timeProcess(bin, [], file));
  if (yomi.result !== cppRuns[0].stdout || yomiRuns[0].stdout !== cppRuns[0].stdout) {
    throw new Error(
      `jag2015-d: answers differ — yomi ${JSON.stringify(yomi.result)}, C++ ${JSON.stringify(cppRuns[0].stdout)}`,
    );
  }
  const cppIn = median(cppRuns.map((r) => cppInProcessMs(r.stderr)));
  const ratio = yomi.ms / cppIn;
  const peak = Math.max(...yomiRuns.map((r) => r.peakMb ?? Number.NaN));
  printTable(
    `jag2015-d at the maximum constraints (4 × 500×500, Σ H·W = 10^6); times in ms, median of ${RUNS} runs`,
    [
      'answers',
      'yomi in-process',
      'C++ in-process',
      'ratio',
      'yomi solve (process)',
      'C++ (process)',
      'yomi peak MB',
    ],
    [
      [
        yomi.result.trim().replace(/\n/g, ' '),
        yomi.ms,
        cppIn,
        `${ratio.toFixed(2)}×`,
        median(yomiRuns.map((r) => r.ms)),
        median(cppRuns.map((r) => r.ms)),
        peak,
      ],
    ],
  );
  verdicts.push(target(`jag2015-d: in-process ratio ${ratio.toFixed(2)} ≤ 3`, ratio <= 3));

  // 2. Throughput of the generic solver.
  const rows: (string | number)[][] = [];
  const cases: [string, IndexedGame, string][] = [
    ['random graph with cycles', randomCyclic(2_000_000), 'reverse graph (CSR)'],
    ['Dodgem 4×4', new Dodgem(4), 'perfect hash + parents()'],
  ];
  for (const [label, game, parents] of cases) {
    const run = timeInProcess(() => retrograde(game), 3);
    const { moves, bytesPerPosition, table } = run.result;
    let draws = 0;
    const shift = table.code.BYTES_PER_ELEMENT * 8 - 2;
    for (let p = 0; p < game.size; p++) if (table.code[p] >>> shift === 3) draws++;
    rows.push([
      label,
      parents,
      game.size,
      moves,
      `${(draws / game.size).toFixed(3)}`,
      run.ms,
      (moves / run.ms) * 1000,
      bytesPerPosition.toFixed(1),
      table.code.BYTES_PER_ELEMENT,
    ]);
  }
  printTable(
    'retrograde analysis throughput (median of 3 runs; moves are counted forward and walked backwards once each)',
    [
      'game',
      'parents from',
      'positions',
      'moves',
      'draw share',
      'ms',
      'moves/s',
      'bytes/position',
      'value bytes',
    ],
    rows,
  );
  console.log(`\ntargets\n${verdicts.join('\n')}`);
}
