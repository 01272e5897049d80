/**
 * `npm run bench -- playground`: the playground in Debian's chromium, longer
 * than the tests allow. (1) A whole game of every game in the picker against
 * the computer, every value and every reply checked against the library
 * (test/web/play-harness.ts). (2) 20 games of Connect Four 5×4 against the
 * computer, with how long the page took to show each position's values.
 * (3) 20 games of Connect Four 7×6 as the page plays it (the shipped book, a
 * search in the browser beyond it): the computer playing first and second,
 * the person at random in half the games and best moves in the other half,
 * every value and reply checked against the library with the same book;
 * how long the page took to show each position's values, by ply, and the
 * position the slowest wait ended at (its game and the columns played).
 * (4) With YOMI_KALAH_DB
 * naming a directory of Kalah's 6-pit endgame databases (`yomi solve
 * 'kalah(pits=6,seeds=4)' --db DIR --db-upto 28`): games of Kalah 6×4
 * against the computer, served from them as `yomi serve --db DIR` serves
 * them (positions answered ahead of time as far as the directory's scores
 * reach), with how long each reply took, by ply; the person's moves are
 * random, from seeds YOMI_BENCH_SEED (default 1) on, made at once or after
 * YOMI_BENCH_THINK_MS (a person thinking, while the server thinks ahead).
 */

import { shippedBookPath } from '../src/cli/books.js';
import type { Solution } from '../src/core/solution.js';
import { loadBook } from '../src/db/book-file.js';
import { type Connect4Game, connect4Definition } from '../src/games/connect4/index.js';
import { kalahDefinition } from '../src/games/kalah.js';
import { openGame } from '../src/games/open.js';
import { openSources } from '../src/server/db-sources.js';
import { DEFAULT_LIMITS } from '../src/server/endgame-source.js';
import { alphaBeta } from '../src/solvers/alphabeta.js';
import { solve } from '../src/solvers/index.js';
import { openPage, startPlayground } from '../test/web/browser.js';
import { playWholeGame } from '../test/web/play-harness.js';
import { ENTRIES } from '../web/src/entries.js';
import { openSession, viewSession } from '../web/src/model/play-session.js';
import { COMPUTER_PAUSE_MS } from '../web/src/model/player.js';
import { moveNames, replay } from '../web/src/model/session.js';
import { DEFAULT_STATE } from '../web/src/model/url.js';
import { median, printTable } from './lib.js';

const GAMES = 20;
/** Games of Kalah 6×4 from its databases, and how long the person thinks before each move. */
const KALAH_GAMES = Number(process.env.YOMI_BENCH_GAMES ?? 3);
const THINK_MS = Number(process.env.YOMI_BENCH_THINK_MS ?? 0);
const hashOf = (spec: string) => `#game=${encodeURIComponent(spec)}&vs=second`;

export default async function playground(): Promise<void> {
  const pg = await startPlayground();
  try {
    const rows: (string | number)[][] = [];
    for (const entry of ENTRIES.filter((e) => !e.needsBook)) {
      const state = { ...DEFAULT_STATE, game: entry.spec };
      const view = viewSession(state, openSession(state, ENTRIES));
      const solution = solve(view.source!);
      const { page, errors } = await openPage(pg, hashOf(entry.spec), 1280);
      const played = await playWholeGame(page, solution, 1, { timeout: 60_000, maxPlies: 200 });
      if (errors.length > 0) throw new Error(`${entry.key}: console errors: ${errors.join('; ')}`);
      rows.push([entry.key, played.plies, played.computerMoves, Math.round(Math.max(...played.waits))]);
      await page.context().close();
    }
    printTable(
      'every game, one whole game against the computer (all values and replies checked)',
      ['game', 'plies', 'computer moves', 'slowest wait ms'],
      rows,
    );

    const spec = 'connect4(width=5,height=4)';
    const solution = solve(openGame(spec, '\n').games[0]);
    const waits: number[] = [];
    const plies: number[] = [];
    const started = performance.now();
    for (let seed = 1; seed <= GAMES; seed++) {
      const { page } = await openPage(pg, hashOf(spec), 1280);
      const played = await playWholeGame(page, solution, seed, { timeout: 120_000 });
      waits.push(...played.waits);
      plies.push(played.plies);
      await page.context().close();
    }
    waits.sort((a, b) => a - b);
    printTable(
      `${spec}: ${GAMES} games against the computer`,
      ['games', 'plies (median)', 'wait median ms', 'wait max ms', 'total s'],
      [
        [
          GAMES,
          median(plies),
          Math.round(median(waits)),
          Math.round(waits[waits.length - 1]),
          Math.round((performance.now() - started) / 1000),
        ],
      ],
    );
    await connect4Live(pg);
  } finally {
    await pg.close();
  }
  const db = process.env.YOMI_KALAH_DB;
  if (db !== undefined) await kalahServed(db);
}

