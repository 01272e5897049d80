/**
 * The tier solver: solves a tiered game (core/tiered.ts) one tier at a time,
 * in an order where every tier comes after the tiers its moves lead into;
 * each tier by retrograde analysis (retrograde/), its moves into solved tiers
 * read from their values. Solved tiers go to a `TierStore`: in memory for a
 * library solve, or files in a directory (src/db/tier-dir.ts) — there a
 * resumed solve skips the tiers already written, and only the tier being
 * solved and the tiers it reads are held in memory.
 *
 * This file runs tiers on the calling thread; src/threads/ runs the same
 * steps on worker threads with the same schedule (`tierSchedule`).
 */

import { now } from '../core/clock.js';
import { YomiError } from '../core/errors.js';
import { type AnyGame, isIndexed } from '../core/game.js';
import { playableView } from '../core/indexed-view.js';
import { type CompactCodes, decodeCompact, type Encoding } from '../core/packed-value.js';
import { hasParents } from '../core/parent-slots.js';
import { makeSolution, type Solution } from '../core/solution.js';
import { singleTier } from '../core/tier-forms.js';
import { type TieredGame, type TierLayout, type TierPosition, tierOrder } from '../core/tiered.js';
import type { Value } from '../core/value.js';
import { checkBudget, deadlineOf, type SolverOptions, tierProgress } from './options.js';
import { type SolvedTier, solveTier } from './retrograde/run-tier.js';
import type { ChildTier, Pass } from './retrograde/workspace.js';
import type { SolverEntry } from './solver.js';

/**
 * Fewer positions than this are solved sooner without the tier solver's
 * machinery: one table by plain retrograde analysis, a game on one thread,
 * a tier side by side with other small ones.
 */
export const SMALL_TIER = 1 << 20;

/** A solved tier's values as a store keeps them. */
export interface TierValues {
  tier: number;
  values: CompactCodes;
  encoding: Encoding;
  maxLevel: Readonly<Record<Pass, number>>;
}

/** Where solved tiers are kept: in memory (`MemoryTierStore`) or as tier files in a directory. */
export interface TierStore {
  /** Whether the tier is solved (a store of files verifies the file first). */
  has(tier: number): boolean;
  /** The solved tier's values, loaded into memory if they are not. */
  get(tier: number): TierValues;
  /** Keeps a solved tier. */
  put(solved: SolvedTier, stats: TierStats): void;
  /** The tier's values are not needed in memory any more (a store of files may drop them). */
  release(tier: number): void;
  /** What solving each tier took, as far as the store knows. */
  readonly stats: readonly TierStats[];
}

/** The most bytes per position any tier took while it was solved (values and move counters). */
export function widestTier(store: TierStore): number {
  return store.stats.reduce((w, s) => Math.max(w, s.bytesPerPosition), 0);
}

/** What solving one tier took. */
export interface TierStats {
  tier: number;
  name: string;
  positions: number;
  moves: number;
  ms: number;
  encoding: string;
  bytesPerPosition: number;
  /** Why the values needed a wider encoding, if they did. */
  widened?: string;
  /** Solved before (a resumed solve) and not solved again. */
  resumed?: boolean;
}

/** What solving a tier took, `ms` milliseconds in all. */
export function tierStats(game: TierLayout, solved: SolvedTier, ms: number): TierStats {
  return {
    tier: solved.tier,
    name: game.tierName(solved.tier),
    positions: game.tierSize(solved.tier),
    moves: solved.moves,
    ms,
    encoding: solved.encoding.name,
    bytesPerPosition: solved.bytesPerPosition,
    widened: solved.widened,
  };
}

/** Tiers kept in memory. */
export class MemoryTierStore implements TierStore {
  private readonly tiers = new Map<number, TierValues>();
  readonly stats: TierStats[] = [];

  has(tier: number): boolean {
    return this.tiers.has(tier);
  }

  get(tier: number): TierValues {
    const t = this.tiers.get(tier);
    if (t === undefined) throw new Error(`tier ${tier} is not solved`);
    return t;
  }

  put(solved: SolvedTier, stats: TierStats): void {
    this.tiers.set(solved.tier, solved);
    this.stats.push(stats);
  }

  release(): void {
    // Memory is where these tiers live: nothing to drop.
  }
}

/** The order tiers are solved in, and after which tier each one is no longer needed. */
export interface TierSchedule {
  order: number[];
  /** lastUse[t]: the place in `order` of the last tier that reads t (its own place if none). */
  lastUse: Int32Array;
}

export function tierSchedule(game: TieredGame): TierSchedule {
  const order = tierOrder(game);
  const place = new Int32Array(game.tierCount);
  order.forEach((t, i) => {
    place[t] = i;
  });
  const lastUse = Int32Array.from(place);
  for (const t of order) {
    for (const c of game.childTiers(t)) if (c !== t) lastUse[c] = Math.max(lastUse[c], place[t]);
  }
  return { order, lastUse };
}

/** The child tiers of `tier` as the engine reads them. */
export function childTiers(game: TieredGame, tier: number, store: TierStore): ChildTier[] {
  return game
    .childTiers(tier)
    .filter((c) => c !== tier)
    .map((c) => {
      const v = store.get(c);
      return { tier: c, values: v.values, encoding: v.encoding, maxLevel: v.maxLevel };
    });
}

