/**
 * Messages between the page and the solver worker. The worker loads the game
 * itself (from the same id and input as the page), solves it, then answers
 * queries: the value of each position along a list of moves and the value of
 * every move at its end.
 */

import type { Value } from '../../src/core/value.js';
import type { Progress } from '../../src/solvers/options.js';

export type ToWorker =
  | { kind: 'solve'; spec: string; input?: string; dataset: number }
  | { kind: 'query'; id: number; moves: number[] };

export type FromWorker =
  | { kind: 'progress'; progress: Progress }
  | { kind: 'solved'; solver: string; reason: string; positions: number; ms: number }
  | { kind: 'failed'; message: string }
  | { kind: 'answer'; id: number; path: Value[]; moves: Value[] };
