/**
 * Benchmark helpers shared by every bench/*.bench.ts: compile a C++ peer with
 * g++ -O2, time a whole process (wall time and peak memory), time a function
 * in this process, and print aligned tables of results.
 */

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { seededRandom } from '../src/core/random.js';

export const BENCH = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(BENCH, '..');
export const BUILD = join(BENCH, 'build');
export const OUT = join(BENCH, 'out');

/** A file in bench/out/ (generated inputs), the folder made if it is missing. */
export function outFile(name: string): string {
  mkdirSync(OUT, { recursive: true });
  return join(OUT, name);
}

/** Compiles bench/cpp/<name>.cpp with g++ -O2 (once, unless the source changed); returns the binary's path. */
export function compileCpp(name: string): string {
  mkdirSync(BUILD, { recursive: true });
  const src = join(BENCH, 'cpp', `${name}.cpp`);
  const bin = join(BUILD, name);
  if (!existsSync(bin) || statSync(bin).mtimeMs < statSync(src).mtimeMs) {
    execFileSync('g++', ['-O2', '-std=c++17', '-o', bin, src], { stdio: 'inherit' });
  }
  return bin;
}

export interface ProcessRun {
  ms: number;
  /** Peak resident memory in MB, when GNU time is available. */
  peakMb?: number;
  /** CPU seconds (user + system) of the process and its threads, when GNU time is available. */
  cpuSeconds?: number;
  stdout: string;
  stderr: string;
}

const GNU_TIME = '/usr/bin/time';

/** Runs a whole process with `inputFile` on stdin; wall time, peak memory, CPU time and output. */
export function timeProcess(cmd: string, args: string[], inputFile?: string): ProcessRun {
  const input = inputFile ? readFileSync(inputFile) : undefined;
  const withTime = existsSync(GNU_TIME);
  const started = performance.now();
  const r = withTime
    ? spawnSync(GNU_TIME, ['-f', '@@peak %M %U %S', cmd, ...args], { input, maxBuffer: 1 << 28 })
    : spawnSync(cmd, args, { input, maxBuffer: 1 << 28 });
  const ms = performance.now() - started;
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr.toString().slice(0, 500)}`);
  }
  let stderr = r.stderr.toString();
  let peakMb: number | undefined;
  let cpuSeconds: number | undefined;
  const m = /@@peak (\d+) ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
  if (m) {
    peakMb = Number(m[1]) / 1024;
    cpuSeconds = Number(m[2]) + Number(m[3]);
    stderr = stderr.slice(0, m.index);
  }
  return { ms, peakMb, cpuSeconds, stdout: r.stdout.toString(), stderr };
}

/**
 * The median wall time of `fn` over `runs` runs (after one warm-up run, unless
 * `warmUp` is false: a run of minutes), in ms, the median CPU time of this
 * process over the same runs (less sensitive to a busy machine), and the last result.
 */
export function timeInProcess<T>(
  fn: () => T,
  runs = 5,
  warmUp = true,
): { ms: number; cpuMs: number; result: T } {
  if (warmUp) fn();
  const times: number[] = [];
  const cpu: number[] = [];
  let result = timed(fn, times, cpu);
  for (let i = 1; i < runs; i++) result = timed(fn, times, cpu);
  return { ms: median(times), cpuMs: median(cpu), result };
}

/** Runs `fn` once, its wall and CPU ms pushed onto `times` and `cpu`. */
function timed<T>(fn: () => T, times: number[], cpu: number[]): T {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const result = fn();
  const used = process.cpuUsage(cpuStarted);
  times.push(performance.now() - started);
  cpu.push((used.user + used.system) / 1000);
  return result;
}

/** The same median for a process-level measurement repeated `runs` times. */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export function printTable(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? fmt(c) : c)))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? '').length)));
  const line = (r: (string | number)[]) => r.map((c, i) => String(c).padStart(widths[i])).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

/** Numbers for tables: 3 significant digits, integers with separators. */
export function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 1000) return Math.round(n).toLocaleString('en-US');
  return n.toPrecision(3);
}

/**
 * The URL of a module of the built library (`npm run bench` builds first): benchmarks time the code that
 * `yomi solve` runs, compiled by tsc, not the sources.
 */
export const dist = (path: string): string => pathToFileURL(join(ROOT, 'dist', path)).href;

/** A seeded generator of floats in [0, 1), so every run and machine sees the same benchmark inputs. */
export function random(seed: number): () => number {
  return seededRandom(seed).next;
}
