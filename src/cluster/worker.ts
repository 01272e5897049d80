/**
 * `yomi worker`: takes tier jobs from the queue (tier-jobs.ts) one at a time
 * and solves each with the parallel tier solver on this machine's threads
 * (src/threads/), reading the child tiers from the shared directory
 * (verified block by block as they load, released after) and writing the
 * tier's file there — by rename, only when it is complete. It then releases
 * the links of the tiers that wait for this one, and returns what solving
 * took; the coordinator records it. A tier whose file is already there and
 * whole (a worker died after writing it, or a solve is resumed) is not
 * solved again.
 *
 * A job that cannot be done anywhere — an unknown game, a tier out of range,
 * a tier too large for the memory — fails, with the reason in the job. A
 * worker that cannot serve the queue — its directory holds another game or
 * another solve — hands the job back and stops with one line. So does a
 * worker asked to stop (SIGINT, SIGTERM): the tier it was solving goes back
 * to the queue at once, and one that is killed outright goes back when its
 * lock lapses (`stallSeconds`), by BullMQ's stalled-job check.
 *
 * The main thread stays free while a tier is solved (even with one thread,
 * the tier is solved on a worker thread), so the job's lock is renewed.
 */

import { hostname } from 'node:os';
import { DelayedError, Job, Queue, WaitingError, Worker } from 'bullmq';
import { YomiError } from '../core/errors.js';
import type { TieredGame } from '../core/tiered.js';
import { TierDirectory } from '../db/tier-dir.js';
import { type OpenedGame, openResolved } from '../games/open.js';
import { resolveGameArg } from '../host/load.js';
import { machineLimits } from '../host/machine-limits.js';
import { childTiers, type TierStats, tieredForm, tierStats } from '../solvers/tiers.js';
import { solveTierShared, TierPool } from '../threads/tier-pool.js';
import { connectionOptions, probeRedis, troubleReporter } from './connection.js';
import type { QueueAddress } from './queue-url.js';
import {
  foundStats,
  keyOfJobId,
  LINK_QUEUE,
  LINK_RECHECK_MS,
  type LinkJobData,
  linkJobId,
  parentTiers,
  TIER_QUEUE,
  type TierJobData,
  type TierJobResult,
} from './tier-jobs.js';

export interface WorkerSettings {
  address: QueueAddress;
  /** The shared tier directory (the coordinator's `--save`). */
  dir: string;
  threads: number;
  /** How long a job's lock lasts without renewal: a worker silent that long has died, and its tier is taken again. */
  stallSeconds: number;
  /** Where the worker's log lines go. */
  print(line: string): void;
  /** Where connection troubles go. */
  warn(line: string): void;
}

/** Why this worker cannot serve the queue (not the job's fault): the job goes back and the worker stops. */
class WorkerSetupError extends YomiError {
  override name = 'WorkerSetupError';
}

/** A game this worker has opened, with its directory. */
interface OpenedSolve {
  spec: string;
  tiered: TieredGame;
  dir: TierDirectory;
  parents: number[][];
  key: string;
}

/** How a worker's run ended: asked to stop (0), or unable to serve the queue (2, with the reason). */
export interface WorkerExit {
  code: number;
  reason?: string;
}

const count = (n: number): string => n.toLocaleString('en-US');

