/**
 * Games played from endgame databases and a search, as `yomi serve --db DIR`
 * serves Kalah 6×4 — here Kalah of 3 pits, offered with its databases of up
 * to 6 seeds, on a real server whose searches run on their own thread: every
 * answer along random games (the position's value, every move, its name, the
 * position it leads to and its value) is the plain table solver's; a position
 * the game cannot read is a 400, a search past its time a 503 with what it
 * proved; a position answered ahead of time is known at once, by a server
 * started again too (its scores kept beside the databases), and after a
 * player's answer the server answers ahead every move from there and the
 * best reply to each; the databases built on request (`--build-dir`) are served once
 * whole, also by a server started again on the folder; closing the server
 * ends the search thread.
 */

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../../src/cli/commands/serve.js';
import type { BuildState, DatabaseOffer } from '../../src/core/builds.js';
import { writeMove, writePosition } from '../../src/core/game.js';
import { type JsonValue, jsonValue } from '../../src/core/json.js';
import { seededRandom } from '../../src/core/random.js';
import { Kalah } from '../../src/games/kalah.js';
import { canonicalSpec, openGame } from '../../src/games/open.js';
import { scoreFile } from '../../src/host/endgame-analyst.js';
import { buildGameEndgames } from '../../src/host/endgame-search.js';
import { openSources } from '../../src/server/db-sources.js';
import { type Serving, startServer } from '../../src/server/server.js';
import { solve } from '../../src/solvers/index.js';
import { ensurePlayground } from './browser.js';

const SPEC = 'kalah(pits=3,seeds=2)';
const offer = (spec: string, upto: number): DatabaseOffer => ({
  spec,
  endgames: { upto },
  positions: 1,
  diskBytes: 1,
  memoryBytes: 1,
  seconds: 1,
});
const LIMITS = { seconds: 30, tableBytes: 1 << 24 };

