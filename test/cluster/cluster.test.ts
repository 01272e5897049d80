/**
 * Tier solving on BullMQ + Redis, end to end with real processes: a
 * redis-server (Debian's) on a free port with a password, a coordinator
 * (`yomi solve … --queue`) and worker processes (`yomi worker`) on this
 * machine. The tier files they write must be byte for byte those of a local
 * solve, and each tier solved once, through a worker killed while it holds a
 * tier, a coordinator killed and started again, Redis stopped and started
 * again, and a Redis that lost its data; a bad URL, an unreachable Redis, a wrong password and a directory of
 * another game are one line and exit code 2, and a job that cannot be done
 * fails with its reason in the job and in the coordinator's output. The
 * password never appears in any output.
 */

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { expectUserError } from '../run-cli.js';
import {
  freePort,
  type RedisServer,
  runYomi,
  startRedis,
  startYomi,
  stopAll,
  type YomiProcess,
} from './processes.js';

const PASSWORD = 'pa55-Wd/s3cret';
const root = mkdtempSync(join(tmpdir(), 'yomi-cluster-'));
let redis: RedisServer;
/** Every process of the file, so that none outlives it and all their output is checked for the password. */
const started: YomiProcess[] = [];

const yomi = (args: string[], cwd?: string) => {
  const p = startYomi(args, cwd);
  started.push(p);
  return p;
};

/** A test that fails (a timeout too) shows what the processes it started wrote, the password hidden. */
beforeEach(() => {
  const first = started.length;
  onTestFailed(() => {
    for (const p of started.slice(first)) {
      const said = `${p.stdout()}${p.stderr()}`
        .replaceAll(PASSWORD, '***')
        .replaceAll(encodeURIComponent(PASSWORD), '***');
      console.error(`--- ${p.args.join(' ').replaceAll(encodeURIComponent(PASSWORD), '***')}\n${said}`);
    }
  });
});

/** Local solves (one thread) of the games the tests solve on the queue: the tier files to compare with. */
const local: Record<string, string> = {};

async function localSolve(game: string): Promise<void> {
  const dir = join(root, `local-${game.replace(/\W+/g, '-')}`);
  const r = await runYomi(['solve', game, '--save', dir, '--threads', '1']);
  expect(r.status, r.stderr).toBe(0);
  local[game] = dir;
}

/** The tier files of a directory, by name. */
function tierFiles(dir: string): Map<string, Buffer> {
  return new Map(
    readdirSync(dir)
      .filter((f) => /^tier-.*\.yomi$/.test(f))
      .map((f) => [f, readFileSync(join(dir, f))]),
  );
}

function expectSameTiers(dir: string, local: string): void {
  const ours = tierFiles(dir);
  const theirs = tierFiles(local);
  expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort());
  for (const [name, bytes] of theirs) expect(ours.get(name)?.equals(bytes), name).toBe(true);
}

/** How many times each tier was solved, from the workers' logs. */
function solvedCounts(workers: YomiProcess[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of workers) {
    for (const m of w.stdout().matchAll(/^tier (\S+) of .*: solved in/gm))
      counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  }
  return counts;
}

function tierNames(dir: string): string[] {
  return (
    JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { tiers: { name: string }[] }
  ).tiers.map((t) => t.name);
}

function workers(n: number, db: number, dir: string, extra: string[] = []): YomiProcess[] {
  return Array.from({ length: n }, () =>
    yomi(['worker', '--queue', redis.url(db), '--save', dir, '--threads', '1', ...extra]),
  );
}

beforeAll(async () => {
  [redis] = await Promise.all([
    startRedis({ appendonly: true, password: PASSWORD }),
    ...['dodgem(size=4)', 'dobutsu(pieces=C)', 'dodgem(size=3)'].map(localSolve),
  ]);
});

