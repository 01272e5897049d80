/**
 * Databases `yomi serve --build-dir` builds when a player asks, on a real
 * server with a real tier solve (Dodgem 3×3 and 4×4 offered in place of full
 * Dobutsu shogi, which takes minutes): the offers and their states, a build
 * asked for only by POST with the header x-yomi-build (403 without it, 405 on
 * any other path), one build at a time (409), the database served once built
 * — its values the library's own —, picked up again by a server started on
 * the same folder, and a build stopped when the server closes.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../../src/cli/commands/serve.js';
import type { BuildState, DatabaseOffer } from '../../src/core/builds.js';
import { valueFromJson } from '../../src/core/json.js';
import { formatValue } from '../../src/core/value.js';
import { openGame } from '../../src/games/open.js';
import { type Serving, startServer } from '../../src/server/server.js';
import { solve } from '../../src/solvers/index.js';
import { ensurePlayground } from './browser.js';

const offer = (spec: string): DatabaseOffer => ({
  spec,
  positions: 1,
  diskBytes: 1,
  memoryBytes: 1,
  seconds: 1,
});
const OFFERS = [offer('dodgem(size=3)'), offer('dodgem(size=4)'), offer('dodgem(size=5)')];

let dir: string;
beforeAll(async () => {
  await ensurePlayground();
  dir = mkdtempSync(join(tmpdir(), 'yomi-builds-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const serve = () => startServer({ root: WEB_ROOT, port: 0, builds: { dir, offers: OFFERS } });
const api = (s: Serving, path: string, init?: RequestInit) => fetch(`${s.url}api/v1/${path}`, init);
const ask = (s: Serving, game: string, header = true) =>
  api(s, `builds/${encodeURIComponent(game)}`, {
    method: 'POST',
    headers: header ? { 'x-yomi-build': '1' } : {},
  });
const builds = async (s: Serving) =>
  ((await (await api(s, 'builds')).json()) as { builds: BuildState[] }).builds;

/** The threads of this process, as Linux counts them (the tier solver's workers among them). */
const threads = () => Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);

async function untilBuilt(s: Serving, game: string): Promise<BuildState> {
  for (;;) {
    const b = (await builds(s)).find((x) => x.game === game);
    if (b?.state !== 'building') return b as BuildState;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('databases built on request', () => {
  it('builds an offered database when asked, and serves it with the library’s values', async () => {
    const s = await serve();
    try {
      expect((await builds(s)).map((b) => [b.game, b.state])).toEqual([
        ['dodgem(size=3)', 'offered'],
        ['dodgem(size=4)', 'offered'],
        ['dodgem(size=5)', 'offered'],
      ]);
      expect((await ask(s, 'dodgem(size=4)', false)).status).toBe(403);
      expect((await api(s, 'games', { method: 'POST', headers: { 'x-yomi-build': '1' } })).status).toBe(405);
      expect((await ask(s, 'tic-tac-toe')).status).toBe(404);
      const started = await ask(s, 'dodgem(size=4)');
      expect(started.status).toBe(202);
      expect(((await started.json()) as { build: BuildState }).build.state).toBe('building');
      expect((await untilBuilt(s, 'dodgem(size=4)')).state).toBe('done');
      const games = ((await (await api(s, 'games')).json()) as { games: { game: string }[] }).games;
      expect(games.map((g) => g.game)).toContain('dodgem(size=4)');
      const reply = (await (
        await api(s, `${encodeURIComponent('dodgem(size=4)')}/positions/start`)
      ).json()) as {
        value: Parameters<typeof valueFromJson>[0];
      };
      const game = openGame('dodgem(size=4)').games[0];
      expect(formatValue(valueFromJson(reply.value))).toBe(formatValue(solve(game).value(game.start)));
    } finally {
      await s.close();
    }
  });

  it('serves what was built before when started again on the same folder', async () => {
    const s = await serve();
    try {
      const state = (await builds(s)).find((b) => b.game === 'dodgem(size=4)');
      expect(state?.state).toBe('done');
      expect(s.games().map((g) => g.game)).toContain('dodgem(size=4)');
    } finally {
      await s.close();
    }
  });

  it('builds one at a time, and stops a build when the server closes', async () => {
    // Node's own pool of threads is started by the first file read and compression: before the count.
    await readFile('/proc/self/status');
    await promisify(deflate)(Buffer.alloc(1));
    const baseline = threads();
    const s = await serve();
    // 240 million positions on the tier solver's threads: far from done when the server closes.
    expect((await ask(s, 'dodgem(size=5)')).status).toBe(202);
    const other = await ask(s, 'dodgem(size=3)');
    expect(other.status).toBe(409);
    expect(((await other.json()) as { error: string }).error).toBe(
      'another database is being built; ask again when it is done',
    );
    while (threads() <= baseline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await builds(s)).find((b) => b.game === 'dodgem(size=5)')?.state).toBe('building');
    await s.close();
    // Nothing runs on after the close: the build's threads end (a build that went on would keep them).
    while (threads() > baseline) await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await serve();
    try {
      expect((await builds(again)).find((b) => b.game === 'dodgem(size=5)')?.state).toBe('offered');
    } finally {
      await again.close();
    }
  });

  it('offers no builds without a build folder', async () => {
    const s = await startServer({ root: WEB_ROOT, port: 0 });
    try {
      expect(await builds(s)).toEqual([]);
      expect((await ask(s, 'dodgem(size=4)')).status).toBe(404);
    } finally {
      await s.close();
    }
  });
});
