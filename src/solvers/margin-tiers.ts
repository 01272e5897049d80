/**
 * The margin tier solver: solves the tiers of a scoring game whose moves
 * inside a tier never come back (core/tiered.ts, `MarginTieredGame`: Kalah
 * by the seeds left on the board), one tier after another, each value the
 * margin of the points still to come in one signed byte (margin8).
 *
 * A tier is solved forward, not by retrograde analysis: a depth-first walk
 * from every position not yet settled (`walkMarginTier`), a child settled
 * before its parent, so no parents are needed. The walk's path is marked in
 * the values themselves (one code no margin uses), and a move back onto the
 * path — a cycle the game promised not to have — stops the solve with one
 * line. Its stack is typed arrays grown by doubling; nothing is allocated per
 * position. Cost: O(positions × moves) game calls per tier, 1 byte per
 * position, plus the solved tiers its moves lead into.
 *
 * Threads (src/threads/margin-pool.ts) walk parts of a tier's positions over
 * shared values: a position one thread is walking may be met by another,
 * which then walks it too (the same value is written twice); only a mark on
 * the thread's own path is a cycle.
 */

import { now } from '../core/clock.js';
import { GameError, YomiError } from '../core/errors.js';
import { childIndex, keepsTurnChild } from '../core/game.js';
import { grouped } from '../core/grouped.js';
import { type CompactCodes, encodeMargin, MARGIN8, MAX_MARGIN8 } from '../core/packed-value.js';
import { type MarginTieredGame, tierOrder } from '../core/tiered.js';
import {
  checkMemory,
  type Deadline,
  deadlineOf,
  megabytes,
  type SolverOptions,
  tierProgress,
} from './options.js';
import type { SolvedTier } from './retrograde/run-tier.js';
import { type TierSolveOptions, type TierStore, tierStats } from './tiers.js';

/** A code no margin8 margin uses: the position is on a walk's path. */
const ON_PATH = 0x81;
const UNSETTLED = MARGIN8.unsettled;
/** Positions settled between two looks at the deadline and two progress reports. */
export const MARGIN_CHECK_EVERY = 1 << 20;

/** The values of a solved tier a move may lead into, by tier. */
export type MarginTiers = (tier: number) => Uint8Array;

/** What a walk over part of a tier needs: the tier's values and the solved tiers below, by tier. */
export interface MarginWalk {
  game: MarginTieredGame;
  tier: number;
  values: Uint8Array;
  lower: MarginTiers;
  /** Other threads walk the same values. */
  shared?: boolean;
  /** Called every MARGIN_CHECK_EVERY positions settled (a deadline may throw from it). */
  onSettled?(settled: number): void;
}

/** Refuses a tier whose margins do not fit a byte, or whose values do not fit the memory budget. */
export function checkMarginTier(game: MarginTieredGame, tier: number, options: SolverOptions): void {
  const bound = game.marginBound(tier);
  if (bound > MAX_MARGIN8) {
    throw new YomiError(
      `${game.id}, tier ${game.tierName(tier)}: margins up to ±${bound} do not fit one byte (±${MAX_MARGIN8})`,
    );
  }
  const size = game.tierSize(tier);
  checkMemory(
    size,
    options,
    `${game.id}, tier ${game.tierName(tier)} (${grouped(size)} positions at 1 byte)`,
  );
}

/**
 * Settles every position reachable inside the tier from the roots lo … hi−1
 * (those not settled yet); returns the moves it read.
 */
