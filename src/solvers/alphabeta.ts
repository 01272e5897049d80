/**
 * Alpha-beta: depth-first negamax search with a transposition table, for
 * games too large to enumerate. It proves the value of one position from as
 * few positions as possible and keeps no table of all positions — only a
 * fixed-size transposition table (see transposition-table.ts).
 *
 * Scores (always for the player to move, integers in outcome games):
 * - outcome games: a win whose last ply is ply e of the search scores
 *   B − e, a loss −(B − e), a tie 0 — so a winner hurries and a loser
 *   delays, and the score gives the exact remoteness of a win or a loss;
 *   the table stores scores relative to the position (as chess programs do
 *   with mate scores), so a position reached at different depths shares
 *   its entry;
 * - scoring games: the margin.
 * Every probe is a fail-soft alpha-beta; `pinScore` pins the exact score
 * with null-window probes (search-budget.ts). Move ordering: the table's
 * best move first, then the game's `orderMoves` hook. Positions are keyed by
 * the game's 64-bit `hash` (e.g. Zobrist) or else by a hash of `key(p)`.
 *
 * Remoteness of a tie, and of any value in a scoring game, is not in the
 * score: it is computed exactly afterwards by a second search over the best
 * moves only (`remoteness`), unless the game tells it (`pliesLeft`).
 *
 * A game may bring its own score search (`searcher`, e.g. Connect Four on
 * bitboards) that shares the table, the budget and the driver.
 *
 * Cost: exponential in the worst case, like any tree search; memory is the
 * table plus the current path. The search keeps an explicit stack (no JS
 * recursion), and meets a cycle with a CycleError: cyclic games need
 * retrograde analysis.
 */

import { CycleError, GameError, YomiError } from '../core/errors.js';
import { type AnyGame, classKeyOf, type Game, isIndexed, type Key, primitiveValue } from '../core/game.js';
import { indexedView } from '../core/indexed-view.js';
import { makeSolution, type Solution, type SolveStats } from '../core/solution.js';
import { formatValue, marginOutcome, type Value } from '../core/value.js';
import { hashKey } from '../core/zobrist.js';
import type { SolverOptions } from './options.js';
import { type BudgetOptions, pinScore, type ScoreBounds, SearchBudget } from './search-budget.js';
import { endScoredRefusal, type SolverEntry } from './solver.js';
import { NO_MOVE, TranspositionTable } from './transposition-table.js';

/** Scores of outcome games: a win at ply e scores WIN_SCORE − e. */
export const WIN_SCORE = 2 ** 30;

/** What alpha-beta takes: the solver options, the search budget and the table size. */
export interface AlphaBetaOptions extends SolverOptions, BudgetOptions {
  /** The transposition table has 2^tableBits entries (32 bytes each; 48 in scoring games). Default: the game's shared table, or 2^18. */
  tableBits?: number;
}

/** A search of one position's score, with integer scores when its bounds are finite. */
export interface ScoreSearch<P> {
  /** Proven bounds on the score before searching (±Infinity when unknown). */
  bounds(p: P): [number, number];
  /** Fail-soft alpha-beta in the window (alpha, beta). */
  search(p: P, alpha: number, beta: number): number;
  /** The value of position `p` whose exact score is `score`. */
  value(p: P, score: number): Value;
}

/** Optional hooks a game offers to alpha-beta; all are optional. */
export interface SearchHooks<P, M> {
  /** Writes a 64-bit hash of `p` (two 32-bit halves) to out[0], out[1]; e.g. a Zobrist hash. */
  hash?(p: P, out: Int32Array): void;
  /** The moves of `p`, likeliest best first. */
  orderMoves?(p: P, moves: readonly M[]): readonly M[];
  /** Scoring games: proven bounds on the margin from `p` (integers), e.g. ± the points still available. */
  marginBounds?(p: P): [number, number];
  /**
   * Plies to the end with best play from `p`, whose score is `score`, when
   * the game knows it without search (every line lasts as long; a tie fills
   * the board), else undefined.
   */
  pliesLeft?(p: P, score: number): number | undefined;
  /** The game's own score search (sharing the table and the budget), used instead of the generic one. */
  searcher?(table: TranspositionTable, budget: SearchBudget): ScoreSearch<P>;
  /**
   * A table shared by the game's searches, when positions mean the same in
   * every game that shares it (e.g. every Connect Four game of one size):
   * then a thousand games to solve allocate one table, not a thousand.
   */
  sharedTable?(): TranspositionTable;
  /** auto should search rather than explore: the game is usually too large to enumerate. */
  searchFirst?: boolean;
}

