/**
 * Kalah solved from scratch with endgame databases (`npm run bench -- kalah`):
 * for each board, a fresh `yomi solve 'kalah(pits=P,seeds=S)' --db DIR
 * --db-upto N` as a whole process (the databases built on every core, then
 * the search), wall and CPU time, peak memory and the value; then, on the
 * databases just built, the search alone in this process (nodes, time).
 *
 * With YOMI_KALAH_IRVING set to a local copy of Geoffrey Irving's Kalah
 * solver (the repository's root: rules.c, generator.c, kalah.cilk …), the
 * same boards by his program in the same run: built here for each number of
 * pits (params.h's PITS set on a copy; gcc -O3 as its Makefile asks, without
 * the Apple-only -fnested-functions and with -fgnu89-inline, which modern gcc
 * needs for its extern inline functions), its database of up to N stones
 * built by `generator` (4 bits an entry), then `kalah-s -t 26 -e N s S`.
 * Ratios are yomi's time over his, whole run against whole run.
 *
 * `--full` adds Kalah(4,5), (4,6), (5,6) and (6,5) (databases of up to 24
 * seeds; hours);
 * `--board P,S` runs that board alone.
 */

import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dist, fmt, outFile, printTable, ROOT, timeProcess } from './lib.js';

const { Kalah } = (await import(dist('games/kalah.js'))) as typeof import('../src/games/kalah.js');
const { openEndgames } = (await import(
  dist('host/endgame-search.js')
)) as typeof import('../src/host/endgame-search.js');
const { alphaBeta } = (await import(
  dist('solvers/alphabeta.js')
)) as typeof import('../src/solvers/alphabeta.js');

/** A board, the seeds its databases go up to, and the published margin (Irving, Donkers and Uiterwijk 2000). */
interface Board {
  pits: number;
  seeds: number;
  upto: number;
  published?: number;
}

const BOARDS: Board[] = [
  { pits: 5, seeds: 4, upto: 18, published: 12 },
  { pits: 5, seeds: 5, upto: 22 },
  { pits: 6, seeds: 3, upto: 18, published: 2 },
  { pits: 6, seeds: 4, upto: 22, published: 10 },
];
const FULL: Board[] = [
  { pits: 4, seeds: 5, upto: 30 },
  { pits: 4, seeds: 6, upto: 36 },
  { pits: 5, seeds: 6, upto: 26 },
  { pits: 6, seeds: 5, upto: 24, published: 12 },
];

const IRVING = process.env.YOMI_KALAH_IRVING;
const YOMI = join(ROOT, 'bin', 'yomi.js');

interface Run {
  value: string;
  wallS: number;
  cpuS?: number;
  peakMb?: number;
  searchS?: number;
  nodes?: number;
}

/** yomi from scratch as a whole process, then its search alone on the databases it built. */
function yomi(b: Board): Run {
  const dir = outFile(`kalah-${b.pits}-${b.upto}`);
  rmSync(dir, { recursive: true, force: true });
  const spec = `kalah(pits=${b.pits},seeds=${b.seeds})`;
  const r = timeProcess('node', [YOMI, 'solve', spec, '--db', dir, '--db-upto', String(b.upto), '--json']);
  const value = (JSON.parse(r.stdout) as { datasets: { value: { margin: number } }[] }).datasets[0].value
    .margin;
  const game = new Kalah(b.pits, b.seeds);
  const endgames = openEndgames(game.endgames, dir);
  const started = performance.now();
  const solution = alphaBeta(game, { endgames, tableBytes: 2 ** 30, deferStart: true });
  const bounds = solution.bounds(game.start);
  const searchS = (performance.now() - started) / 1000;
  if (bounds.lower !== value || bounds.upper !== value)
    throw new Error(`${spec}: the search alone gave ${bounds.lower}…${bounds.upper}`);
  return {
    value: `${value > 0 ? '+' : ''}${value}`,
    wallS: r.ms / 1000,
    cpuS: r.cpuSeconds,
    peakMb: r.peakMb,
    searchS,
    nodes: solution.stats.nodes,
  };
}

