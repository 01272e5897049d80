/**
 * A worker thread of the parallel margin tier solver (run by piscina): walks
 * one part of a tier's positions (solvers/margin-tiers.ts) over the tier's
 * values and the solved tiers below, all in shared memory, and returns the
 * moves it read.
 */

import { YomiError } from '../core/errors.js';
import { walkMarginTier } from '../solvers/margin-tiers.js';
import type { MarginTask } from './margin-pool.js';
import { openEndgameForm } from './recipe.js';
import type { ThreadFailure } from './tier-task.js';

export default async function walkPart(task: MarginTask): Promise<number> {
  try {
    const game = await openEndgameForm(task.recipe);
    const lower: Uint8Array[] = [];
    for (const t of task.lower) lower[t.tier] = new Uint8Array(t.buffer);
    return walkMarginTier(
      {
        game,
        tier: task.tier,
        values: new Uint8Array(task.values),
        lower: (t) => lower[t],
        shared: true,
      },
      task.lo,
      task.hi,
    );
  } catch (e) {
    // A user's mistake (a cycle, a game that cannot load here) crosses as its line: an Error's class does not cross threads.
    if (e instanceof YomiError) throw { yomiError: e.message } satisfies ThreadFailure;
    throw e;
  }
}
