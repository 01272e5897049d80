/**
 * Grundy values of heap games: yomi against the same loops hand-written in
 * C++ (bench/cpp/grundy.cpp, g++ -O2). Kayles and Dawson's Kayles to 10^6
 * (computed until the periodicity theorem proves the period, the rest copied
 * from it), the octal game 0.6 and Grundy's game to 5×10^4 by direct
 * computation (quadratic), and a subtraction game with |S| = 100 to 10^7.
 * Per task: in-process times (median), their ratio, whole-process times and
 * peak memory of both; both must produce the same values (a hash of G(0) … G(n))
 * and the same period. Target: ratio ≤ 3.
 */

import { compileCpp, dist, median, printTable, timeInProcess, timeProcess } from './lib.js';

const octal = (await import(dist('games/octal.js'))) as typeof import('../src/games/octal.js');
const subtraction = (await import(
  dist('games/subtraction.js')
)) as typeof import('../src/games/subtraction.js');
const grundys = (await import(
  dist('games/grundys-game.js')
)) as typeof import('../src/games/grundys-game.js');

interface Task {
  label: string;
  n: number;
  /** The C++ program's arguments. */
  cpp: string[];
  /** The same computation in this process: the values and the period. */
  yomi: () => { values: Int32Array; period?: { start: number; length: number } };
  /** The same as a script for a separate node process (for its whole time and peak memory). */
  script: string;
  runs: number;
}

/** 100 distinct amounts in 1 … 1000 from a fixed linear congruential sequence. */
function amounts(): number[] {
  const set = new Set<number>();
  let x = 12345;
  while (set.size < 100) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    set.add(1 + (x % 1000));
  }
  return [...set].sort((a, b) => a - b);
}

function octalTask(code: string, name: string, n: number, runs: number): Task {
  return {
    label: `${name} (${code})`,
    n,
    cpp: ['octal', code, String(n)],
    yomi: () => octal.octalValues(octal.parseOctalCode(code), n),
    script: `const m = await import(${JSON.stringify(dist('games/octal.js'))}); m.octalValues(m.parseOctalCode('${code}'), ${n});`,
    runs,
  };
}

const S = amounts();
const TASKS: Task[] = [
  octalTask('0.77', 'Kayles', 1_000_000, 7),
  octalTask('0.07', "Dawson's Kayles", 1_000_000, 7),
  octalTask('0.6', 'octal 0.6', 50_000, 3),
  {
    label: "Grundy's game",
    n: 50_000,
    cpp: ['grundys-game', '50000'],
    yomi: () => ({ values: grundys.grundysGameValues(50_000) }),
    script: `const m = await import(${JSON.stringify(dist('games/grundys-game.js'))}); m.grundysGameValues(50000);`,
    runs: 3,
  },
  {
    label: 'subtraction, |S| = 100, S ⊂ 1…1000',
    n: 10_000_000,
    cpp: ['subtraction', '10000000', ...S.map(String)],
    yomi: () => subtraction.subtractionFamily(S).values(10_000_000),
    script: `const m = await import(${JSON.stringify(dist('games/subtraction.js'))}); m.subtractionFamily(${JSON.stringify(S)}).values(10000000);`,
    runs: 3,
  },
];

function hash(values: Int32Array): number {
  let h = 0;
  for (let i = 0; i < values.length; i++) h = (Math.imul(h, 31) + values[i]) >>> 0;
  return h;
}

export default async function grundy(): Promise<void> {
  const bin = compileCpp('grundy');
  const rows: (string | number)[][] = [];
  const verdicts: string[] = [];
  for (const task of TASKS) {
    const yomi = timeInProcess(task.yomi, task.runs);
    const cppRuns = Array.from({ length: task.runs }, () => timeProcess(bin, task.cpp));
    const period = yomi.result.period;
    const mine = `hash ${hash(yomi.result.values)} period ${period?.length ?? 0} from ${period?.start ?? -1}\n`;
    if (mine !== cppRuns[0].stdout) {
      throw new Error(
        `${task.label}: yomi computed ${JSON.stringify(mine)}, C++ ${JSON.stringify(cppRuns[0].stdout)}`,
      );
    }
    const yomiProcess = timeProcess(process.execPath, ['--input-type=module', '-e', task.script]);
    const cppIn = median(cppRuns.map((r) => Number(/in-process ms: ([\d.]+)/.exec(r.stderr)?.[1])));
    const ratio = yomi.ms / cppIn;
    rows.push([
      task.label,
      task.n.toLocaleString('en-US'),
      period ? `${period.length} from ${period.start}` : 'none',
      yomi.ms,
      cppIn,
      `${ratio.toFixed(2)}×`,
      yomiProcess.ms,
      median(cppRuns.map((r) => r.ms)),
      yomiProcess.peakMb ?? Number.NaN,
      cppRuns[0].peakMb ?? Number.NaN,
    ]);
    verdicts.push(
      `  ${ratio <= 3 ? 'met    ' : 'MISSED '} ${task.label}: in-process ratio ${ratio.toFixed(2)} ≤ 3`,
    );
  }
  printTable(
    'Grundy values G(0) … G(n): yomi vs C++ (g++ -O2), same loops; times in ms (in-process: median)',
    [
      'task',
      'n',
      'period',
      'yomi in-process',
      'C++ in-process',
      'ratio',
      'yomi (process)',
      'C++ (process)',
      'yomi peak MB',
      'C++ peak MB',
    ],
    rows,
  );
  console.log(`\ntargets\n${verdicts.join('\n')}`);
}
