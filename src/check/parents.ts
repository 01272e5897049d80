/**
 * The check that a game's parents are the exact reverse of `children()`, for
 * IndexedGames that give them (as a list, `parents()`, or one at a time,
 * `parentCount`/`parentAt`; core/parent-slots.ts): wrong parents silently
 * corrupt a retrograde solve (a missed parent is never settled, an extra one
 * is settled wrongly). At a position p:
 * - each child c of p (unless p is primitive) lists p among its parents as
 *   many times as p has moves to c;
 * - each parent q that p lists is not primitive and has as many moves to p
 *   as p lists q;
 * - p has at most `maxParents` parents;
 * - a game that gives both forms gives the same list both ways.
 * And the count retrograde analysis starts from: `moveCount()`, when a game
 * has it, agrees with `children()`.
 */

import { childIndex, type NumberedGame } from '../core/game.js';
import { NOT_PRIMITIVE } from '../core/outcome.js';
import { hasParentSlots, hasParents, type ParentList, parentList } from '../core/parent-slots.js';
import type { IndexedCheck } from './trial.js';

function occurrences(list: Int32Array, count: number, x: number): number {
  let k = 0;
  for (let i = 0; i < count; i++) if (list[i] === x) k++;
  return k;
}

function parentsOf(game: NumberedGame, p: number): { list: Int32Array; count: number } {
  // Writes past the end of a typed array are dropped; a game that writes too many shows it in the count.
  const list = new Int32Array(Math.max(1, game.maxParents ?? 0));
  const count = (parentList(game) as ParentList).parents(p, list);
  return { list, count };
}

/**
 * A game that gives its parents both ways: at p, `parentCount`/`parentAt`
 * must give the list `parents` writes, in the same order.
 */
function slotsProblem(
  game: NumberedGame,
  p: number,
  mine: { list: Int32Array; count: number },
): string | undefined {
  if (game.parents === undefined || !hasParentSlots(game)) return undefined;
  const n = game.parentCount(p);
  if (n !== mine.count) return `parentCount(${p}) is ${n}, but parents(${p}) wrote ${mine.count}`;
  for (let i = 0; i < n; i++) {
    const e = game.parentAt(p, i);
    if (e !== mine.list[i])
      return `parentAt(${p}, ${i}) is ${e}, but parents(${p}) wrote ${mine.list[i]} at [${i}]`;
  }
  return undefined;
}

/** How an entry marked ~ is described in a message. */
const turn = (entry: number): string => (entry < 0 ? ' that keep the turn' : '');

const name = (game: NumberedGame, p: number): string => (game.show ? `${p} (${game.show(p)})` : String(p));

/** What is wrong with `parents()` at `p`, or undefined. `out`/`count`: the children of p. */
export function parentsProblem(
  game: NumberedGame,
  p: number,
  out: Int32Array,
  count: number,
): string | undefined {
  if (!hasParents(game)) return undefined;
  if (game.maxParents === undefined) return 'the game has parents but no maxParents';
  const mine = parentsOf(game, p);
  const counted = game.parents === undefined ? 'parentCount' : 'parents';
  if (!Number.isInteger(mine.count) || mine.count < 0)
    return `${counted}(${p}) returned ${mine.count}, not a count`;
  if (mine.count > game.maxParents) {
    return `position ${name(game, p)} has ${mine.count} parents, more than maxParents = ${game.maxParents}`;
  }
  const disagree = slotsProblem(game, p, mine);
  if (disagree !== undefined) return disagree;
  // An edge p → c that keeps the turn is ~c among p's children and ~p among c's parents.
  if (game.primitive(p) === NOT_PRIMITIVE) {
    for (let k = 0; k < count; k++) {
      const e = out[k];
      const c = childIndex(e);
      const moves = occurrences(out, count, e);
      const theirs = parentsOf(game, c);
      const listed = occurrences(theirs.list, theirs.count, e < 0 ? ~p : p);
      if (listed !== moves) {
        return `${name(game, p)} has ${moves} move(s)${turn(e)} to ${name(game, c)}, whose parents() lists it ${listed} time(s)${turn(e)}`;
      }
    }
  }
  const theirs = new Int32Array(Math.max(1, game.maxMoves));
  for (let k = 0; k < mine.count; k++) {
    const f = mine.list[k];
    const q = childIndex(f);
    if (!Number.isInteger(f) || q >= game.size || (f < 0 && !game.extraTurns)) {
      return `parent ${k} of ${p} is ${f}, outside 0 … ${game.size - 1}`;
    }
    if (game.primitive(q) !== NOT_PRIMITIVE) {
      return `parents(${p}) lists ${name(game, q)}, which is primitive (the game is over there)`;
    }
    const n = game.children(q, theirs);
    const moves = occurrences(theirs, n, f < 0 ? ~p : p);
    const listed = occurrences(mine.list, mine.count, f);
    if (listed !== moves) {
      return `parents(${p}) lists ${name(game, q)} ${listed} time(s)${turn(f)}, but it has ${moves} move(s)${turn(f)} to ${name(game, p)}`;
    }
  }
  return undefined;
}

/** What is wrong with `moveCount(p)`, when the game has it: it must be `count`, what `children(p)` returned. */
export function moveCountProblem(game: NumberedGame, p: number, count: number): string | undefined {
  if (game.moveCount === undefined || game.primitive(p) !== NOT_PRIMITIVE) return undefined;
  const n = game.moveCount(p);
  return n === count ? undefined : `moveCount(${name(game, p)}) is ${n}, but children() wrote ${count}`;
}

export const indexedMoveCount: IndexedCheck = {
  name: 'moveCount() counts the children',
  position: ({ game, count }, p) => moveCountProblem(game, p, count),
};

export const indexedParents: IndexedCheck = {
  name: 'the parents reverse children()',
  position: ({ game, out, count }, p) => parentsProblem(game, p, out, count),
};