export async function runWorker(settings: WorkerSettings): Promise<WorkerExit> {
  const { address, print } = settings;
  await probeRedis(address);
  const name = `${hostname()}/${process.pid}`;
  const connection = connectionOptions(address);
  const trouble = troubleReporter(address, settings.warn);
  const pool = new TierPool(settings.threads);
  const links = new Queue<LinkJobData>(LINK_QUEUE, { connection });
  links.on('error', trouble.report);
  const solves = new Map<string, OpenedSolve>();
  let active: { job: Job; token: string } | undefined;
  let finish: (exit: WorkerExit) => void = () => {};
  let stopTaking: () => Promise<void> = async () => {};
  const finished = new Promise<WorkerExit>((resolve) => {
    finish = resolve;
  });

  /** The game a job names, opened once, with this worker's directory checked against the job's solve. */
  const open = async (spec: string, jobId: string | undefined): Promise<OpenedSolve> => {
    const key = keyOfJobId(jobId) ?? '';
    const known = solves.get(spec);
    if (known !== undefined && known.key === key) return known;
    const resolved = await resolveGameArg(spec);
    if (resolved.def.input) {
      throw new YomiError(
        `${spec} reads a problem input, and a queue's jobs carry only the game and the tier`,
      );
    }
    const opened: OpenedGame = openResolved(resolved, undefined);
    const tiered = tieredForm(opened.games[0]);
    if (tiered === undefined) throw new YomiError(`${spec} cannot be solved by tiers`);
    let dir: TierDirectory;
    try {
      dir = new TierDirectory(
        settings.dir,
        tiered,
        { opened, dataset: 0 },
        { create: false, shared: true, records: false },
      );
    } catch (e) {
      throw e instanceof YomiError ? new WorkerSetupError(e.message) : e;
    }
    if (dir.manifest.queueKey !== key) {
      throw new WorkerSetupError(
        `${settings.dir} is not the directory of this queue's solve of ${spec} (its jobs are ${key}-…, the directory's ${dir.manifest.queueKey ?? 'none'}-…): give the worker the coordinator's --save directory`,
      );
    }
    const solve = { spec, tiered, dir, parents: parentTiers(tiered), key };
    solves.set(spec, solve);
    return solve;
  };

  const checkTier = (solve: OpenedSolve, tier: unknown): number => {
    const n = solve.tiered.tierCount;
    if (!Number.isSafeInteger(tier) || (tier as number) < 0 || (tier as number) >= n) {
      throw new YomiError(`tier ${String(tier)} is out of range: ${solve.spec} has tiers 0 to ${n - 1}`);
    }
    return tier as number;
  };

  /** Solves the job's tier (or finds its file whole) and releases the links of the tiers that wait for it. */
  const solveTierJob = async (job: Job<TierJobData>, token?: string): Promise<TierJobResult> => {
    const solve = await open(job.data.game, job.id);
    const tier = checkTier(solve, job.data.tier);
    const { tiered, dir } = solve;
    const tierName = tiered.tierName(tier);
    const positions = tiered.tierSize(tier);
    const label = `tier ${tierName} of ${solve.spec}`;
    /**
     * Reading, checking and writing tier files run on this thread, where the
     * lock is renewed: before one, the lock is extended by the time `bytes`
     * take at a slow 20 MB/s, so that a large file does not pass for a stall.
     */
    const hold = (bytes: number) =>
      job.extendLock(token as string, Math.ceil(settings.stallSeconds * 1000 + bytes / 20_000));
    let stats: TierStats;
    await hold(2 * positions);
    if (dir.has(tier)) {
      stats = foundStats(tiered, dir, tier);
      print(`${label}: already solved (its file is whole)`);
    } else {
      print(`${label}: solving ${count(positions)} positions`);
      const started = performance.now();
      await hold(2 * tiered.childTiers(tier).reduce((a, c) => a + (c === tier ? 0 : tiered.tierSize(c)), 0));
      const children = childTiers(tiered, tier, dir);
      try {
        const recipe = { spec: solve.spec, dataset: 0 };
        const solved = await solveTierShared(tiered, recipe, tier, children, pool, machineLimits());
        stats = tierStats(tiered, solved, performance.now() - started);
        await hold(solved.values.byteLength);
        dir.put(solved, stats);
      } finally {
        for (const c of children) dir.release(c.tier);
        dir.release(tier);
      }
      print(
        `${label}: solved in ${(stats.ms / 1000).toFixed(2)} s (${count(Math.round(positions / (stats.ms / 1000)))} positions/s)`,
      );
    }
    for (const parent of solve.parents[tier]) {
      const link = await Job.fromId(links, linkJobId(solve.key, parent, tier));
      // Another worker may release it at the same moment: a link no longer delayed needs nothing.
      if (link !== undefined && (await link.isDelayed())) await link.promote().catch(() => undefined);
    }
    return { stats, worker: name };
  };

  /** A link is done when its tier's file is there; else it looks again later. */
  const checkLink = async (job: Job<LinkJobData>, token?: string): Promise<string> => {
    const solve = await open(job.data.game, job.id);
    const tier = checkTier(solve, job.data.tier);
    if (solve.dir.fileExists(tier)) return 'ready';
    await job.moveToDelayed(Date.now() + LINK_RECHECK_MS, token);
    throw new DelayedError();
  };

  /** Runs a job's work: a failure is the job's (with this worker's name), except a setup error, which stops the worker. */
  const guarded =
    <D, R>(work: (job: Job<D>, token?: string) => Promise<R>) =>
    async (job: Job<D>, token?: string): Promise<R> => {
      try {
        return await work(job, token);
      } catch (e) {
        if (e instanceof DelayedError) throw e;
        if (e instanceof WorkerSetupError) {
          // No job is taken after this one, which goes back.
          await stopTaking();
          await job.moveToWait(token);
          finish({ code: 2, reason: e.message });
          throw new WaitingError();
        }
        const message = e instanceof Error ? e.message : String(e);
        print(`job ${job.id}: failed: ${message}`);
        throw new Error(`${name}: ${message}`);
      }
    };

  const workerOptions = {
    connection,
    lockDuration: settings.stallSeconds * 1000,
    stalledInterval: settings.stallSeconds * 1000,
    maxStalledCount: 3,
  };
  const tierWorker = new Worker<TierJobData, TierJobResult>(
    TIER_QUEUE,
    async (job, token) => {
      active = { job, token: token as string };
      try {
        return await guarded(solveTierJob)(job, token);
      } finally {
        active = undefined;
      }
    },
    { ...workerOptions, concurrency: 1 },
  );
  const linkWorker = new Worker<LinkJobData, string>(LINK_QUEUE, guarded(checkLink), {
    ...workerOptions,
    concurrency: 16,
  });
  for (const w of [tierWorker, linkWorker]) w.on('error', trouble.report);
  stopTaking = async () => {
    await Promise.all([tierWorker.pause(true), linkWorker.pause(true)]);
  };
  const stop = () => finish({ code: 0 });
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  print(
    `worker ${name}: solving tiers from ${address.shown} into ${settings.dir} on ${settings.threads} thread${settings.threads === 1 ? '' : 's'}`,
  );

  const exit = await finished;
  await stopTaking();
  // The tier being solved goes back to the queue now, not when its lock lapses.
  const held = active;
  if (held !== undefined && exit.code === 0) {
    await held.job.moveToWait(held.token);
    print(`tier ${held.job.name}: handed back to the queue`);
  }
  // The caller ends the process: connections and threads (maybe mid-step) go with it.
  return exit;
}
