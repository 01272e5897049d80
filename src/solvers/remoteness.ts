/**
 * The exact remoteness of a position whose score is known but does not
 * carry it (a tie, or any value of a scoring game): plies to the end along
 * the best moves only — children whose exact score makes the position's —
 * taking the fastest end for a winner or a tie and the slowest for a loser.
 * Part of the alpha-beta driver: the search proves scores, this walk turns
 * them into values. Explicit stack (no JS recursion); every position met is
 * remembered in `memo`, so later queries reuse it.
 */

import { type Key, primitiveValue } from '../core/game.js';
import type { SearchableGame } from '../core/search.js';

interface Step<P> {
  key: Key;
  children: P[];
  next: number;
  best: number;
  hurry: boolean;
}

/**
 * Remoteness of `p` whose exact score is `score`; `exact(q)` gives the exact
 * score of any position (searching it when needed), `keyOf` the key `memo`
 * keeps it under (one per symmetry class).
 */
export function remoteness<P, M>(
  game: SearchableGame<P, M>,
  exact: (p: P) => number,
  keyOf: (p: P) => Key,
  memo: Map<Key, number>,
  p: P,
  score: number,
): number {
  const known = game.pliesLeft?.(p, score);
  if (known !== undefined) return known;
  const remembered = memo.get(keyOf(p));
  if (remembered !== undefined) return remembered;
  const open = (at: P, atScore: number): Step<P> | number => {
    const primitive = primitiveValue(game, at);
    const listed = primitive === undefined ? game.moves(at) : [];
    if (listed.length === 0) return primitive?.remoteness ?? 0;
    const children: P[] = [];
    for (const m of listed) {
      const child = game.play(at, m);
      const gained = game.points ? game.points(at, m) : 0;
      const rest = exact(child);
      const moved = game.keepsTurn?.(at, m) === true ? gained + rest : gained - rest;
      // Outcome games: a tie's best moves lead to ties (score 0, which `exact` keeps relative).
      if (moved === atScore) children.push(child);
    }
    return { key: keyOf(at), children, next: 0, best: Number.NaN, hurry: atScore >= 0 };
  };
  const stack: Step<P>[] = [];
  const rootStep = open(p, score);
  if (typeof rootStep === 'number') return rootStep;
  stack.push(rootStep);
  let result = Number.NaN;
  while (stack.length > 0) {
    const s = stack[stack.length - 1];
    if (!Number.isNaN(result)) {
      const r = result + 1;
      if (Number.isNaN(s.best) || (s.hurry ? r < s.best : r > s.best)) s.best = r;
      result = Number.NaN;
    }
    if (s.next < s.children.length) {
      const child = s.children[s.next++];
      const k = keyOf(child);
      const m = memo.get(k);
      if (m !== undefined) {
        result = m;
        continue;
      }
      const step = open(child, exact(child));
      if (typeof step === 'number') {
        memo.set(k, step);
        result = step;
      } else {
        stack.push(step);
      }
      continue;
    }
    memo.set(s.key, s.best);
    result = s.best;
    stack.pop();
  }
  return result;
}