/** Connect Four 7×6 as the page plays it, against a person at random and a person playing best moves. */
export async function connect4Live(pg: Awaited<ReturnType<typeof startPlayground>>): Promise<void> {
  const spec = 'connect4(width=7,height=6)';
  const game = openGame(spec, '\n').games[0] as Connect4Game;
  const path = shippedBookPath(connect4Definition.book?.shipped(game) ?? '');
  if (path === undefined) throw new Error('connect4: no shipped 7×6 book');
  const { header, book } = loadBook(path);
  // The library's values, from the same book: what the page shows is checked against them.
  const solution = alphaBeta(game, {
    known: (p) => book.score(p),
    tableBytes: 512 * 2 ** 20,
    deferStart: true,
  }) as Solution<unknown, unknown>;
  // Waits for a position's values after the person's move, and for the computer's reply (which
  // includes the page's pause, counted from the person's move, so that people see the move come).
  const byPly = new Map<string, { values: number[]; replies: number[] }>();
  const bucket = (ply: number) =>
    ply <= header.plies
      ? `0–${header.plies}`
      : ply <= book.lines
        ? `${header.plies + 1}–${book.lines}`
        : ply <= 12
          ? `${book.lines + 1}–12`
          : '13 on';
  const all = { values: [] as number[], replies: [] as number[] };
  /** The slowest wait, and where: the game's seed, its moves and the ply the wait ended at. */
  let slowest = { ms: 0, kind: '', seed: 0, moves: [] as readonly number[], ply: 0 };
  const started = performance.now();
  for (let seed = 1; seed <= GAMES; seed++) {
    const computer = seed % 2 === 1 ? 'first' : 'second';
    const person = seed <= GAMES / 2 ? 'random' : 'best';
    const { page, errors } = await openPage(pg, `#game=${encodeURIComponent(spec)}&vs=${computer}`, 1280);
    const played = await playWholeGame(page, solution, seed, { timeout: 300_000, person });
    if (errors.length > 0) throw new Error(`connect4: console errors: ${errors.join('; ')}`);
    played.waits.forEach((w, i) => {
      const ply = bucket(played.waitPlies[i]);
      const kind = played.waitReplies[i] ? 'replies' : 'values';
      const waits = byPly.get(ply) ?? { values: [], replies: [] };
      waits[kind].push(w);
      byPly.set(ply, waits);
      all[kind].push(w);
      if (w > slowest.ms) slowest = { ms: w, kind, seed, moves: played.moves, ply: played.waitPlies[i] };
    });
    await page.context().close();
  }
  const stats = (waits: number[]) => {
    const sorted = [...waits].sort((a, b) => a - b);
    return sorted.length === 0
      ? [0, '–', '–']
      : [sorted.length, Math.round(median(sorted)), Math.round(sorted[sorted.length - 1])];
  };
  const row = (name: string, w: { values: number[]; replies: number[] }) => [
    name,
    ...stats(w.values),
    ...stats(w.replies),
  ];
  printTable(
    `${spec}: ${GAMES} games against the computer (book of every position to ${header.plies} stones and a perfect player's lines to ${book.lines}; ${Math.round((performance.now() - started) / 1000)} s): the wait for a position's values after the person's move, and for the computer's reply with the values of the position it leads to (at least the page's ${COMPUTER_PAUSE_MS} ms pause after the person's move)`,
    ['plies', 'values: positions', 'median ms', 'max ms', 'replies: positions', 'median ms', 'max ms'],
    [...[...byPly.entries()].map(([name, w]) => row(name, w)), row('all', all)],
  );
  const columns = columnsOf(game, slowest.moves, slowest.ply);
  console.log(
    `slowest: ${slowest.kind === 'replies' ? 'a reply' : 'values'}, ${Math.round(slowest.ms)} ms, game ${slowest.seed}, at ${columns || 'the empty board'} (${slowest.ply} stones)`,
  );
}

