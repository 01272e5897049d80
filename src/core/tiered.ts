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
import type { NumberedGame } from './game.js';

/** A game split into tiers, each numbered on its own (see the file's header). */
export interface TieredGame {
  kind: 'tiered';
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
  /** Bounds on the children and on the parents (in one tier) of any position, sizing the buffers. */
  maxMoves: number;
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
  /** Some moves keep the turn. */
  extraTurns?: boolean;
  /** As `IndexedGame.endless`. */
  endless?(tier: number, p: number): number;
  /** As `IndexedGame.show`, for position `p` of `tier`. */
  show?(tier: number, p: number): string;
  /** As `IndexedGame.moveName`, for position `p` of `tier`. */
  moveName?(tier: number, p: number, i: number): string;
}

/** A tiered game's position: its tier and its number there. */
export interface TierPosition {
  tier: number;
  index: number;
}

/**
 * An indexed game as a tiered game of one tier: the tier solver's way to
 * solve any indexed game. Parents come from the game, or from `reverse` (a
 * reverse graph built by the solver).
 */
export function singleTier(
  game: NumberedGame,
  reverse?: { parents(p: number, out: Int32Array): number; max: number },
): TieredGame {
  const own = game.parents?.bind(game);
  const parents = reverse?.parents ?? own;
  const maxParents = reverse?.max ?? game.maxParents;
  if (parents === undefined || maxParents === undefined) {
    throw new GameError(`${game.id}: a tier is solved backwards, so the game needs parents() and maxParents`);
  }
  const count = game.moveCount?.bind(game);
  const safe = game.safeMoveCount?.bind(game);
  const endless = game.endless?.bind(game);
  const show = game.show?.bind(game);
  const moveName = game.moveName?.bind(game);
  return {
    kind: 'tiered',
    id: game.id,
    tierCount: 1,
    startTier: 0,
    start: game.start,
    tierSize: () => game.size,
    childTiers: () => [],
    tierName: () => 'all',
    maxMoves: game.maxMoves,
    maxParents,
    primitive: (_t, p) => game.primitive(p),
    children(_t, p, tiers, out) {
      const n = game.children(p, out);
      tiers.fill(0, 0, n);
      return n;
    },
    moveCount: count ? (_t, p) => count(p) : undefined,
    safeMoveCount: safe ? (_t, p) => safe(p) : undefined,
    parents: (_t, p, _from, out) => parents(p, out),
    extraTurns: game.extraTurns,
    endless: endless ? (_t, p) => endless(p) : undefined,
    show: show ? (_t, p) => show(p) : undefined,
    moveName: moveName ? (_t, p, i) => moveName(p, i) : undefined,
  };
}

/** The tier order solving needs: every tier after all the tiers its moves lead into. */
export function tierOrder(game: TieredGame): number[] {
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

/** A tier of a numbered game whose tiers are ranges of its numbers. */
export interface TierRange {
  /** The first number of the tier; its positions are start … start + size − 1. */
  start: number;
  size: number;
  name: string;
  /** The tiers (by their place in the list) its moves lead into, other than itself. */
  children: readonly number[];
}

/**
 * A numbered game whose numbers fall into tiers by ranges, as a tiered game:
 * a position's number in its tier is its number minus the tier's start, and
 * the game's own children and parents are sorted into tiers. For games
 * whose perfect hash already orders positions by tier (Dodgem by the cars
 * left).
 */
export function rangeTiers(game: NumberedGame, tiers: readonly TierRange[]): TieredGame {
  const parents = game.parents?.bind(game);
  if (parents === undefined || game.maxParents === undefined) {
    throw new GameError(`${game.id}: a tier is solved backwards, so the game needs parents() and maxParents`);
  }
  const starts = Float64Array.from(tiers, (t) => t.start);
  /** The tier of a number (tiers are few: a scan from the top). */
  const tierOf = (i: number): number => {
    let t = starts.length - 1;
    while (starts[t] > i) t--;
    return t;
  };
  const buf = new Int32Array(Math.max(1, game.maxParents));
  const kids = new Int32Array(Math.max(1, game.maxMoves));
  const count = game.moveCount?.bind(game);
  const safe = game.safeMoveCount?.bind(game);
  const endless = game.endless?.bind(game);
  const show = game.show?.bind(game);
  const moveName = game.moveName?.bind(game);
  const global = (tier: number, p: number) => starts[tier] + p;
  return {
    kind: 'tiered',
    id: game.id,
    tierCount: tiers.length,
    startTier: tierOf(game.start),
    start: game.start - starts[tierOf(game.start)],
    tierSize: (t) => tiers[t].size,
    childTiers: (t) => tiers[t].children,
    tierName: (t) => tiers[t].name,
    maxMoves: game.maxMoves,
    maxParents: game.maxParents,
    primitive: (t, p) => game.primitive(global(t, p)),
    children(t, p, tierOut, out) {
      const n = game.children(global(t, p), kids);
      for (let k = 0; k < n; k++) {
        const c = kids[k];
        const i = c < 0 ? ~c : c;
        const ct = tierOf(i);
        tierOut[k] = ct;
        out[k] = c < 0 ? ~(i - starts[ct]) : i - starts[ct];
      }
      return n;
    },
    moveCount: count ? (t, p) => count(global(t, p)) : undefined,
    safeMoveCount: safe ? (t, p) => safe(global(t, p)) : undefined,
    parents(t, p, from, out) {
      const n = parents(global(t, p), buf);
      const lo = starts[from];
      const hi = lo + tiers[from].size;
      let m = 0;
      for (let k = 0; k < n; k++) {
        const e = buf[k];
        const q = e < 0 ? ~e : e;
        if (q >= lo && q < hi) out[m++] = e < 0 ? ~(q - lo) : q - lo;
      }
      return m;
    },
    extraTurns: game.extraTurns,
    endless: endless ? (t, p) => endless(global(t, p)) : undefined,
    show: show ? (t, p) => show(global(t, p)) : undefined,
    moveName: moveName ? (t, p, i) => moveName(global(t, p), i) : undefined,
  };
}