/** Irving's program for `pits` pits, built once into bench/out/. */
function irvingBinaries(source: string, pits: number): string {
  const dir = outFile(`irving-kalah-${pits}`);
  if (!existsSync(join(dir, 'kalah-s'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    cpSync(source, dir, { recursive: true });
    const params = join(dir, 'params.h');
    writeFileSync(params, readFileSync(params, 'utf8').replace(/^#define PITS \d+/m, `#define PITS ${pits}`));
    execFileSync('make', ['serial', 'CFLAGS=-O3 -funroll-loops -Wall -fgnu89-inline'], {
      cwd: dir,
      stdio: 'ignore',
    });
  }
  return dir;
}

/** Irving's program: its database of up to `upto` stones, then the search; both timed. */
function irving(source: string, b: Board): Run {
  const dir = irvingBinaries(source, b.pits);
  const db = join(dir, `endgame-${b.upto}.dat`);
  rmSync(db, { force: true });
  const commands = join(dir, `generator-${b.upto}.txt`);
  // 4 bits an entry, complete the table to `upto` stones, save and quit (without `q` it repeats its last command).
  writeFileSync(commands, `4\nc ${b.upto}\nq\n`);
  const gen = timeProcess(join(dir, 'generator'), [db], commands);
  const search = timeProcess(join(dir, 'kalah-s'), [
    '-v',
    '-t',
    '26',
    '-e',
    String(b.upto),
    '-E',
    db,
    's',
    String(b.seeds),
  ]);
  const move = /^Move: .* r (-?\d+),/m.exec(search.stdout);
  const nodes = /^Nodes searched:\s+(\d+)/m.exec(search.stdout);
  return {
    value: move ? `${Number(move[1]) > 0 ? '+' : ''}${move[1]}` : '?',
    wallS: (gen.ms + search.ms) / 1000,
    cpuS: (gen.cpuSeconds ?? 0) + (search.cpuSeconds ?? 0),
    peakMb: Math.max(gen.peakMb ?? 0, search.peakMb ?? 0),
    searchS: search.ms / 1000,
    nodes: nodes ? Number(nodes[1]) : undefined,
  };
}

export default function bench(): void {
  const all = process.argv.includes('--full') ? [...BOARDS, ...FULL] : BOARDS;
  const at = process.argv.indexOf('--board');
  const only = at >= 0 ? process.argv[at + 1] : undefined;
  const boards =
    only === undefined ? all : [...BOARDS, ...FULL].filter((b) => `${b.pits},${b.seeds}` === only);
  const rows: (string | number)[][] = [];
  const opt = (n: number | undefined) => (n === undefined ? '–' : fmt(n));
  for (const b of boards) {
    const name = `Kalah(${b.pits},${b.seeds}) ≤${b.upto}`;
    const y = yomi(b);
    rows.push([
      name,
      'yomi',
      y.value,
      fmt(y.wallS),
      opt(y.cpuS),
      opt(y.peakMb),
      opt(y.searchS),
      opt(y.nodes),
      '',
    ]);
    if (IRVING !== undefined) {
      const i = irving(IRVING, b);
      rows.push([
        name,
        'Irving',
        i.value,
        fmt(i.wallS),
        opt(i.cpuS),
        opt(i.peakMb),
        opt(i.searchS),
        opt(i.nodes),
        fmt(y.wallS / i.wallS),
      ]);
    }
    const published = b.published === undefined ? '' : ` (published: +${b.published})`;
    console.log(`${name}: yomi ${y.value} in ${fmt(y.wallS)} s${published}`);
  }
  printTable(
    `Kalah from scratch, databases included${IRVING === undefined ? ' (set YOMI_KALAH_IRVING to compare with Irving’s solver)' : ''}`,
    ['board', 'solver', 'value', 'wall s', 'CPU s', 'peak MB', 'search s', 'nodes', 'yomi/Irving'],
    rows,
  );
  console.log(
    'yomi counts every position its search enters (table and database hits included); Irving counts the positions he expands.',
  );
}
