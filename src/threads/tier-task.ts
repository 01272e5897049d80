/**
 * What the main thread sends a worker for one step of a tier's retrograde
 * analysis, and how both sides see the shared tables: the tier's values and
 * counters and the child tiers' values live in SharedArrayBuffers, posted by
 * reference, so every thread works on the same tables.
 */

import { YomiError } from '../core/errors.js';
import { type CompactCodes, ENCODINGS, type EncodingName } from '../core/packed-value.js';
import type { Step } from '../solvers/retrograde/steps.js';
import {
  type ChildTier,
  type Counters,
  makeCounters,
  type Pass,
  type TierTables,
} from '../solvers/retrograde/workspace.js';
import type { GameRecipe } from './recipe.js';

export interface SharedCodes {
  buffer: SharedArrayBuffer;
  encoding: EncodingName;
  length: number;
}

export interface TierTask {
  recipe: GameRecipe;
  tier: number;
  values: SharedCodes;
  counts: { buffer: SharedArrayBuffer; bytes: 1 | 2 | 4 };
  children: { tier: number; values: SharedCodes; maxLevel: Record<Pass, number> }[];
  /** count, propagate or endless (allocate and widen are the main thread's). */
  step: Step;
}

/** A typed view of shared codes. */
export function codesOf(shared: SharedCodes): CompactCodes {
  const { bytes } = ENCODINGS[shared.encoding];
  const { buffer, length } = shared;
  return bytes === 1
    ? new Uint8Array(buffer, 0, length)
    : bytes === 2
      ? new Uint16Array(buffer, 0, length)
      : new Uint32Array(buffer, 0, length);
}

/** The tier's tables as a worker sees them. */
export function tablesOf(task: TierTask): TierTables {
  return {
    tier: task.tier,
    values: codesOf(task.values),
    encoding: ENCODINGS[task.values.encoding],
    counts: makeCounters(task.counts.bytes, task.values.length, task.counts.buffer) as Counters,
    shared: true,
  };
}

export function childrenOf(task: TierTask): ChildTier[] {
  return task.children.map((c) => ({
    tier: c.tier,
    values: codesOf(c.values),
    encoding: ENCODINGS[c.values.encoding],
    maxLevel: c.maxLevel,
  }));
}

/** Lists of settled positions in shared memory, so they pass between threads without copying. */
export function sharedInts(entries: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * entries));
}

/** What a tier thread throws for a user's mistake (a YomiError there): its line, shown as on the main thread. */
export interface ThreadFailure {
  yomiError: string;
}

/**
 * The error a tier thread's failure becomes on the main thread: the same one
 * line as there for a user's mistake; one line naming the thread for a thread
 * that died (a module that calls process.exit, a crash).
 */
export function threadError(e: unknown): Error {
  if (typeof e === 'object' && e !== null && 'yomiError' in e && typeof e.yomiError === 'string') {
    return new YomiError(e.yomiError);
  }
  if (e instanceof YomiError) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new YomiError(`a thread of the tier solver stopped: ${message.split('\n')[0]}`);
}
