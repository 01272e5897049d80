/**
 * Alpha-beta, the driver: solves a game too large to enumerate one position
 * at a time. It owns the transposition table (one per game, or one shared
 * by the games that declare the same `table.share` key) and the budget,
 * runs the game's own score search (`searcher`) or the generic engine
 * (search-engine.ts), pins each exact score with null-window probes
 * (search-budget.ts), and answers queries: `value(p)` searches any position
 * on demand (scores cached per key), `bounds(p)` returns the proven range
 * instead of throwing when a budget runs out, and `makeSolution` derives
 * moves, best moves and lines from the values.
 *
 * Cost: exponential in the worst case, like any tree search; memory is the
 * table plus the current path.
 */

import { now } from '../core/clock.js';
import { type AnyGame, classKeyOf, type Game, type Key } from '../core/game.js';
import { playableView } from '../core/indexed-view.js';
import {
  type ScoreSearch,
  type SearchableGame,
  type SearchBudget,
  type SearchHooks,
  SearchIncomplete,
  type SearchMarks,
  type TranspositionTable,
} from '../core/search.js';
import { makeSolution, type Solution, type SolveStats } from '../core/solution.js';
import { marginOutcome, type Value } from '../core/value.js';
import { deepen } from './deepening.js';
import type { EndgameDatabase } from './endgames.js';
import type { SolverOptions } from './options.js';
import { type BudgetOptions, NodeBudget, pinScore, type ScoreBounds } from './search-budget.js';
import { GameSearch } from './search-engine.js';
import { endScoredRefusal, type SolverEntry } from './solver.js';
import {
  type AnyTable,
  DEFAULT_TABLE_BYTES,
  makeTable,
  type TableCache,
  tableFor,
} from './transposition-table.js';

export interface AlphaBetaOptions<P = unknown> extends SolverOptions, BudgetOptions {
  /** About how many bytes the transposition table takes (default 16 MB; rounded down to a power of two). */
  tableBytes?: number;
  /** Search with this table instead of one of the solver's own (e.g. a table shared with other threads). */
  table?: AnyTable;
  /** Where the tables of games that may share one are kept (their `share` key); absent: a table per solve. */
  tables?: TableCache;
  /** Do not search the start at once (a caller that settles values elsewhere, e.g. on other threads). */
  deferStart?: boolean;
  /** Scores known without search (an opening book): a score, or undefined to search. */
  known?: (p: P) => number | undefined;
  /** Endgame databases the search reads at every node (solvers/endgames.ts). */
  endgames?: EndgameDatabase<P>;
  /** Scoring games: iterative deepening guesses long searches' scores and moves first (default true). */
  deepening?: boolean;
  /** Nodes a scoring game's exact search takes before it goes on after deepening (default 50,000). */
  deepenAfter?: number;
  /** Search counts made elsewhere, added to the solution's statistics. */
  moreStats?: () => { nodes: number; tableProbes: number; tableHits: number };
}

/** A scoring game's search goes on after iterative deepening when it takes more nodes than this. */
const QUICK_EXACT_NODES = 50_000;

/** Pins scores elsewhere (e.g. on other threads): the bounds proven between proven integer bounds. */
export type ScorePinner<P> = (p: P, lower: number, upper: number) => Promise<ScoreBounds>;

/** Alpha-beta's solution: values searched when asked, and the proven bounds when a budget runs out. */
export type AlphaBetaSolution<P, M> = Solution<P, M> & {
  /** The proven range of `p`'s score and value, even when the budget runs out before it is exact. */
  bounds(p: P): ScoreBounds & { lowerValue: Value; upperValue: Value };
  /**
   * Proves `p`'s score so that `value(p)` then answers at once: first here,
   * for at most `quickNodes` nodes, then with `pin` (e.g. on other threads)
   * from the bounds proven so far; throws SearchIncomplete as `value` would.
   */
  settle(p: P, pin: ScorePinner<P>, quickNodes: number): Promise<void>;
  /** Nodes the budget still allows (--max-nodes less what was searched here). */
  nodesLeft(): number;
  /** What a score of `p` stands for, as a value (a bound's value: a tie's remoteness unknown). */
  scoreValue(p: P, score: number): Value;
};

/** The score search a game is solved with: its own, or the generic engine. */
export function scoreSearch<P, M>(
  game: SearchableGame<P, M>,
  table: TranspositionTable,
  budget: SearchBudget,
  exact: (p: P) => number,
  thread = 0,
  marks?: SearchMarks,
  symmetry = true,
  endgames?: EndgameDatabase<P>,
): ScoreSearch<P> {
  return game.searcher
    ? game.searcher({ table, budget, thread, marks })
    : new GameSearch(game, table, budget, exact, symmetry, endgames);
}

