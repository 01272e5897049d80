/**
 * What `yomi serve --db` answers from: a source of solved positions. Given a
 * game (its spec, as the CLI writes it) and a position (as the game writes
 * positions), a source gives the position's value and every move's value for
 * the mover. A solution file or a tier directory is one source
 * (solution-file-source.ts); endgame databases read by a search on a thread
 * are another (endgame-source.ts), which answers when its search is done.
 * All plug in through the same interface, so the HTTP API never changes
 * when sources are added.
 */

import type { PositionAnswer } from '../host/position-answer.js';

/** One game a source answers for. */
export interface ServedGame {
  /** The game in canonical form: `dodgem(size=5)`. */
  game: string;
  /** Positions whose values the source holds. */
  positions: number;
  /** Where the values come from, in words: `solution file dodgem5.yomi`. */
  from: string;
  /** The values are searched as positions are asked (reading `from`), not read from a file. */
  search?: true;
}

export interface PositionSource {
  readonly games: readonly ServedGame[];
  /**
   * The answer for `position` of `game` (a spec in canonical form), or
   * undefined when the source does not hold that game. `position` is `start`
   * or a position as the game writes it; a position the game cannot read, or
   * one the source did not solve, is a YomiError. A source that searches
   * answers when its search is done (or fails with the one line of a search
   * that ran out of time).
   */
  lookup(game: string, position: string): Promise<PositionAnswer | undefined>;
  /** Ends what the source runs (a search thread); absent when it runs nothing. */
  close?(): Promise<void>;
}

/** Several sources as one: the first that holds a game answers for it (sources added to the list later too). */
export function combineSources(sources: readonly PositionSource[]): PositionSource {
  return {
    get games() {
      return sources.flatMap((s) => s.games);
    },
    lookup: async (game, position) => {
      for (const s of sources) {
        const answer = await s.lookup(game, position);
        if (answer !== undefined) return answer;
      }
      return undefined;
    },
    close: async () => {
      for (const s of sources) await s.close?.();
    },
  };
}
