/**
 * The search contract: what a game may offer to a depth-first score search
 * (alpha-beta) and what a search is given to work with. Games implement
 * these hooks; the solvers (src/solvers) own the engines, the tables and the
 * budgets that fulfil them, so games never import a solver.
 *
 * Score conventions (always for the player to move):
 * - outcome games: a win whose last ply is ply e of the search scores
 *   WIN_SCORE − e, a loss −(WIN_SCORE − e), a tie 0, so that a winner
 *   hurries and a loser delays and the score carries the exact remoteness;
 * - scoring games: the margin;
 * - a game's own search (`searcher`) may use any integer convention of its
 *   own (Connect Four uses the scores of Connect Four solvers) and turns a
 *   score into a value with `value(p, score)`.
 */

import type { EndgameLink } from './endgames.js';
import { YomiError } from './errors.js';
import { type AnyGame, type Game, isIndexed } from './game.js';
import { grouped } from './grouped.js';
import { formatValue, type Value } from './value.js';
import type { WasmMemory } from './wasm.js';

/** Scores of outcome games: a win at ply e scores WIN_SCORE − e. */
export const WIN_SCORE = 2 ** 30;

/** No best move is known (a table entry's move, or a search's). */
export const NO_MOVE = -1;

/** A search of one position's score, with integer scores when its bounds are finite. */
export interface ScoreSearch<P> {
  /** Proven bounds on the score before searching (±Infinity when unknown). */
  bounds(p: P): [number, number];
  /** Fail-soft alpha-beta in the window (alpha, beta). */
  search(p: P, alpha: number, beta: number): number;
  /** The value of position `p` whose exact score is `score`. */
  value(p: P, score: number): Value;
  /**
   * Bounds on a child's score from its parent's exact score (the best its
   * moves give), the points of the move and whether it keeps the turn; a
   * position's every move is then searched in a narrower window. Undefined
   * (or absent) when the search's scores do not compose that way.
   */
  childBounds?(parentScore: number, points: number, keeps: boolean): [number, number] | undefined;
}

/**
 * What a search has proven about positions, keyed by a 64-bit hash in two
 * 32-bit halves: a lower and an upper bound on the score and the best move
 * found.
 */
export interface TranspositionTable {
  /** Looks the position up: true when it is in the table; then read what it holds with lower(), upper() and move(). */
  probe(lo: number, hi: number): boolean;
  /** The proven lower bound of the position last found. */
  lower(): number;
  /** The proven upper bound of the position last found. */
  upper(): number;
  /** The best move of the position last found (an index into its moves), or NO_MOVE. */
  move(): number;
  /**
   * Keeps proven bounds (±Infinity when unknown) and the best move (or
   * NO_MOVE) of a position; `work` (the nodes its search took) decides what
   * a full bucket keeps.
   */
  store(lo: number, hi: number, lower: number, upper: number, move: number, work: number): void;
}

/**
 * Nodes and time a search may spend. Searches add to `nodes` and call
 * `check()` when `nodes` reaches `checkAt`; `check()` throws when the budget
 * is spent (the solver catches it and reports the bounds proven so far).
 */
export interface SearchBudget {
  /** Nodes searched so far. */
  nodes: number;
  /**
   * Of those, the positions that got past the search's static checks to
   * have two or more moves ordered and searched (the count strong Connect
   * Four solvers report as their nodes); counted by searches that tell them
   * apart (Connect Four's), left at 0 by the others.
   */
  expanded: number;
  /** The node count at which `check()` must be called next. */
  checkAt: number;
  /** Throws when the budget is spent; else reports progress and sets the next `checkAt`. */
  check(): void;
}

/**
 * The positions the threads of a parallel search are searching right now.
 * A thread that meets a position another one is already searching may put
 * that move off and search its other moves first: by the time it comes
 * back, the result is usually in the table (ABDADA).
 */
export interface SearchMarks {
  /** Another thread is searching the position now. */
  busy(lo: number, hi: number): boolean;
  /** This thread starts searching the position; marks nest, and `leave()` ends the latest. */
  enter(lo: number, hi: number): void;
  /** This thread ends its latest mark. */
  leave(): void;
}

/** What a game's own search is given: the solver's table and budget. */
export interface SearchContext {
  table: TranspositionTable;
  budget: SearchBudget;
  /** Which of several threads searching the same root this is (0 for the first). */
  thread: number;
  /** Present when several threads search together. */
  marks?: SearchMarks;
}

/**
 * The table a game's searches want, declared rather than built: the solver
 * allocates tables and decides their size.
 */
