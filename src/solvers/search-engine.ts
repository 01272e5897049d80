/**
 * The generic alpha-beta engine: fail-soft negamax over any `Game<P, M>`
 * with a transposition table, for games too large to enumerate (the
 * contract and the score conventions are in core/search.ts; the driver that
 * pins exact scores and answers queries is alphabeta.ts).
 *
 * - An explicit stack, one reusable frame per ply (no JS recursion: paths of
 *   tens of thousands of plies are fine), and the set of keys on the current
 *   path: a repeat is a cycle, met with a CycleError (cyclic games need
 *   retrograde analysis) — unless the game declares itself `acyclic`.
 * - Outcome games: the table keeps scores relative to the position (as
 *   chess programs keep mate scores), so a position reached at different
 *   depths shares its entry. Scoring games: the margin.
 * - Move ordering: the table's best move first, then the game's
 *   `orderMoves`. Positions are keyed by the game's 64-bit `hash` (e.g.
 *   Zobrist) or else by a hash of `key(p)`.
 * - Enhanced transposition cutoffs: near the root, before searching a
 *   position's moves, their children are looked up in the table; a child
 *   already proven good enough for the mover cuts at once.
 * - Scoring games: `marginBounds` (what is still available bounds the
 *   margin) cuts before searching.
 * - Endgame databases (solvers/endgames.ts): a position their solved tiers
 *   hold is not searched; its value is read there.
 * - Iterative deepening (scoring games, deepening.ts): passes limited in
 *   depth, each in a table of its own, guess the score and the best moves;
 *   the exact search tries a pass's move first where its own table has none.
 *
 * Remoteness of a tie, and of any value in a scoring game, is not in the
 * score: `value` computes it by the best-line walk (remoteness.ts) unless
 * the game tells it (`pliesLeft`) — or the search reads databases of margins
 * alone, whose values carry none (NaN: `win by 10`, not `in N`).
 */

import { BudgetError, CycleError, GameError } from '../core/errors.js';
import { classKeyOf, type Key, primitiveValue } from '../core/game.js';
import { grouped } from '../core/grouped.js';
import { decodeCompact, type Encoding } from '../core/packed-value.js';
import {
  NO_MOVE,
  type ScoreSearch,
  type SearchableGame,
  type SearchBudget,
  type TranspositionTable,
  WIN_SCORE,
} from '../core/search.js';
import { marginOutcome, type Value } from '../core/value.js';
import { hashKey } from '../core/zobrist.js';
import type { EndgameDatabase } from './endgames.js';
import { remoteness } from './remoteness.js';
import { workOf } from './transposition-table.js';

const PENDING = Number.NaN;

/** Enhanced transposition cutoffs look children up in the table at plies below this. */
const ETC_PLIES = 8;

/**
 * The search keeps the whole current path (a frame, a key and the moves
 * listed at every ply): a path deeper than this, or whose positions list
 * more moves than MAX_PATH_MOVES, is refused with a BudgetError rather than
 * filling the heap (a game that never ends, or millions of moves a ply).
 */
const MAX_PATH_PLIES = 2 ** 20;
const MAX_PATH_MOVES = 2 ** 25;

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
  /** The budget's node count when the frame was entered (its work, for the table). */
  nodesAtStart: number;
}

/** The generic alpha-beta over a `Game<P, M>`. */
export class GameSearch<P, M> implements ScoreSearch<P> {
  private readonly frames: Frame<P, M>[] = [];
  private readonly path = new Set<Key>();
  /** The moves listed by the positions on the current path. */
  private pathMoves = 0;
  private readonly scoring: boolean;
  /** The game declares that no position repeats: no path set to keep. */
  private readonly acyclic: boolean;
  private readonly hashOut = new Int32Array(2);
  /** Remoteness found by the best-line walk, per position key. */
  private readonly remotenessMemo = new Map<Key, number>();

  constructor(
    private readonly game: SearchableGame<P, M>,
    private readonly table: TranspositionTable,
    private readonly budget: SearchBudget,
    private readonly exact: (p: P) => number,
    /** A symmetric position shares its class's table entry (false: every position on its own). */
    symmetry = true,
    /** Endgame databases read at every node. */
    private readonly endgames?: EndgameDatabase<P>,
    /**
     * A pass of iterative deepening (solvers/deepening.ts): positions this
     * many plies from the root score 0 (no more points; scoring games only)
     * — a guess, so such a pass keeps its own table.
     */
    private readonly depthLimit = Number.POSITIVE_INFINITY,
  ) {
    this.scoring = typeof game.points === 'function';
    this.acyclic = game.acyclic === true;
    this.canonical = symmetry ? game.canonical?.bind(game) : undefined;
    this.keyOf = classKeyOf(game, symmetry);
  }

