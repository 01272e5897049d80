/**
 * The margin tier solver on worker threads: each tier's positions cut into
 * parts that a pool of workers (piscina, margin-worker.ts) walks side by side
 * over the tier's values in shared memory (solvers/margin-tiers.ts says how
 * threads meet there), tiers one after another as on one thread. The values
 * are the single-threaded solve's whatever the interleaving: every position
 * gets the one margin its children give it.
 */

import { Piscina } from 'piscina';
import { now } from '../core/clock.js';
import { MARGIN8 } from '../core/packed-value.js';
import type { MarginTieredGame } from '../core/tiered.js';
import { checkMarginTier, marginCodes, marginTierSolved, marginTiersUpTo } from '../solvers/margin-tiers.js';
import { deadlineOf, tierProgress, withinDeadline } from '../solvers/options.js';
import { type TierSolveOptions, type TierStore, tierStats } from '../solvers/tiers.js';
import type { GameRecipe } from './recipe.js';
import { threadError } from './tier-task.js';
import { workerScript } from './worker-script.js';

/** What a worker walks: the roots lo … hi−1 of a tier, over shared values. */
export interface MarginTask {
  recipe: GameRecipe;
  tier: number;
  values: SharedArrayBuffer;
  lower: { tier: number; buffer: SharedArrayBuffer }[];
  lo: number;
  hi: number;
}

/** Parts per thread and tier: small enough to balance the threads, and to look at the deadline between. */
const PARTS_PER_THREAD = 16;

/** The tier's values in shared memory (copied there if they are not). */
function sharedBytes(values: Uint8Array): SharedArrayBuffer {
  if (
    values.buffer instanceof SharedArrayBuffer &&
    values.byteOffset === 0 &&
    values.byteLength === values.buffer.byteLength
  ) {
    return values.buffer;
  }
  const buffer = new SharedArrayBuffer(values.byteLength);
  new Uint8Array(buffer).set(values);
  return buffer;
}

/**
 * Solves the first `count` tiers of `game` (the endgame form of the game
 * `recipe` opens) that `store` does not hold yet, on `threads` threads.
 * The store must keep tiers in shared memory (or they are copied there).
 */
export async function solveMarginTiersInParallel(
  game: MarginTieredGame,
  recipe: GameRecipe,
  store: TierStore,
  count: number,
  threads: number,
  options: TierSolveOptions = {},
): Promise<void> {
  const order = marginTiersUpTo(game, count, options);
  const deadline = deadlineOf(options, game.id);
  const filename = workerScript('margin-worker', 'the parallel margin tier solver');
  const pool = new Piscina({ filename, minThreads: threads, maxThreads: threads });
  let closing = false;
  let stray: Error | undefined;
  pool.on('error', (e: unknown) => {
    if (!closing) stray ??= threadError(e);
  });
  const shared = new Map<number, SharedArrayBuffer>();
  const lowerOf = (t: number) => {
    let b = shared.get(t);
    if (b === undefined) {
      b = sharedBytes(marginCodes(store.get(t).values));
      shared.set(t, b);
    }
    return b;
  };
  try {
    for (const [i, tier] of order.entries()) {
      if (store.has(tier)) continue;
      deadline.check();
      checkMarginTier(game, tier, options);
      const name = game.tierName(tier);
      options.onTier?.({ tier, name, done: false, index: i, count: order.length });
      const started = now();
      const size = game.tierSize(tier);
      const values = new SharedArrayBuffer(size);
      MARGIN8.table(size, values);
      const lower = game
        .childTiers(tier)
        .filter((t) => t !== tier)
        .map((t) => ({ tier: t, buffer: lowerOf(t) }));
      const parts = Math.min(size, threads * PARTS_PER_THREAD);
      const report = tierProgress(options, name, i, order.length).onProgress;
      let settled = 0;
      const work = Array.from({ length: parts }, (_, k) => {
        const lo = Math.floor((k * size) / parts);
        const hi = Math.floor(((k + 1) * size) / parts);
        const task: MarginTask = { recipe, tier, values, lower, lo, hi };
        return (async (): Promise<number> => {
          if (stray) throw stray;
          let moves: number;
          try {
            moves = await pool.run(task);
          } catch (e) {
            throw threadError(e);
          }
          settled += hi - lo;
          report?.({ unit: 'positions settled', done: settled, total: size });
          return moves;
        })();
      });
      const moves = (await withinDeadline(Promise.all(work), deadline)).reduce((a, b) => a + b, 0);
      const solved = marginTierSolved(tier, new Uint8Array(values), moves);
      shared.set(tier, values);
      store.put(solved, tierStats(game, solved, now() - started));
      options.onTier?.({ tier, name, done: true, index: i, count: order.length });
    }
  } finally {
    closing = true;
    await pool.destroy();
  }
}
