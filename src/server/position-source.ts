/**
 * What `yomi serve --db` answers from: a source of solved positions. Given a
 * game (its spec, as the CLI writes it) and a position (as the game writes
 * positions), a source gives the position's value and every move's value for
 * the mover. A solution file is one source (solution-file-source.ts); a
 * folder of tier files is another kind that plugs in through the same
 * interface, so the HTTP API never changes when sources are added.
 */

import type { Value } from '../core/value.js';

/** One game a source answers for. */
export interface ServedGame {
  /** The game in canonical form: `dodgem(size=5)`. */
  game: string;
  /** Positions whose values the source holds. */
  positions: number;
  /** Where the values come from, in words: `solution file dodgem5.yomi`. */
  from: string;
}

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

export interface PositionSource {
  readonly games: readonly ServedGame[];
  /**
   * The answer for `position` of `game` (a spec in canonical form), or
   * undefined when the source does not hold that game. `position` is `start`
   * or a position as the game writes it; a position the game cannot read, or
   * one the source did not solve, is a YomiError.
   */
  lookup(game: string, position: string): PositionAnswer | undefined;
}

/** Several sources as one: the first that holds a game answers for it (sources added to the list later too). */
export function combineSources(sources: readonly PositionSource[]): PositionSource {
  return {
    get games() {
      return sources.flatMap((s) => s.games);
    },
    lookup: (game, position) => {
      for (const s of sources) {
        const answer = s.lookup(game, position);
        if (answer !== undefined) return answer;
      }
      return undefined;
    },
  };
}
