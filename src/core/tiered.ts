/**
 * Tiered games: the positions split into tiers that are solved one after
 * another, each tier only needing the tiers its moves lead into (as
 * GamesmanOne's tier solver does). A tier's positions are numbered
 * 0 … size−1 inside the tier; moves within a tier may form cycles (retrograde
 * analysis solves them), but the tiers themselves form no cycle: moves lead
 * from a tier to itself or to its `childTiers`, and following child tiers
 * never comes back. Dodgem is tiered by the cars each player has left (a car
 * that leaves the board never comes back).
 *
 * Values are for the player to move, as everywhere. A move that keeps the
 * turn is marked `~index`, as in an `IndexedGame`.
 *
 * Any `IndexedGame` is a tiered game of one tier (`singleTier`), so the tier
 * solver — parallel, resumable, writing tier files — solves it too.
 */

import { GameError } from './errors.js';
import type { ParentSlots } from './parent-slots.js';

/** What every tiered game declares: its tiers, their sizes and order, and a bound on its moves. */
export interface TierLayout {
  id: string;
  /** Tiers are 0 … tierCount−1. */
  tierCount: number;
  /** The tier of the start, and the start's number inside it. */
  startTier: number;
  start: number;
  /** How many positions tier `tier` numbers (0 … size−1). */
  tierSize(tier: number): number;
  /** The tiers other than `tier` itself that its moves lead into. */
  childTiers(tier: number): readonly number[];
  /** A short name for files and progress, e.g. `x4-o3`. */
  tierName(tier: number): string;
  /** A bound on the children of any position, sizing the buffers. */
  maxMoves: number;
  /** As `IndexedGame.show`, for position `p` of `tier`. */
  show?(tier: number, p: number): string;
  /** As `IndexedGame.moveName`, for position `p` of `tier`. */
  moveName?(tier: number, p: number, i: number): string;
}

/**
 * A scoring game in tiers whose moves inside a tier never come back (Kalah
 * by the seeds left on the board: a move that sows none into a store moves
 * the mover's seeds towards it). Each tier is solved forward, children before
 * parents (src/solvers/margin-tiers.ts), so no parents are needed; a value
 * is the margin of the points still to come, for the player to move.
 */
export interface MarginTieredGame extends TierLayout {
  kind: 'margin-tiered';
  /**
   * Writes each child's tier into `tiers`, its number into `out` (`~number`:
   * the move keeps the turn) and the move's points into `points`; returns
   * how many. A position with no move is worth 0 (nothing left to earn).
   */
  children(tier: number, p: number, tiers: Int32Array, out: Int32Array, points: Float64Array): number;
  /** Every margin lies within ±marginBound(tier) (sizes the values: one byte when within ±126). */
  marginBound(tier: number): number;
}

/** A game split into tiers, each numbered on its own (see the file's header). */
export interface TieredGame extends TierLayout {
  kind: 'tiered';
  /** Bounds on the parents (in one tier) of any position, sizing the buffers. */
  maxParents: number;
  /** As `IndexedGame.primitive`, for position `p` of `tier`. */
  primitive(tier: number, p: number): number;
  /** Writes each child's tier into `tiers` and its number into `out` (`~number`: the move keeps the turn); returns how many. */
  children(tier: number, p: number, tiers: Int32Array, out: Int32Array): number;
  /** What `children` returns, when counting is cheaper than writing. */
  moveCount?(tier: number, p: number): number;
  /** As `IndexedGame.safeMoveCount`: the moves that do not lead to a primitive win of the opponent. */
  safeMoveCount?(tier: number, p: number): number;
  /**
   * Writes the parents of position `p` of `tier` that lie in tier `from`
   * (`tier` itself or a tier that has `tier` among its child tiers), each as
   * often as it moves to p (`~parent` for a move that keeps the turn);
   * returns how many.
   */
  parents(tier: number, p: number, from: number, out: Int32Array): number;
  /**
   * Optional: the same parents one at a time (core/parent-slots.ts), for the
   * positions of `tier` and the parents in tier `from` — what the solver's
   * loop reads when it is given; else it reads `parents` through a buffer.
   */
  parentSlots?(tier: number, from: number): ParentSlots;
  /** Some moves keep the turn. */
  extraTurns?: boolean;
  /** As `IndexedGame.endless`. */
  endless?(tier: number, p: number): number;
}

/** A tiered game's position: its tier and its number there. */
export interface TierPosition {
  tier: number;
  index: number;
}

/** The tier order solving needs: every tier after all the tiers its moves lead into. */
export function tierOrder(game: TierLayout): number[] {
  const order: number[] = [];
  const state = new Uint8Array(game.tierCount); // 0 new, 1 on the path, 2 done
  const visit = (root: number) => {
    const stack: { tier: number; next: number }[] = [{ tier: root, next: 0 }];
    state[root] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const kids = game.childTiers(top.tier);
      if (top.next < kids.length) {
        const c = kids[top.next++];
        if (c === top.tier) continue;
        if (state[c] === 1) {
          throw new GameError(
            `${game.id}: the tiers form a cycle through ${game.tierName(c)}; moves between tiers must not come back`,
          );
        }
        if (state[c] === 0) {
          state[c] = 1;
          stack.push({ tier: c, next: 0 });
        }
        continue;
      }
      state[top.tier] = 2;
      order.push(top.tier);
      stack.pop();
    }
  };
  for (let t = 0; t < game.tierCount; t++) if (state[t] === 0) visit(t);
  return order;
}