/** Options of `solveTiers`: a solver's options and a report per tier. */
export interface TierSolveOptions extends SolverOptions {
  /** Called when a tier starts and when it is done. */
  onTier?(event: { tier: number; name: string; done: boolean; index: number; count: number }): void;
}

/** Solves every tier not yet in `store`, on this thread, within `maxSeconds` (checked between steps of at most about a million positions). */
export function solveTiers(game: TieredGame, store: TierStore, options: TierSolveOptions = {}): void {
  const { order, lastUse } = tierSchedule(game);
  const deadline = deadlineOf(options, game.id);
  order.forEach((tier, i) => {
    const name = game.tierName(tier);
    if (!store.has(tier)) {
      deadline.check();
      options.onTier?.({ tier, name, done: false, index: i, count: order.length });
      const started = now();
      const solved = solveTier(
        game,
        tier,
        childTiers(game, tier, store),
        tierProgress(options, name, i, order.length),
        deadline,
      );
      store.put(solved, tierStats(game, solved, now() - started));
      options.onTier?.({ tier, name, done: true, index: i, count: order.length });
    }
    for (const c of game.childTiers(tier)) if (c !== tier && lastUse[c] === i) store.release(c);
  });
}

/**
 * The tiered form a game is solved by tiers in: the tiers an indexed game
 * (or a game's perfect hash) declares, or — when it has parents — the whole
 * game as one tier.
 */
export function tieredForm(game: AnyGame): TieredGame | undefined {
  const numbered = isIndexed(game) ? game : game.indexed?.game;
  if (numbered === undefined || numbered.kind === 'end-scored' || numbered.scoring) return undefined;
  if (numbered.tiers) return numbered.tiers.game;
  return hasParents(numbered) ? singleTier(numbered) : undefined;
}

/** Where a position of a game is in its tiered form. */
export function tierLocator(game: AnyGame): ((p: unknown) => TierPosition | undefined) | undefined {
  const link = isIndexed(game) ? undefined : game.indexed;
  const numbered = isIndexed(game) ? game : link?.game;
  if (numbered === undefined) return undefined;
  const toNumber = link ? (p: unknown) => link.indexOf(p) : (p: unknown) => p as number;
  const inRange = (i: number) => Number.isInteger(i) && i >= 0 && i < numbered.size;
  const tiers = numbered.tiers;
  if (tiers) {
    return (p) => {
      const i = toNumber(p);
      return inRange(i) ? tiers.locate(i) : undefined;
    };
  }
  return (p) => {
    const i = toNumber(p);
    return inRange(i) ? { tier: 0, index: i } : undefined;
  };
}

/** The value of a position of a tier: read from a store in memory, or from tier files a block at a time. */
export type TierLookup = (tier: number, index: number) => Value;

/** The lookup of a store's tiers in memory. */
export function storeLookup(store: TierStore): TierLookup {
  return (tier, index) => {
    const t = store.get(tier);
    return decodeCompact(t.encoding, t.values[index]);
  };
}

/** A Solution of `game` whose values are those of the solved tiers of its tiered form. */
export function tieredSolution(
  game: AnyGame,
  lookup: TierLookup,
  info: { solver: string; reason: string; positions: number; ms: number },
): Solution<unknown, unknown> {
  const locate = tierLocator(game);
  if (locate === undefined) throw new YomiError(`${game.id} has no tiers`);
  const view = playableView(game);
  const value = (p: unknown): Value => {
    const at = locate(p);
    if (at === undefined)
      throw new YomiError(
        `${view.id}: ${view.show ? view.show(p) : 'this position'} is not a position of the game`,
      );
    return lookup(at.tier, at.index);
  };
  const solution = makeSolution(view, value, {
    solver: info.solver,
    reason: info.reason,
    stats: { positions: info.positions, ms: info.ms },
  });
  // Every number of the game was solved: a solution file can keep them all.
  const link = isIndexed(game) ? undefined : game.indexed;
  const numbered = isIndexed(game) ? game : link?.game;
  if (numbered !== undefined) {
    solution.solved = {
      count: numbered.size,
      start: numbered.start,
      at: link ? (i) => link.positionOf(i) : (i) => i,
      numbering: 'index',
    };
  }
  return solution;
}

export const tiersSolver: SolverEntry = {
  name: 'tiers',
  summary:
    'the tier solver: tiers one after another by retrograde analysis (a game with declared tiers, or any indexed game with parents as one tier)',
  accepts: (game) =>
    tieredForm(game) !== undefined ||
    `${game.id}: the tier solver needs an indexed win/lose/tie/draw game with parents() (or declared tiers)`,
  solve(game, options, reason) {
    const started = now();
    const tiered = tieredForm(game) as TieredGame;
    checkBudget(totalPositions(tiered), options, game.id);
    const store = new MemoryTierStore();
    solveTiers(tiered, store, options);
    const positions = totalPositions(tiered);
    const ms = now() - started;
    const why = `${reason}; ${tiered.tierCount} tier${tiered.tierCount === 1 ? '' : 's'}, ${widestTier(store)} bytes per position`;
    const solution = tieredSolution(game, storeLookup(store), {
      solver: 'tiers',
      reason: why,
      positions,
      ms,
    });
    solution.stats.moves = store.stats.reduce((a, s) => a + s.moves, 0);
    return solution;
  },
};

/** The positions of every tier. */
export function totalPositions(game: TieredGame): number {
  let n = 0;
  for (let t = 0; t < game.tierCount; t++) n += game.tierSize(t);
  return n;
}
