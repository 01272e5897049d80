/**
 * Where the values the page shows come from, behind one interface: the
 * solver in a Web Worker (worker-source.ts), the solution files of
 * `yomi serve --db` (server-source.ts), or an opening book the worker opens
 * (opening-books.ts). A source is started once per game, reports progress
 * and then what solved the game, and answers queries: the value of each
 * position along a line of moves and of every move at its end.
 */

import type { Value } from '../../../src/core/value.js';
import type { Progress } from '../../../src/solvers/options.js';

export interface Answer {
  /**
   * The value of each position from the start through the moves; the last
   * always, the others when at hand without a search (undefined: a searched
   * game reached by a link or a reload, whose earlier positions the page does
   * not search one by one — in a game played on the page every one is at hand).
   */
  path: (Value | undefined)[];
  /** The value of each move at the end, for the player to move. */
  moves: Value[];
  /** A searching source: the positions it has searched so far, this answer's included. */
  searched?: number;
  /** The workers that shared the search of the moves' values, when more than one. */
  threads?: number;
}

/** Where the values come from, in the words the page uses. */
export type Origin = 'browser' | 'solution file' | 'server search' | 'opening book';

export interface Solved {
  origin: Origin;
  /** The algorithm, and why it was chosen (the library's own words). */
  solver: string;
  reason: string;
  /** Positions solved (classes of positions when the game declares a symmetry). */
  positions: number;
  /** A search solver: the positions were searched (some more than once), not all the game's. */
  searched?: boolean;
  /** With a symmetry: every position the classes stand for, when counted. */
  allPositions?: number;
  ms: number;
  /** The solution file or book read. */
  file?: string;
}

export type SourceEvent =
  | { kind: 'progress'; progress: Progress }
  | ({ kind: 'solved' } & Solved)
  | { kind: 'failed'; message: string };

export interface ValueSource {
  /** Starts solving (or opening the file); every event after the first `solved` or `failed` is dropped. */
  start(onEvent: (event: SourceEvent) => void): void;
  /** The values along `moves`; `onProgress` hears how a long answer goes (a search's nodes), where the source can tell. */
  query(moves: readonly number[], onProgress?: (progress: Progress) => void): Promise<Answer>;
  cancel(): void;
}

/** Wraps an event handler so that nothing passes once the source has solved or failed. */
export function untilSettled(onEvent: (event: SourceEvent) => void): (event: SourceEvent) => void {
  let settled = false;
  return (event) => {
    if (settled) return;
    if (event.kind !== 'progress') settled = true;
    onEvent(event);
  };
}
