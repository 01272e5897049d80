/**
 * Messages between the page and the solver worker. The worker loads the game
 * itself (from the same spec and input as the page), solves it — or opens
 * its opening book — then answers queries: the value of each position along
 * a list of moves and the value of every move at its end, or of one move
 * there (so that two workers can share a position's moves).
 */

import type { Value } from '../../src/core/value.js';
import type { Answer, SourceEvent } from './sources/value-source.js';

export type ToWorker =
  /** `searchOnly`: another worker has found the game is searched: search positions when asked, nothing before. */
  | { kind: 'solve'; spec: string; input?: string; dataset: number; book?: string; searchOnly?: boolean }
  /** The values along `moves`; with `pathOnly`, not the moves' at the end (their count instead). */
  | { kind: 'query'; id: number; moves: readonly number[]; pathOnly?: boolean }
  /** The value of the `ordinal`-th move at the end of `moves` (undefined past the last). */
  | { kind: 'move'; id: number; moves: readonly number[]; ordinal: number };

export type FromWorker =
  | SourceEvent
  | ({ kind: 'answer'; id: number; count: number } & Answer)
  | { kind: 'move'; id: number; value: Value | undefined; searched?: number };