/** A `Game` that alpha-beta can search: the game and its search hooks. */
export type SearchableGame<P, M> = Game<P, M> & SearchHooks<P, M>;

/** A budget ran out before the value was proven: what is proven is a range. */
export class SearchIncomplete extends YomiError {
  override name = 'SearchIncomplete';
  constructor(
    readonly lower: Value,
    readonly upper: Value,
    readonly nodes: number,
    readonly reason: 'nodes' | 'seconds',
    /** The bounds are those of the start; else of a later position (e.g. a move's, for analyze). */
    readonly atStart = true,
  ) {
    super(
      `the ${reason === 'nodes' ? 'node' : 'time'} budget ran out after ${nodes.toLocaleString('en-US')} nodes; ` +
        `proven${atStart ? '' : ' for a position after the start'}: between ${formatBound(lower)} and ${formatBound(upper)}`,
    );
  }
}

/** A bound as text: like `formatValue`, leaving out what a bound does not know (remoteness, an infinite margin). */
export function formatBound(v: Value): string {
  if (Number.isFinite(v.remoteness) || v.outcome === 'draw') return formatValue(v);
  if (v.margin === undefined) return v.outcome;
  if (!Number.isFinite(v.margin)) return v.margin > 0 ? 'any win' : 'any loss';
  return v.outcome === 'tie' ? 'tie' : `${v.outcome} by ${Math.abs(v.margin)}`;
}

const PENDING = Number.NaN;

interface Frame<P, M> {
  position: P;
  key: Key;
  hashLo: number;
  hashHi: number;
  depth: number;
  moves: readonly M[];
  /** The order moves are tried in: the table's move first. */
  first: number;
  next: number;
  alpha: number;
  beta: number;
  alphaAtStart: number;
  best: number;
  bestIndex: number;
  /** Points of the move being searched (scoring games). */
  points: number;
  /** The move being searched keeps the turn: its child's score is the mover's own. */
  keeps: boolean;
}

/** The generic alpha-beta over a `Game<P, M>`. */
export class GameSearch<P, M> implements ScoreSearch<P> {
  private readonly frames: Frame<P, M>[] = [];
  private readonly path = new Set<Key>();
  private readonly scoring: boolean;
  private readonly hashOut = new Int32Array(2);
  /** Remoteness found by `remoteness`, per position key. */
  private readonly remotenessMemo = new Map<Key, number>();

  constructor(
    private readonly game: SearchableGame<P, M>,
    private readonly table: TranspositionTable,
    private readonly budget: SearchBudget,
    private readonly exact: (p: P) => number,
    /** A symmetric position shares its class's table entry (false: every position on its own). */
    symmetry = true,
  ) {
    this.scoring = typeof game.points === 'function';
    this.canonical = symmetry ? game.canonical?.bind(game) : undefined;
    this.keyOf = classKeyOf(game, symmetry);
  }

  private readonly canonical: ((p: P) => P) | undefined;
  private readonly keyOf: (p: P) => Key;

