/**
 * Dobutsu shogi as a `Game<DobutsuPosition, DobutsuMove>`: the form people
 * see, type and play, in the players' real orientation (position.ts's rules,
 * notation.ts's text). Its key is the one-line notation, so a position and
 * its mirror image are two positions here (they have one index in the
 * solving form, indexed.ts, and always the same value).
 *
 * `primitive` answers 'win' where the player to move can capture the enemy
 * lion: that is a win in 1 (the capture is the last ply, not played out),
 * which the solving form says exactly with `primitiveCode(WIN, 1)`. A
 * `Game`'s primitive has no remoteness, so a solver of this form counts it
 * as a win in 0: outcomes agree with the solving form, remotenesses of
 * decided positions are one ply shorter.
 */

import type { Game } from '../../core/game.js';
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

export function dobutsuGame(pieces: Pieces): Game<DobutsuPosition, DobutsuMove> {
  return {
    id: `dobutsu(pieces=${pieces || 'none'})`,
    start: startPosition(pieces),
    moves: (p) => (outcomeOf(p) === undefined ? legalMoves(p) : []),
    play: playMove,
    primitive: outcomeOf,
    key: formatPosition,
    show: showPosition,
    moveName: moveText,
    parsePosition: (text) => parsePosition(text, pieces),
  };
}
