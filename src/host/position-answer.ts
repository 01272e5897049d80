/**
 * The answer for one position, as `yomi serve` gives it: the position's
 * value and every move's value for the mover, in the game's move order, with
 * positions and moves written as the game writes them. Made here from any
 * solution (a solution file's, a search's), so every source the server has
 * answers alike, on the main thread or on an analysis thread.
 */

import { writeMove, writePosition } from '../core/game.js';
import type { Solution } from '../core/solution.js';
import type { Value } from '../core/value.js';
import { positionOf } from './solution-files.js';

export interface MoveAnswer {
  /** The move's name, as the game names moves. */
  move: string;
  /** The position it leads to, as the game writes positions. */
  position: string;
  /** The move's value for the player making it. */
  value: Value;
}

export interface PositionAnswer {
  /** The position, as the game writes positions. */
  position: string;
  /** Its value for the player to move. */
  value: Value;
  /** Every legal move in the game's own order (none when the game is over). */
  moves: MoveAnswer[];
}

/** The answer `solution` gives for `text` (`start`, or a position as the game writes it). */
export function answerFrom(solution: Solution<unknown, unknown>, text: string): PositionAnswer {
  return answerAt(solution, text === 'start' ? solution.game.start : positionOf(solution, text));
}

/** The answer `solution` gives for position `p`. */
export function answerAt<P, M>(solution: Solution<P, M>, p: P): PositionAnswer {
  const game = solution.game;
  return {
    position: writePosition(game, p),
    value: solution.value(p),
    moves: solution.moves(p).map((mv) => ({
      move: writeMove(game, p, mv.move),
      position: writePosition(game, game.play(p, mv.move)),
      value: mv.value,
    })),
  };
}