let dir: string;
let db: string;
beforeAll(async () => {
  await ensurePlayground();
  dir = mkdtempSync(join(tmpdir(), 'yomi-endgames-'));
  db = join(dir, 'kalah-3');
  await buildGameEndgames(openGame(SPEC).games[0], db, { upto: 6, recipe: { spec: SPEC }, threads: 1 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const api = (s: Serving, path: string, init?: RequestInit) => fetch(`${s.url}api/v1/${path}`, init);
const position = (s: Serving, spec: string, text: string) =>
  api(s, `${encodeURIComponent(spec)}/positions/${encodeURIComponent(text)}`);
const serveDb = async (offers: DatabaseOffer[], limits = LIMITS) =>
  startServer({ root: WEB_ROOT, port: 0, sources: await openSources([db], [], { offers, limits }) });

/** A value without its remoteness: margin databases hold none, so a search reading them gives none. */
const margin = (v: JsonValue) => ({ outcome: v.outcome, margin: v.margin });

interface Reply {
  position: string;
  value: JsonValue;
  moves: { move: string; position: string; value: JsonValue }[];
}

describe('a game served from endgame databases and a search', () => {
  it('answers every position along random games as the table solver does', async () => {
    const s = await serveDb([offer(SPEC, 6), offer('kalah(pits=4,seeds=2)', 6)]);
    try {
      const games = ((await (await api(s, 'games')).json()) as { games: { game: string; from: string }[] })
        .games;
      // Only the games of the databases' family: 3 pits.
      expect(games.map((g) => g.game)).toEqual([SPEC]);
      expect(games[0]).toMatchObject({
        from: 'endgame databases kalah-3 (7 tiers (seeds ≤ 6), 1 MB)',
        search: true,
      });
      const game = new Kalah(3, 2);
      const solution = solve(game);
      const random = seededRandom(7);
      for (let round = 0; round < 6; round++) {
        let p = game.start;
        for (let ply = 0; ply < 40; ply++) {
          const reply = (await (await position(s, SPEC, writePosition(game, p))).json()) as Reply;
          expect(reply.position).toBe(writePosition(game, p));
          expect(margin(reply.value)).toEqual(margin(jsonValue(solution.value(p))));
          const moves = game.moves(p);
          expect(reply.moves.map((m) => ({ ...m, value: margin(m.value) }))).toEqual(
            solution.moves(p).map((mv) => ({
              move: writeMove(game, p, mv.move),
              position: writePosition(game, game.play(p, mv.move)),
              value: margin(jsonValue(mv.value)),
            })),
          );
          if (moves.length === 0) break;
          p = game.play(p, moves[random.below(moves.length)]);
        }
      }
      const bad = await position(s, SPEC, '1 2 3');
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toMatch(
        /^a position of kalah\(pits=3,seeds=2\) is 6 seed counts/,
      );
      expect((await position(s, 'kalah(pits=4,seeds=2)', 'start')).status).toBe(404);
    } finally {
      await s.close();
    }
  });

  it('answers a search past its time with a 503 and what it proved; a position answered ahead is known at once, also after a restart', async () => {
    const s = await serveDb([offer(SPEC, 6)], { seconds: 0.001, tableBytes: 1 << 20 });
    try {
      // Every board of the game is in the databases: answered at once whatever the budget.
      expect((await position(s, SPEC, 'start')).status).toBe(200);
    } finally {
      await s.close();
    }
    // Kalah 4×4 over databases of at most one seed: a search of over a million nodes.
    const small = join(dir, 'kalah-4');
    const big = 'kalah(pits=4,seeds=4)';
    await buildGameEndgames(openGame(big).games[0], small, { upto: 1, recipe: { spec: big }, threads: 1 });
    const serveSmall = async (ahead?: number) =>
      startServer({
        root: WEB_ROOT,
        port: 0,
        sources: await openSources([small], [], {
          offers: [offer(big, 1)],
          limits: { seconds: 0.001, tableBytes: 1 << 20, ahead },
        }),
      });
    const t = await serveSmall();
    try {
      const reply = await position(t, big, 'start');
      expect(reply.status).toBe(503);
      expect(((await reply.json()) as { error: string }).error).toMatch(
        /^kalah\(pits=4,seeds=4\): the search of '4 {2}4 {2}4 {2}4 \/ 4 {2}4 {2}4 {2}4' ran past its 0.001 s: the time budget ran out after [\d,]+ nodes; proven: between /,
      );
    } finally {
      await t.close();
    }
    // The start answered ahead of time (as long as it takes), its scores kept beside the databases.
    const scores = scoreFile(small, canonicalSpec(big));
    const u = await serveSmall(0);
    let ahead: Reply;
    try {
      while (!existsSync(scores)) await new Promise((r) => setTimeout(r, 50));
      ahead = (await (await position(u, big, 'start')).json()) as Reply;
      // Irving, Donkers and Uiterwijk's table: Kalah(4,4) is a first-player win by 2.
      expect(ahead.value.text).toBe('win by 2');
      // Asked for the start, the server answers ahead where the game goes next: every move from
      // there, then the best reply to each (what the computer would play). The first move and its
      // best reply are checked, each past the 0.001 s a player's answer may search.
      const best = async (text: string) => {
        for (;;) {
          const r = await position(u, big, text);
          if (r.status === 200) return (await r.json()) as Reply;
          expect(r.status).toBe(503);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      const child = await best(ahead.moves[0].position);
      const reply = child.moves.find((n) => n.value.text === child.value.text);
      await best(reply?.position ?? '');
    } finally {
      await u.close();
    }
    // Started again with the same tiny budget: the start's answer is known at once.
    const v = await serveSmall();
    try {
      const reply = await position(v, big, 'start');
      expect(reply.status).toBe(200);
      expect(await reply.json()).toEqual(ahead);
    } finally {
      await v.close();
    }
  });

  it('refuses databases no offered game reads, in one line', async () => {
    await expect(
      openSources([db], [], { offers: [offer('kalah(pits=4,seeds=2)', 6)], limits: LIMITS }),
    ).rejects.toThrow(`--db ${db}: no game is played from the endgame databases of kalah-endgames(pits=3)`);
  });

  it('builds the databases on request and serves them, also when started again; closing ends the thread', async () => {
    await readFile('/proc/self/status');
    const threads = () => Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
    const baseline = threads();
    const builds = join(dir, 'builds');
    const serve = () =>
      startServer({
        root: WEB_ROOT,
        port: 0,
        builds: { dir: builds, offers: [offer(SPEC, 6)], limits: LIMITS },
      });
    const s = await serve();
    try {
      const list = async () => ((await (await api(s, 'builds')).json()) as { builds: BuildState[] }).builds;
      expect((await list())[0].state).toBe('offered');
      const started = await api(s, `builds/${encodeURIComponent(SPEC)}`, {
        method: 'POST',
        headers: { 'x-yomi-build': '1' },
      });
      expect(started.status).toBe(202);
      while ((await list())[0].state === 'building') await new Promise((r) => setTimeout(r, 50));
      expect((await list())[0].state).toBe('done');
      expect((await position(s, SPEC, 'start')).status).toBe(200);
    } finally {
      await s.close();
    }
    const again = await serve();
    try {
      expect(again.games().map((g) => g.game)).toEqual([SPEC]);
    } finally {
      await again.close();
    }
    while (threads() > baseline) await new Promise((r) => setTimeout(r, 50));
  });
});
