/**
 * A game from a board layout: the designer writes the rules on a plain
 * board (an array of cells and the side to move) and declares the layout
 * — the grid, the piece kinds, the piece counts a board may have (its
 * tiers), how a move may change them, whether the grid's symmetries fold
 * positions — and `boardGame` derives everything a solver needs:
 *
 * - a `Game<Board, M>` (the rules as written, with `key`, and `canonical`
 *   when the layout folds symmetries), to explore, check and play;
 * - its `indexed` form: an `IndexedGame` numbering every board of every
 *   declared tier (tier by tier: the multinomial rank of the board, or its
 *   class number under the grid's symmetries, times the sides that may be to
 *   move), with `children` and `parents` computed from the rules;
 * - the tiers of that form (`tiers`), one per declared count of pieces,
 *   leading into the tiers `changes` reaches, for the tier solver.
 *
 * Parents come from the designer's `unmoves` (every board with a move to
 * the given one), or else from a reverse graph the tier solver's calls
 * build per pair of tiers, estimated before it is built and refused in one
 * line when it would not fit `reverseGraphBytes`.
 *
 * Children and parents list each distinct position once (a move to the same
 * class as an earlier move adds nothing to a value), so the derived game's
 * move counts are those of distinct children.
 */

import { GameError, InputError } from '../core/errors.js';
import type { Game, IndexedGame, IndexedLink, NumberedGame, Primitive } from '../core/game.js';
import { NOT_PRIMITIVE, outcomeCode, primitiveCode } from '../core/outcome.js';
import type { TieredGame, TierPosition } from '../core/tiered.js';
import { popcount } from './bits.js';
import { BoardClasses } from './classes.js';
import { GridSymmetry } from './grid-symmetry.js';
import { Multinomial, masksToCells } from './multinomial.js';

/** A position on the board: the cells (0 empty, 1 … kinds a piece of that kind) row by row, and the side to move (0 or 1). */
export interface Board {
  readonly cells: readonly number[];
  readonly side: number;
}

/** One tier of a layout: the pieces of each kind on the board, and the sides that may be to move. */
export interface TierSpec {
  readonly counts: readonly number[];
  /** Default: both sides. */
  readonly sides?: readonly number[];
}

/** What the designer declares about the board. */
export interface BoardLayout {
  readonly rows: number;
  readonly cols: number;
  /** Piece kinds: a cell holds 0 (empty) or 1 … kinds. */
  readonly kinds: number;
  /** Every piece count a position may have; each is a tier, solved after the tiers its moves lead into. */
  readonly tiers: readonly TierSpec[];
  /** How one move may change the counts (a vector added to them), e.g. [[1, 0], [0, 1]] for drops; default: never. */
  readonly changes?: readonly (readonly number[])[];
  /** The rules look the same under every rotation and reflection of the grid: solve one position per class. */
  readonly symmetry?: boolean;
}

/** The rules on a plain board, as a designer writes them. */
export interface BoardRules<M> {
  readonly id: string;
  readonly layout: BoardLayout;
  readonly start: Board;
  /** A bound on the moves of any board. */
  readonly maxMoves: number;
  /** The moves of the player to move on `b`. */
  moves(b: Board): readonly M[];
  /** A new board; `b` is not changed. */
  play(b: Board, m: M): Board;
  /** As `Game.primitive`: the rules end the game here. Default: no move = lose. */
  primitive?(b: Board): Primitive | undefined;
  /**
   * Every board with a move to `b` (the game not over there), for solving
   * backwards without a stored graph. With it, `maxUnmoves` bounds their number.
   */
  unmoves?(b: Board): readonly Board[];
  readonly maxUnmoves?: number;
  /** A move's name, as people write it (default: its JSON). */
  moveName?(b: Board, m: M): string;
  /** A board as text (default: the cells row by row, and the side to move). */
  show?(b: Board): string;
  /** The board `show` wrote (default: the reverse of the default `show`). */
  parsePosition?(text: string): Board;
}

/** Options of `boardGame`. */
export interface BoardGameOptions {
  /** The most bytes a reverse graph (rules without `unmoves`) may take; default 2 GiB. */
  reverseGraphBytes?: number;
}

