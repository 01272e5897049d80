/**
 * `yomi serve`: serves the built playground, prints its address, falls back
 * to a free port when 8080 is taken, refuses what it must (other methods, a
 * foreign Host header, malformed URLs, paths outside the playground) without
 * ever crashing — fuzzed with fast-check — and answers the JSON API from a
 * real solution file (and a tier directory) exactly as the library's own
 * solution does.
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../../src/cli/commands/serve.js';
import { formatValue } from '../../src/core/value.js';
import { saveSolution } from '../../src/db/saved-solution.js';
import { openGame } from '../../src/games/open.js';
import { solveByTiers } from '../../src/host/tier-solve.js';
import { openSources } from '../../src/server/db-sources.js';
import { type Serving, startServer } from '../../src/server/server.js';
import { solve } from '../../src/solvers/index.js';
import { ROOT } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { ensurePlayground } from './browser.js';
import { rawRequest } from './raw-http.js';

let folder: string;
let serving: Serving;
const ticTacToe = openGame('tic-tac-toe');
const solution = solve(ticTacToe.games[0], {
  tableRequired: true,
}) as import('../../src/core/solution.js').Solution<string, number>;

beforeAll(async () => {
  await ensurePlayground();
  folder = mkdtempSync(join(tmpdir(), 'yomi-serve-'));
  saveSolution(join(folder, 'ttt.yomi'), { opened: ticTacToe, dataset: 0 }, solution);
  writeFileSync(join(folder, 'notes.txt'), 'not a solution file\n');
  serving = await startServer({ root: WEB_ROOT, port: 0, sources: await openSources([folder]) });
});
afterAll(async () => {
  await serving?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const host = () => `localhost:${serving.port}`;
/** A request with the Host header `h` (null: none). */
const get = (target: string, method = 'GET', h: string | null = host()) =>
  rawRequest(serving.port, { method, target, host: h ?? undefined });

/** Runs `yomi serve ARGS` until it prints its address; returns the lines printed and stops it. */
async function serveOnce(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/yomi.js'), 'serve', ...args], { cwd: ROOT });
  try {
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ctrl+C')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
    });
    return out;
  } finally {
    child.kill();
  }
}

describe('yomi serve', () => {
  it('prints the address and serves the page with its security headers', async () => {
    const out = await serveOnce(['--port', '0']);
    expect(out).toMatch(/yomi playground: http:\/\/localhost:\d+\//);
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    // WebAssembly may be compiled (the search kernels); script may not be evaluated.
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).toContain('<div id="app">');
    expect((await get('/no-such-file.js')).status).toBe(404);
    const head = await get('/', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('takes a free port when 8080 is taken and says which', async () => {
    // Hold 8080 (unless something else already does: either way it is taken).
    const blocker = createServer();
    await new Promise<void>((resolve) => {
      blocker.once('error', () => resolve());
      blocker.listen(8080, '127.0.0.1', () => resolve());
    });
    try {
      const out = await serveOnce([]);
      expect(out).toMatch(/^port 8080 is in use; serving on port (\d+) instead\n/);
      expect(out).not.toContain(':8080/');
    } finally {
      blocker.close();
    }
  });

  it('refuses other methods, foreign hosts, malformed URLs and paths outside the playground', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'TRACE', 'OPTIONS', 'PATCH']) {
      const r = await get('/', method);
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe('GET, HEAD');
    }
    expect((await get('/', 'GET', 'evil.example:80')).status).toBe(403);
    expect((await get('/', 'GET', `localhost:${serving.port + 1}`)).status).toBe(403);
    expect((await get('/', 'GET', null)).status).toBe(400); // HTTP/1.1 requires Host: Node says 400
    expect((await get(`/`, 'GET', `127.0.0.1:${serving.port}`)).status).toBe(200);
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await get('/%')).status).toBe(400);
    expect((await get('/a%00b')).status).toBe(400);
    expect([403, 404]).toContain((await get('/..%2F..%2Fpackage.json')).status);
    expect((await get('/../../package.json')).status).toBe(404);
    expect((await get('/')).status).toBe(200); // still up
  });

  it('never crashes on random requests: every reply is a 2xx, 4xx or a closed connection', async () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }).map((s) => `/${encodeURIComponent(s)}`),
      fc.string({ maxLength: 40 }).map((s) => `/${s.replace(/[\s\r\n]/g, '')}`),
      fc.constantFrom('/%', '/%%', '/%zz', '/%E0%A4%A', '/%C0%AF', '/..%2f..%2fetc%2fpasswd', '//x', '*'),
      fc
        .tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }))
        .map(([g, p]) => `/api/v1/${encodeURIComponent(g)}/positions/${encodeURIComponent(p)}`),
      fc.webPath(),
    );
    await fc.assert(
      fc.asyncProperty(
        hostile,
        fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE', 'TRACE', 'BREW'),
        fc.constantFrom(host(), 'evil.example', null, `127.0.0.1:${serving.port}`),
        async (target, method, h) => {
          const r = await get(target, method, h);
          expect(
            r.status === 0 || (r.status >= 200 && r.status < 500),
            `${method} ${target} → ${r.status}`,
          ).toBe(true);
        },
      ),
      { numRuns: 300, seed: 13 },
    );
    expect((await get('/')).status).toBe(200);
  });

  it('reports a bad port or a bad --db on one line with exit code 2', () => {
    for (const args of [
      ['--port', '99999'],
      ['--port', 'x'],
      ['--db', join(ROOT, 'no-such-file.yomi')],
      ['--db', join(ROOT, 'docs')],
    ]) {
      const r = runCli(['serve', ...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^yomi: [^\n]+\n$/);
    }
  });

  it('says when the playground is not built', async () => {
    await expect(startServer({ root: join(ROOT, 'no-such-dir'), port: 0 })).rejects.toThrow(
      /npm run build:web/,
    );
  });
});