/** The columns (1 … W) of the first `plies` of `moves` (ordinals in each position's move list). */
function columnsOf(game: Connect4Game, moves: readonly number[], plies: number): string {
  const { positions } = replay(game, moves.slice(0, plies));
  return moves
    .slice(0, plies)
    .map((m, i) => moveNames(game, positions[i])[m])
    .join('');
}

/** Kalah 6×4 played from the endgame databases in `db`: each reply's wait, by ply. */
export async function kalahServed(db: string): Promise<void> {
  const spec = 'kalah(pits=6,seeds=4)';
  const offers = kalahDefinition.databases ?? [];
  const loading = performance.now();
  const sources = await openSources([db], [], { offers, limits: DEFAULT_LIMITS });
  const loaded = (performance.now() - loading) / 1000;
  const pg = await startPlayground(sources);
  try {
    const game = openGame(spec).games[0];
    const byPly = new Map<number, number[]>();
    const rows: (string | number)[][] = [];
    const first = Number(process.env.YOMI_BENCH_SEED ?? 1);
    for (let seed = first; seed < first + KALAH_GAMES; seed++) {
      const { page, errors } = await openPage(pg, hashOf(spec), 1280);
      const played = await playWholeGame(page, { game } as Solution<unknown, unknown>, seed, {
        timeout: 300_000,
        check: false,
        thinkMs: THINK_MS,
      });
      if (errors.length > 0) throw new Error(`kalah: console errors: ${errors.join('; ')}`);
      played.waits.forEach((w, i) => {
        const bucket = Math.min(4, Math.floor(i / 4));
        byPly.set(bucket, [...(byPly.get(bucket) ?? []), w]);
      });
      const sorted = [...played.waits].sort((a, b) => a - b);
      rows.push([
        String(seed),
        String(played.plies),
        Math.round(median(sorted)),
        Math.round(sorted[sorted.length - 1]),
        `${sorted.filter((w) => w <= 2000).length}/${sorted.length}`,
      ]);
      await page.context().close();
    }
    printTable(
      `${spec} from ${db} (loaded in ${loaded.toFixed(1)} s): games against the computer, the person thinking ${THINK_MS / 1000} s a move, each reply's wait`,
      ['seed', 'plies', 'wait median ms', 'wait max ms', 'replies ≤ 2 s'],
      rows,
    );
    printTable(
      `${spec}: waits by the person's move`,
      ['moves', 'median ms', 'max ms', '≤ 2 s'],
      [...byPly.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([b, w]) => {
          const sorted = [...w].sort((x, y) => x - y);
          return [
            b === 4 ? '17 on' : `${b * 4 + 1}–${b * 4 + 4}`,
            Math.round(median(sorted)),
            Math.round(sorted[sorted.length - 1]),
            `${sorted.filter((x) => x <= 2000).length}/${sorted.length}`,
          ];
        }),
    );
  } finally {
    await pg.close();
  }
}
