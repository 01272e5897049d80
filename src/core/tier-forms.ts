/**
 * Numbered games as tiered games (tiered.ts): any of them as one tier, for
 * the tier solver's sake, and a game whose numbers already fall into tiers
 * by ranges (Dodgem's, by the cars left). Apart from tiered.ts because they
 * take the numbered forms of game.ts, which itself names the tiered form.
 */

import { GameError } from './errors.js';
import type { NumberedGame } from './game.js';
import type { TieredGame } from './tiered.js';

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