describe('a tier directory', () => {
  it('is served as one solution, every answer the library’s', async () => {
    const dir = join(folder, 'dodgem4');
    const opened = openGame('dodgem(size=4)');
    const solved = await solveByTiers(opened, 0, dir, 1, {});
    const served = await startServer({ root: WEB_ROOT, port: 0, sources: await openSources([dir]) });
    try {
      const ask = async (target: string) =>
        JSON.parse(
          (await rawRequest(served.port, { method: 'GET', target, host: `localhost:${served.port}` })).body,
        );
      expect((await ask('/api/v1/games')).games).toEqual([
        { game: 'dodgem(size=4)', positions: solved.stats.positions, from: 'tier directory dodgem4' },
      ]);
      const game = solved.game;
      let p = game.start;
      for (let ply = 0; ply < 6 && game.moves(p).length > 0; ply++) {
        const body = await ask(
          `/api/v1/${encodeURIComponent('dodgem(size=4)')}/positions/${encodeURIComponent(game.show!(p))}`,
        );
        expect(body.value.text).toBe(formatValue(solved.value(p)));
        expect(body.moves.map((m: { value: { text: string } }) => m.value.text)).toEqual(
          solved.moves(p).map((mv) => formatValue(mv.value)),
        );
        p = game.play(p, game.moves(p)[ply % game.moves(p).length]);
      }
    } finally {
      await served.close();
    }
  });
});

describe('the JSON API', () => {
  it('lists the games served', async () => {
    const r = await get('/api/v1/games');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({
      games: [{ game: 'tic-tac-toe', positions: solution.solved!.count, from: 'solution file ttt.yomi' }],
    });
  });

  it('answers every position of tic-tac-toe as the library solves it', async () => {
    const game = solution.game;
    // Walk the game breadth-first (a few hundred positions) and compare each answer.
    const seen = new Set<string>();
    let layer = [game.start];
    let checked = 0;
    while (layer.length > 0 && checked < 400) {
      const next: string[] = [];
      for (const p of layer) {
        if (seen.has(game.key(p) as string)) continue;
        seen.add(game.key(p) as string);
        const r = await get(`/api/v1/tic-tac-toe/positions/${encodeURIComponent(game.show!(p))}`);
        expect(r.status).toBe(200);
        const body = JSON.parse(r.body);
        expect(body.value.text).toBe(formatValue(solution.value(p)));
        expect(
          body.moves.map((m: { move: string; value: { text: string } }) => [m.move, m.value.text]),
        ).toEqual(solution.moves(p).map((mv) => [game.moveName!(p, mv.move), formatValue(mv.value)]));
        checked++;
        next.push(...game.moves(p).map((m) => game.play(p, m)));
      }
      layer = next;
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('answers the start, and says what is wrong with a game or position it cannot answer', async () => {
    const start = JSON.parse((await get('/api/v1/tic-tac-toe/positions/start')).body);
    expect(start.value.text).toBe('tie in 9');
    expect(start.moves).toHaveLength(9);
    const missing = await get('/api/v1/connect4/positions/start');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body).error).toMatch(/no solution of connect4\(width=7,height=6\)/);
    const bad = await get('/api/v1/tic-tac-toe/positions/xxxx');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error).toBeTruthy();
    expect((await get('/api/v1/tic-tac-toe')).status).toBe(404);
    expect((await get('/api/v1/tic-tac-toe/positions/start', 'HEAD')).body).toBe('');
  });
});
