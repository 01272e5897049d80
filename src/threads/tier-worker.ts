/**
 * A worker thread of the parallel tier solver (run by piscina): executes one
 * step of a tier's retrograde analysis — counting a range, propagating a
 * list or a scanned range — on the shared tables (tier-task.ts), with
 * Atomics where threads meet, and returns what it found (lists in shared
 * memory).
 */

import { YomiError } from '../core/errors.js';
import { TierWorkspace } from '../solvers/retrograde/workspace.js';
import { openTiered } from './recipe.js';
import { childrenOf, sharedInts, type ThreadFailure, type TierTask, tablesOf } from './tier-task.js';

export default async function runStep(task: TierTask): Promise<unknown> {
  try {
    return await run(task);
  } catch (e) {
    // A user's mistake (its module's throw, a game that cannot load here) crosses as its line: an Error's class does not cross threads.
    if (e instanceof YomiError) throw { yomiError: e.message } satisfies ThreadFailure;
    throw e;
  }
}

async function run(task: TierTask): Promise<unknown> {
  const game = await openTiered(task.recipe);
  const ws = new TierWorkspace(game, tablesOf(task), childrenOf(task), sharedInts);
  const step = task.step;
  switch (step.op) {
    case 'count':
      return ws.count(step.lo, step.hi);
    case 'propagate':
      return ws.propagate(step.pass, step.level, step.from, step.entries, step.lo, step.hi);
    case 'endless':
      ws.finishEndless(step.lo, step.hi);
      return undefined;
    default:
      throw new Error(`a worker does not run ${step.op}`);
  }
}
