/**
 * `yomi solve GAME --queue URL --save DIR`: the coordinator of a tier solve
 * on many machines. It opens (or resumes) the tier directory, finds the tiers
 * already solved there (every block checked), submits the rest to BullMQ as
 * flows (tier-jobs.ts: each tier's job waits for one link per child tier),
 * and waits, printing a line per solved tier. It is the only process that
 * writes the directory's manifest: it records the statistics each worker's
 * job returns.
 *
 * It may be stopped and started again at any time: the jobs' ids come from
 * the directory's queue key, so submitting again adds nothing that is there
 * (a tier's job that failed, or finished while its file is missing, is
 * removed first and submitted anew). It learns of finished tiers from the
 * queue's events, and every few seconds also asks for the state of each
 * pending tier, which covers events missed while Redis was away — and
 * submits again what a Redis restarted without its data lost.
 */

import { FlowProducer, type Job, type JobType, Queue, QueueEvents } from 'bullmq';
import { now } from '../core/clock.js';
import { errorLine } from '../core/error-line.js';
import { YomiError } from '../core/errors.js';
import { grouped } from '../core/grouped.js';
import type { Solution } from '../core/solution.js';
import type { TieredGame } from '../core/tiered.js';
import { isRecord } from '../core/unknown.js';
import { TierDirectory } from '../db/tier-dir.js';
import type { OpenedGame } from '../games/open.js';
import { tieredFormOf, tierSolveResult } from '../host/tier-solve.js';
import { type TierSolveOptions, totalPositions } from '../solvers/tiers.js';
import { connectionOptions, probeRedis, troubleReporter } from './connection.js';
import { type QueueAddress, redact } from './queue-url.js';
import {
  foundStats,
  jobGame,
  keyOfJobId,
  TIER_QUEUE,
  type TierJobData,
  type TierJobResult,
  tierFlows,
  tierJobId,
  tierOfJobId,
  tierResult,
} from './tier-jobs.js';

export interface QueueSolveSettings {
  address: QueueAddress;
  /** The shared tier directory. */
  save: string;
  /** Where progress lines go. */
  print(line: string): void;
}

/** How often the coordinator asks for the state of every pending tier. */
const RECONCILE_MS = 2000;
/** The states of a job not finished yet. */
const UNFINISHED: JobType[] = ['wait', 'active', 'delayed', 'waiting-children', 'prioritized'];

/** Solves game 0 of `opened` by tiers on the queue's workers; its solution, read from the directory. */
export async function solveOnQueue(
  opened: OpenedGame,
  settings: QueueSolveSettings,
  options: TierSolveOptions,
): Promise<Solution<unknown, unknown>> {
  const game = opened.games[0];
  const tiered = tieredFormOf(game, options);
  if (opened.input !== undefined) {
    throw new YomiError(
      `${game.id} reads a problem input, and a queue's jobs carry only the game and the tier: solve it without --queue`,
    );
  }
  const { address, print } = settings;
  await probeRedis(address);
  const started = now();
  const dir = new TierDirectory(settings.save, tiered, { opened, dataset: 0 }, { create: true });
  const key = dir.queueKey();
  // The jobs carry a label of the game only: workers open the game the directory records.
  const spec = jobGame(dir.manifest.game, dir.manifest.header.source);
  const connection = connectionOptions(address);
  const trouble = troubleReporter(address, print);
  const queue = new Queue<TierJobData, TierJobResult>(TIER_QUEUE, { connection });
  const flows = new FlowProducer({ connection });
  const events = new QueueEvents(TIER_QUEUE, { connection });
  queue.on('error', trouble.report);
  flows.on('error', trouble.report);
  events.on('error', trouble.report);
  try {
    await refuseOtherSolves(queue, key, address);
    const run = new TierRun(tiered, dir, print);
    for (let t = 0; t < tiered.tierCount; t++) if (!dir.has(t)) run.pending.add(t);
    await run.recordSolvedBefore(queue, key);
    await resetFinishedJobs(queue, key, run);
    const total = tiered.tierCount;
    print(
      `${game.id}: ${grouped(total)} tiers, ${grouped(totalPositions(tiered))} positions; ${grouped(total - run.pending.size)} solved in ${dir.dir} already, ${grouped(run.pending.size)} queued on ${address.shown}`,
    );
    await events.waitUntilReady();
    if (run.pending.size > 0) await flows.addBulk(tierFlows(tiered, spec, key, run.pending));
    await run.wait(
      queue,
      events,
      key,
      async () => {
        print(
          `the queue has lost jobs (was Redis restarted without its data?): submitting ${grouped(run.pending.size)} tiers again`,
        );
        await flows.addBulk(tierFlows(tiered, spec, key, run.pending));
      },
      address,
      trouble.report,
    );
  } finally {
    await Promise.all([events.close(), flows.close(), queue.close()]).catch(() => undefined);
  }
  return tierSolveResult(game, tiered, { dir }, `on the workers of ${address.shown}`, started, options);
}