/** The derived game: the rules as a `Game`, with its numbered form always present. */
export type BoardGame<M> = Game<Board, M> & { indexed: IndexedLink<Board> };

/** A tier as the derived game keeps it. */
interface Tier {
  counts: readonly number[];
  sides: readonly number[];
  boards: Multinomial;
  classes: BoardClasses | undefined;
  /** Boards (or classes) × sides. */
  size: number;
  offset: number;
  children: number[];
  name: string;
}

const countsKey = (counts: readonly number[]): string => counts.join(',');

/** The rules as a `Game`, and its numbered, tiered form. */
export function boardGame<M>(rules: BoardRules<M>, options: BoardGameOptions = {}): BoardGame<M> {
  const derived = new DerivedBoardGame(rules, options);
  const { layout } = rules;
  const symmetry = derived.symmetry;
  const game: BoardGame<M> = {
    id: rules.id,
    start: rules.start,
    moves: (b) => rules.moves(b),
    play: (b, m) => rules.play(b, m),
    key: (b) => `${b.side}:${b.cells.join(layout.kinds > 9 ? ',' : '')}`,
    indexed: {
      game: derived,
      indexOf: (b) => derived.encode(b),
      positionOf: (i) => derived.decode(i),
    },
  };
  if (rules.primitive) game.primitive = (b) => rules.primitive?.(b);
  if (rules.moveName) game.moveName = (b, m) => rules.moveName?.(b, m) ?? '';
  game.show = rules.show ? (b) => rules.show?.(b) ?? '' : (b) => defaultShow(b, layout);
  const parse = rules.parsePosition;
  game.parsePosition = parse
    ? (text) => parse.call(rules, text)
    : (text) => defaultParse(text, layout, rules.id);
  if (symmetry) game.canonical = (b) => derived.canonicalBoard(b);
  return game;
}

/** The numbered form of a board game (see the file's header). */
class DerivedBoardGame implements IndexedGame {
  readonly kind = 'indexed' as const;
  readonly id: string;
  readonly size: number;
  readonly start: number;
  readonly maxMoves: number;
  readonly maxParents: number | undefined;
  readonly parents: ((p: number, out: Int32Array) => number) | undefined;
  readonly symmetry: GridSymmetry | undefined;
  readonly tiers: NonNullable<NumberedGame['tiers']>;
  private readonly list: Tier[];
  private readonly byCounts = new Map<string, number>();
  /** The tier of a board by its counts as one number, Σ counts[k]·radix[k]. */
  private readonly tierOfKey = new Map<number, number>();
  private readonly radix: Float64Array;
  /** The parents of the position (parentsTier, parentsIndex), as `allParents` found them. */
  private parentsTier = -1;
  private parentsIndex = -1;
  private listedParents = 0;
  private readonly parentTier: Int32Array;
  private readonly parentIndex: Int32Array;
  /** Where `placeBoard` put the board last. */
  private placedTier = 0;
  private placedIndex = 0;
  private readonly cells: number;
  private readonly masks: Int32Array;
  /** Scratch masks for decoding, and the board decoded last (primitive and children of one position decode it once). */
  private readonly unranked: Int32Array;
  private lastTier = -1;
  private lastIndex = -1;
  private lastBoard: Board | undefined;
  /** Scratch for the children of one position, as (tier, index). */
  private readonly kidTier: Int32Array;
  private readonly kidIndex: Int32Array;

