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

import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { DelayedError, Job, Queue, WaitingError, Worker } from 'bullmq';
import { now } from '../core/clock.js';
import { errorLine } from '../core/error-line.js';
import { YomiError } from '../core/errors.js';
import { grouped } from '../core/grouped.js';
import type { TieredGame } from '../core/tiered.js';
import { isCount } from '../core/unknown.js';
import { readTierManifest, TierDirectory, type TierManifest } from '../db/tier-dir.js';
import { formatGameSpec } from '../games/kit/params.js';
import { type OpenedGame, openResolved, type ResolvedSpec } from '../games/open.js';
import { machineLimits } from '../host/machine-limits.js';
import { resolveRecorded } from '../host/recorded-game.js';
import { childTiers, type TierStats, tieredForm, tierStats } from '../solvers/tiers.js';
import { solveTierShared, TierPool } from '../threads/tier-pool.js';
import { connectionOptions, probeRedis, troubleReporter } from './connection.js';
import type { QueueAddress } from './queue-url.js';
import {
  foundStats,
  jobGame,
  keyOfJobId,
  LINK_QUEUE,
  LINK_RECHECK_MS,
  type LinkJobData,
  linkJobId,
  ownJob,
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
  /** The user's module the directory's solve was made from (`--game FILE`); a built-in game needs none. */
  game?: string;
}

/** Why this worker cannot serve the queue (not the job's fault): the job goes back and the worker stops. */
class WorkerSetupError extends YomiError {
  override name = 'WorkerSetupError';
}

/** A job that is not one of this worker's solve: refused, and left on the queue for its owner. */
class ForeignJob extends YomiError {
  override name = 'ForeignJob';
  constructor(
    message: string,
    /** Its id names another solve, whose workers may be waiting for it. */
    readonly ownerMayCome: boolean,
  ) {
    super(message);
  }
}

/**
 * A job of another solve goes back on the queue for 0.5 s, while the slot
 * that refused it takes nothing for 1 s: its owner, when one is waiting, gets
 * it first. A job no solve can own (a malformed id, or this solve's key on a
 * job its coordinator did not submit) goes back for 0.5 s, then twice as long
 * each time this worker meets it again, up to 8 s, and the slot goes on at
 * once: such jobs on the queue cannot stall a worker's own solve.
 */
const REFUSED_DELAY_MS = 500;
const UNOWNED_DELAY_MAX_MS = 8000;
const REFUSAL_PAUSE_MS = 1000;

/** How soon a failed fetch of the next job is tried again (about as often as the connection reconnects). */
const RUN_RETRY_MS = 1000;

