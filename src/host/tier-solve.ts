/**
 * Solving by tiers on this machine (for the command line and the cluster's
 * coordinator): the tier solver on `--threads`
 * worker threads (one: on the command's own thread), its tiers kept in a
 * directory with `--save DIR` (resumed when the directory already holds some
 * of them) or in memory; and reading such a directory back for `yomi query`
 * and `yomi analyze --db`. Which games: those `auto` solves by tiers
 * (`prefersTiers`), or any with `--solver tiers`.
 */

import { now } from '../core/clock.js';
import { YomiError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { grouped } from '../core/grouped.js';
import type { Solution } from '../core/solution.js';
import type { TieredGame } from '../core/tiered.js';
import { TierDirectory } from '../db/tier-dir.js';
import type { OpenedGame } from '../games/open.js';
import { findSolver } from '../solvers/index.js';
import { reachStats } from '../solvers/reach.js';
import {
  MemoryTierStore,
  SMALL_TIER,
  solveTiers,
  storeLookup,
  type TierSolveOptions,
  type TierStore,
  tieredForm,
  tieredSolution,
  totalPositions,
  widestTier,
} from '../solvers/tiers.js';
import { DEFAULT_THREADS } from './machine-limits.js';

/** The tiered form a game is solved by tiers in; one line when the tier solver refuses it or it is too large. */
export function tieredFormOf(game: AnyGame, options: TierSolveOptions): TieredGame {
  const verdict = findSolver('tiers')?.accepts(game);
  if (verdict !== true) throw new YomiError(String(verdict));
  const tiered = tieredForm(game);
  if (tiered === undefined) throw new YomiError(`${game.id} cannot be solved by tiers`);
  const positions = totalPositions(tiered);
  if (options.maxPositions !== undefined && positions > options.maxPositions) {
    throw new YomiError(
      `${game.id} has more than ${grouped(options.maxPositions)} positions (--max-positions); raise the limit or choose a smaller game`,
    );
  }
  return tiered;
}

/**
 * The solution of a game whose tiers are all solved, in the directory `dir`
 * (which then also records what is reachable from the start) or in `store`.
 */
export function tierSolveResult(
  game: AnyGame,
  tiered: TieredGame,
  solved: { dir: TierDirectory } | { store: TierStore },
  how: string,
  started: number,
  options: TierSolveOptions,
): Solution<unknown, unknown> {
  const ms = now() - started;
  const dir = 'dir' in solved ? solved.dir : undefined;
  // A strong solve kept on disk also says what is reachable from the start (its tiers are in memory now or read whole).
  if (dir && dir.manifest.reach === undefined) dir.setReach(reachStats(tiered, storeLookup(dir), options));
  const store = 'dir' in solved ? solved.dir : solved.store;
  const where = dir ? `; tiers in ${dir.dir}` : '';
  const reason = `${tiered.tierCount} tier${tiered.tierCount === 1 ? '' : 's'} ${how}, ${widestTier(store)} bytes per position${where}`;
  return tieredSolution(game, 'dir' in solved ? solved.dir.lookup() : storeLookup(solved.store), {
    solver: 'tiers',
    reason,
    positions: totalPositions(tiered),
    ms,
  });
}

/**
 * Solves game `dataset` of `opened` by tiers on `threads` threads, its tiers
 * in the directory `save` (created, or resumed) or in memory.
 */
export async function solveByTiers(
  opened: OpenedGame,
  dataset: number,
  save: string | undefined,
  asked: number | undefined,
  options: TierSolveOptions,
): Promise<Solution<unknown, unknown>> {
  const game = opened.games[dataset];
  const tiered = tieredFormOf(game, options);
  // Starting threads costs more than a small game takes to solve on one.
  const threads = asked ?? (totalPositions(tiered) < SMALL_TIER ? 1 : DEFAULT_THREADS);
  const started = now();
  const dir =
    save === undefined
      ? undefined
      : new TierDirectory(save, tiered, { opened, dataset }, { create: true, shared: threads > 1 });
  const store = dir ?? new MemoryTierStore();
  if (threads > 1) {
    const recipe = { spec: opened.spec, input: opened.input, dataset };
    // Worker threads only when asked for: a one-thread solve does not load them.
    const { solveTiersInParallel } = await import('../threads/tier-pool.js');
    await solveTiersInParallel(tiered, recipe, store, { ...options, threads });
  } else {
    solveTiers(tiered, store, options);
  }
  const how = `on ${threads} thread${threads === 1 ? '' : 's'}`;
  return tierSolveResult(game, tiered, dir ? { dir } : { store }, how, started, options);
}

/** The solution a tier directory holds, its game opened by the caller (the one the directory names). */
export function solutionFromTiers(
  dir: string,
  opened: OpenedGame,
  dataset: number,
): Solution<unknown, unknown> {
  const game = opened.games[dataset];
  const tiered = tieredForm(game);
  if (tiered === undefined) throw new YomiError(`${dir}: ${game.id} is not solved by tiers`);
  const tiers = new TierDirectory(dir, tiered, { opened, dataset }, { create: false });
  const solved = tiers.manifest.stats.length;
  if (solved < tiered.tierCount) {
    throw new YomiError(
      `${dir} holds ${solved} of the ${tiered.tierCount} tiers of ${game.id}: resume the solve (yomi solve … --save ${dir})`,
    );
  }
  const ms = tiers.manifest.stats.reduce((a, s) => a + s.ms, 0);
  const solution = tieredSolution(game, tiers.lookup(), {
    solver: 'tiers',
    reason: `from ${dir}: ${tiered.tierCount} tier${tiered.tierCount === 1 ? '' : 's'}, ${widestTier(tiers)} bytes per position`,
    positions: totalPositions(tiered),
    ms: Math.round(ms),
  });
  if (tiers.manifest.reach) solution.stats.reach = tiers.manifest.reach;
  return solution;
}