  constructor(
    private readonly rules: BoardRules<unknown>,
    private readonly options: BoardGameOptions,
  ) {
    const { layout } = rules;
    this.id = rules.id;
    this.cells = layout.rows * layout.cols;
    this.symmetry = layout.symmetry ? new GridSymmetry(layout.rows, layout.cols) : undefined;
    if (this.cells > 31)
      throw new GameError(`${rules.id}: a board of ${this.cells} cells; up to 31 are numbered`);
    if (!Number.isInteger(layout.kinds) || layout.kinds < 1)
      throw new GameError(`${rules.id}: kinds must be 1 or more`);
    this.radix = Float64Array.from({ length: layout.kinds }, (_, k) => (this.cells + 1) ** k);
    let offset = 0;
    this.list = layout.tiers.map((spec, t) => {
      if (spec.counts.length !== layout.kinds) {
        throw new GameError(
          `${rules.id}: tier ${t} gives ${spec.counts.length} counts for ${layout.kinds} kinds`,
        );
      }
      const key = countsKey(spec.counts);
      if (this.byCounts.has(key)) throw new GameError(`${rules.id}: two tiers with the counts ${key}`);
      this.byCounts.set(key, t);
      this.tierOfKey.set(
        spec.counts.reduce((a, n, k) => a + n * this.radix[k], 0),
        t,
      );
      const sides = spec.sides ?? [0, 1];
      const boards = new Multinomial(this.cells, spec.counts);
      const classes = this.symmetry ? new BoardClasses(boards, this.symmetry) : undefined;
      const size = (classes?.count ?? boards.size) * sides.length;
      const tier: Tier = {
        counts: spec.counts,
        sides,
        boards,
        classes,
        size,
        offset,
        children: [],
        name: `pieces-${spec.counts.join('-')}`,
      };
      offset += size;
      return tier;
    });
    if (offset > 2 ** 31 - 1)
      throw new GameError(`${rules.id}: ${offset} positions; up to 2^31 − 1 are numbered`);
    for (const tier of this.list) {
      for (const change of layout.changes ?? []) {
        const c = this.byCounts.get(countsKey(tier.counts.map((n, k) => n + (change[k] ?? 0))));
        if (c !== undefined && !tier.children.includes(c) && tier !== this.list[c]) tier.children.push(c);
      }
    }
    this.size = offset;
    this.maxMoves = rules.maxMoves;
    this.masks = new Int32Array(layout.kinds);
    this.unranked = new Int32Array(layout.kinds);
    this.parentTier = new Int32Array(Math.max(1, rules.maxUnmoves ?? 1));
    this.parentIndex = new Int32Array(Math.max(1, rules.maxUnmoves ?? 1));
    this.kidTier = new Int32Array(Math.max(1, rules.maxMoves));
    this.kidIndex = new Int32Array(Math.max(1, rules.maxMoves));
    this.start = this.encode(rules.start);
    if (rules.unmoves) {
      if (rules.maxUnmoves === undefined) throw new GameError(`${rules.id}: unmoves() needs maxUnmoves`);
      this.maxParents = rules.maxUnmoves;
      this.parents = (p, out) => {
        const at = this.locate(p);
        this.allParents(at.tier, at.index);
        for (let k = 0; k < this.listedParents; k++)
          out[k] = this.list[this.parentTier[k]].offset + this.parentIndex[k];
        return this.listedParents;
      };
    }
    const tiered = this.tiered();
    this.tiers = {
      game: tiered,
      locate: (p) => this.locate(p),
      numberOf: (tier, index) => this.list[tier].offset + index,
    };
  }

