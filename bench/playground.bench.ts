/**
 * `npm run bench -- playground`: the playground in Debian's chromium, longer
 * than the tests allow. (1) A whole game of every game in the picker against
 * the computer, every value and every reply checked against the library
 * (test/web/play-harness.ts). (2) 20 games of Connect Four against the
 * computer, with how long the page took to show each position's values: on
 * 5×4 today; on 7×6 once its opening book is wired in (set
 * YOMI_BENCH_CONNECT4=connect4(width=7,height=6)).
 */

import { openGame } from '../src/games/open.js';
import { solve } from '../src/solvers/index.js';
import { openPage, startPlayground } from '../test/web/browser.js';
import { playWholeGame } from '../test/web/play-harness.js';
import { ENTRIES } from '../web/src/entries.js';
import { openSession, viewSession } from '../web/src/model/play-session.js';
import { DEFAULT_STATE } from '../web/src/model/url.js';
import { median, printTable } from './lib.js';

const GAMES = 20;
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

    const spec = process.env.YOMI_BENCH_CONNECT4 ?? 'connect4(width=5,height=4)';
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
  } finally {
    await pg.close();
  }
}