export function walkMarginTier(walk: MarginWalk, lo: number, hi: number): number {
  const { game, tier, values, shared } = walk;
  const m = game.maxMoves;
  let capacity = 64;
  let kids = new Int32Array(capacity * m);
  let kidTiers = new Int32Array(capacity * m);
  let kidPoints = new Float64Array(capacity * m);
  let frame = new Int32Array(capacity * 4); // position, moves, next, best
  // Each depth's views of the children's arrays, made once (not a view per position).
  let views: { tiers: Int32Array; kids: Int32Array; points: Float64Array }[] = [];
  const makeViews = () => {
    views = Array.from({ length: capacity }, (_, d) => ({
      tiers: kidTiers.subarray(d * m, (d + 1) * m),
      kids: kids.subarray(d * m, (d + 1) * m),
      points: kidPoints.subarray(d * m, (d + 1) * m),
    }));
  };
  makeViews();
  // The solved tiers this one's moves lead into, by tier.
  const tables: Uint8Array[] = [];
  for (const t of game.childTiers(tier)) if (t !== tier) tables[t] = walk.lower(t);
  const grow = () => {
    capacity *= 2;
    const k = new Int32Array(capacity * m);
    k.set(kids);
    kids = k;
    const t = new Int32Array(capacity * m);
    t.set(kidTiers);
    kidTiers = t;
    const p = new Float64Array(capacity * m);
    p.set(kidPoints);
    kidPoints = p;
    const f = new Int32Array(capacity * 4);
    f.set(frame);
    frame = f;
    makeViews();
  };
  let depth = 0;
  const push = (p: number) => {
    if (depth === capacity) grow();
    const v = views[depth];
    const n = game.children(tier, p, v.tiers, v.kids, v.points);
    const f = depth * 4;
    frame[f] = p;
    frame[f + 1] = n;
    frame[f + 2] = 0;
    frame[f + 3] = n === 0 ? 0 : -(2 * MAX_MARGIN8 + 1);
    values[p] = ON_PATH;
    depth++;
  };
  /** Whether `p` is on this walk's own path (a cycle), not only marked by another thread's. */
  const onOwnPath = (p: number): boolean => {
    for (let d = 0; d < depth; d++) if (frame[d * 4] === p) return true;
    return false;
  };
  const cycle = (at: number): never => {
    throw new GameError(
      `${game.id}: a move inside tier ${game.tierName(tier)} comes back to position ${at}${game.show ? ` (${game.show(tier, at).replace(/\n/g, ' / ')})` : ''}; the margin tier solver needs tiers without cycles`,
    );
  };
  let settled = 0;
  let moves = 0;
  for (let root = lo; root < hi; root++) {
    if (values[root] !== UNSETTLED) continue;
    push(root);
    while (depth > 0) {
      const f = (depth - 1) * 4;
      const next = frame[f + 2];
      if (next < frame[f + 1]) {
        const k = (depth - 1) * m + next;
        const c = kids[k];
        const keeps = keepsTurnChild(c);
        const index = childIndex(c);
        const t = kidTiers[k];
        let code: number;
        if (t === tier) {
          code = values[index];
          if (code === ON_PATH && (!shared || onOwnPath(index))) cycle(index);
          if (code === UNSETTLED || code === ON_PATH) {
            push(index); // the child first; this move is read again once it is settled
            continue;
          }
        } else {
          code = tables[t][index];
          if (code === UNSETTLED)
            throw new Error(`${game.id}: tier ${game.tierName(t)} is read before it is solved`);
        }
        const v = (code << 24) >> 24;
        const s = kidPoints[k] + (keeps ? v : -v);
        if (s > frame[f + 3]) frame[f + 3] = s;
        frame[f + 2] = next + 1;
        continue;
      }
      const p = frame[f];
      moves += frame[f + 1];
      values[p] = encodeMargin(frame[f + 3]);
      depth--;
      if (++settled % MARGIN_CHECK_EVERY === 0) walk.onSettled?.(settled);
    }
  }
  return moves;
}

/** Solves tier `tier` of `game` on this thread; `lower(t)` gives the values of each solved child tier. */
export function solveMarginTier(
  game: MarginTieredGame,
  tier: number,
  lower: MarginTiers,
  options: SolverOptions = {},
  deadline?: Deadline,
): SolvedTier {
  checkMarginTier(game, tier, options);
  const size = game.tierSize(tier);
  const values = new Uint8Array(size).fill(UNSETTLED);
  const moves = walkMarginTier(
    {
      game,
      tier,
      values,
      lower,
      onSettled(settled) {
        deadline?.check();
        options.onProgress?.({ unit: 'positions settled', done: settled, total: size });
      },
    },
    0,
    size,
  );
  return marginTierSolved(tier, values, moves);
}

/** A solved tier's codes as margins: one byte each (a tier of another encoding is a mistake of the caller's). */
export function marginCodes(values: CompactCodes): Uint8Array {
  if (!(values instanceof Uint8Array)) throw new Error('a tier of margins holds one byte a position');
  return values;
}

/** A solved tier of margins, as the stores keep it. */
export function marginTierSolved(tier: number, values: Uint8Array, moves: number): SolvedTier {
  return { tier, values, encoding: MARGIN8, maxLevel: { wl: -1, tie: -1 }, moves, bytesPerPosition: 1 };
}

/**
 * The first `count` tiers of `game` in solving order (every tier after the
 * tiers its moves lead into: a closed set, e.g. Kalah's boards of up to
 * count − 1 seeds), refused in one line when they do not fit in memory.
 */
export function marginTiersUpTo(game: MarginTieredGame, count: number, options: SolverOptions): number[] {
  const order = tierOrder(game).slice(0, count);
  let bytes = 0;
  for (const t of order) bytes += game.tierSize(t);
  checkMemory(bytes, options, `${game.id}, ${order.length} tiers (${megabytes(bytes)} at 1 byte a position)`);
  return order;
}

/**
 * Solves the first `count` tiers of `game` in solving order that `store`
 * does not hold yet, on this thread. Every solved tier is kept in memory
 * while later ones are solved: any may be read.
 */
export function solveMarginTiers(
  game: MarginTieredGame,
  store: TierStore,
  count: number,
  options: TierSolveOptions = {},
): void {
  const order = marginTiersUpTo(game, count, options);
  const deadline = deadlineOf(options, game.id);
  const lower: MarginTiers = (t) => marginCodes(store.get(t).values);
  order.forEach((tier, i) => {
    if (store.has(tier)) return;
    deadline.check();
    const name = game.tierName(tier);
    options.onTier?.({ tier, name, done: false, index: i, count: order.length });
    const started = now();
    const solved = solveMarginTier(game, tier, lower, tierProgress(options, name, i, order.length), deadline);
    store.put(solved, tierStats(game, solved, now() - started));
    options.onTier?.({ tier, name, done: true, index: i, count: order.length });
  });
}