/** The statistics of a solve that has no threads of its own. */
const NO_MORE_STATS = { nodes: 0, tableProbes: 0, tableHits: 0 } as const;

/**
 * Solves `game` by alpha-beta: values are searched when asked (the start
 * first), each exact or else a SearchIncomplete with the proven range.
 */
export function alphaBeta<P, M>(
  game: SearchableGame<P, M>,
  options: AlphaBetaOptions<P> = {},
  reason = 'alpha-beta',
): AlphaBetaSolution<P, M> {
  const started = now();
  const table =
    options.table ?? tableFor(game.table, options.tableBytes ?? DEFAULT_TABLE_BYTES, options.tables);
  const budget = new NodeBudget(options);
  const values = new Map<Key, number>();
  // One value per symmetry class (unless options.symmetry is false). A query asks for the key of one
  // position several times in a row (the book, the settled values, then storing its score): the last
  // one is kept, since a short search costs little more than finding a class's key a few times.
  const classKey = classKeyOf(game, options.symmetry);
  let asked = false;
  let lastPosition: P | undefined;
  let lastKey: Key = 0;
  const keyOf = (p: P): Key => {
    if (!asked || p !== lastPosition) {
      lastKey = classKey(p);
      lastPosition = p;
      asked = true;
    }
    return lastKey;
  };
  let search: ScoreSearch<P>;
  /** The score of p when it is at hand: settled here, or in the book. */
  const knownScore = (p: P): number | undefined => values.get(keyOf(p)) ?? options.known?.(p);
  /** The proven range of p's score, searched within `within` when a parent's score narrows it. */
  const bounds = (p: P, within?: [number, number]): ScoreBounds => {
    const known = knownScore(p);
    if (known !== undefined) return { lower: known, upper: known };
    const [least, most] = search.bounds(p);
    const lower = within ? Math.max(least, within[0]) : least;
    const upper = within ? Math.min(most, within[1]) : most;
    // A move searched in its parent's window is often a best move, its score the window's edge: the
    // probes start there and step on from what each proves (MTD(f)).
    const edge = within && (Number.isFinite(within[0]) ? within[0] : within[1]);
    const b = engine
      ? deepeningPin(engine, p, lower, upper)
      : pinScore(
          (a, z) => search.search(p, a, z),
          budget,
          lower,
          upper,
          Number.POSITIVE_INFINITY,
          edge === undefined ? undefined : () => edge,
        );
    if (b.outOfBudget === undefined) values.set(keyOf(p), b.lower);
    return b;
  };
  /**
   * Scoring games on the generic engine: a search that takes more than a
   * moment goes on after iterative deepening (deepening.ts) guessed its
   * score and its best moves.
   */
  let passTables: [AnyTable, AnyTable] | undefined;
  const deepeningPin = (exactSearch: GameSearch<P, M>, p: P, lower: number, upper: number): ScoreBounds => {
    const probe = (a: number, z: number) => exactSearch.search(p, a, z);
    const quick = pinScore(probe, budget, lower, upper, options.deepenAfter ?? QUICK_EXACT_NODES);
    if (quick.outOfBudget !== 'nodes' || budget.nodesLeft <= 0) return quick;
    const bytes = Math.max(DEFAULT_TABLE_BYTES, (options.tableBytes ?? DEFAULT_TABLE_BYTES) / 8);
    passTables ??= [makeTable(game.table, bytes), makeTable(game.table, bytes)];
    const tables = passTables;
    const guess = (proven: ScoreBounds) => {
      const d = deepen(
        (depthLimit, table, hints) => {
          const s = new GameSearch(
            game,
            table,
            budget,
            exact,
            options.symmetry,
            options.endgames,
            depthLimit,
          );
          s.hints = hints;
          return { search: (a, z) => s.search(p, a, z) };
        },
        proven,
        tables,
      );
      exactSearch.hints = d.hints;
      return d.guess;
    };
    try {
      return pinScore(probe, budget, quick.lower, quick.upper, Number.POSITIVE_INFINITY, guess, true);
    } finally {
      exactSearch.hints = undefined;
    }
  };
  const boundValues = (p: P, b: ScoreBounds): { lowerValue: Value; upperValue: Value } => ({
    lowerValue: boundValue(search, p, b.lower, game),
    upperValue: boundValue(search, p, b.upper, game),
  });
  const stats: SolveStats = { positions: 0, ms: 0, nodes: 0, tableHitRate: 0 };
  const refresh = () => {
    const more = options.moreStats?.() ?? NO_MORE_STATS;
    const probes = table.probes + more.tableProbes;
    stats.nodes = budget.nodes + more.nodes;
    stats.positions = stats.nodes;
    stats.ms = now() - started;
    stats.tableHitRate = probes === 0 ? 0 : (table.hits + more.tableHits) / probes;
  };
  const checked = (p: P, b: ScoreBounds): number => {
    refresh();
    if (b.outOfBudget !== undefined) {
      const v = boundValues(p, b);
      const atStart = keyOf(p) === keyOf(game.start);
      throw new SearchIncomplete(v.lowerValue, v.upperValue, stats.nodes ?? 0, b.outOfBudget, atStart);
    }
    return b.lower;
  };
  const exact = (p: P): number => checked(p, bounds(p));
  search = scoreSearch(game, table, budget, exact, 0, undefined, options.symmetry, options.endgames);
  const engine =
    search instanceof GameSearch && typeof game.points === 'function' && options.deepening !== false
      ? search
      : undefined;
  // (checked() refreshes the statistics.)
  const valueWithin = (p: P, within?: [number, number]): Value =>
    search.value(p, checked(p, bounds(p, within)));
  const value = (p: P): Value => valueWithin(p);
  /** A move's child, searched in the window its parent's score leaves it when that score is at hand. */
  const childValue = (p: P, child: P, points: number, keeps: boolean): Value => {
    const parent = knownScore(p);
    return valueWithin(child, parent === undefined ? undefined : search.childBounds?.(parent, points, keeps));
  };
  const settle = async (p: P, pin: ScorePinner<P>, quickNodes: number): Promise<void> => {
    const known = options.known?.(p);
    if (known !== undefined) values.set(keyOf(p), known);
    if (values.has(keyOf(p))) return;
    const [lower, upper] = search.bounds(p);
    const b = pinScore((a, z) => search.search(p, a, z), budget, lower, upper, quickNodes);
    // Not proven here within quickNodes: the pinner goes on from what is proven (integer bounds only).
    const ranOut = b.outOfBudget === 'nodes' && budget.nodesLeft > 0;
    const pinned = ranOut && Math.abs(b.lower) < 2 ** 31 && Math.abs(b.upper) < 2 ** 31;
    const pinnedThere = pinned ? await pin(p, b.lower, b.upper) : b;
    // The threads' node quota is what the budget left: running out of it is the budget's limit.
    const proven =
      pinnedThere.outOfBudget === 'nodes' ? { ...pinnedThere, outOfBudget: budget.limitReason } : pinnedThere;
    if (ranOut && !pinned) return; // value(p) searches it here
    values.set(keyOf(p), checked(p, proven));
  };
  if (!options.deferStart) value(game.start);
  return Object.assign(makeSolution(game, value, { solver: 'alphabeta', reason, stats }, childValue), {
    bounds(p: P) {
      const b = bounds(p);
      refresh();
      return { ...b, ...boundValues(p, b) };
    },
    settle,
    nodesLeft: () => budget.nodesLeft,
    known(p: P): Value | undefined {
      const score = knownScore(p);
      return score === undefined ? undefined : search.value(p, score);
    },
    scoreValue: (p: P, score: number) => boundValue(search, p, score, game),
  });
}

/** A bound on the score as a value (±Infinity: the best and worst a game allows). */
function boundValue<P, M>(search: ScoreSearch<P>, p: P, score: number, game: Game<P, M>): Value {
  if (typeof game.points === 'function') {
    return { outcome: marginOutcome(score), remoteness: Number.NaN, margin: score + 0 };
  }
  if (score === 0) return { outcome: 'tie', remoteness: Number.NaN };
  return search.value(p, score);
}

export const alphaBetaSolver: SolverEntry = {
  name: 'alphabeta',
  summary:
    'alpha-beta with a transposition table and null-window probes; one position at a time, for games too large to enumerate',
  accepts: endScoredRefusal,
  solve(game, options, reason) {
    return alphaBeta(playableView(game), options, reason);
  },
};

/** The game brings its own score search or asks to be searched: auto then uses alpha-beta at once. */
export function hasSearcher(game: AnyGame): boolean {
  const hooks = game as SearchHooks<unknown, unknown>;
  return typeof hooks.searcher === 'function' || hooks.searchFirst === true;
}
