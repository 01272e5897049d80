/**
 * The tier solver on worker threads: the same schedule (solvers/tiers.ts) and
 * the same steps (solvers/retrograde/steps.ts) as on one thread, each batch
 * of steps run by a pool of workers (piscina) over tables in shared memory.
 * Steps of one batch never depend on each other; threads meet only on the
 * tables, through Atomics (a compare-and-swap settles a position once, a
 * counter is decremented atomically), so the values are those of the
 * single-threaded solve whatever the interleaving.
 */

import { Piscina } from 'piscina';
import { now } from '../core/clock.js';
import {
  type CompactCodes,
  ENCODINGS,
  PARITY8,
  parityHolds,
  toParity8,
  widenCodes,
} from '../core/packed-value.js';
import type { TieredGame } from '../core/tiered.js';
import { type Deadline, deadlineOf, tierProgress, withinDeadline } from '../solvers/options.js';
import {
  checkTierMemory,
  type SolvedTier,
  STEP_POSITIONS,
  tierPlan,
} from '../solvers/retrograde/run-tier.js';
import { type StepResult, tierSteps } from '../solvers/retrograde/steps.js';
import { type ChildTier, counterBytes } from '../solvers/retrograde/workspace.js';
import {
  childTiers,
  SMALL_TIER,
  type TierSolveOptions,
  type TierStore,
  tierSchedule,
} from '../solvers/tiers.js';
import type { GameRecipe } from './recipe.js';
import type { SharedCodes, TierTask } from './tier-task.js';
import { codesOf, threadError } from './tier-task.js';
import { workerScript } from './worker-script.js';

export interface ParallelOptions extends TierSolveOptions {
  /** Worker threads (2 or more; one thread solves on the calling thread instead). */
  threads: number;
}

/** A tier's values in shared memory (copied there if they are not). */
function shared(codes: CompactCodes, encoding: SharedCodes['encoding']): SharedCodes {
  if (codes.buffer instanceof SharedArrayBuffer && codes.byteOffset === 0) {
    return { buffer: codes.buffer, encoding, length: codes.length };
  }
  const buffer = new SharedArrayBuffer(codes.byteLength);
  new Uint8Array(buffer).set(new Uint8Array(codes.buffer, codes.byteOffset, codes.byteLength));
  return { buffer, encoding, length: codes.length };
}

/** Worker threads that solve tiers; one pool may solve many games (each worker keeps the games it opened). */
export class TierPool {
  private readonly pool: Piscina;
  private closing = false;
  /** What the pool reported outside any task while it worked (said by the next task). */
  private stray?: Error;

  constructor(readonly threads: number) {
    const filename = workerScript('tier-worker', 'the parallel tier solver');
    this.pool = new Piscina({ filename, minThreads: threads, maxThreads: threads });
    // A step that ends while the pool is destroyed (the time budget ran out) answers a task that is gone:
    // nothing to report then. Unlistened, the pool's 'error' event would end the process with a trace.
    this.pool.on('error', (e: unknown) => {
      if (!this.closing) this.stray ??= threadError(e);
    });
  }

  /**
   * Solves every tier of `game` not yet in `store`: each tier's steps on all
   * threads; small tiers that do not read each other side by side as well
   * (their levels are too short to keep every thread busy), a large one alone.
   */
  async solve(
    game: TieredGame,
    recipe: GameRecipe,
    store: TierStore,
    options: TierSolveOptions = {},
  ): Promise<void> {
    const { order } = tierSchedule(game);
    const deadline = deadlineOf(options, game.id);
    const done = new Set(order.filter((t) => store.has(t)));
    const todo = order.filter((t) => !done.has(t));
    // The tiers still to be solved that read each tier: at 0 it is released.
    const readers = new Int32Array(game.tierCount);
    for (const t of todo) for (const c of game.childTiers(t)) if (c !== t) readers[c]++;
    const small = (t: number) => game.tierSize(t) < SMALL_TIER;
    const ready = (t: number) => game.childTiers(t).every((c) => c === t || done.has(c));
    const running = new Map<number, Promise<{ tier: number; error?: unknown }>>();
    let started = 0;
    let failure: { error: unknown } | undefined;
    while (running.size > 0 || (failure === undefined && started < todo.length)) {
      for (const t of todo) {
        if (failure !== undefined || running.size >= this.threads) break;
        if (done.has(t) || running.has(t) || !ready(t)) continue;
        // In the schedule's order: a large tier waits for the running ones, and small ones wait for it.
        if (running.size > 0 && !(small(t) && [...running.keys()].every(small))) break;
        const index = started++;
        running.set(
          t,
          this.solveOne(game, recipe, store, t, { index, count: order.length }, options, deadline).then(
            () => ({ tier: t }),
            (error: unknown) => ({ tier: t, error }),
          ),
        );
      }
      const finished = await Promise.race(running.values());
      running.delete(finished.tier);
      if ('error' in finished) {
        failure ??= { error: finished.error };
        continue;
      }
      done.add(finished.tier);
      for (const c of game.childTiers(finished.tier))
        if (c !== finished.tier && --readers[c] === 0) store.release(c);
    }
    if (failure !== undefined) throw failure.error;
  }