  /** The tier of a global number, and its number there. O(log tiers). */
  locate(p: number): TierPosition {
    let lo = 0;
    let hi = this.list.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.list[mid].offset <= p) lo = mid;
      else hi = mid - 1;
    }
    return { tier: lo, index: p - this.list[lo].offset };
  }

  /** The tier and number of a board; throws a GameError naming a board outside the layout. */
  private place(b: Board): TierPosition {
    this.placeBoard(b);
    return { tier: this.placedTier, index: this.placedIndex };
  }

  /** Sets `placedTier` and `placedIndex` to the tier and number of a board (no allocation). */
  private placeBoard(b: Board): void {
    const cells = this.cells;
    const kinds = this.rules.layout.kinds;
    if (b.cells.length !== cells || (b.side !== 0 && b.side !== 1)) {
      throw new GameError(
        `${this.id}: a board has ${cells} cells and a side 0 or 1, not ${b.cells.length} cells and side ${b.side}`,
      );
    }
    const masks = this.masks;
    masks.fill(0);
    let key = 0;
    for (let c = 0; c < cells; c++) {
      const v = b.cells[c];
      if (v === 0) continue;
      if (!(v >= 1 && v <= kinds)) throw new GameError(`${this.id}: cell ${c} holds ${v}, not 0 … ${kinds}`);
      masks[v - 1] |= 1 << c;
      key += this.radix[v - 1];
    }
    const t = this.tierOfKey.get(key);
    const tier = t === undefined ? undefined : this.list[t];
    const sideAt = tier ? tier.sides.indexOf(b.side) : -1;
    if (t === undefined || tier === undefined || sideAt < 0) {
      const counts = Array.from(masks, popcount);
      throw new GameError(
        `${this.id}: no tier of the layout holds a board with pieces ${counts.join('-')} and side ${b.side} to move`,
      );
    }
    const board = tier.classes ? tier.classes.classOf(masks) : tier.boards.rank(masks);
    this.placedTier = t;
    this.placedIndex = board * tier.sides.length + sideAt;
  }

  /** The global number of a board. */
  encode(b: Board): number {
    const at = this.place(b);
    return this.list[at.tier].offset + at.index;
  }

  /** The board of a tier's position (the canonical board of its class when symmetries fold). */
  boardAt(tier: number, index: number): Board {
    if (tier === this.lastTier && index === this.lastIndex && this.lastBoard) return this.lastBoard;
    const t = this.list[tier];
    const k = t.sides.length;
    const board = Math.floor(index / k);
    const masks = this.unranked;
    if (t.classes) t.classes.representative(board, masks);
    else t.boards.unrank(board, masks);
    const b = { cells: masksToCells(masks, this.cells), side: t.sides[index - board * k] };
    this.lastTier = tier;
    this.lastIndex = index;
    this.lastBoard = b;
    return b;
  }

  decode(p: number): Board {
    if (!(Number.isInteger(p) && p >= 0 && p < this.size))
      throw new GameError(`${this.id}: no position ${p}`);
    const at = this.locate(p);
    return this.boardAt(at.tier, at.index);
  }

  /** The canonical board of b's class. */
  canonicalBoard(b: Board): Board {
    const sym = this.symmetry as GridSymmetry;
    const at = this.place(b);
    const tier = this.list[at.tier];
    const g = (tier.classes as BoardClasses).canonicalSymmetry(this.masks);
    const perm = sym.perms[g];
    const cells = new Array<number>(this.cells);
    for (let c = 0; c < this.cells; c++) cells[perm[c]] = b.cells[c];
    return { cells, side: b.side };
  }

  private primitiveOf(b: Board): number {
    const answer = this.rules.primitive?.(b);
    if (answer === undefined) return NOT_PRIMITIVE;
    return typeof answer === 'string'
      ? outcomeCode(answer)
      : primitiveCode(outcomeCode(answer.outcome), answer.remoteness);
  }

  /**
   * The distinct children of a board as (tier, index) in `tiers`/`out`, and
   * for each the move that reaches it first in `moves` when given.
   */
  private boardChildren(b: Board, tiers: Int32Array, out: Int32Array, moves?: unknown[]): number {
    if (this.primitiveOf(b) !== NOT_PRIMITIVE) return 0;
    const list = this.rules.moves(b);
    if (list.length > this.maxMoves) {
      throw new GameError(
        `${this.id}: a board has ${list.length} moves, more than maxMoves = ${this.maxMoves}`,
      );
    }
    let n = 0;
    for (const m of list) {
      this.placeBoard(this.rules.play(b, m));
      const tier = this.placedTier;
      const index = this.placedIndex;
      let seen = false;
      for (let k = 0; k < n && !seen; k++) seen = tiers[k] === tier && out[k] === index;
      if (seen) continue;
      tiers[n] = tier;
      out[n] = index;
      moves?.push(m);
      n++;
    }
    return n;
  }

  children(p: number, out: Int32Array): number {
    const at = this.locate(p);
    const n = this.tierChildren(at.tier, at.index, this.kidTier, out);
    for (let k = 0; k < n; k++) out[k] += this.list[this.kidTier[k]].offset;
    return n;
  }

  moveCount(p: number): number {
    return this.children(p, this.kidIndex);
  }

  primitive(p: number): number {
    return this.primitiveOf(this.decode(p));
  }

  /**
   * The distinct parents (by the rules' un-moves) of a tier's position that
   * lie in tier `from`. The tier solver asks once per tier a position's
   * parents may lie in, so the parents of the position asked last are kept.
   */
  private tierParents(tier: number, index: number, from: number, out: Int32Array): number {
    this.allParents(tier, index);
    const pt = this.parentTier;
    const pi = this.parentIndex;
    let m = 0;
    for (let k = 0; k < this.listedParents; k++) if (pt[k] === from) out[m++] = pi[k];
    return m;
  }

  /** Every distinct parent of a tier's position, into parentTier/parentIndex (kept for the position asked last). */
  private allParents(tier: number, index: number): void {
    if (tier === this.parentsTier && index === this.parentsIndex) return;
    const unmoves = this.rules.unmoves as (b: Board) => readonly Board[];
    const list = unmoves(this.boardAt(tier, index));
    const max = this.maxParents as number;
    const pt = this.parentTier;
    const pi = this.parentIndex;
    let n = 0;
    for (const q of list) {
      if (this.primitiveOf(q) !== NOT_PRIMITIVE) continue;
      this.placeBoard(q);
      const t = this.placedTier;
      const i = this.placedIndex;
      let seen = false;
      for (let k = 0; k < n && !seen; k++) seen = pi[k] === i && pt[k] === t;
      if (seen) continue;
      if (n >= max) throw new GameError(`${this.id}: a board has more than maxUnmoves = ${max} parents`);
      pi[n] = i;
      pt[n] = t;
      n++;
    }
    this.parentsTier = tier;
    this.parentsIndex = index;
    this.listedParents = n;
  }

  show(p: number): string {
    const b = this.decode(p);
    return this.rules.show ? this.rules.show(b) : defaultShow(b, this.rules.layout);
  }

  moveName(p: number, i: number): string {
    const b = this.decode(p);
    const moves: unknown[] = [];
    this.boardChildren(b, this.kidTier, this.kidIndex, moves);
    const m = moves[i];
    return this.rules.moveName ? this.rules.moveName(b, m) : `move ${i}`;
  }

  parsePosition(text: string): number {
    const { parsePosition } = this.rules;
    return this.encode(parsePosition ? parsePosition(text) : defaultParse(text, this.rules.layout, this.id));
  }

  /** The tiered form: each declared tier on its own, parents by un-moves or by reverse graphs. */
  private tiered(): TieredGame {
    const list = this.list;
    const reverse = this.rules.unmoves
      ? undefined
      : new ReverseGraphs(this, list.length, this.options.reverseGraphBytes);
    return {
      kind: 'tiered',
      id: this.id,
      tierCount: list.length,
      startTier: this.locate(this.start).tier,
      start: this.locate(this.start).index,
      tierSize: (t) => list[t].size,
      childTiers: (t) => list[t].children,
      tierName: (t) => list[t].name,
      maxMoves: this.maxMoves,
      maxParents: this.maxParents ?? reverse?.maxParents ?? 1,
      primitive: (t, p) => this.primitiveOf(this.boardAt(t, p)),
      children: (t, p, tiers, out) => this.tierChildren(t, p, tiers, out),
      moveCount: (t, p) => this.tierChildren(t, p, this.kidTier, this.kidIndex),
      parents: (t, p, from, out) =>
        reverse ? reverse.parents(t, p, from, out) : this.tierParents(t, p, from, out),
      show: (t, p) => this.show(list[t].offset + p),
      moveName: (t, p, i) => this.moveName(list[t].offset + p, i),
    };
  }

  /** The children of a tier's position; each child's tier is checked against the declared changes. */
  tierChildren(t: number, p: number, tiers: Int32Array, out: Int32Array): number {
    const n = this.boardChildren(this.boardAt(t, p), tiers, out);
    const tier = this.list[t];
    for (let k = 0; k < n; k++) {
      if (tiers[k] !== t && !tier.children.includes(tiers[k])) {
        throw new GameError(
          `${this.id}: a move from tier ${tier.name} leads to tier ${this.list[tiers[k]].name}, which the layout's changes do not reach`,
        );
      }
    }
    return n;
  }

  tierSize(t: number): number {
    return this.list[t].size;
  }

  tierName(t: number): string {
    return this.list[t].name;
  }
}