  private readonly canonical: ((p: P) => P) | undefined;
  private readonly keyOf: (p: P) => Key;
  /** A table of best moves from a shallower pass: the first move tried where this search's table has none. */
  hints: TranspositionTable | undefined;

  bounds(p: P): [number, number] {
    if (this.scoring)
      return this.game.marginBounds?.(p) ?? [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
    return [-WIN_SCORE, WIN_SCORE];
  }

  /**
   * Scoring games: a margin is the points still to come, so no move gives
   * the mover more than the parent's score (outcome scores count plies
   * from the root searched, so they do not compose this way).
   */
  childBounds(parentScore: number, points: number, keeps: boolean): [number, number] | undefined {
    if (!this.scoring) return undefined;
    return keeps
      ? [Number.NEGATIVE_INFINITY, parentScore - points]
      : [points - parentScore, Number.POSITIVE_INFINITY];
  }

  value(p: P, score: number): Value {
    // Databases of margins hold no remoteness, so values read through them have none (NaN).
    const walk = (s: number) =>
      this.endgames?.remoteness === false
        ? Number.NaN
        : remoteness(this.game, this.exact, this.keyOf, this.remotenessMemo, p, s);
    // `+ 0`: a negated 0 is -0, which no margin should be.
    if (this.scoring) return { outcome: marginOutcome(score), remoteness: walk(score), margin: score + 0 };
    if (score > 0) return { outcome: 'win', remoteness: WIN_SCORE - score };
    if (score < 0) return { outcome: 'lose', remoteness: WIN_SCORE + score };
    return { outcome: 'tie', remoteness: walk(0) };
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
    // A primitive decided before its end carries the plies still to play.
    const end = depth + (primitive?.remoteness ?? 0);
    return outcome === 'win' ? WIN_SCORE - end : -(WIN_SCORE - end);
  }

  /** The score of a value read from the endgame databases at `depth` (`code` in `encoding`). */
  private knownScore(encoding: Encoding, code: number, depth: number): number {
    if (this.scoring) return encoding.margin ? encoding.margin(code) : 0;
    const v = decodeCompact(encoding, code);
    if (v.outcome === 'draw') {
      throw new GameError(
        `${this.game.id}: alpha-beta cannot value a draw by endless play; use retrograde analysis`,
      );
    }
    if (v.outcome === 'tie') return 0;
    const end = depth + v.remoteness;
    return v.outcome === 'win' ? WIN_SCORE - end : -(WIN_SCORE - end);
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
    this.pathMoves = 0;
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
      this.finish(f);
      result = f.best;
      top--;
    }
    return result;
  }

  /** Stores what a finished frame proved. */
  private finish(f: Frame<P, M>): void {
    const lower = f.best > f.alphaAtStart ? f.best : Number.NEGATIVE_INFINITY;
    const upper = f.best < f.beta ? f.best : Number.POSITIVE_INFINITY;
    this.table.store(
      f.hashLo,
      f.hashHi,
      this.toTable(lower, f.depth),
      this.toTable(upper, f.depth),
      f.bestIndex,
      workOf(this.budget.nodes - f.nodesAtStart),
    );
    if (!this.acyclic) this.path.delete(f.key);
    this.pathMoves -= f.moves.length;
  }

  /** Refuses a frame of `moves` moves at `depth` that would make the path too long or too wide. */
  private checkPath(depth: number, moves: number): void {
    const id = this.game.id;
    if (depth >= MAX_PATH_PLIES) {
      throw new BudgetError(
        `${id}: the search is ${grouped(depth)} plies deep without reaching an end of the game; alpha-beta keeps the whole path and stops here (does every line of play end?)`,
        'memory',
      );
    }
    if (this.pathMoves + moves > MAX_PATH_MOVES) {
      throw new BudgetError(
        `${id}: the positions on the search path list more than ${grouped(MAX_PATH_MOVES)} moves (${grouped(moves)} at ply ${depth}); alpha-beta keeps them all and stops here (choose a smaller game)`,
        'memory',
      );
    }
  }

