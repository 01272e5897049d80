/**
 * The foundation benchmark: yomi against hand-written contest-style C++ on
 * abc201d, edpc-k, edpc-l (the sweep) and jag2015-d (retrograde analysis) at
 * their maximum constraints (deterministic inputs, written once to
 * bench/out/), all in the same run. Per problem: yomi's in-process time (input
 * text in memory → answer lines: parse + solve, median of several runs, in a
 * process of its own — bench/in-process.ts), the C++ program's own parse +
 * solve time, their ratio (wall and CPU), whole-process times of `yomi solve`
 * and of the C++ program, and yomi's peak memory. Both must print the same
 * answers. Then start-up: whole `yomi solve tic-tac-toe` and `yomi --version`
 * against `node -e 0`. The targets are checked at the end.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH, compileCpp, median, outFile, printTable, ROOT, random, timeProcess } from './lib.js';
import { jagInput } from './retrograde.bench.js';

const RUNS = 7;
const YOMI = join(ROOT, 'bin/yomi.js');

interface Problem {
  id: string;
  label: string;
  /** The input at the maximum constraints. */
  make(): string;
  /** The in-process ratio this problem must stay within. */
  target: number;
}

const PROBLEMS: Problem[] = [
  {
    id: 'abc201d',
    label: '2000×2000 random grid',
    target: 2,
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
    target: 2,
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
    target: 2,
    make() {
      const rnd = random(12);
      const a = Array.from({ length: 3000 }, () => 1 + Math.floor(rnd() * 1e9));
      return `3000\n${a.join(' ')}\n`;
    },
  },
  {
    id: 'jag2015-d',
    label: '4 × 500×500 (Σ H·W = 10^6)',
    target: 2,
    make: jagInput,
  },
];

function inputFile(p: Problem): string {
  const file = outFile(`${p.id}.max.in`);
  if (!existsSync(file)) writeFileSync(file, p.make());
  return file;
}

/** yomi's in-process time on one problem, measured in a process of its own (bench/in-process.ts). */
function yomiInProcess(id: string, file: string): { ms: number; cpuMs: number; result: string } {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(BENCH, 'in-process.ts'), id, file, String(RUNS)],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  if (r.status !== 0) throw new Error(`bench/in-process.ts ${id} failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** The C++ program's own parse + solve time: wall and CPU, in ms. */
function cppInProcess(stderr: string): { ms: number; cpuMs: number } {
  const m = /in-process ms: ([\d.]+) cpu ms: ([\d.]+)/.exec(stderr);
  if (!m) throw new Error(`the C++ program did not report its time: ${stderr}`);
  return { ms: Number(m[1]), cpuMs: Number(m[2]) };
}

function target(text: string, met: boolean): string {
  return `  ${met ? 'met    ' : 'MISSED '} ${text}`;
}

/** The problems against C++; returns the verdicts. */
function problems(): string[] {
  const rows: (string | number)[][] = [];
  const verdicts: string[] = [];
  for (const p of PROBLEMS) {
    const file = inputFile(p);
    const bin = compileCpp(p.id);
    const yomi = yomiInProcess(p.id, file);
    const yomiRuns = Array.from({ length: RUNS }, () =>
      timeProcess(process.execPath, [YOMI, 'solve', p.id, file]),
    );
    const cppRuns = Array.from({ length: RUNS }, () => timeProcess(bin, [], file));
    const expected = cppRuns[0].stdout;
    for (const [who, out] of [
      ['yomi in-process', yomi.result],
      ['yomi solve', yomiRuns[0].stdout],
    ]) {
      if (out !== expected) {
        throw new Error(
          `${p.id}: answers differ — ${who} printed ${JSON.stringify(out)}, C++ ${JSON.stringify(expected)}`,
        );
      }
    }
    const cppTimes = cppRuns.map((r) => cppInProcess(r.stderr));
    const cppIn = median(cppTimes.map((t) => t.ms));
    const cppCpu = median(cppTimes.map((t) => t.cpuMs));
    const yomiWhole = median(yomiRuns.map((r) => r.ms));
    const yomiBest = Math.min(...yomiRuns.map((r) => r.ms));
    const peak = Math.max(...yomiRuns.map((r) => r.peakMb ?? Number.NaN));
    const ratio = yomi.ms / cppIn;
    rows.push([
      p.id,
      p.label,
      yomi.result.trim().replace(/\n/g, ' '),
      yomi.ms,
      cppIn,
      `${ratio.toFixed(2)}×`,
      yomi.cpuMs,
      cppCpu,
      `${(yomi.cpuMs / cppCpu).toFixed(2)}×`,
      `${yomiBest.toFixed(0)} / ${yomiWhole.toFixed(0)}`,
      median(cppRuns.map((r) => r.ms)),
      peak,
    ]);
    verdicts.push(target(`${p.id}: in-process ratio ${ratio.toFixed(2)} ≤ ${p.target}`, ratio <= p.target));
    verdicts.push(target(`${p.id}: peak memory ${peak.toFixed(0)} MB < 150 MB`, peak < 150));
    if (p.id === 'abc201d') {
      verdicts.push(
        target(`abc201d: whole-process yomi solve ${yomiWhole.toFixed(0)} ms ≤ 120 ms`, yomiWhole <= 120),
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
      'yomi solve (process, best / median)',
      'C++ (process)',
      'yomi peak MB',
    ],
    rows,
  );
  return verdicts;
}

/** Whole-process start-up against Node's own; returns the verdicts. */
function startUp(): string[] {
  const commands: [string, string[]][] = [
    ['node -e 0', ['-e', '0']],
    ['yomi --version', [YOMI, '--version']],
    ['yomi solve tic-tac-toe', [YOMI, 'solve', 'tic-tac-toe']],
  ];
  // The commands in turns, so that a moment of load falls on all of them alike.
  const runs = commands.map((): number[] => []);
  for (let r = 0; r < RUNS; r++) {
    commands.forEach(([, args], i) => {
      runs[i].push(timeProcess(process.execPath, args).ms);
    });
  }
  printTable(
    `start-up: whole processes, ms, best and median of ${RUNS} runs`,
    ['command', 'best', 'median'],
    commands.map(([name], i) => [name, Math.min(...runs[i]), median(runs[i])]),
  );
  const ticTacToe = median(runs[2]);
  return [
    target(`yomi solve tic-tac-toe: whole process ${ticTacToe.toFixed(0)} ms ≤ 80 ms`, ticTacToe <= 80),
  ];
}

export default async function foundation(): Promise<void> {
  const verdicts = [...problems(), ...startUp()];
  console.log(`\ntargets\n${verdicts.join('\n')}`);
}
