/**
 * Numbered games as tiered games (tiered.ts): any of them as one tier, for
 * the tier solver's sake, and a game whose numbers already fall into tiers
 * by ranges (Dodgem's, by the cars left). Apart from tiered.ts because they
 * take the numbered forms of game.ts, which itself names the tiered form.
 */

import { GameError } from './errors.js';
import type { NumberedGame } from './game.js';
import { type ParentSlots, parentList, parentSlots, parentsFromSlots } from './parent-slots.js';
import type { TieredGame } from './tiered.js';

/**
 * An indexed game as a tiered game of one tier: the tier solver's way to
 * solve any indexed game. Parents come from the game (either form,
 * parent-slots.ts), or from `reverse` (a reverse graph built by the solver).
 *
 * The game's methods are called as methods from closures (never bound
 * copies): V8 inlines a call to a method of the game's class into the
 * solver's loop, not a call through a bound function.
 */
export function singleTier(game: NumberedGame, reverse?: { slots: ParentSlots; max: number }): TieredGame {
  const slots = reverse?.slots ?? parentSlots(game);
  const maxParents = reverse?.max ?? game.maxParents;
  if (slots === undefined || maxParents === undefined) {
    throw new GameError(`${game.id}: a tier is solved backwards, so the game needs parents() and maxParents`);
  }
  const list = reverse ? undefined : parentList(game);
  const g = game as Required<NumberedGame>;
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
    moveCount: game.moveCount ? (_t, p) => g.moveCount(p) : undefined,
    safeMoveCount: game.safeMoveCount ? (_t, p) => g.safeMoveCount(p) : undefined,
    parents: list
      ? (_t, p, _from, out) => list.parents(p, out)
      : (_t, p, _from, out) => parentsFromSlots(slots, p, out),
    parentSlots: () => slots,
    extraTurns: game.extraTurns,
    endless: game.endless ? (_t, p) => g.endless(p) : undefined,
    show: game.show ? (_t, p) => g.show(p) : undefined,
    moveName: game.moveName ? (_t, p, i) => g.moveName(p, i) : undefined,
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
  const parents = parentList(game);
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
  const g = game as Required<NumberedGame>;
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
    moveCount: game.moveCount ? (t, p) => g.moveCount(global(t, p)) : undefined,
    safeMoveCount: game.safeMoveCount ? (t, p) => g.safeMoveCount(global(t, p)) : undefined,
    parents(t, p, from, out) {
      const n = parents.parents(global(t, p), buf);
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
    endless: game.endless ? (t, p) => g.endless(global(t, p)) : undefined,
    show: game.show ? (t, p) => g.show(global(t, p)) : undefined,
    moveName: game.moveName ? (t, p, i) => g.moveName(global(t, p), i) : undefined,
  };
}
