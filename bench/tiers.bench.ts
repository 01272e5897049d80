/**
 * The tier solver at scale, as a user runs it (`yomi solve`, whole process):
 *
 * 1. Dodgem 5×5 (240,060,402 positions in 25 tiers) on 1 and on 2 threads,
 *    against a hand-written single-threaded C++ retrograde solver of the same
 *    perfect hash (bench/cpp/dodgem.cpp, one queue, no tiers) compiled in the
 *    same run: wall and CPU time, peak memory, positions/s, bytes/position,
 *    the speed-up from 1 to 2 threads, and the answers compared. Targets:
 *    ≤ 4 minutes and ≤ 1 GB on 2 threads, speed-up ≥ 1.7×.
 * 2. Dobutsu shogi from scratch on 2 threads into a tier directory, then
 *    `yomi analyze --db` on it: the reachable positions checked against
 *    Tanaka's count (246,803,167), the start's value (a second-player win in
 *    78 plies). Targets: ≤ 15 minutes, ≤ 4 GB. `--no-dobutsu` skips it.
 *
 * Each solve runs once (they take minutes): on a busy machine, read the CPU
 * times beside the wall times.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileCpp, fmt, printTable, ROOT, timeProcess } from './lib.js';

const YOMI = join(ROOT, 'bin/yomi.js');
const DODGEM_POSITIONS = 240_060_402;
const TANAKA_REACHABLE = 246_803_167;

function yomi(args: string[]) {
  return timeProcess(process.execPath, [YOMI, ...args]);
}

const seconds = (ms: number) => ms / 1000;
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

function dodgem(): void {
  const peer = timeProcess(compileCpp('dodgem'), ['5']);
  const one = yomi(['solve', 'dodgem(size=5)', '--threads', '1']);
  const two = yomi(['solve', 'dodgem(size=5)', '--threads', '2']);
  const peerStart = peer.stdout.split('\n')[0];
  const rows = [
    ['C++ retrograde, 1 thread', peer],
    ['yomi tiers, 1 thread', one],
    ['yomi tiers, 2 threads', two],
  ] as const;
  printTable(
    `Dodgem 5×5: ${DODGEM_POSITIONS.toLocaleString('en-US')} positions, start: yomi ${one.stdout.trim()} / ${two.stdout.trim()}, C++ ${peerStart}`,
    ['solver', 'wall s', 'CPU s', 'peak MB', 'positions/s', 'bytes/position', 'wall vs C++'],
    rows.map(([name, run]) => [
      name,
      seconds(run.ms),
      run.cpuSeconds ?? Number.NaN,
      run.peakMb ?? Number.NaN,
      DODGEM_POSITIONS / seconds(run.ms),
      ((run.peakMb ?? Number.NaN) * 2 ** 20) / DODGEM_POSITIONS,
      `${(run.ms / peer.ms).toFixed(2)}×`,
    ]),
  );
  console.log(peer.stdout.split('\n')[1]);
  if (one.stdout.trim() !== peerStart || two.stdout.trim() !== peerStart) {
    throw new Error(
      `Dodgem 5×5: yomi says ${one.stdout.trim()} / ${two.stdout.trim()}, the C++ solver ${peerStart}`,
    );
  }
  const speedUp = one.ms / two.ms;
  console.log(
    `targets on 2 threads: ${fmt(seconds(two.ms))} s ≤ 240 s ${verdict(two.ms <= 240_000)}; ` +
      `${fmt(two.peakMb ?? Number.NaN)} MB ≤ 1,024 MB ${verdict((two.peakMb ?? Infinity) <= 1024)}; ` +
      `speed-up ${speedUp.toFixed(2)}× ≥ 1.7× ${verdict(speedUp >= 1.7)} ` +
      `(CPU ${fmt(one.cpuSeconds ?? Number.NaN)} s on 1 thread, ${fmt(two.cpuSeconds ?? Number.NaN)} s on 2)`,
  );
}

function dobutsu(): void {
  const dir = mkdtempSync(join(tmpdir(), 'yomi-dobutsu-'));
  try {
    const solve = yomi(['solve', 'dobutsu', '--threads', '2', '--save', join(dir, 'tiers')]);
    const analysis = yomi(['analyze', '--db', join(dir, 'tiers')]);
    const line = (name: string) => new RegExp(`^${name} +(.*)$`, 'm').exec(analysis.stdout)?.[1] ?? '?';
    const reachable = Number(
      /^([\d,]+) positions/.exec(line('reachable'))?.[1].replaceAll(',', '') ?? Number.NaN,
    );
    printTable(
      'Dobutsu shogi from scratch, 2 threads, tiers kept in a directory',
      ['run', 'wall s', 'CPU s', 'peak MB', 'answer'],
      [
        [
          'yomi solve dobutsu --save',
          seconds(solve.ms),
          solve.cpuSeconds ?? Number.NaN,
          solve.peakMb ?? Number.NaN,
          solve.stdout.trim(),
        ],
        [
          'yomi analyze --db',
          seconds(analysis.ms),
          analysis.cpuSeconds ?? Number.NaN,
          analysis.peakMb ?? Number.NaN,
          line('value'),
        ],
      ],
    );
    for (const name of ['reachable', 'values', 'longest']) console.log(`${name.padEnd(10)} ${line(name)}`);
    console.log(
      `reachable positions ${reachable.toLocaleString('en-US')} (Tanaka 2009: ${TANAKA_REACHABLE.toLocaleString('en-US')}) ${reachable === TANAKA_REACHABLE ? 'agree' : 'DIFFER'}; ` +
        `targets: ${fmt(seconds(solve.ms))} s ≤ 900 s ${verdict(solve.ms <= 900_000)}; ` +
        `${fmt(solve.peakMb ?? Number.NaN)} MB ≤ 4,096 MB ${verdict((solve.peakMb ?? Infinity) <= 4096)}`,
    );
    console.log(
      'anchors: a single-threaded C solver took 25.5 min and 13.5 GB on this machine; gentb (C, 8 threads) under a minute',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export default function tiersBench(): void {
  dodgem();
  if (!process.argv.includes('--no-dobutsu')) dobutsu();
}
