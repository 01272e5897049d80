/**
 * Endgame databases kept in a tier directory (`buildEndgames`, resumed;
 * `openEndgames`, loaded into memory), and a search that reads them, as
 * `yomi solve|analyze … --db DIR` runs it: the databases of the game (`SearchHooks.endgames`) built into DIR
 * first when `--db-upto N` asks for tiers it lacks (on `--threads`), then loaded, then the
 * game searched by alpha-beta on this thread, every node probing them. The
 * reason line ends with the databases' figures (tiers, bytes, probes, hits).
 */

import { now } from '../core/clock.js';
import type { EndgameLink } from '../core/endgames.js';
import { YomiError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { isSearchable, type SearchableGame } from '../core/search.js';
import type { Solution } from '../core/solution.js';
import { tierOrder } from '../core/tiered.js';
import { isTierDirectory, readTierManifest, TierDirectory } from '../db/tier-dir.js';
import { type AlphaBetaOptions, alphaBeta } from '../solvers/alphabeta.js';
import { EndgameDatabase } from '../solvers/endgames.js';
import { solveMarginTiers } from '../solvers/margin-tiers.js';
import type { Progress } from '../solvers/options.js';
import { checkMemory, type SolverOptions } from '../solvers/options.js';
import type { TierSolveOptions } from '../solvers/tiers.js';
import type { GameRecipe } from '../threads/recipe.js';
import { DEFAULT_THREADS } from './machine-limits.js';

/** Whether `dir` holds endgame databases (a tier directory of a game's endgame family). */
export function isEndgameDirectory(dir: string): boolean {
  return isTierDirectory(dir) && readTierManifest(dir).endgames === true;
}

/** The game's endgame link, or one line saying it has none. */
export function linkOf(game: AnyGame): {
  game: SearchableGame<unknown, unknown>;
  link: EndgameLink<unknown>;
} {
  const link = isSearchable(game) ? game.endgames : undefined;
  if (!isSearchable(game) || link === undefined) {
    throw new YomiError(`${game.id} has no endgame databases (--db DIR reads a game's own, e.g. Kalah's)`);
  }
  if (game.searcher !== undefined) {
    throw new YomiError(`${game.id} is searched by its own engine, which does not read endgame databases`);
  }
  return { game, link };
}

/** What to build first: tiers up to `upto` units, with the game's recipe (threads open it again) on `threads` (asked) threads. */
export interface EndgameBuild {
  upto: number;
  recipe: GameRecipe;
  threads?: number;
}

/** Fewer positions than this are built sooner on one thread than by starting others. */
const SMALL_BUILD = 1 << 22;

/** Builds the tiers `build` asks for into `dir` (on every core when they are many), the tier being solved on the progress line. */
async function buildTiers<P>(
  link: EndgameLink<P>,
  dir: string,
  build: EndgameBuild,
  options: TierSolveOptions,
): Promise<void> {
  const count = link.tiersUpTo(build.upto);
  let positions = 0;
  for (const t of tierOrder(link.game).slice(0, count)) positions += link.game.tierSize(t);
  const threads = build.threads ?? (positions < SMALL_BUILD ? 1 : DEFAULT_THREADS);
  let tier = '';
  const { onProgress, onTier } = options;
  const shown: TierSolveOptions = {
    ...options,
    onTier(e) {
      tier = `${e.name} (${e.index + 1}/${e.count})`;
      onTier?.(e);
    },
    onProgress: onProgress && ((p) => onProgress({ ...p, detail: tier })),
  };
  if (threads > 1) {
    const { solveMarginTiersInParallel } = await import('../threads/margin-pool.js');
    await solveMarginTiersInParallel(
      link.game,
      build.recipe,
      endgameDirectory(link, dir, true),
      count,
      threads,
      shown,
    );
  } else {
    buildEndgames(link, dir, build.upto, shown);
  }
}

/** Builds the endgame databases of `game` into `dir` as `build` asks (resumed from what it holds), on its threads. */
export async function buildGameEndgames(
  game: AnyGame,
  dir: string,
  build: EndgameBuild,
  options: TierSolveOptions = {},
): Promise<void> {
  await buildTiers(linkOf(game).link, dir, build, options);
}

/**
 * Solves `game` by alpha-beta reading the endgame databases in `dir`, built
 * there first as `build` asks (resumed from what it holds), on its threads.
 */
export async function searchWithEndgames(
  game: AnyGame,
  dir: string,
  build: EndgameBuild | undefined,
  options: AlphaBetaOptions & TierSolveOptions,
): Promise<Solution<unknown, unknown>> {
  const { game: searched, link } = linkOf(game);
  // --max-seconds holds for building, loading and every search after them together.
  const endsAt = options.maxSeconds === undefined ? undefined : now() + options.maxSeconds * 1000;
  if (build !== undefined) await buildTiers(link, dir, build, options);
  const endgames = openEndgames(link, dir, options);
  const outer = options.onProgress;
  const onProgress = outer && ((p: Progress) => outer({ ...p, detail: endgames.progressText() }));
  const solution = alphaBeta(
    searched,
    { ...options, onProgress, endgames, endsAt, deferStart: true },
    'alpha-beta',
  );
  // The figures after the search, as the reason line shows them.
  Object.defineProperty(solution, 'reason', {
    get: () => `alpha-beta reading ${endgames.describe()}`,
  });
  return solution;
}

/**
 * Solves the endgame tiers of `link` up to `upto` units (`--db-upto N`)
 * into `dir`, creating it or going on from the tiers it holds.
 */
export function buildEndgames<P>(
  link: EndgameLink<P>,
  dir: string,
  upto: number,
  options: TierSolveOptions = {},
): void {
  const store = endgameDirectory(link, dir, false);
  solveMarginTiers(link.game, store, link.tiersUpTo(upto), options);
}

/** The directory of `link`'s databases, created when missing (`shared`: tiers in shared memory, for threads). */
export function endgameDirectory<P>(link: EndgameLink<P>, dir: string, shared: boolean): TierDirectory {
  return new TierDirectory(dir, link.game, { family: link.family }, { create: true, shared });
}

/** How many of `link`'s tiers `store` holds solved, from the smallest up to the first one missing. */
function solvedTiers<P>(link: EndgameLink<P>, store: TierDirectory): number {
  const recorded = new Set(store.stats.map((s) => s.tier));
  const order = tierOrder(link.game);
  let count = 0;
  while (count < order.length && recorded.has(order[count])) count++;
  return count;
}

/** Whether `dir` holds `game`'s endgame databases up to `upto` units, whole. */
export function endgamesBuilt(game: AnyGame, dir: string, upto: number): boolean {
  if (!isEndgameDirectory(dir)) return false;
  const { link } = linkOf(game);
  const store = new TierDirectory(dir, link.game, { family: link.family }, { create: false });
  return solvedTiers(link, store) >= link.tiersUpTo(upto);
}

/**
 * The endgame databases of `link` in `dir`, loaded into memory: every tier
 * solved there, from the smallest up to the first one missing.
 */
export function openEndgames<P>(
  link: EndgameLink<P>,
  dir: string,
  options: SolverOptions = {},
): EndgameDatabase<P> {
  const store = new TierDirectory(dir, link.game, { family: link.family }, { create: false });
  const count = solvedTiers(link, store);
  const order = tierOrder(link.game);
  if (count === 0) throw new YomiError(`${dir} holds no solved tier of ${store.manifest.game}`);
  const held = order.slice(0, count);
  const bytes = held.reduce((a, t) => a + link.game.tierSize(t), 0);
  checkMemory(bytes, options, `the endgame databases in ${dir} (${count} tiers)`);
  const tiers = held.map((t) => {
    const v = store.get(t);
    store.release(t);
    return { tier: t, values: v.values, encoding: v.encoding };
  });
  return new EndgameDatabase(link, tiers, dir);
}
