/**
 * Generalized Sprague–Grundy values of loopy impartial games: yomi's
 * Fraenkel algorithm (src/solvers/gsg.ts) against the same algorithm
 * hand-written in C++ (bench/cpp/gsg.cpp, g++ -O2), on one component of 10^7
 * positions with cycles:
 *
 * 1. a random loopy graph (up to 4 moves per position, 90% of them down by
 *    1 … 64, 10% up; its children in compressed sparse rows built before the
 *    clock starts, no parents(): both build the reverse graph while timed);
 * 2. the subtraction game modulo 10^7 with the set {2, 3, 5, 7} (its parents
 *    from the rules in yomi, a reverse graph in C++).
 *
 * Both must give the same values (a hash, the number of ∞, the levels).
 * Target: each valued in ≤ 60 s; the in-process ratio to C++ is printed.
 */

import { compileCpp, dist, median, printTable, timeInProcess, timeProcess } from './lib.js';

const { gsgValues } = (await import(dist('solvers/gsg.js'))) as typeof import('../src/solvers/gsg.js');
const { subtractionModBoard } = (await import(
  dist('games/subtraction-mod.js')
)) as typeof import('../src/games/subtraction-mod.js');
type IndexedGame = import('../src/core/game.js').IndexedGame;

const N = 10_000_000;
const SET = [2, 3, 5, 7];

function mix(x: number): number {
  let y = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  y = Math.imul(y ^ (y >>> 15), 0x846ca68b);
  return (y ^ (y >>> 16)) >>> 0;
}

/** The random loopy graph of bench/cpp/gsg.cpp, as an indexed game over compressed sparse rows. */
function randomGraph(n: number): IndexedGame {
  const from = new Int32Array(n + 1);
  const to = new Int32Array(4 * n);
  let m = 0;
  for (let p = 0; p < n; p++) {
    const h = mix(p + 1);
    const deg = h & 3 ? 1 + (h % 4) : 0;
    for (let i = 0; i < deg; i++) {
      const r = mix(h + i * 7919);
      const c = r % 1000 < 100 ? p + 1 + ((r >>> 10) % 64) : p - 1 - ((r >>> 10) % 64);
      if (c >= 0 && c < n) to[m++] = c;
    }
    from[p + 1] = m;
  }
  return {
    kind: 'indexed',
    id: 'random loopy graph',
    size: n,
    start: 0,
    maxMoves: 4,
    children(p, out) {
      const start = from[p];
      const k = from[p + 1] - start;
      for (let i = 0; i < k; i++) out[i] = to[start + i];
      return k;
    },
    primitive: () => -1,
  };
}

function summary(value: Int32Array, levels: number): string {
  let hash = 0;
  let infinite = 0;
  for (let i = 0; i < value.length; i++) {
    hash = (Math.imul(hash, 31) + value[i]) >>> 0;
    if (value[i] === -1) infinite++;
  }
  return `hash ${hash} infinite ${infinite} levels ${levels}\n`;
}

export default async function gsg(): Promise<void> {
  const bin = compileCpp('gsg');
  const tasks = [
    { label: 'random loopy graph, no parents()', game: randomGraph(N), cpp: ['random', String(N)] },
    {
      label: `subtraction-mod(n=10^7,set=${SET.join(' ')})`,
      game: subtractionModBoard(N, SET).component,
      cpp: ['subtraction-mod', String(N), ...SET.map(String)],
    },
  ];
  const rows: (string | number)[][] = [];
  const verdicts: string[] = [];
  for (const task of tasks) {
    const yomi = timeInProcess(() => gsgValues(task.game), 1);
    const mine = summary(yomi.result.value, yomi.result.levels);
    const cpp = timeProcess(bin, task.cpp);
    if (mine !== cpp.stdout) {
      throw new Error(
        `${task.label}: yomi computed ${JSON.stringify(mine)}, C++ ${JSON.stringify(cpp.stdout)}`,
      );
    }
    const cppIn = median([Number(/in-process ms: ([\d.]+)/.exec(cpp.stderr)?.[1])]);
    const infinite = Number(/infinite (\d+)/.exec(mine)?.[1]);
    rows.push([
      task.label,
      N.toLocaleString('en-US'),
      yomi.result.levels,
      infinite.toLocaleString('en-US'),
      yomi.ms / 1000,
      cppIn / 1000,
      `${(yomi.ms / cppIn).toFixed(2)}×`,
      yomi.result.bytesPerPosition,
    ]);
    verdicts.push(
      `  ${yomi.ms <= 60_000 ? 'met    ' : 'MISSED '} ${task.label}: ${(yomi.ms / 1000).toFixed(1)} s ≤ 60 s`,
    );
  }
  printTable(
    'GSG values of one component of 10^7 positions with cycles: yomi vs C++ (g++ -O2), same algorithm',
    ['task', 'positions', 'levels', '∞', 'yomi s', 'C++ s', 'ratio', 'yomi bytes/position'],
    rows,
  );
  console.log(`\ntargets\n${verdicts.join('\n')}`);
}
