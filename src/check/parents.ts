/**
 * The check that `parents()` is the exact reverse of `children()`, for
 * IndexedGames that supply it: a wrong `parents()` silently corrupts a
 * retrograde solve (a missed parent is never settled, an extra one is settled
 * wrongly). At a position p:
 * - each child c of p (unless p is primitive) lists p among its parents as
 *   many times as p has moves to c;
 * - each parent q that p lists is not primitive and has as many moves to p
 *   as p lists q;
 * - p has at most `maxParents` parents.
 * And the count retrograde analysis starts from: `moveCount()`, when a game
 * has it, agrees with `children()`.
 */

import { childIndex, type NumberedGame } from '../core/game.js';
import { NOT_PRIMITIVE } from '../core/outcome.js';
import type { IndexedCheck } from './trial.js';

function occurrences(list: Int32Array, count: number, x: number): number {
  let k = 0;
  for (let i = 0; i < count; i++) if (list[i] === x) k++;
  return k;
}

function parentsOf(game: NumberedGame, p: number): { list: Int32Array; count: number } {
  // Writes past the end of a typed array are dropped; a game that writes too many shows it in the count.
  const list = new Int32Array(Math.max(1, game.maxParents ?? 0));
  const count = (game.parents as (p: number, out: Int32Array) => number)(p, list);
  return { list, count };
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
  if (game.parents === undefined) return undefined;
  if (game.maxParents === undefined) return 'the game has parents() but no maxParents';
  const mine = parentsOf(game, p);
  if (!Number.isInteger(mine.count) || mine.count < 0)
    return `parents(${p}) returned ${mine.count}, not a count`;
  if (mine.count > game.maxParents) {
    return `position ${name(game, p)} has ${mine.count} parents, more than maxParents = ${game.maxParents}`;
  }
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

/** `moveCount(p)`, when the game has it, must be what `children(p)` returned. */
export const indexedMoveCount: IndexedCheck = {
  name: 'moveCount() counts the children',
  position({ game, count }, p) {
    if (game.moveCount === undefined || game.primitive(p) !== NOT_PRIMITIVE) return undefined;
    const n = game.moveCount(p);
    return n === count ? undefined : `moveCount(${p}) is ${n}, but children(${p}) wrote ${count}`;
  },
};

export const indexedParents: IndexedCheck = {
  name: 'parents() reverses children()',
  position: ({ game, out, count }, p) => parentsProblem(game, p, out, count),
};
