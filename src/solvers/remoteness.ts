/**
 * The exact remoteness of a position whose score is known but does not
 * carry it (a tie, or any value of a scoring game): plies to the end along
 * the best moves only — children whose exact score makes the position's —
 * taking the fastest end for a winner or a tie and the slowest for a loser.
 * Part of the alpha-beta driver: the search proves scores, this walk turns
 * them into values. Explicit stack (no JS recursion); every position met is
 * remembered in `memo`, so later queries reuse it.
 */

import type { Key } from '../core/game.js';
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
 * score of any position (searching it when needed).
 */
export function remoteness<P, M>(
  game: SearchableGame<P, M>,
  exact: (p: P) => number,
  memo: Map<Key, number>,
  p: P,
  score: number,
): number {
  const known = game.pliesLeft?.(p, score);
  if (known !== undefined) return known;
  const remembered = memo.get(game.key(p));
  if (remembered !== undefined) return remembered;
  const points = game.points;
  const open = (at: P, atScore: number): Step<P> | number => {
    const listed = game.primitive?.(at) === undefined ? game.moves(at) : [];
    if (listed.length === 0) return 0;
    const children: P[] = [];
    for (const m of listed) {
      const child = game.play(at, m);
      const moved = (points ? points(at, m) : 0) - exact(child);
      // Outcome games: a tie's best moves lead to ties (score 0, which `exact` keeps relative).
      if (moved === atScore) children.push(child);
    }
    return { key: game.key(at), children, next: 0, best: Number.NaN, hurry: atScore >= 0 };
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
      const k = game.key(child);
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