  /** Solves one tier into `store`. */
  private async solveOne(
    game: TieredGame,
    recipe: GameRecipe,
    store: TierStore,
    tier: number,
    at: { index: number; count: number },
    options: TierSolveOptions,
    deadline: Deadline,
  ): Promise<void> {
    const name = game.tierName(tier);
    deadline.check();
    options.onTier?.({ tier, name, done: false, ...at });
    const started = now();
    const solved = await solveTierShared(
      game,
      recipe,
      tier,
      childTiers(game, tier, store),
      this,
      tierProgress(options, name, at.index, at.count),
      deadline,
    );
    store.put(solved, {
      tier,
      name,
      positions: game.tierSize(tier),
      moves: solved.moves,
      ms: now() - started,
      encoding: solved.encoding.name,
      bytesPerPosition: solved.bytesPerPosition,
      widened: solved.widened,
    });
    options.onTier?.({ tier, name, done: true, ...at });
  }

  run(task: TierTask): Promise<StepResult> {
    if (this.stray) return Promise.reject(this.stray);
    return (this.pool.run(task) as Promise<StepResult>).catch((e: unknown) => {
      throw threadError(e);
    });
  }

  close(): Promise<void> {
    this.closing = true;
    return this.pool.destroy();
  }
}

/** Solves every tier not yet in `store` with `options.threads` worker threads (a pool for this one solve). */
export async function solveTiersInParallel(
  game: TieredGame,
  recipe: GameRecipe,
  store: TierStore,
  options: ParallelOptions,
): Promise<void> {
  const pool = new TierPool(options.threads);
  try {
    await pool.solve(game, recipe, store, options);
  } finally {
    await pool.close();
  }
}

/** Solves one tier on the pool's threads; `children` are the solved tiers its moves lead into. */
export async function solveTierShared(
  game: TieredGame,
  recipe: GameRecipe,
  tier: number,
  children: readonly ChildTier[],
  pool: TierPool,
  options: TierSolveOptions,
  deadline?: Deadline,
): Promise<SolvedTier> {
  checkTierMemory(game, tier, children, options);
  // Steps of at most STEP_POSITIONS positions each when there is a deadline to check between them.
  const parts = Math.max(4 * pool.threads, deadline ? Math.ceil(game.tierSize(tier) / STEP_POSITIONS) : 0);
  const plan = tierPlan(game, tier, children, parts);
  const size = plan.size;
  const countBytes = counterBytes(game.maxMoves);
  const childShared = children.map((c) => ({
    tier: c.tier,
    values: shared(c.values, c.encoding.name),
    maxLevel: { ...c.maxLevel },
  }));
  let values: SharedCodes | undefined;
  let counts: SharedArrayBuffer | undefined;
  /** The tier's values and counters, which the first step allocates. */
  const allocated = (): { values: SharedCodes; counts: SharedArrayBuffer } => {
    if (values === undefined || counts === undefined) {
      throw new Error(`tier ${tier}: a step before the values are allocated`);
    }
    return { values, counts };
  };
  let settled = 0;
  const steps = tierSteps(plan);
  let results: StepResult[] = [];
  let next = steps.next(results);
  while (!next.done) {
    const batch = next.value;
    const first = batch[0];
    if (first.op === 'allocate') {
      const buffer = new SharedArrayBuffer(first.encoding.bytes * size);
      first.encoding.table(size, buffer);
      values = { buffer, encoding: first.encoding.name, length: size };
      counts = new SharedArrayBuffer(countBytes * size);
      results = [undefined];
    } else if (first.op === 'widen') {
      const v = allocated().values;
      if (first.encoding === PARITY8) {
        // Both one byte: converted in place, when every value here and in the child tiers has its parity.
        const kept = children.every((c) => parityHolds(c.values, c.encoding)) && toParity8(codesOf(v));
        if (kept) values = { ...v, encoding: 'parity8' };
        results = [kept];
      } else {
        const buffer = new SharedArrayBuffer(first.encoding.bytes * size);
        widenCodes(ENCODINGS[v.encoding], codesOf(v), first.encoding, buffer);
        values = { buffer, encoding: first.encoding.name, length: size };
        results = [true];
      }
    } else {
      const base = {
        recipe,
        tier,
        values: allocated().values,
        counts: { buffer: allocated().counts, bytes: countBytes },
        children: childShared,
      };
      deadline?.check();
      const work = Promise.all(batch.map((step) => pool.run({ ...base, step } satisfies TierTask)));
      // Threads starting (opening the game), or a step that does not end: the deadline still holds.
      results = deadline ? await withinDeadline(work, deadline) : await work;
      if (first.op === 'propagate') {
        for (const r of results) if (Array.isArray(r)) for (const a of r) settled += a.length;
        options.onProgress?.({ unit: 'positions settled', done: settled, total: size });
      }
    }
    next = steps.next(results);
  }
  const run = next.value;
  const v = allocated().values;
  return {
    tier,
    values: codesOf(v),
    encoding: run.encoding,
    maxLevel: run.maxLevel,
    moves: run.moves,
    widened: run.widened,
    bytesPerPosition: run.encoding.bytes + countBytes,
  };
}