/** Refuses a queue that holds unfinished jobs of another solve (its workers serve another directory). */
async function refuseOtherSolves(queue: Queue, key: string, address: QueueAddress): Promise<void> {
  const jobs = await queue.getJobs(UNFINISHED, 0, 99);
  const other = jobs.find((j) => j !== undefined && keyOfJobId(j.id) !== key);
  if (other !== undefined) {
    const data: unknown = other.data;
    const label = isRecord(data) ? data.game : undefined;
    const game = typeof label === 'string' ? label : 'another game';
    throw new YomiError(
      `the queue on ${address.shown} holds unfinished jobs of another solve (${game}): give this solve a Redis database of its own (a URL ending in /1, /2, …) or empty that one`,
    );
  }
}

/** Removes the jobs of pending tiers that have finished — failed, or completed while their file is missing — so that they can be submitted again. */
async function resetFinishedJobs(queue: Queue, key: string, run: TierRun): Promise<void> {
  for (const tier of [...run.pending]) {
    const job = await queue.getJob(tierJobId(key, tier));
    if (job === undefined) continue;
    const state = await job.getState();
    if (state !== 'completed' && state !== 'failed') continue;
    // Solved between the directory's check and now: done.
    if (run.dir.has(tier)) run.done(tier, job.returnvalue);
    else await job.remove();
  }
}

/** The tiers of one solve still pending, and what to do when one is done. */
class TierRun {
  readonly pending = new Set<number>();
  private readonly total: number;
  private solvedPositions = 0;
  private readonly started = now();

  constructor(
    readonly game: TieredGame,
    readonly dir: TierDirectory,
    private readonly print: (line: string) => void,
  ) {
    this.total = totalPositions(game);
  }

  /** Records the tiers solved before this run that the manifest has no statistics for (their jobs', if kept). */
  async recordSolvedBefore(queue: Queue, key: string): Promise<void> {
    const recorded = new Set(this.dir.manifest.stats.map((s) => s.tier));
    for (let t = 0; t < this.game.tierCount; t++) {
      if (this.pending.has(t) || recorded.has(t)) continue;
      const job = await queue.getJob(tierJobId(key, t));
      this.dir.record(this.resultOf(t, job?.returnvalue)?.stats ?? foundStats(this.game, this.dir, t));
    }
  }

  /** What a tier's job returned, checked (it comes from Redis), with what the coordinator knows itself. */
  private resultOf(tier: number, returned: unknown): TierJobResult | undefined {
    const { name, positions, encoding } = foundStats(this.game, this.dir, tier);
    return tierResult(returned, { tier, name, positions, encoding });
  }

