/**
 * The checks of a `Game`'s numbered form (`indexed`: a perfect hash written
 * by hand, or derived from a board layout by the kit), run at each position
 * of a play-out of the `Game`: the numbering round-trips, the numbered form's
 * primitive and children are the `Game`'s own, its parents reverse its
 * children and its move count counts them, and its tiers place the number
 * and back. A numbered form that disagrees with the rules it stands for
 * would be solved to wrong values, so `yomi check` compares the two
 * position by position.
 */

import {
  childIndex,
  classKeyOf,
  type Game,
  type IndexedLink,
  type Key,
  primitiveValue,
} from '../core/game.js';
import { NOT_PRIMITIVE, OUTCOMES, primitiveOutcome, primitiveRemoteness } from '../core/outcome.js';
import { moveCountProblem, parentsProblem } from './parents.js';
import type { GameCheck } from './trial.js';

const linkOf = (game: Game<unknown, unknown>): IndexedLink<unknown> | undefined => game.indexed;

const shown = (game: Game<unknown, unknown>, p: unknown): string => (game.show ? game.show(p) : `position`);

/** The number of p, or a problem. */
function numberOf(game: Game<unknown, unknown>, link: IndexedLink<unknown>, p: unknown): number | string {
  const i = link.indexOf(p);
  if (!Number.isInteger(i) || i < 0 || i >= link.game.size) {
    return `indexOf(${shown(game, p)}) is ${i}, outside 0 … ${link.game.size - 1}`;
  }
  return i;
}

export const linkRoundTrip: GameCheck = {
  name: 'indexed form numbers positions',
  position(trial, p) {
    const game = trial.game;
    const link = linkOf(game);
    if (link === undefined) return undefined;
    const i = numberOf(game, link, p);
    if (typeof i === 'string') return i;
    const back = link.positionOf(i);
    const classKey: (q: unknown) => Key = classKeyOf(game);
    if (classKey(back) !== classKey(p)) {
      return `positionOf(indexOf(${shown(game, p)})) is ${shown(game, back)}, not the same position (or one of its class)`;
    }
    if (link.indexOf(back) !== i) return `indexOf(positionOf(${i})) is ${link.indexOf(back)}, not ${i}`;
    const tiers = link.game.tiers;
    if (tiers) {
      const at = tiers.locate(i);
      if (
        !(at.index >= 0 && at.index < tiers.game.tierSize(at.tier)) ||
        tiers.numberOf(at.tier, at.index) !== i
      ) {
        return `the tiers place ${i} at index ${at.index} of tier ${at.tier}, which numberOf maps to ${tiers.numberOf(at.tier, at.index)}`;
      }
    }
    return undefined;
  },
};

export const linkPrimitive: GameCheck = {
  name: 'indexed form agrees on primitive',
  position(trial, p) {
    const game = trial.game;
    const link = linkOf(game);
    if (link === undefined) return undefined;
    const mine = primitiveValue(game, p);
    const code = link.game.primitive(link.indexOf(p));
    const theirs =
      code === NOT_PRIMITIVE
        ? undefined
        : { outcome: OUTCOMES[primitiveOutcome(code)], remoteness: primitiveRemoteness(code) };
    if (mine?.outcome === theirs?.outcome && mine?.remoteness === theirs?.remoteness) return undefined;
    const say = (v: typeof mine) => (v === undefined ? 'not over' : `${v.outcome} in ${v.remoteness}`);
    return `at ${shown(game, p)} the game says ${say(mine)}, its indexed form ${say(theirs)}`;
  },
};

export const linkChildren: GameCheck = {
  name: 'indexed form agrees on children',
  position(trial, p) {
    const game = trial.game;
    const link = linkOf(game);
    if (link === undefined || game.primitive?.(p) !== undefined) return undefined;
    const i = link.indexOf(p);
    const mine = new Set<number>();
    for (const m of game.moves(p)) {
      const c = link.indexOf(game.play(p, m));
      mine.add(game.keepsTurn?.(p, m) ? ~c : c);
    }
    const out = new Int32Array(Math.max(1, link.game.maxMoves));
    const n = link.game.children(i, out, new Float64Array(out.length));
    const theirs = new Set(out.subarray(0, n));
    const missing = [...mine].filter((c) => !theirs.has(c));
    const extra = [...theirs].filter((c) => !mine.has(c));
    if (missing.length === 0 && extra.length === 0) {
      return parentsProblem(link.game, i, out, n) ?? moveCountProblem(link.game, i, n);
    }
    const list = (xs: number[]) => xs.map((c) => shown(game, link.positionOf(childIndex(c)))).join(', ');
    return `at ${shown(game, p)} the indexed form's children ${missing.length > 0 ? `miss ${list(missing)}` : ''}${missing.length > 0 && extra.length > 0 ? ' and ' : ''}${extra.length > 0 ? `add ${list(extra)}` : ''}`;
  },
};

/** The checks of a `Game`'s indexed form, run when it has one. */
export const LINK_CHECKS: GameCheck[] = [linkRoundTrip, linkPrimitive, linkChildren];
