/**
 * An `IndexedGame` seen as a `Game<number, number>`: a position is its index,
 * a move is the ordinal of the child in `children()`'s output. Used to query
 * solutions, print analyses and play indexed games with the same code as any
 * other game; never on a solver's hot path.
 */

import {
  type AnyGame,
  childIndex,
  type Game,
  isIndexed,
  keepsTurnChild,
  type NumberedGame,
  type Primitive,
} from './game.js';
import { NOT_PRIMITIVE, OUTCOMES, primitiveOutcome, primitiveRemoteness } from './outcome.js';

/**
 * Any game as a `Game` (a numbered one through `indexedView`): the one way
 * code that queries, prints or plays games of every form sees them.
 */
export function playableView(game: AnyGame): Game<unknown, unknown> {
  // A Game<number, number> is one of unknown positions to its callers, which only pass back what it gave.
  return isIndexed(game) ? indexedView(game) : game;
}

/** The numbered game as a `Game<number, number>` (positions are indices, moves child ordinals). */
export function indexedView(game: NumberedGame): Game<number, number> {
  const out = new Int32Array(Math.max(1, game.maxMoves));
  const pts = new Float64Array(Math.max(1, game.maxMoves));
  /** The child entry of move `i` (`~child` when it keeps the turn). */
  const entryAt = (p: number, i: number): number => {
    const n = game.children(p, out, pts);
    if (!Number.isInteger(i) || i < 0 || i >= n) throw new RangeError(`position ${p} has no move ${i}`);
    return out[i];
  };
  const childAt = (p: number, i: number): number => childIndex(entryAt(p, i));
  const view: Game<number, number> = {
    id: game.id,
    start: game.start,
    moves(p) {
      if (game.primitive(p) !== NOT_PRIMITIVE) return [];
      const n = game.children(p, out, pts);
      return Array.from({ length: n }, (_, i) => i);
    },
    play: childAt,
    primitive(p): Primitive | undefined {
      const code = game.primitive(p);
      if (code === NOT_PRIMITIVE) return undefined;
      const outcome = OUTCOMES[primitiveOutcome(code)];
      const remoteness = primitiveRemoteness(code);
      return remoteness === 0 ? outcome : { outcome, remoteness };
    },
    key: (p) => p,
    show: (p) => (game.show ? game.show(p) : String(p)),
    moveName: (p, i) => (game.moveName ? game.moveName(p, i) : `→${childAt(p, i)}`),
  };
  if (game.extraTurns) view.keepsTurn = (p, i) => keepsTurnChild(entryAt(p, i));
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