/** The solve this worker serves, with its directory. */
interface OpenedSolve {
  /** How threads open the game again: a built-in spec, or the module's absolute path. */
  spec: string;
  /** How lines name the game. */
  label: string;
  /** The label its jobs carry (tier-jobs.ts). */
  game: string;
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

/** What the jobs of one worker's run share. */
interface WorkerRun {
  settings: WorkerSettings;
  /** `host/pid`: how the worker names itself in results and failures. */
  name: string;
  pool: TierPool;
  links: Queue<LinkJobData>;
  /** The solve served, once read from the directory. */
  solve?: OpenedSolve;
  /** The jobs refused already, with how many times (each said once). */
  refused: Map<string, number>;
  /** Takes no job after the ones running. */
  stopTaking(): Promise<void>;
  /** Ends the run. */
  finish(exit: WorkerExit): void;
}

/**
 * The solve a worker serves: the one its directory's manifest records (its
 * queue key, its game — a built-in id looked up in the registry, or the
 * module given with --game, checked against the recorded SHA-256); `known`
 * when it is still that one. Undefined while the directory holds no solve on
 * a queue.
 */
async function readSolve(
  settings: WorkerSettings,
  known: OpenedSolve | undefined,
): Promise<OpenedSolve | undefined> {
  if (!existsSync(join(settings.dir, 'manifest.json'))) return undefined;
  let manifest: TierManifest;
  let resolved: ResolvedSpec;
  try {
    manifest = readTierManifest(settings.dir);
    if (manifest.queueKey === undefined) return undefined;
    if (known !== undefined && known.key === manifest.queueKey) return known;
    resolved = await resolveRecorded(manifest.header.source, settings.dir, settings.game);
  } catch (e) {
    throw e instanceof YomiError ? new WorkerSetupError(e.message) : e;
  }
  const key = manifest.queueKey;
  // How threads open it again: a module by its absolute path, with its parameters.
  const spec = resolved.module
    ? resolved.def.params.length === 0
      ? resolve(resolved.module.path)
      : formatGameSpec(resolve(resolved.module.path), resolved.params)
    : resolved.spec;
  if (resolved.def.input) {
    throw new WorkerSetupError(
      `${spec} reads a problem input, and a queue's jobs carry only the game and the tier`,
    );
  }
  const opened: OpenedGame = openResolved(resolved, undefined);
  const tiered = tieredForm(opened.games[0]);
  if (tiered === undefined) throw new WorkerSetupError(`${spec} cannot be solved by tiers`);
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
  const game = jobGame(manifest.game, manifest.header.source);
  return { spec, label: resolved.spec, game, tiered, dir, parents: parentTiers(tiered), key };
}

/**
 * The solve of a job: this worker's, when the job is one its coordinator
 * submitted (the directory is read again when a job of another key comes: a
 * new solve in the directory); else the job is refused.
 */
async function openSolve(run: WorkerRun, job: Job): Promise<OpenedSolve> {
  const known = run.solve;
  const current =
    known !== undefined && keyOfJobId(job.id) === known.key ? known : await readSolve(run.settings, known);
  run.solve = current ?? run.solve;
  if (current === undefined || !ownJob(job.id, job.data, current.key, current.game)) {
    const serving =
      current === undefined
        ? `${run.settings.dir} holds no solve on a queue yet`
        : `this worker serves ${current.label} (jobs ${current.key}-…)`;
    const key = keyOfJobId(job.id);
    throw new ForeignJob(
      `job ${job.id}: not a job of this worker's solve (${serving}): left on the queue for its owner`,
      key !== undefined && key !== current?.key,
    );
  }
  return current;
}

/** The job's tier, checked against the solve's tiers. */
function tierOf(solve: OpenedSolve, tier: unknown): number {
  const n = solve.tiered.tierCount;
  if (!isCount(tier) || tier >= n) {
    throw new YomiError(`tier ${String(tier)} is out of range: ${solve.label} has tiers 0 to ${n - 1}`);
  }
  return tier;
}

/** Solves the job's tier (or finds its file whole) and releases the links of the tiers that wait for it. */
async function solveTierJob(run: WorkerRun, job: Job<TierJobData>, token?: string): Promise<TierJobResult> {
  const { settings, pool } = run;
  const { print } = settings;
  const solve = await openSolve(run, job);
  const tier = tierOf(solve, job.data.tier);
  const { tiered, dir } = solve;
  const tierName = tiered.tierName(tier);
  const positions = tiered.tierSize(tier);
  const label = `tier ${tierName} of ${solve.label}`;
  if (token === undefined) throw new Error(`${label}: the job came without its lock`);
  /**
   * Reading, checking and writing tier files run on this thread, where the
   * lock is renewed: before one, the lock is extended by the time `bytes`
   * take at a slow 20 MB/s, so that a large file does not pass for a stall.
   */
  const hold = (bytes: number) =>
    job.extendLock(token, Math.ceil(settings.stallSeconds * 1000 + bytes / 20_000));
  let stats: TierStats;
  await hold(2 * positions);
  if (dir.has(tier)) {
    stats = foundStats(tiered, dir, tier);
    print(`${label}: already solved (its file is whole)`);
  } else {
    print(`${label}: solving ${grouped(positions)} positions`);
    const started = now();
    await hold(2 * tiered.childTiers(tier).reduce((a, c) => a + (c === tier ? 0 : tiered.tierSize(c)), 0));
    const children = childTiers(tiered, tier, dir);
    try {
      const recipe = { spec: solve.spec, dataset: 0 };
      const solved = await solveTierShared(tiered, recipe, tier, children, pool, machineLimits());
      stats = tierStats(tiered, solved, now() - started);
      await hold(solved.values.byteLength);
      dir.put(solved, stats);
    } finally {
      for (const c of children) dir.release(c.tier);
      dir.release(tier);
    }
    print(
      `${label}: solved in ${(stats.ms / 1000).toFixed(2)} s (${grouped(Math.round(positions / (stats.ms / 1000)))} positions/s)`,
    );
  }
  for (const parent of solve.parents[tier]) {
    const link = await Job.fromId(run.links, linkJobId(solve.key, parent, tier));
    // Another worker may release it at the same moment: a link no longer delayed needs nothing.
    if (link !== undefined && (await link.isDelayed())) await link.promote().catch(() => undefined);
  }
  return { stats, worker: run.name };
}

/** A link is done when its tier's file is there; else it looks again later. */
async function checkLink(run: WorkerRun, job: Job<LinkJobData>, token?: string): Promise<string> {
  const solve = await openSolve(run, job);
  const tier = tierOf(solve, job.data.tier);
  if (solve.dir.fileExists(tier)) return 'ready';
  await job.moveToDelayed(Date.now() + LINK_RECHECK_MS, token);
  throw new DelayedError();
}

/** Runs a job's work: a failure is the job's (with this worker's name), except a setup error, which stops the worker. */
const guardedJob =
  <D, R>(run: WorkerRun, work: (run: WorkerRun, job: Job<D>, token?: string) => Promise<R>) =>
  async (job: Job<D>, token?: string): Promise<R> => {
    const { print } = run.settings;
    try {
      return await work(run, job, token);
    } catch (e) {
      if (e instanceof DelayedError) throw e;
      if (e instanceof ForeignJob) {
        // Said once per job: it comes back while its owner does not take it.
        const times = run.refused.get(String(job.id)) ?? 0;
        if (times === 0) print(errorLine(e.message));
        run.refused.set(String(job.id), times + 1);
        // Back on the queue for its owner (see REFUSED_DELAY_MS).
        const delay = e.ownerMayCome
          ? REFUSED_DELAY_MS
          : Math.min(UNOWNED_DELAY_MAX_MS, REFUSED_DELAY_MS * 2 ** times);
        await job.moveToDelayed(Date.now() + delay, token);
        if (e.ownerMayCome) await new Promise((r) => setTimeout(r, REFUSAL_PAUSE_MS));
        throw new DelayedError();
      }
      if (e instanceof WorkerSetupError) {
        // No job is taken after this one, which goes back.
        await run.stopTaking();
        await job.moveToWait(token);
        run.finish({ code: 2, reason: e.message });
        throw new WaitingError();
      }
      const message = e instanceof Error ? e.message : String(e);
      print(errorLine(`job ${job.id}: failed: ${message}`));
      throw new Error(`${run.name}: ${message}`);
    }
  };

export async function runWorker(settings: WorkerSettings): Promise<WorkerExit> {
  const { address, print } = settings;
  await probeRedis(address);
  const connection = connectionOptions(address);
  const trouble = troubleReporter(address, settings.warn);
  const links = new Queue<LinkJobData>(LINK_QUEUE, { connection });
  links.on('error', trouble.report);
  let finish: (exit: WorkerExit) => void = () => {};
  const finished = new Promise<WorkerExit>((resolve) => {
    finish = resolve;
  });
  const run: WorkerRun = {
    settings,
    name: `${hostname()}/${process.pid}`,
    pool: new TierPool(settings.threads),
    links,
    refused: new Map<string, number>(),
    stopTaking: async () => {},
    finish: (exit) => finish(exit),
  };
  let active: { job: Job; token?: string } | undefined;
  const workerOptions = {
    connection,
    lockDuration: settings.stallSeconds * 1000,
    stalledInterval: settings.stallSeconds * 1000,
    maxStalledCount: 3,
    // A fetch of the next job that fails (Redis restarting: refused, or LOADING while it reads its data
    // back) is tried again after this long; BullMQ's 15 s default left a worker idle that long after
    // every Redis restart, and a second failure doubled it.
    runRetryDelay: RUN_RETRY_MS,
  };
  const tierWorker = new Worker<TierJobData, TierJobResult>(
    TIER_QUEUE,
    async (job, token) => {
      active = { job, token };
      try {
        return await guardedJob(run, solveTierJob)(job, token);
      } finally {
        active = undefined;
      }
    },
    { ...workerOptions, concurrency: 1 },
  );
  const linkWorker = new Worker<LinkJobData, string>(LINK_QUEUE, guardedJob(run, checkLink), {
    ...workerOptions,
    concurrency: 16,
  });
  for (const w of [tierWorker, linkWorker]) w.on('error', trouble.report);
  run.stopTaking = async () => {
    await Promise.all([tierWorker.pause(true), linkWorker.pause(true)]);
  };
  const stop = () => finish({ code: 0 });
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  print(
    `worker ${run.name}: solving tiers from ${address.shown} into ${settings.dir} on ${settings.threads} thread${settings.threads === 1 ? '' : 's'}`,
  );

  const exit = await finished;
  await run.stopTaking();
  // The tier being solved goes back to the queue now, not when its lock lapses.
  const held = active;
  if (held !== undefined && exit.code === 0) {
    // Unless it went back already (a refused job).
    const back = await held.job.moveToWait(held.token).then(
      () => true,
      () => false,
    );
    if (back) print(errorLine(`tier ${held.job.name}: handed back to the queue`));
  }
  // The caller ends the process: connections and threads (maybe mid-step) go with it.
  return exit;
}
