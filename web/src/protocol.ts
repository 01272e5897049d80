/**
 * Messages between the page and the solver worker. The worker loads the game
 * itself (from the same spec and input as the page), solves it — or opens
 * its opening book — then answers queries: the value of each position along
 * a list of moves and the value of every move at its end.
 */

import type { Answer, SourceEvent } from './sources/value-source.js';

export type ToWorker =
  | { kind: 'solve'; spec: string; input?: string; dataset: number; book?: string }
  | { kind: 'query'; id: number; moves: readonly number[] };

export type FromWorker = SourceEvent | ({ kind: 'answer'; id: number } & Answer);