/**
 * Reverse graphs for rules without un-moves: the parents in tier `from` of
 * every position of tier `to`, built on first use by one pass over `from`
 * (compressed rows: an offset per position of `to` and the parents'
 * numbers), kept while `to` is being solved. Its bytes are estimated before
 * the pass — 4 per position of `to` plus 4 per possible move of `from` — and
 * a graph over the limit is refused in one line.
 */
class ReverseGraphs {
  readonly maxParents: number;
  private target = -1;
  private readonly graphs = new Map<number, { start: Int32Array; list: Int32Array }>();

  constructor(
    private readonly game: DerivedBoardGame,
    tierCount: number,
    private readonly limit = 2 ** 31,
  ) {
    // A position's parents in one tier are at most the positions of the largest tier.
    let most = 1;
    for (let t = 0; t < tierCount; t++) most = Math.max(most, game.tierSize(t));
    this.maxParents = Math.min(most, 2 ** 20);
  }

  parents(to: number, p: number, from: number, out: Int32Array): number {
    if (to !== this.target) {
      this.graphs.clear();
      this.target = to;
    }
    let graph = this.graphs.get(from);
    if (graph === undefined) {
      graph = this.build(to, from);
      this.graphs.set(from, graph);
    }
    const lo = graph.start[p];
    const hi = graph.start[p + 1];
    if (hi - lo > out.length) {
      throw new GameError(
        `${this.game.id}: a position has ${hi - lo} parents, more than the buffer of ${out.length}`,
      );
    }
    for (let k = lo; k < hi; k++) out[k - lo] = graph.list[k];
    return hi - lo;
  }

