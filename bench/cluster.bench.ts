/**
 * The tier solve on BullMQ + Redis against a local solve: `npm run bench --
 * cluster` solves Dodgem 5×5 (`--game SPEC` for another game, e.g.
 * `--game 'dodgem(size=4)'` for a quick run) on one thread in one process,
 * then through a queue on a redis-server of its own with 1, 2 and 4 worker
 * processes of one thread each, all on this machine. It prints the total
 * times, the speed-up over one worker, and what the queue costs per tier job:
 *
 * - wait: how long a worker that was free sat idle although the job's child
 *   tiers were done (the links released, BullMQ moving the job, the worker
 *   taking it);
 * - in job: the job's time in the worker beyond solving the tier (opening
 *   the game, reading the child tiers, writing the file, releasing links).
 *
 * Every run's tier files must be byte for byte those of the local solve.
 */

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { runYomi, startRedis, startYomi, stopAll } from '../test/cluster/processes.js';
import { printTable } from './lib.js';

const PASSWORD = 'bench-only';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

interface JobTimes {
  tier: number;
  children: number[];
  submitted: number;
  processedOn: number;
  finishedOn: number;
  solveMs: number;
  worker: string;
}

/** What the queue added per job: idle time of a free worker while the job was ready, and time in the job beyond solving. */
function overheads(jobs: JobTimes[]): { waitMs: number; inJobMs: number } {
  const finished = new Map(jobs.map((j) => [j.tier, j.finishedOn]));
  const byWorker = new Map<string, JobTimes[]>();
  for (const j of jobs) byWorker.set(j.worker, [...(byWorker.get(j.worker) ?? []), j]);
  const waits: number[] = [];
  for (const list of byWorker.values()) {
    list.sort((a, b) => a.processedOn - b.processedOn);
    list.forEach((j, i) => {
      const ready = Math.max(j.submitted, ...j.children.map((c) => finished.get(c) ?? 0));
      const free = i === 0 ? ready : Math.max(ready, list[i - 1].finishedOn);
      waits.push(Math.max(0, j.processedOn - free));
    });
  }
  const inJob = jobs.map((j) => j.finishedOn - j.processedOn - j.solveMs);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  return { waitMs: mean(waits), inJobMs: mean(inJob) };
}

/** The tiers of a tier directory, as its manifest lists them (a string: a count, not a figure to round). */
function tierCount(dir: string): string {
  return String(
    (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { tiers: unknown[] }).tiers.length,
  );
}

function sameTiers(dir: string, reference: string): boolean {
  const names = readdirSync(reference).filter((f) => f.startsWith('tier-'));
  return (
    names.length === readdirSync(dir).filter((f) => f.startsWith('tier-')).length &&
    names.every((f) => readFileSync(join(dir, f)).equals(readFileSync(join(reference, f))))
  );
}

export default async function clusterBench(): Promise<void> {
  const game = option('--game', 'dodgem(size=5)');
  const root = mkdtempSync(join(tmpdir(), 'yomi-cluster-bench-'));
  const redis = await startRedis({ appendonly: false, password: PASSWORD });
  try {
    const localDir = join(root, 'local');
    let started = performance.now();
    const local = await runYomi(['solve', game, '--save', localDir, '--threads', '1']);
    const localMs = performance.now() - started;
    if (local.status !== 0) throw new Error(`local solve failed: ${local.stderr}`);
    const rows: (string | number)[][] = [
      ['local, 1 thread', tierCount(localDir), localMs / 1000, '–', '–', '–', '–', 'reference'],
    ];
    let oneWorkerMs = 0;
    for (const [i, count] of [1, 2, 4].entries()) {
      const db = i + 1;
      const dir = join(root, `queue-${count}`);
      const crew = Array.from({ length: count }, () =>
        startYomi(['worker', '--queue', redis.url(db), '--save', dir, '--threads', '1']),
      );
      await Promise.all(crew.map((w) => w.waitFor(/^worker .*: solving tiers/m)));
      started = performance.now();
      const coordinator = await runYomi(['solve', game, '--queue', redis.url(db), '--save', dir]);
      const ms = performance.now() - started;
      await stopAll(crew);
      if (coordinator.status !== 0) throw new Error(`queued solve failed: ${coordinator.stderr}`);
      if (coordinator.stdout !== local.stdout)
        throw new Error(`answers differ: ${coordinator.stdout} ${local.stdout}`);
      const queue = new Queue('yomi-tiers', { connection: { port: redis.port, password: PASSWORD, db } });
      const jobs = await queue.getJobs(['completed'], 0, -1);
      const times: JobTimes[] = jobs.map((j) => ({
        tier: j.data.tier,
        children: [],
        submitted: j.timestamp,
        processedOn: j.processedOn ?? 0,
        finishedOn: j.finishedOn ?? 0,
        solveMs: j.returnvalue.stats.ms,
        worker: j.returnvalue.worker,
      }));
      // A tier's children, from the links its job waited for.
      for (const t of times) {
        const links = await queue.getJob(jobs.find((j) => j.data.tier === t.tier)?.id ?? '');
        const deps = await links?.getDependencies();
        t.children = Object.keys(deps?.processed ?? {}).map((k) => Number(/-l\d+-(\d+)$/.exec(k)?.[1]));
      }
      await queue.close();
      const { waitMs, inJobMs } = overheads(times);
      if (count === 1) oneWorkerMs = ms;
      rows.push([
        `queue, ${count} worker${count === 1 ? '' : 's'}`,
        tierCount(dir),
        ms / 1000,
        `${(oneWorkerMs / ms).toFixed(2)}×`,
        `${(localMs / ms).toFixed(2)}×`,
        waitMs,
        inJobMs,
        sameTiers(dir, localDir) ? 'identical' : 'DIFFERENT',
      ]);
    }
    printTable(
      `${game}: a local solve and the queue (one thread per process; every process shares this machine's cores)`,
      ['run', 'tiers', 'total s', 'vs 1 worker', 'vs local', 'wait ms/job', 'in job ms/job', 'tier files'],
      rows,
    );
  } finally {
    await redis.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
