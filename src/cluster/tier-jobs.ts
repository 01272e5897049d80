/**
 * The jobs of a tier solve on BullMQ, as the coordinator submits them and the
 * workers take them. A job carries a label of the game (`jobGame`) and a tier
 * number; its id is the solve's key (kept in the tier directory's manifest)
 * with the tier, so submitting the same solve twice adds nothing. Nothing in
 * a job decides what a worker runs: a worker serves the solve its directory
 * records, and takes a job only when its id and its label are that solve's
 * (`ownJob`); what a job returns is checked before the coordinator uses it
 * (`tierResult`).
 *
 * Tiers form a directed acyclic graph, and BullMQ's flows are trees (a job
 * has at most one parent), so a tier's job does not have its child tiers'
 * jobs as children: it has one **link** job per child tier, in a queue of its
 * own. BullMQ starts a tier's job only when all its links are done. A link is
 * added delayed and is released (promoted) by the worker that writes its
 * child tier's file; when it runs, it checks that the file is there — and if
 * it is not (a release that was lost), it waits `LINK_RECHECK_MS` and looks
 * again. So every dependency is BullMQ's, and a tier read by several tiers is
 * solved once.
 */

import type { FlowJob } from 'bullmq';
import type { TieredGame } from '../core/tiered.js';
import { isCount, isInt, isRecord } from '../core/unknown.js';
import type { SolutionSource } from '../db/solution-file.js';
import type { TierDirectory } from '../db/tier-dir.js';
import type { TierStats } from '../solvers/tiers.js';

/** The queue of tier jobs (one worker process solves one tier at a time). */
export const TIER_QUEUE = 'yomi-tiers';
/** The queue of link jobs (a parent tier waiting for one child tier). */
export const LINK_QUEUE = 'yomi-links';
/** How long a link waits before it looks for its tier's file again, when nobody released it. */
export const LINK_RECHECK_MS = 30_000;

export interface TierJobData {
  /** The game's label (`jobGame`): never opened, only compared with the worker's own solve. */
  game: string;
  tier: number;
}

export interface LinkJobData extends TierJobData {
  /** The tier that waits for `tier`. */
  parent: number;
}

/** What a worker returns for a tier: what solving it took, or that its file was already there. */
export interface TierJobResult {
  stats: TierStats;
  /** `host/pid` of the worker. */
  worker: string;
}

export const tierJobId = (key: string, tier: number): string => `${key}-t${tier}`;
export const linkJobId = (key: string, parent: number, child: number): string => `${key}-l${parent}-${child}`;

/** The tier of a tier job's id of solve `key`, or undefined when the id is another solve's or not a tier's. */
export function tierOfJobId(key: string, id: string | undefined): number | undefined {
  const m = id === undefined ? null : /^(.*)-t(\d+)$/.exec(id);
  return m !== null && m[1] === key ? Number(m[2]) : undefined;
}

/** The solve key of a job id (what comes before its last `-`). */
export function keyOfJobId(id: string | undefined): string | undefined {
  const m = id === undefined ? null : /^(.*)-[tl][\d-]+$/.exec(id);
  return m?.[1];
}

/** The label a solve's jobs carry: the built-in game's spec, or a module's SHA-256 (workers are given the module itself). */
export function jobGame(spec: string, source: SolutionSource): string {
  return source.kind === 'module' ? `module sha256:${source.sha256}` : spec;
}

/** Whether a job is one of solve `key` of game `game` (a tier job, or a link job when `parent` is given), as its coordinator submitted it. */
export function ownJob(id: string | undefined, data: unknown, key: string, game: string): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const d: Partial<Record<string, unknown>> = data;
  if (d.game !== game || !isInt(d.tier)) return false;
  if (d.parent === undefined) return id === tierJobId(key, d.tier);
  return isInt(d.parent) && id === linkJobId(key, d.parent, d.tier);
}

/**
 * A tier job's result as a worker returned it, checked field by field (it
 * comes from Redis: anyone who can write there can forge it), with what the
 * coordinator knows itself (`known`: the tier's name, size and the encoding
 * of its file) taken from there, not from the result; undefined when it is
 * not a result.
 */
export function tierResult(
  x: unknown,
  known: Pick<TierStats, 'tier' | 'name' | 'positions' | 'encoding'>,
): TierJobResult | undefined {
  if (!isRecord(x) || !isRecord(x.stats)) return undefined;
  const { worker, stats: s } = x;
  const { moves, ms, bytesPerPosition, widened } = s;
  if (
    typeof worker !== 'string' ||
    worker.length > 300 ||
    s.tier !== known.tier ||
    s.positions !== known.positions ||
    !isCount(moves) ||
    typeof ms !== 'number' ||
    !(ms >= 0 && ms < 1e12) ||
    typeof bytesPerPosition !== 'number' ||
    !(bytesPerPosition >= 0 && bytesPerPosition <= 64) ||
    (widened !== undefined && (typeof widened !== 'string' || widened.length > 300))
  ) {
    return undefined;
  }
  return {
    worker,
    stats: {
      ...known,
      moves,
      ms,
      bytesPerPosition,
      ...(widened === undefined ? {} : { widened }),
      ...(s.resumed === true ? { resumed: true } : {}),
    },
  };
}

/** The statistics of a tier found whole in the directory, not solved by this run. */
export function foundStats(game: TieredGame, dir: TierDirectory, tier: number): TierStats {
  return {
    tier,
    name: game.tierName(tier),
    positions: game.tierSize(tier),
    moves: 0,
    ms: 0,
    encoding: dir.encodingOf(tier),
    bytesPerPosition: 0,
    resumed: true,
  };
}

/** The tiers that read each tier (its parents in the tier graph). */
export function parentTiers(game: TieredGame): number[][] {
  const parents: number[][] = Array.from({ length: game.tierCount }, () => []);
  for (let t = 0; t < game.tierCount; t++) {
    for (const c of game.childTiers(t)) if (c !== t) parents[c].push(t);
  }
  return parents;
}

/** One flow per tier of `pending`: the tier's job, with a link for each of its child tiers still pending. */
export function tierFlows(
  game: TieredGame,
  spec: string,
  key: string,
  pending: ReadonlySet<number>,
): FlowJob[] {
  return [...pending].map((tier) => ({
    name: game.tierName(tier),
    queueName: TIER_QUEUE,
    data: { game: spec, tier } satisfies TierJobData,
    opts: { jobId: tierJobId(key, tier) },
    children: game
      .childTiers(tier)
      .filter((c) => c !== tier && pending.has(c))
      .map((c) => ({
        name: `${game.tierName(tier)}<${game.tierName(c)}`,
        queueName: LINK_QUEUE,
        data: { game: spec, tier: c, parent: tier } satisfies LinkJobData,
        opts: { jobId: linkJobId(key, tier, c), delay: LINK_RECHECK_MS },
      })),
  }));
}