  private build(to: number, from: number): { start: Int32Array; list: Int32Array } {
    const g = this.game;
    const targets = g.tierSize(to);
    const sources = g.tierSize(from);
    const bytes = 4 * (targets + 1) + 4 * sources * g.maxMoves;
    if (bytes > this.limit) {
      throw new GameError(
        `${g.id}: the reverse graph into tier ${g.tierName(to)} from ${g.tierName(from)} may need ${Math.ceil(bytes / 2 ** 20)} MiB, more than the ${Math.floor(this.limit / 2 ** 20)} MiB allowed; give the rules unmoves()`,
      );
    }
    const tiers = new Int32Array(Math.max(1, g.maxMoves));
    const kids = new Int32Array(Math.max(1, g.maxMoves));
    const start = new Int32Array(targets + 1);
    for (let q = 0; q < sources; q++) {
      const n = g.tierChildren(from, q, tiers, kids);
      for (let k = 0; k < n; k++) if (tiers[k] === to) start[kids[k] + 1]++;
    }
    for (let i = 0; i < targets; i++) start[i + 1] += start[i];
    const list = new Int32Array(Math.max(1, start[targets]));
    const fill = start.slice(0, targets);
    for (let q = 0; q < sources; q++) {
      const n = g.tierChildren(from, q, tiers, kids);
      for (let k = 0; k < n; k++) if (tiers[k] === to) list[fill[kids[k]]++] = q;
    }
    return { start, list };
  }
}

/** The marks of `defaultShow`: empty, then kinds 1, 2, … */
const MARKS = '.xoabcdefghijklmnpqrstuvwyz';

/** Rows of cells from the top (`.` empty, `x`, `o`, then `a`, `b`, … for further kinds), joined by `/`, then the side to move (x or o). */
export function defaultShow(b: Board, layout: BoardLayout): string {
  const marks = MARKS;
  const rows: string[] = [];
  for (let r = 0; r < layout.rows; r++) {
    let row = '';
    for (let c = 0; c < layout.cols; c++) row += marks[b.cells[r * layout.cols + c]] ?? '?';
    rows.push(row);
  }
  return `${rows.join('/')} ${b.side === 0 ? 'x' : 'o'}`;
}

/** A board written as `defaultShow` writes it; one line naming what is wrong otherwise. */
export function defaultParse(text: string, layout: BoardLayout, id: string): Board {
  const marks = MARKS.slice(0, layout.kinds + 1);
  const m = /^\s*(\S+)\s+([xo])\s*$/.exec(text);
  const rows = m ? m[1].split('/') : [];
  const cells = rows.join('');
  if (
    !m ||
    rows.length !== layout.rows ||
    rows.some((r) => r.length !== layout.cols) ||
    [...cells].some((ch) => !marks.includes(ch))
  ) {
    throw new InputError(
      `${id}: a position is ${layout.rows} rows of ${layout.cols} cells (${[...marks].join(', ')}) joined by '/', then the side to move (x or o); not '${text}'`,
    );
  }
  return { cells: [...cells].map((ch) => marks.indexOf(ch)), side: m[2] === 'x' ? 0 : 1 };
}