  bounds(p: P): [number, number] {
    if (this.scoring)
      return this.game.marginBounds?.(p) ?? [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
    return [-WIN_SCORE, WIN_SCORE];
  }

  value(p: P, score: number): Value {
    if (this.scoring) {
      return { outcome: marginOutcome(score), remoteness: this.remoteness(p, score), margin: score };
    }
    if (score > 0) return { outcome: 'win', remoteness: WIN_SCORE - score };
    if (score < 0) return { outcome: 'lose', remoteness: WIN_SCORE + score };
    return { outcome: 'tie', remoteness: this.remoteness(p, 0) };
  }

  /** The score of a position where the game is over, or PENDING. */
  private leafScore(p: P, moves: readonly M[], depth: number): number {
    const primitive = primitiveValue(this.game, p);
    if (primitive === undefined && moves.length > 0) return PENDING;
    const outcome = primitive?.outcome ?? 'lose';
    if (outcome === 'draw') {
      throw new GameError(
        `${this.game.id}: alpha-beta cannot value a draw by endless play; use retrograde analysis`,
      );
    }
    if (this.scoring || outcome === 'tie') return 0;
    const end = depth + (primitive?.remoteness ?? 0);
    return outcome === 'win' ? WIN_SCORE - end : -(WIN_SCORE - end);
  }

  /** Table scores are relative to the position; search scores to the root. */
  private toTable(score: number, depth: number): number {
    if (this.scoring) return score;
    return score > 0 ? score + depth : score < 0 ? score - depth : 0;
  }

  private fromTable(score: number, depth: number): number {
    if (this.scoring) return score;
    return score > 0 ? score - depth : score < 0 ? score + depth : 0;
  }

  search(root: P, alpha: number, beta: number): number {
    this.path.clear();
    let result = this.enter(root, alpha, beta, 0);
    if (!Number.isNaN(result)) return result;
    let top = 0;
    const game = this.game;
    while (top >= 0) {
      const f = this.frames[top];
      if (!Number.isNaN(result)) {
        // A child just returned `result`: fold it into the frame.
        const s = f.keeps ? f.points + result : f.points - result;
        if (s > f.best) {
          f.best = s;
          f.bestIndex = this.moveAt(f, f.next - 1);
        }
        if (s > f.alpha) f.alpha = s;
        if (f.alpha >= f.beta) f.next = f.moves.length;
      }
      if (f.next < f.moves.length) {
        const i = this.moveAt(f, f.next++);
        const move = f.moves[i];
        f.points = this.scoring ? (game.points as (p: P, m: M) => number)(f.position, move) : 0;
        f.keeps = game.keepsTurn?.(f.position, move) === true;
        const child = game.play(f.position, move);
        // After a move that keeps the turn the child is searched from the mover's side: no negation.
        result = f.keeps
          ? this.enter(child, f.alpha - f.points, f.beta - f.points, f.depth + 1)
          : this.enter(child, f.points - f.beta, f.points - f.alpha, f.depth + 1);
        if (Number.isNaN(result)) top++;
        continue;
      }
      const lower = f.best > f.alphaAtStart ? f.best : Number.NEGATIVE_INFINITY;
      const upper = f.best < f.beta ? f.best : Number.POSITIVE_INFINITY;
      this.table.store(
        f.hashLo,
        f.hashHi,
        this.toTable(lower, f.depth),
        this.toTable(upper, f.depth),
        f.bestIndex,
      );
      this.path.delete(f.key);
      result = f.best;
      top--;
    }
    return result;
  }

  /** The index of the k-th move to try: the table's move first, then the list in order. */
  private moveAt(f: Frame<P, M>, k: number): number {
    if (f.first === NO_MOVE) return k;
    if (k === 0) return f.first;
    return k <= f.first ? k - 1 : k;
  }

  /** Starts searching `p`: returns its score when known at once, else pushes a frame and returns PENDING. */
  private enter(p: P, alpha: number, beta: number, depth: number): number {
    const budget = this.budget;
    if (++budget.nodes >= budget.checkAt) budget.check();
    const game = this.game;
    const listed = game.primitive?.(p) === undefined ? game.moves(p) : [];
    const leaf = this.leafScore(p, listed, depth);
    if (!Number.isNaN(leaf)) return leaf;
    const c = this.canonical ? this.canonical(p) : p;
    const key = game.key(c);
    if (this.path.has(key)) {
      throw new CycleError(
        `${game.id}: a position repeats ${depth} plies into the search: the game has a cycle, ` +
          'which alpha-beta cannot solve; use retrograde analysis (--solver retrograde, or --solver auto)',
      );
    }
    const h = this.hashOut;
    if (game.hash) game.hash(c, h);
    else hashKey(key, h);
    let first = NO_MOVE;
    const table = this.table;
    const slot = table.probe(h[0], h[1]);
    if (slot >= 0) {
      const lower = this.fromTable(table.lower(slot), depth);
      const upper = this.fromTable(table.upper(slot), depth);
      if (lower >= beta || lower === upper) return lower;
      if (upper <= alpha) return upper;
      if (lower > alpha) alpha = lower;
      if (upper < beta) beta = upper;
      first = table.move(slot);
    }
    if (game.marginBounds) {
      // What is still available bounds the margin: a cut without searching.
      const [lower, upper] = game.marginBounds(p);
      if (upper <= alpha || lower === upper) return upper;
      if (lower >= beta) return lower;
    }
    const moves = game.orderMoves ? game.orderMoves(p, listed) : listed;
    if (first >= moves.length) first = NO_MOVE;
    this.path.add(key);
    // The stack holds one frame per ply of the current path: frames[depth].
    let f = this.frames[depth];
    if (f === undefined) {
      f = {
        position: p,
        key,
        hashLo: 0,
        hashHi: 0,
        depth,
        moves,
        first,
        next: 0,
        alpha,
        beta,
        alphaAtStart: alpha,
        best: Number.NEGATIVE_INFINITY,
        bestIndex: NO_MOVE,
        points: 0,
        keeps: false,
      };
      this.frames[depth] = f;
    }
    f.position = p;
    f.key = key;
    f.hashLo = h[0];
    f.hashHi = h[1];
    f.depth = depth;
    f.moves = moves;
    f.first = first;
    f.next = 0;
    f.alpha = alpha;
    f.beta = beta;
    f.alphaAtStart = alpha;
    f.best = Number.NEGATIVE_INFINITY;
    f.bestIndex = NO_MOVE;
    f.points = 0;
    return PENDING;
  }

  /**
   * The exact remoteness of `p` whose score is known (a tie, or any value of
   * a scoring game): plies to the end along the best moves only — the
   * fastest end for a winner or a tie, the slowest for a loser. Explicit
   * stack; each position is remembered.
   */
  private remoteness(p: P, score: number): number {
    const game = this.game;
    const known = game.pliesLeft?.(p, score);
    if (known !== undefined) return known;
    const memo = this.remotenessMemo;
    const remembered = memo.get(this.keyOf(p));
    if (remembered !== undefined) return remembered;
    interface Step {
      key: Key;
      children: P[];
      next: number;
      best: number;
      hurry: boolean;
    }
    const open = (at: P, atScore: number): Step | number => {
      const primitive = primitiveValue(game, at);
      const listed = primitive === undefined ? game.moves(at) : [];
      if (listed.length === 0) return primitive?.remoteness ?? 0;
      const children: P[] = [];
      for (const m of listed) {
        const child = game.play(at, m);
        const points = this.scoring ? (game.points as (p: P, m: M) => number)(at, m) : 0;
        const rest = this.exact(child);
        const moved = game.keepsTurn?.(at, m) === true ? points + rest : points - rest;
        // Outcome games: a tie's best moves lead to ties (score 0, which `exact` keeps relative).
        if (moved === atScore) children.push(child);
      }
      return { key: this.keyOf(at), children, next: 0, best: Number.NaN, hurry: atScore >= 0 };
    };
    const stack: Step[] = [];
    const rootStep = open(p, score);
    if (typeof rootStep === 'number') return rootStep;
    stack.push(rootStep);
    let result = Number.NaN;
    while (stack.length > 0) {
      const s = stack[stack.length - 1];
      if (!Number.isNaN(result)) {
        const r = result + 1;
        if (Number.isNaN(s.best) || (s.hurry ? r < s.best : r > s.best)) s.best = r;
        result = Number.NaN;
      }
      if (s.next < s.children.length) {
        const child = s.children[s.next++];
        const k = this.keyOf(child);
        const m = memo.get(k);
        if (m !== undefined) {
          result = m;
          continue;
        }
        const childScore = this.exact(child);
        const step = open(child, childScore);
        if (typeof step === 'number') {
          memo.set(k, step);
          result = step;
        } else {
          stack.push(step);
        }
        continue;
      }
      memo.set(s.key, s.best);
      result = s.best;
      stack.pop();
    }
    return result;
  }
}

/**
 * Solves `game` by alpha-beta: values are searched when asked (the start
 * first), each exact or else a SearchIncomplete with the proven range.
 */
export function alphaBeta<P, M>(
  game: SearchableGame<P, M>,
  options: AlphaBetaOptions = {},
  reason = 'alpha-beta',
): Solution<P, M> & { bounds(p: P): ScoreBounds & { lowerValue: Value; upperValue: Value } } {
  const started = performance.now();
  const table =
    options.tableBits === undefined && game.sharedTable
      ? game.sharedTable()
      : new TranspositionTable(options.tableBits ?? 18, typeof game.points === 'function');
  const budget = new SearchBudget(options);
  const values = new Map<Key, number>();
  const keyOf = classKeyOf(game, options.symmetry);
  let search: ScoreSearch<P>;
  const bounds = (p: P): ScoreBounds => {
    const known = values.get(keyOf(p));
    if (known !== undefined) return { lower: known, upper: known };
    const [lower, upper] = search.bounds(p);
    const b = pinScore((a, z) => search.search(p, a, z), budget, lower, upper);
    if (b.outOfBudget === undefined) values.set(keyOf(p), b.lower);
    return b;
  };
  const boundValues = (p: P, b: ScoreBounds): { lowerValue: Value; upperValue: Value } => ({
    lowerValue: boundValue(search, p, b.lower, game),
    upperValue: boundValue(search, p, b.upper, game),
  });
  const exact = (p: P): number => {
    const b = bounds(p);
    if (b.outOfBudget !== undefined) {
      const v = boundValues(p, b);
      const atStart = game.key(p) === game.key(game.start);
      throw new SearchIncomplete(v.lowerValue, v.upperValue, budget.nodes, b.outOfBudget, atStart);
    }
    return b.lower;
  };
  search = game.searcher
    ? game.searcher(table, budget)
    : new GameSearch(game, table, budget, exact, options.symmetry);
  const stats: SolveStats = { positions: 0, ms: 0, nodes: 0, tableHitRate: 0 };
  const refresh = () => {
    stats.positions = budget.nodes;
    stats.nodes = budget.nodes;
    stats.ms = performance.now() - started;
    stats.tableHitRate = table.probes === 0 ? 0 : table.hits / table.probes;
  };
  const value = (p: P): Value => {
    const v = search.value(p, exact(p));
    refresh();
    return v;
  };
  value(game.start);
  return Object.assign(makeSolution(game, value, { solver: 'alphabeta', reason, stats }), {
    bounds(p: P) {
      const b = bounds(p);
      refresh();
      return { ...b, ...boundValues(p, b) };
    },
  });
}

/** A bound on the score as a value (±Infinity: the best and worst a game allows). */
function boundValue<P, M>(search: ScoreSearch<P>, p: P, score: number, game: Game<P, M>): Value {
  if (typeof game.points === 'function') {
    return { outcome: marginOutcome(score), remoteness: Number.NaN, margin: score };
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
    const g = isIndexed(game) ? indexedView(game) : game;
    return alphaBeta(g as SearchableGame<unknown, unknown>, options, reason);
  },
};

/** The game brings its own score search or asks to be searched: auto then uses alpha-beta at once. */
export function hasSearcher(game: AnyGame): boolean {
  const hooks = game as SearchHooks<unknown, unknown>;
  return typeof hooks.searcher === 'function' || hooks.searchFirst === true;
}
