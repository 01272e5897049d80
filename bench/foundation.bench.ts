/**
 * The foundation benchmark: yomi against hand-written contest-style C++ on
 * abc201d, edpc-k and edpc-l at their maximum constraints (deterministic
 * inputs, written once to bench/out/). Per problem: yomi's in-process time
 * (input text in memory → answer line: parse + solve, median of several
 * runs), the C++ program's own parse + solve time, their ratio, whole-process
 * times of `yomi solve` and of the C++ program, and yomi's peak memory. Both
 * must print the same answer. The targets (in-process ratio ≤ 3 for the
 * sweep problems, whole-process `yomi solve abc201d` ≤ 250 ms, peak memory
 * < 150 MB) are checked at the end.
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  compileCpp,
  dist,
  median,
  OUT,
  printTable,
  ROOT,
  random,
  timeInProcess,
  timeProcess,
} from './lib.js';

const { findGame } = (await import(dist('games/registry.js'))) as typeof import('../src/games/registry.js');
const { solve } = (await import(dist('solvers/index.js'))) as typeof import('../src/solvers/index.js');

const RUNS = 5;

interface Problem {
  id: string;
  label: string;
  /** The input at the maximum constraints. */
  make(): string;
  /** Uses the sweep, so the in-process ratio target applies. */
  sweep: boolean;
}

const PROBLEMS: Problem[] = [
  {
    id: 'abc201d',
    label: '2000×2000 random grid',
    sweep: true,
    make() {
      const rnd = random(201);
      const rows: string[] = [];
      for (let i = 0; i < 2000; i++) {
        let row = '';
        for (let j = 0; j < 2000; j++) row += rnd() < 0.5 ? '+' : '-';
        rows.push(row);
      }
      return `2000 2000\n${rows.join('\n')}\n`;
    },
  },
  {
    id: 'edpc-k',
    label: 'N=100, K=10^5, a_i ≤ 1000',
    sweep: true,
    make() {
      // Small amounts, so nearly every pile has all 100 moves (≈10^7 moves in all).
      const rnd = random(11);
      const set = new Set<number>();
      while (set.size < 100) set.add(1 + Math.floor(rnd() * 1000));
      return `100 100000\n${[...set].sort((a, b) => a - b).join(' ')}\n`;
    },
  },
  {
    id: 'edpc-l',
    label: 'N=3000, a_i ≤ 10^9',
    sweep: true,
    make() {
      const rnd = random(12);
      const a = Array.from({ length: 3000 }, () => 1 + Math.floor(rnd() * 1e9));
      return `3000\n${a.join(' ')}\n`;
    },
  },
];

function inputFile(p: Problem): string {
  mkdirSync(OUT, { recursive: true });
  const file = join(OUT, `${p.id}.max.in`);
  if (!existsSync(file)) writeFileSync(file, p.make());
  return file;
}

/** yomi in this process: text → games → solve → answer lines. */
function yomiAnswer(id: string, text: string): string {
  const def = findGame(id);
  const lines = def.load({}, text).map((game) => {
    const solution = solve(game);
    return def.answer(solution.value(solution.game.start), game);
  });
  return `${lines.join('\n')}\n`;
}

/** The C++ program's own parse + solve time: wall and CPU, in ms. */
function cppInProcess(stderr: string): { ms: number; cpuMs: number } {
  const m = /in-process ms: ([\d.]+) cpu ms: ([\d.]+)/.exec(stderr);
  if (!m) throw new Error(`the C++ program did not report its time: ${stderr}`);
  return { ms: Number(m[1]), cpuMs: Number(m[2]) };
}

export default async function foundation(): Promise<void> {
  const rows: (string | number)[][] = [];
  const verdicts: string[] = [];
  for (const p of PROBLEMS) {
    const file = inputFile(p);
    const text = readFileSync(file, 'utf8');
    const bin = compileCpp(p.id);

    const yomi = timeInProcess(() => yomiAnswer(p.id, text), RUNS);
    const yomiRuns = Array.from({ length: RUNS }, () =>
      timeProcess(process.execPath, [join(ROOT, 'bin/yomi.js'), 'solve', p.id, file]),
    );
    const cppRuns = Array.from({ length: RUNS }, () => timeProcess(bin, [], file));
    for (const [who, out] of [
      ['yomi in-process', yomi.result],
      ['yomi solve', yomiRuns[0].stdout],
      ['C++', cppRuns[0].stdout],
    ]) {
      if (out !== cppRuns[0].stdout || out !== yomi.result) {
        throw new Error(
          `${p.id}: answers differ — ${who} printed ${JSON.stringify(out)}, C++ ${JSON.stringify(cppRuns[0].stdout)}, yomi in-process ${JSON.stringify(yomi.result)}`,
        );
      }
    }
    const cppTimes = cppRuns.map((r) => cppInProcess(r.stderr));
    const cppIn = median(cppTimes.map((t) => t.ms));
    const cppCpu = median(cppTimes.map((t) => t.cpuMs));
    const yomiWhole = median(yomiRuns.map((r) => r.ms));
    const cppWhole = median(cppRuns.map((r) => r.ms));
    const peak = Math.max(...yomiRuns.map((r) => r.peakMb ?? Number.NaN));
    const ratio = yomi.ms / cppIn;
    rows.push([
      p.id,
      p.label,
      yomi.result.trim(),
      yomi.ms,
      cppIn,
      `${ratio.toFixed(2)}×`,
      yomi.cpuMs,
      cppCpu,
      `${(yomi.cpuMs / cppCpu).toFixed(2)}×`,
      yomiWhole,
      cppWhole,
      peak,
    ]);
    if (p.sweep) verdicts.push(target(`${p.id}: in-process ratio ${ratio.toFixed(2)} ≤ 3`, ratio <= 3));
    verdicts.push(target(`${p.id}: peak memory ${peak.toFixed(0)} MB < 150 MB`, peak < 150));
    if (p.id === 'abc201d') {
      verdicts.push(
        target(`abc201d: whole-process yomi solve ${yomiWhole.toFixed(0)} ms ≤ 250 ms`, yomiWhole <= 250),
      );
    }
  }
  printTable(
    `yomi vs C++ (g++ -O2) at the maximum constraints; times in ms, median of ${RUNS} runs (in-process: wall time, and the CPU time the process used, which a busy machine inflates less)`,
    [
      'problem',
      'input',
      'answer',
      'yomi in-process',
      'C++ in-process',
      'ratio',
      'yomi CPU',
      'C++ CPU',
      'CPU ratio',
      'yomi solve (process)',
      'C++ (process)',
      'yomi peak MB',
    ],
    rows,
  );
  console.log(`\ntargets\n${verdicts.join('\n')}`);
}

function target(text: string, met: boolean): string {
  return `  ${met ? 'met    ' : 'MISSED '} ${text}`;
}
