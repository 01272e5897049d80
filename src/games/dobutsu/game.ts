/**
 * Dobutsu shogi as a `Game<DobutsuPosition, DobutsuMove>`: the form people
 * see, type and play, in the players' real orientation (position.ts's rules,
 * notation.ts's text). Its key is the one-line notation, so a position and
 * its mirror image are two positions here (they have one index in the
 * solving form, indexed.ts, and always the same value).
 *
 * `primitive` answers a win in 1 where the player to move can capture the
 * enemy lion (the capture is the last ply, not played out), as the solving
 * form does with `primitiveCode(WIN, 1)`.
 *
 * The symmetry (`canonical`) is the solving form's: a position, its mirror
 * image and its colour-swapped half-turn are one class, represented by the
 * position the class's index stands for; `indexed` links the two forms, so
 * solvers fill the 855,232,344-entry table and answer in real positions.
 */

import type { Game, Primitive } from '../../core/game.js';
import { DobutsuIndexed } from './indexed.js';
import { formatPosition, parsePosition, showPosition } from './notation.js';
import {
  type DobutsuMove,
  type DobutsuPosition,
  legalMoves,
  moveText,
  outcomeOf,
  type Pieces,
  playMove,
  startPosition,
} from './position.js';

/** Dobutsu shogi with the pieces `pieces` (letters of G, E, C; '' for lions only) as a `Game` in the players' orientation, linked to its perfect hash (`DobutsuIndexed`). */
export function dobutsuGame(pieces: Pieces): Game<DobutsuPosition, DobutsuMove> {
  const indexed = new DobutsuIndexed(pieces);
  return {
    id: `dobutsu(pieces=${pieces || 'none'})`,
    start: startPosition(pieces),
    moves: (p) => (outcomeOf(p) === undefined ? legalMoves(p) : []),
    play: playMove,
    primitive(p): Primitive | undefined {
      const outcome = outcomeOf(p);
      return outcome === 'win' ? { outcome, remoteness: 1 } : outcome;
    },
    key: formatPosition,
    canonical: (p) => indexed.positionOf(indexed.rankOf(p)),
    show: showPosition,
    moveName: moveText,
    parsePosition: (text) => parsePosition(text, pieces),
    indexed: {
      game: indexed,
      indexOf: (p) => indexed.rankOf(p),
      positionOf: (i) => indexed.positionOf(i),
    },
  };
}