afterAll(async () => {
  await stopAll(started);
  for (const p of started) {
    expect(p.stdout() + p.stderr()).not.toContain(PASSWORD);
    expect(p.stdout() + p.stderr()).not.toContain(encodeURIComponent(PASSWORD));
  }
  await redis?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('tier solving on a queue', () => {
  it('solves Dodgem 4×4 and a reduced Dobutsu shogi with 3 workers into the files of a local solve, each tier once', async () => {
    const solveOnQueue = async (db: number, game: string, answer: string) => {
      const dir = join(root, `flow-${db}`);
      const coordinator = yomi(['solve', game, '--queue', redis.url(db), '--save', dir]);
      const crew = workers(3, db, dir);
      expect(await coordinator.exited, coordinator.stderr()).toBe(0);
      expect(coordinator.stdout()).toBe(`${answer}\n`);
      expect(coordinator.stderr()).toMatch(
        /tiers?, [\d,]+ positions; 0 solved in .* already, \d+ queued on redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/\d/,
      );
      expectSameTiers(dir, local[game]);
      const counts = solvedCounts(crew);
      expect([...counts.keys()].sort()).toEqual(tierNames(dir).sort());
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { stats: unknown[] };
      expect(manifest.stats).toHaveLength(counts.size);
      expect((await runYomi(['query', dir])).stdout).toBe(`${answer}\n`);
      await stopAll(crew);
      for (const w of crew) expect(w.child.exitCode).toBe(0);
    };
    await Promise.all([
      solveOnQueue(1, 'dodgem(size=4)', 'draw'),
      // One tier (all of its positions): one job through the queue.
      solveOnQueue(2, 'dobutsu(pieces=C)', 'win in 15'),
    ]);
  });

  it('says it is waiting for workers until one joins', async () => {
    const dir = join(root, 'waiting');
    const coordinator = yomi(['solve', 'dodgem(size=3)', '--queue', redis.url(11), '--save', dir]);
    await coordinator.waitFor(
      /^waiting for workers: none has joined redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/11 yet/m,
    );
    const crew = workers(1, 11, dir);
    // (The count of workers is printed at the next look at the queue, if the solve has not ended before.)
    expect(await coordinator.exited, coordinator.stderr()).toBe(0);
    expect(coordinator.stdout()).toBe('win in 19\n');
    // Workers that joined first are counted at once. (Redis lists the clients of every database: the
    // first worker must be gone.)
    await stopAll(crew);
    const early = workers(2, 12, join(root, 'counted'));
    await Promise.all(early.map((w) => w.waitFor(/solving tiers from/)));
    const counted = yomi([
      'solve',
      'dodgem(size=3)',
      '--queue',
      redis.url(12),
      '--save',
      join(root, 'counted'),
    ]);
    expect(await counted.exited, counted.stderr()).toBe(0);
    expect(counted.stderr()).toMatch(/^2 workers on the queue$/m);
    expect(counted.stderr()).not.toMatch(/waiting for workers/);
    await stopAll(early);
  });

  it('finishes with the same files when a worker is killed while it holds a tier', async () => {
    const dir = join(root, 'kill');
    const coordinator = yomi(['solve', 'dodgem(size=4)', '--queue', redis.url(3), '--save', dir]);
    const crew = workers(3, 3, dir, ['--stall-seconds', '2']);
    // The last tier, the largest: kill the worker that takes it as soon as it says so.
    const holder = await Promise.any(
      crew.map(async (w) => {
        await w.waitFor(/tier x3-o3 of dodgem\(size=4\): solving/);
        return w;
      }),
    );
    holder.child.kill('SIGKILL');
    await holder.exited;
    expect(tierFiles(dir).has('tier-x3-o3.yomi')).toBe(false);
    expect(await coordinator.exited, coordinator.stderr()).toBe(0);
    expect(coordinator.stdout()).toBe('draw\n');
    expectSameTiers(dir, local['dodgem(size=4)']);
    const rest = crew.filter((w) => w !== holder);
    expect(solvedCounts(rest).get('x3-o3')).toBe(1);
  });

  it('picks up where it was when the coordinator is killed and started again: no tier solved twice', async () => {
    const dir = join(root, 'restart');
    const args = ['solve', 'dodgem(size=4)', '--queue', redis.url(4), '--save', dir];
    const first = yomi(args);
    const crew = workers(2, 4, dir);
    await first.waitFor(/^tier .*: 4\/16 tiers/m);
    first.child.kill('SIGKILL');
    await first.exited;
    const second = yomi(args);
    expect(await second.exited, second.stderr()).toBe(0);
    expect(second.stdout()).toBe('draw\n');
    expectSameTiers(dir, local['dodgem(size=4)']);
    const counts = solvedCounts(crew);
    expect(counts.size).toBe(16);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // The queue holds one completed job per tier, each solved once.
    const queue = new Queue('yomi-tiers', { connection: { port: redis.port, password: PASSWORD, db: 4 } });
    try {
      const done = await queue.getJobs(['completed'], 0, -1);
      expect(done).toHaveLength(16);
      expect(new Set(done.map((j) => j.data.tier)).size).toBe(16);
      expect(done.every((j) => j.attemptsMade <= 1)).toBe(true);
    } finally {
      await queue.close();
    }
  });

  it('completes when Redis is stopped and started again in the middle of the solve', async () => {
    const dir = join(root, 'redis-restart');
    const coordinator = yomi(['solve', 'dodgem(size=4)', '--queue', redis.url(5), '--save', dir]);
    // A job whose end the outage swallowed stays active until its lock lapses and BullMQ's stalled-job
    // check hands it out again: 2 s here, not the default 30 (which, on a busy machine, outlasted the
    // test's time).
    const crew = workers(1, 5, dir, ['--stall-seconds', '2']);
    await coordinator.waitFor(/^tier .*: 3\/16 tiers/m);
    await redis.stop();
    await new Promise((r) => setTimeout(r, 1000));
    await redis.start();
    expect(await coordinator.exited, coordinator.stderr()).toBe(0);
    expect(coordinator.stdout()).toBe('draw\n');
    expectSameTiers(dir, local['dodgem(size=4)']);
    expect([...solvedCounts(crew).values()].every((n) => n === 1)).toBe(true);
  });

  it('submits again what a Redis that lost its data no longer holds, and solves no tier twice', async () => {
    const dir = join(root, 'lost');
    const coordinator = yomi(['solve', 'dodgem(size=4)', '--queue', redis.url(10), '--save', dir]);
    const crew = workers(1, 10, dir);
    await coordinator.waitFor(/^tier .*: 5\/16 tiers/m);
    const client = new Redis({ port: redis.port, password: PASSWORD, db: 10 });
    try {
      await client.flushdb();
    } finally {
      client.disconnect();
    }
    expect(await coordinator.exited, coordinator.stderr()).toBe(0);
    expect(coordinator.stderr()).toMatch(/the queue has lost jobs/);
    expect(coordinator.stdout()).toBe('draw\n');
    expectSameTiers(dir, local['dodgem(size=4)']);
    expect([...solvedCounts(crew).values()].every((n) => n === 1)).toBe(true);
  });

  it('refuses a bad queue URL, an unreachable Redis and a wrong password with one line', async () => {
    const dir = join(root, 'refused');
    const closed = await freePort();
    const secret = encodeURIComponent(PASSWORD);
    const cases: [string[], RegExp][] = [];
    for (const command of [
      ['solve', 'dodgem(size=3)', '--save', dir],
      ['worker', '--save', dir],
    ]) {
      cases.push(
        [[...command, '--queue', 'http://127.0.0.1:6379'], /--queue is a http URL, not a Redis URL/],
        [[...command, '--queue', `redis://:${secret}@`], /--queue is not a Redis URL/],
        [
          [...command, '--queue', `redis://:${secret}@127.0.0.1:${closed}`],
          new RegExp(`cannot reach Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${closed}/0: .*ECONNREFUSED`),
        ],
        [
          [...command, '--queue', `redis://:not-${secret}@127.0.0.1:${redis.port}`],
          /cannot reach Redis at redis:\/\/:\*\*\*@.*WRONGPASS/,
        ],
      );
    }
    cases.push(
      [['solve', 'tic-tac-toe', '--queue', redis.url(6), '--save', dir], /--queue solves a game by tiers/],
      [['solve', 'dodgem(size=3)', '--queue', redis.url(6)], /--queue needs --save DIR/],
    );
    const results = await Promise.all(cases.map(([args]) => runYomi(args)));
    results.forEach((r, i) => {
      expectUserError(r, cases[i][1]);
      expect(r.stderr).not.toContain('s3cret');
    });
  });

  it('refuses a directory of another game; a worker of another solve leaves its jobs to their owner', async () => {
    const other = local['dodgem(size=3)'];
    expectUserError(
      await runYomi(['solve', 'dodgem(size=4)', '--queue', redis.url(7), '--save', other]),
      /holds the solution of dodgem\(size=3\), not of dodgem\(size=4\)/,
    );
    // Its own solve: the same game as the stray worker's directory, but solved on this queue.
    const dir = join(root, 'own');
    const coordinator = yomi(['solve', 'dodgem(size=3)', '--queue', redis.url(7), '--save', dir]);
    await coordinator.waitFor(/queued on/);
    // A worker whose directory holds no solve on a queue takes none of this one's jobs, and goes on serving.
    const [stray] = workers(1, 7, other);
    await stray.waitFor(
      /^job \S+-t\d+: not a job of this worker's solve .*: left on the queue for its owner$/m,
    );
    expect(stray.child.exitCode).toBe(null);
    // The jobs it left: a worker of the right directory finishes the solve.
    workers(1, 7, dir);
    expect(await coordinator.exited, coordinator.stderr()).toBe(0);
    expect(coordinator.stdout()).toBe('win in 19\n');
    expect(stray.stdout()).not.toMatch(/: solving \d/);
  });

  it("solves a user's module only with the module given to the worker, wherever it lives, checked against its SHA-256", async () => {
    const moduleDir = mkdtempSync(join(root, 'module-'));
    const module = join(moduleDir, 'walk.mjs');
    const source = `// A walk down from 9 to 0, one or two steps; whoever cannot move loses.
export default {
  kind: 'indexed', id: 'walk', size: 10, start: 9, maxMoves: 2, maxParents: 2,
  children(p, out) { let n = 0; if (p >= 1) out[n++] = p - 1; if (p >= 2) out[n++] = p - 2; return n; },
  parents(p, out) { let n = 0; if (p + 1 < 10) out[n++] = p + 1; if (p + 2 < 10) out[n++] = p + 2; return n; },
  primitive: () => -1,
};
`;
    writeFileSync(module, source);
    const dir = join(root, 'module-solve');
    const coordinator = yomi(['solve', module, '--solver', 'tiers', '--queue', redis.url(8), '--save', dir]);
    await coordinator.waitFor(/queued on/);
    // Without the module, or with another one: one line, exit 2; the job goes back.
    const [bare] = workers(1, 8, dir);
    expect(await bare.exited).toBe(2);
    expect(bare.stderr()).toMatch(
      /^yomi: .*a user's module .*SHA-256 [0-9a-f]{12}….*give the module with --game FILE\n$/,
    );
    const changed = join(moduleDir, 'changed.mjs');
    writeFileSync(changed, source.replace('from 9', 'from  9'));
    const [wrong] = workers(1, 8, dir, ['--game', changed]);
    expect(await wrong.exited).toBe(2);
    expect(wrong.stderr()).toMatch(
      /^yomi: .*and .*changed\.mjs has SHA-256 [0-9a-f]{12}…: give the module it was solved from/,
    );
    // The same module, copied elsewhere: the solve finishes.
    const copy = join(mkdtempSync(join(root, 'elsewhere-')), 'walk-copy.mjs');
    writeFileSync(copy, source);
    workers(1, 8, dir, ['--game', copy]);
    expect(await coordinator.exited, coordinator.stderr()).toBe(0);
    expect(coordinator.stdout()).toMatch(/^lose in \d+\n$/);
  });

  it('fails a job of its own solve that cannot be done, and leaves a job it did not submit', async () => {
    // A tier out of range, on the queue of a solve the worker serves.
    const queue = new Queue('yomi-tiers', { connection: { port: redis.port, password: PASSWORD, db: 9 } });
    try {
      // A directory solved before, whose tiers a coordinator finds whole: it gives the directory its queue key.
      const solved = local['dodgem(size=3)'];
      const coordinated = yomi(['solve', 'dodgem(size=3)', '--queue', redis.url(9), '--save', solved]);
      expect(await coordinated.exited).toBe(0);
      const queueKey = (
        JSON.parse(readFileSync(join(solved, 'manifest.json'), 'utf8')) as { queueKey: string }
      ).queueKey;
      await queue.add('bad', { game: 'dodgem(size=3)', tier: 99 }, { jobId: `${queueKey}-t99` });
      await queue.add('unknown', { game: 'no-such-game', tier: 0 }, { jobId: `${queueKey}-t100` });
      const [worker] = workers(1, 9, solved);
      const reasons = async () => (await queue.getJobs(['failed'], 0, -1)).map((j) => j.failedReason).sort();
      const deadline = Date.now() + 20_000;
      while ((await reasons()).length < 1 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      const [outOfRange] = await reasons();
      expect(outOfRange).toMatch(/^\S+\/\d+: tier 99 is out of range: dodgem\(size=3\) has tiers 0 to 8$/);
      // A job whose game is not the solve's is not its coordinator's: refused, not failed, and the worker serves on.
      await worker.waitFor(
        /^job \S+-t100: not a job of this worker's solve \(this worker serves dodgem\(size=3\)/m,
      );
      expect(worker.child.exitCode).toBe(null);
      expect(await reasons()).toHaveLength(1);
    } finally {
      await queue.close();
    }
  });

  it('runs nothing a hand-pushed job names: its job is refused in one line and left, and the worker serves its own solve', async () => {
    const dir = join(root, 'pushed');
    const marker = join(root, 'evil-ran');
    const evil = join(root, 'evil.mjs');
    writeFileSync(
      evil,
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\nexport default {};\n`,
    );
    const coordinator = yomi(['solve', 'dodgem(size=3)', '--queue', redis.url(11), '--save', dir]);
    await coordinator.waitFor(/queued on/);
    const key = (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { queueKey: string })
      .queueKey;
    // Pushed by hand, as anyone who can write to Redis can: BullMQ's own keys, no BullMQ client.
    const client = new Redis({ port: redis.port, password: PASSWORD, db: 11 });
    try {
      for (const [id, data] of [
        ['evil-1', { game: evil, tier: 0 }],
        [`${key}-t0x`, { game: evil, tier: 0 }],
        [`${key}-t30`, { game: evil, tier: 30 }],
        ['esc-\u001b[31m-\n', { game: '\u001b]0;title\u0007', tier: 0 }],
      ] as const) {
        await client.hset(`bull:yomi-tiers:${id}`, {
          name: 'x',
          data: JSON.stringify(data),
          opts: '{}',
          timestamp: String(Date.now()),
        });
        await client.lpush('bull:yomi-tiers:wait', id);
      }
      await client.zadd('bull:yomi-tiers:marker', 0, '0');
    } finally {
      client.disconnect();
    }
    const [worker] = workers(1, 11, dir);
    expect(await coordinator.exited, coordinator.stderr()).toBe(0);
    expect(coordinator.stdout()).toBe('win in 19\n');
    await worker.waitFor(/^job esc-\\x1b\[31m-\\n: not a job of this worker's solve/m);
    for (const id of ['evil-1', `${key}-t0x`, `${key}-t30`]) {
      expect(worker.stdout()).toContain(
        `job ${id}: not a job of this worker's solve (this worker serves dodgem(size=3)`,
      );
    }
    expect(existsSync(marker)).toBe(false);
    expect(worker.stdout() + worker.stderr()).not.toContain('\u001b');
    expect(worker.child.exitCode).toBe(null);
    expectSameTiers(dir, local['dodgem(size=3)']);
  });

  it('believes no forged completed event: a tier counts only once its file is whole', async () => {
    const dir = join(root, 'forged');
    const coordinator = yomi(['solve', 'dodgem(size=3)', '--queue', redis.url(12), '--save', dir]);
    await coordinator.waitFor(/queued on/);
    const key = (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { queueKey: string })
      .queueKey;
    const client = new Redis({ port: redis.port, password: PASSWORD, db: 12 });
    try {
      // The jobs are there once the coordinator listens to the events.
      while (
        (await client.llen('bull:yomi-tiers:wait')) +
          (await client.zcard('bull:yomi-tiers:waiting-children')) ===
        0
      )
        await new Promise((r) => setTimeout(r, 50));
      for (let tier = 0; tier < 9; tier++) {
        const returnvalue = JSON.stringify({
          stats: { tier, name: 'x', positions: 1, moves: 0, ms: 1, encoding: 'wl8', bytesPerPosition: 1 },
          worker: '\u001b[2J\u001b[31mEVIL-WORKER\nline',
        });
        await client.xadd(
          'bull:yomi-tiers:events',
          '*',
          'event',
          'completed',
          'jobId',
          `${key}-t${tier}`,
          'returnvalue',
          returnvalue,
        );
      }
    } finally {
      client.disconnect();
    }
    workers(1, 12, dir);
    expect(await coordinator.exited, coordinator.stderr()).toBe(0);
    expect(coordinator.stdout()).toBe('win in 19\n');
    expect(coordinator.stderr()).not.toContain('EVIL-WORKER');
    expect(coordinator.stderr()).not.toContain('\u001b');
    expect(coordinator.stderr()).toMatch(/^tier \S+ solved in [\d.]+ s by \S+\/\d+: 9\/9 tiers/m);
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).not.toContain('EVIL-WORKER');
    expectSameTiers(dir, local['dodgem(size=3)']);
  });
});
