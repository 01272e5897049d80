/**
 * Runs retrograde analysis of one tier on the calling thread: the steps of
 * steps.ts executed one after another on a workspace (workspace.ts). The
 * parallel runner (src/threads/) executes the same steps on worker threads
 * over shared memory; both end with the same `SolvedTier`.
 */

import { grouped } from '../../core/grouped.js';
import {
  type CompactCodes,
  type Encoding,
  PACKED16,
  PARITY8,
  parityHolds,
  toParity8,
  WL8,
  widenCodes,
} from '../../core/packed-value.js';
import type { TieredGame } from '../../core/tiered.js';
import { checkMemory, type Deadline, megabytes, type SolverOptions } from '../options.js';
import { type Step, type StepResult, type TierPlan, type TierRun, tierSteps } from './steps.js';
import {
  type ChildTier,
  type Counters,
  counterBytes,
  makeCounters,
  type Pass,
  TierWorkspace,
} from './workspace.js';

/** One tier solved by retrograde analysis: its values, how they are encoded, and what solving it took. */
export interface SolvedTier {
  tier: number;
  values: CompactCodes;
  encoding: Encoding;
  /** The largest finite remoteness of each pass in the values (−1: none). */
  maxLevel: Record<Pass, number>;
  moves: number;
  /** Why the values needed a wider encoding than the first tried, if they did. */
  widened?: string;
  /** Bytes per position while solving: values and counters. */
  bytesPerPosition: number;
}

/** The first encoding to try for a game: one byte, unless endless play has a declared loser. */
export function firstEncoding(game: TieredGame): Encoding {
  return game.endless ? PACKED16 : WL8;
}

/** The most positions a step covers when a deadline is checked between steps. */
export const STEP_POSITIONS = 1 << 20;

/** The plan of a tier: its size, its solved children, how finely to cut its ranges. */
export function tierPlan(
  game: TieredGame,
  tier: number,
  children: readonly ChildTier[],
  parts: number,
): TierPlan {
  return {
    tier,
    size: game.tierSize(tier),
    parts,
    // Ties in a child tier make ties here: start in an encoding that holds them.
    encoding: children.some((c) => c.maxLevel.tie >= 0) ? PACKED16 : firstEncoding(game),
    children: children.map((c) => ({ tier: c.tier, size: c.values.length, maxLevel: c.maxLevel })),
    endless: game.endless !== undefined,
    extraTurns: game.extraTurns === true,
  };
}

/** Refuses, before allocating, a tier whose tables would not fit the memory budget. */
export function checkTierMemory(
  game: TieredGame,
  tier: number,
  children: readonly ChildTier[],
  options: SolverOptions,
): void {
  const size = game.tierSize(tier);
  const perPosition = firstEncoding(game).bytes + counterBytes(game.maxMoves);
  // The settled lists of two levels at a time: at most 4 bytes per position, in practice far less.
  const lists = 4 * Math.ceil(size / 8);
  const held = children.reduce((a, c) => a + c.values.byteLength, 0);
  checkMemory(
    size * perPosition + lists + held,
    options,
    `${game.id}, tier ${game.tierName(tier)} (${grouped(size)} positions at ${perPosition} bytes, ${megabytes(held)} of solved tiers)`,
  );
}

/** Solves one tier on this thread; `children` are the solved tiers its moves lead into. */
export function solveTier(
  game: TieredGame,
  tier: number,
  children: readonly ChildTier[],
  options: SolverOptions = {},
  deadline?: Deadline,
): SolvedTier {
  checkTierMemory(game, tier, children, options);
  // Steps of at most STEP_POSITIONS positions, so that the deadline is checked between them.
  const plan = tierPlan(game, tier, children, deadline ? Math.ceil(game.tierSize(tier) / STEP_POSITIONS) : 1);
  const size = plan.size;
  const cBytes = counterBytes(game.maxMoves);
  let ws: TierWorkspace | undefined;
  let counts: Counters | undefined;
  let settled = 0;
  /** The tier's workspace, which the first step allocates. */
  const workspace = (): TierWorkspace => {
    if (ws === undefined) throw new Error(`tier ${tier}: a step before the workspace is allocated`);
    return ws;
  };
  const execute = (step: Step): StepResult => {
    switch (step.op) {
      case 'allocate':
        counts = makeCounters(cBytes, size);
        ws = new TierWorkspace(
          game,
          { tier, values: step.encoding.table(size), encoding: step.encoding, counts, shared: false },
          children,
        );
        return undefined;
      case 'widen': {
        const t = workspace().t;
        if (step.encoding === PARITY8) {
          if (!children.every((c) => parityHolds(c.values, c.encoding)) || !toParity8(t.values)) {
            return false;
          }
          ws = new TierWorkspace(game, { ...t, encoding: PARITY8 }, children);
          return true;
        }
        ws = new TierWorkspace(
          game,
          { ...t, values: widenCodes(t.encoding, t.values, step.encoding), encoding: step.encoding },
          children,
        );
        return true;
      }
      case 'count':
        return workspace().count(step.lo, step.hi);
      case 'propagate': {
        const arrays = workspace().propagate(
          step.pass,
          step.level,
          step.from,
          step.entries,
          step.lo,
          step.hi,
        );
        for (const a of arrays) settled += a.length;
        options.onProgress?.({ unit: 'positions settled', done: settled, total: size });
        return arrays;
      }
      case 'endless':
        workspace().finishEndless(step.lo, step.hi);
        return undefined;
    }
  };
  const steps = tierSteps(plan);
  let results: StepResult[] = [];
  let next = steps.next(results);
  while (!next.done) {
    results = next.value.map((step) => {
      deadline?.check();
      return execute(step);
    });
    next = steps.next(results);
  }
  const run: TierRun = next.value;
  const t = workspace().t;
  return {
    tier,
    values: t.values,
    encoding: t.encoding,
    maxLevel: run.maxLevel,
    moves: run.moves,
    widened: run.widened,
    bytesPerPosition: t.encoding.bytes + cBytes,
  };
}
