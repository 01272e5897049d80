/**
 * An `IndexedGame` seen as a `Game<number, number>`: a position is its index,
 * a move is the ordinal of the child in `children()`'s output. Used to query
 * solutions, print analyses and play indexed games with the same code as any
 * other game; never on a solver's hot path.
 */

import type { Game, IndexedGame } from './game.js';
import { NOT_PRIMITIVE, OUTCOMES, type Outcome, primitiveOutcome } from './outcome.js';

export function indexedView(game: IndexedGame): Game<number, number> {
  const out = new Int32Array(Math.max(1, game.maxMoves));
  const pts = new Float64Array(Math.max(1, game.maxMoves));
  const childAt = (p: number, i: number): number => {
    const n = game.children(p, out, pts);
    if (!Number.isInteger(i) || i < 0 || i >= n) throw new RangeError(`position ${p} has no move ${i}`);
    return out[i];
  };
  const view: Game<number, number> = {
    id: game.id,
    start: game.start,
    moves(p) {
      if (game.primitive(p) !== NOT_PRIMITIVE) return [];
      const n = game.children(p, out, pts);
      return Array.from({ length: n }, (_, i) => i);
    },
    play: childAt,
    primitive(p): Outcome | undefined {
      const code = game.primitive(p);
      return code === NOT_PRIMITIVE ? undefined : OUTCOMES[primitiveOutcome(code)];
    },
    key: (p) => p,
    show: (p) => (game.show ? game.show(p) : String(p)),
    moveName: (p, i) => (game.moveName ? game.moveName(p, i) : `→${childAt(p, i)}`),
  };
  if (game.scoring) {
    view.points = (p, i) => {
      game.children(p, out, pts);
      return pts[i];
    };
  }
  if (game.parsePosition) view.parsePosition = game.parsePosition.bind(game);
  const endless = game.endless?.bind(game);
  if (endless) view.endless = (p) => OUTCOMES[endless(p)];
  return view;
}