export interface TableRequest {
  /**
   * Games with the same `share` key may use one table, because a position's
   * score means the same in all of them (e.g. every Connect Four game of one
   * board size): a thousand games to solve then fill one table, not a
   * thousand.
   */
  share?: string;
  /**
   * The searcher's scores are integers in [minScore, maxScore] and its table
   * keys (lo, hi) are exact codes of positions below 2^keyBits: a compact
   * table (8 bytes an entry, no hash collisions) then fits when it is large
   * enough.
   */
  compact?: { keyBits: number; minScore: number; maxScore: number };
  /**
   * The game's search runs in WebAssembly on the table itself: the table is
   * then laid out in a WebAssembly memory (a KernelTable), after
   * `sharedBytes` bytes that every thread's search shares (the marks of a
   * parallel search) and `scratchBytes` bytes for each thread that searches
   * it, where that thread's search keeps its own working memory.
   */
  kernel?: { scratchBytes: number; sharedBytes?: number };
}

/**
 * A transposition table in a WebAssembly memory (TableRequest.kernel), for a
 * search in WebAssembly that reads and writes its buckets in place: in the
 * `compact` layout 16-byte buckets of two 8-byte entries, in the `wide`
 * layout 64-byte buckets of two 32-byte entries (src/solvers/transposition-table.ts
 * describes both). What the search proves is then what the table holds for
 * every other reader.
 */
export interface KernelTable extends TranspositionTable {
  readonly memory: WasmMemory;
  readonly layout: 'compact' | 'wide';
  /** Where the buckets start in the memory, and how many there are (a power of two). */
  readonly byteOffset: number;
  readonly buckets: number;
  /** The generation entries are written in now (older ones read as empty). */
  readonly currentGeneration: number;
  /** Where the scratch of thread `thread` starts in the memory; throws for a thread the table has no room for. */
  scratchAt(thread: number): number;
  /** Where the bytes every thread's search shares (TableRequest.kernel's `sharedBytes`) start in the memory. */
  sharedAt(): number;
  /** Adds probes and hits made in WebAssembly to the table's statistics. */
  count(probes: number, hits: number): void;
}

/** Whether `table` is a KernelTable: its buckets are in a WebAssembly memory. */
export function isKernelTable(table: TranspositionTable): table is KernelTable {
  return 'memory' in table && table.memory !== undefined && 'scratchAt' in table;
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
  /** The game's own score search, used instead of the generic one, on the solver's table and budget. */
  searcher?(context: SearchContext): ScoreSearch<P>;
  /** The table the game's searches want (see TableRequest). */
  table?: TableRequest;
  /** auto should search rather than explore: the game is usually too large to enumerate. */
  searchFirst?: boolean;
  /** Endgame databases the search may read at its leaves (core/endgames.ts; `--db DIR`). */
  endgames?: EndgameLink<P>;
  /**
   * No position ever repeats along a line of play (Kalah: seeds only move
   * towards a store or into one): the generic search then keeps no set of
   * the positions on its path, which it checks for cycles otherwise.
   */
  acyclic?: boolean;
}

/** A `Game` that alpha-beta can search: the game and its search hooks. */
export type SearchableGame<P, M> = Game<P, M> & SearchHooks<P, M>;

/** Whether `game` is a plain `Game` (not a numbered form), which may carry search hooks. */
export function isSearchable(game: AnyGame): game is SearchableGame<unknown, unknown> {
  return !isIndexed(game);
}

/** Why a search stopped before proving its value. */
export type StopReason = 'nodes' | 'positions' | 'seconds' | 'interrupted';

/** A budget ran out (or the user interrupted) before the value was proven: what is proven is a range. */
export class SearchIncomplete extends YomiError {
  override name = 'SearchIncomplete';
  constructor(
    readonly lower: Value,
    readonly upper: Value,
    readonly nodes: number,
    readonly reason: StopReason,
    /** The bounds are those of the start; else of a later position (e.g. a move's, for analyze). */
    readonly atStart = true,
  ) {
    super(
      `${stopText(reason)} after ${grouped(nodes)} nodes; ` +
        `proven${atStart ? '' : ' for a position after the start'}: between ${formatBound(lower)} and ${formatBound(upper)}`,
    );
  }
}

/** How a stopped search says why it stopped: "the node budget ran out", … */
export function stopText(reason: StopReason): string {
  if (reason === 'interrupted') return 'interrupted';
  if (reason === 'positions') return 'the position budget (--max-positions) ran out';
  return `the ${reason === 'nodes' ? 'node' : 'time'} budget ran out`;
}

/** A bound as text: like `formatValue`, leaving out what a bound does not know (remoteness, an infinite margin). */
export function formatBound(v: Value): string {
  if (Number.isFinite(v.remoteness) || v.outcome === 'draw') return formatValue(v);
  if (v.margin === undefined) return v.outcome;
  if (!Number.isFinite(v.margin)) return v.margin > 0 ? 'any win' : 'any loss';
  return v.outcome === 'tie' ? 'tie' : `${v.outcome} by ${Math.abs(v.margin)}`;
}
