/**
 * What the checks of `yomi check` look at: a play-out's state (a trial) and
 * the shape of a check, for plain games and for indexed ones. Apart from the
 * checks themselves (checks.ts, parents.ts), so that both can name them.
 */

import type { Game, Key, NumberedGame } from '../core/game.js';

/** What a play-out of a plain Game has seen so far, shared by the checks. */
export interface GameTrial {
  game: Game<unknown, unknown>;
  /** The first position seen with each key: its structural snapshot. */
  snapshotOfKey: Map<Key, string>;
  /** The key of the first position seen with each snapshot. */
  keyOfSnapshot: Map<string, Key>;
  /** Games with a symmetry: the snapshot of the canonical form of the first position seen with each key. */
  canonicalOfKey: Map<Key, string>;
}

/** One move of a play-out: `before` is the snapshot of `position` taken before `play`. */
export interface MoveStep {
  position: unknown;
  move: unknown;
  child: unknown;
  before: string;
}

export interface GameCheck {
  name: string;
  /** Run at every visit of a position, not only the first (other checks would find nothing new). */
  everyVisit?: boolean;
  /** At a position reached by a play-out. */
  position?(trial: GameTrial, p: unknown): string | undefined;
  /** At a move just played. */
  move?(trial: GameTrial, step: MoveStep): string | undefined;
}

/** What a play-out of an IndexedGame has at the current position. */
export interface IndexedTrial {
  game: NumberedGame;
  /** The children of the current position as `children()` wrote them, and how many. */
  out: Int32Array;
  points: Float64Array;
  count: number;
}

export interface IndexedCheck {
  name: string;
  position(trial: IndexedTrial, p: number): string | undefined;
}