  /** The index of the k-th move to try: the table's move first, then the list in order. */
  private moveAt(f: Frame<P, M>, k: number): number {
    if (f.first === NO_MOVE) return k;
    if (k === 0) return f.first;
    return k <= f.first ? k - 1 : k;
  }

  /** The position that stands for `p`'s symmetry class in the table (`p` itself without symmetry). */
  private canonicalOf(p: P): P {
    return this.canonical ? this.canonical(p) : p;
  }

  private hash(p: P, key: Key): Int32Array {
    const h = this.hashOut;
    if (this.game.hash) this.game.hash(p, h);
    else hashKey(key, h);
    return h;
  }

  /**
   * Enhanced transposition cutoff: the best score the table already proves
   * for the mover through one of `moves` (a child's upper bound, negated),
   * or -Infinity.
   */
  private tableCut(p: P, moves: readonly M[], depth: number): number {
    const game = this.game;
    const table = this.table;
    let best = Number.NEGATIVE_INFINITY;
    for (const move of moves) {
      const child = this.canonicalOf(game.play(p, move));
      const h = this.hash(child, game.key(child));
      if (!table.probe(h[0], h[1])) continue;
      const points = this.scoring ? (game.points as (p: P, m: M) => number)(p, move) : 0;
      // A child reached by a move that keeps the turn is scored for the mover: its lower bound counts.
      const s =
        game.keepsTurn?.(p, move) === true
          ? points + this.fromTable(table.lower(), depth + 1)
          : points - this.fromTable(table.upper(), depth + 1);
      if (s > best) best = s;
    }
    return best;
  }

  /** Starts searching `p`: returns its score when known at once, else pushes a frame and returns PENDING. */
  private enter(p: P, alpha: number, beta: number, depth: number): number {
    const budget = this.budget;
    if (++budget.nodes >= budget.checkAt) budget.check();
    const game = this.game;
    const listed = game.primitive?.(p) === undefined ? game.moves(p) : [];
    const leaf = this.leafScore(p, listed, depth);
    if (!Number.isNaN(leaf)) return leaf;
    const db = this.endgames;
    if (db !== undefined) {
      const code = db.code(p);
      if (code >= 0) return this.knownScore(db.encoding, code, depth);
    }
    if (depth >= this.depthLimit) return 0;
    const c = this.canonicalOf(p);
    const key = game.key(c);
    if (!this.acyclic && this.path.has(key)) {
      throw new CycleError(
        `${game.id}: a position repeats ${depth} plies into the search: the game has a cycle, ` +
          'which alpha-beta cannot solve; use retrograde analysis (--solver retrograde, or --solver auto)',
      );
    }
    this.checkPath(depth, listed.length);
    const h = this.hash(c, key);
    const hashLo = h[0];
    const hashHi = h[1];
    let first = NO_MOVE;
    const table = this.table;
    if (table.probe(hashLo, hashHi)) {
      const lower = this.fromTable(table.lower(), depth);
      const upper = this.fromTable(table.upper(), depth);
      if (lower >= beta || lower === upper) return lower;
      if (upper <= alpha) return upper;
      if (lower > alpha) alpha = lower;
      if (upper < beta) beta = upper;
      first = table.move();
    } else if (this.hints?.probe(hashLo, hashHi)) {
      first = this.hints.move();
    }
    if (game.marginBounds) {
      // What is still available bounds the margin: a cut without searching.
      const [lower, upper] = game.marginBounds(p);
      if (upper <= alpha || lower === upper) return upper;
      if (lower >= beta) return lower;
    }
    if (depth < ETC_PLIES) {
      const cut = this.tableCut(p, listed, depth);
      if (cut >= beta) return cut;
      if (cut > alpha) alpha = cut;
    }
    const moves = game.orderMoves ? game.orderMoves(p, listed) : listed;
    if (first >= moves.length) first = NO_MOVE;
    this.pathMoves += moves.length;
    if (!this.acyclic) this.path.add(key);
    // The stack holds one frame per ply of the current path: frames[depth].
    let f = this.frames[depth];
    if (f === undefined) {
      f = {
        position: p,
        key,
        hashLo,
        hashHi,
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
        nodesAtStart: budget.nodes,
      };
      this.frames[depth] = f;
    }
    f.position = p;
    f.key = key;
    f.hashLo = hashLo;
    f.hashHi = hashHi;
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
    f.keeps = false;
    f.nodesAtStart = budget.nodes;
    return PENDING;
  }
}