  /**
   * A tier's job says it is done: it counts only when the tier's file is
   * there and whole (every block checked) — an event or a job state from
   * Redis alone proves nothing. Its statistics go to the manifest, and a
   * line to the log. Returns whether the tier is done.
   */
  done(tier: number, returned: unknown): boolean {
    if (!this.pending.has(tier)) return true;
    if (!this.dir.has(tier)) return false;
    this.pending.delete(tier);
    const result = this.resultOf(tier, returned);
    const stats = result?.stats ?? foundStats(this.game, this.dir, tier);
    this.dir.record(stats);
    if (!stats.resumed) this.solvedPositions += stats.positions;
    const seconds = (now() - this.started) / 1000;
    const how = stats.resumed ? 'found whole' : `solved in ${(stats.ms / 1000).toFixed(2)} s`;
    const by = result ? ` by ${errorLine(result.worker)}` : '';
    const tiers = `${grouped(this.game.tierCount - this.pending.size)}/${grouped(this.game.tierCount)} tiers`;
    const share = `${((100 * this.donePositions()) / Math.max(1, this.total)).toFixed(1)}% of the positions`;
    const rate = `${grouped(Math.round(this.solvedPositions / Math.max(seconds, 1e-3)))} positions/s`;
    this.print(`tier ${this.game.tierName(tier)} ${how}${by}: ${tiers}, ${share}, ${rate}`);
    return true;
  }

  private donePositions(): number {
    let n = this.total;
    for (const t of this.pending) n -= this.game.tierSize(t);
    return n;
  }

  /**
   * Waits until no tier is pending: from the queue's events, and from the
   * state of each pending tier's job every few seconds (`resubmit` when a
   * job is gone). A failed tier ends the wait with its reason.
   */
  wait(
    queue: Queue,
    events: QueueEvents,
    key: string,
    resubmit: () => Promise<void>,
    address: QueueAddress,
    warn: (e: unknown) => void,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const settle = (error?: Error) => {
        clearInterval(timer);
        if (error) reject(error);
        else resolve();
      };
      const failed = (tier: number, reason: string) =>
        settle(new YomiError(`tier ${this.game.tierName(tier)} failed: ${redact(reason, address)}`));
      const completed = (tier: number, returned: unknown): boolean => {
        const done = this.done(tier, returned);
        if (this.pending.size === 0) settle();
        return done;
      };
      events.on('completed', ({ jobId, returnvalue }) => {
        const tier = tierOfJobId(key, jobId);
        // An event whose tier file is not there yet is not believed; the next round asks the job itself.
        if (tier !== undefined) completed(tier, returnvalue);
      });
      events.on('failed', ({ jobId, failedReason }) => {
        const tier = tierOfJobId(key, jobId);
        if (tier !== undefined && this.pending.has(tier)) failed(tier, failedReason);
      });
      let busy = false;
      let workersSeen: number | undefined;
      const reconcile = async () => {
        if (busy) return;
        busy = true;
        try {
          // Without a word, a coordinator whose workers have not started would look stuck.
          const workers = await queue.getWorkersCount();
          if (workers !== workersSeen) {
            this.print(
              workers === 0
                ? `waiting for workers: none has joined ${address.shown} yet (start them with yomi worker --queue URL --save DIR)`
                : `${workers} worker${workers === 1 ? '' : 's'} on the queue`,
            );
            workersSeen = workers;
          }
          let lost = false;
          for (const tier of [...this.pending]) {
            const job: Job | undefined = await queue.getJob(tierJobId(key, tier));
            if (job === undefined) {
              lost = true;
              continue;
            }
            const state = await job.getState();
            if (state === 'completed' && !completed(tier, job.returnvalue)) {
              // Completed without its file whole (forged, or the file was lost): submitted again.
              await job.remove();
              lost = true;
            } else if (state === 'failed') return failed(tier, String(job.failedReason));
          }
          if (lost && this.pending.size > 0) await resubmit();
        } catch (e) {
          // The connections retry, and so will the next round.
          warn(e);
        } finally {
          busy = false;
        }
      };
      timer = setInterval(reconcile, RECONCILE_MS);
      if (this.pending.size === 0) settle();
      else void reconcile();
    });
  }
}
