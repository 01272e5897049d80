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
 *
 * Per position, what the solver asks costs the rules' own calls and little
 * else: the position is unranked into one scratch board; a board the rules
 * return is placed by one pass over its cells (its values bit by bit, no
 * branch per cell) and a rank; a count of moves tells children apart by
 * their masks without ranking them; and which positions are primitive is
 * remembered (primitive-memo.ts), so the parents `unmoves` finds are not run
 * through the rules' `primitive` again.
 */

import { GameError, InputError } from '../core/errors.js';
import type { Game, IndexedGame, IndexedLink, NumberedGame, Primitive } from '../core/game.js';
import { NOT_PRIMITIVE, outcomeCode, primitiveCode } from '../core/outcome.js';
import type { TieredGame, TierPosition } from '../core/tiered.js';
import { lowestBit, popcount } from './bits.js';
import { BoardClasses } from './classes.js';
import { GridSymmetry } from './grid-symmetry.js';
import { Multinomial, masksToCells } from './multinomial.js';
import { PRIMITIVE_SEEN, PrimitiveMemo, UNKNOWN } from './primitive-memo.js';

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

/**
 * The rules on a plain board, as a designer writes them. A board the solver
 * hands to `moves`, `play`, `primitive` or `unmoves` may be rewritten once
 * the call returns (yomi unranks positions into one scratch board): read it,
 * build new boards from it, but do not keep it.
 */
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
  /**
   * A promise: no two moves of a board lead to the same board, and `unmoves`
   * lists each board once. yomi then counts a board's moves without playing
   * them and lists parents without comparing them. So the solve no longer
   * meets each move's board, and what it would catch there (a move into a
   * tier the layout does not declare) is left to `yomi check`, which also
   * holds the rules to the promise on its play-outs. Kept only when the
   * layout folds no symmetries: two moves may lead to one class.
   */
  readonly distinctMoves?: boolean;
  /**
   * The same rules as bit operations, for speed (optional): yomi then solves
   * with these and plays, shows and names moves with the rules above, and
   * `yomi check` holds the two to each other (children, parents, ends).
   */
  readonly onMasks?: MaskRules;
  /** A move's name, as people write it (default: its JSON). */
  moveName?(b: Board, m: M): string;
  /** A board as text (default: the cells row by row, and the side to move). */
  show?(b: Board): string;
  /** The board `show` wrote (default: the reverse of the default `show`). */
  parsePosition?(text: string): Board;
}

/**
 * Rules on masks: a board is one int per piece kind (bit c set when cell c
 * holds a piece of kind k + 1, in `masks[k]`) and the side to move. A
 * board's children and parents are written into `out` one after another,
 * each as its kinds' masks then the side to move next (kinds + 1 ints), each
 * distinct board once; the count is returned. `masks` is yomi's scratch:
 * read it, do not keep it.
 */
export interface MaskRules {
  /** The boards the moves of `side` lead to (at most the rules' `maxMoves`). */
  children(masks: Int32Array, side: number, out: Int32Array): number;
  /** As `BoardRules.primitive`; needed when the rules have one (default: no move = lose). */
  primitive?(masks: Int32Array, side: number): Primitive | undefined;
  /** The boards with a move to this one (at most the rules' `maxUnmoves`); needed when the rules have `unmoves`. */
  unmoves?(masks: Int32Array, side: number, out: Int32Array): number;
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
  /** Where each side (0, 1) is in `sides` (−1: not there). */
  sideAt: Int8Array;
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
  /** The most pieces of each kind any tier has. */
  private readonly maxCount: Int32Array;
  /** A board's counts as one number, Σ counts[k]·radix[k] (radix[k]: Π over earlier kinds of maxCount + 1). */
  private readonly radix: Int32Array;
  /** The tier of each such number (−1: none), or a map when the table would be large. */
  private readonly tierTable: Int32Array | undefined;
  private readonly tierOfKey = new Map<number, number>();
  /** The parents `listParents` found last. */
  private readonly parentTier: Int32Array;
  private readonly parentIndex: Int32Array;
  /** Where `placeBoard` put the board last. */
  private placedTier = 0;
  private placedIndex = 0;
  private readonly cells: number;
  private readonly masks: Int32Array;
  /** Every cell's bit. */
  private readonly all: number;
  /** Scratch masks for decoding, and the board decoded last (primitive and children of one position decode it once). */
  private readonly unranked: Int32Array;
  private lastTier = -1;
  private lastIndex = -1;
  private readonly scratch: { cells: number[]; side: number };
  /** The primitive code of the position asked last, and which positions are known primitive (for parents). */
  private primTier = -1;
  private primIndex = -1;
  private primCode = NOT_PRIMITIVE;
  private readonly memo: PrimitiveMemo;
  /** Scratch for `tierMoveCount`: each distinct child's tier, side and masks. */
  private readonly seenChildren: Int32Array;
  /** Scratch for the children of one position, as (tier, index). */
  private readonly kidTier: Int32Array;
  private readonly kidIndex: Int32Array;
  /** The rules' promise of distinct moves, kept (see `BoardRules.distinctMoves`). */
  private readonly distinct: boolean;
  /** The rules on masks, when given: the solve then reads no cells (see `MaskRules`). */
  private readonly fast: MaskRules | undefined;
  /** The masks and side of the position `masksAt` unranked last (apart from `unranked`, which the scratch board's cells match). */
  private readonly maskBoard: Int32Array;
  private maskSide = 0;
  private maskTier = -1;
  private maskIndex = -1;
  /** The boards the rules on masks write: kinds + 1 ints each. */
  private readonly maskOut: Int32Array;
  /** reaches[t · tiers + c]: 1 when a move from tier t may lead into tier c (c = t, or one of t's children). */
  private readonly reaches: Uint8Array;

  constructor(
    private readonly rules: BoardRules<unknown>,
    private readonly options: BoardGameOptions,
  ) {
    const { layout } = rules;
    this.id = rules.id;
    this.cells = layout.rows * layout.cols;
    this.symmetry = layout.symmetry ? new GridSymmetry(layout.rows, layout.cols) : undefined;
    this.distinct = rules.distinctMoves === true && this.symmetry === undefined;
    if (this.cells > 31)
      throw new GameError(`${rules.id}: a board of ${this.cells} cells; up to 31 are numbered`);
    if (!Number.isInteger(layout.kinds) || layout.kinds < 1 || layout.kinds > 31)
      throw new GameError(`${rules.id}: kinds must be 1 … 31`);
    this.maxCount = new Int32Array(layout.kinds);
    for (const spec of layout.tiers)
      for (let k = 0; k < layout.kinds; k++)
        this.maxCount[k] = Math.max(this.maxCount[k], spec.counts[k] ?? 0);
    this.radix = new Int32Array(layout.kinds);
    let keys = 1;
    for (let k = 0; k < layout.kinds; k++) {
      this.radix[k] = keys;
      keys *= this.maxCount[k] + 1;
    }
    this.tierTable = keys <= 2 ** 16 ? new Int32Array(keys).fill(-1) : undefined;
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
      const countsNumber = spec.counts.reduce((a, n, k) => a + n * this.radix[k], 0);
      if (this.tierTable) this.tierTable[countsNumber] = t;
      else this.tierOfKey.set(countsNumber, t);
      const sides = spec.sides ?? [0, 1];
      const boards = new Multinomial(this.cells, spec.counts);
      const classes = this.symmetry ? new BoardClasses(boards, this.symmetry) : undefined;
      const size = (classes?.count ?? boards.size) * sides.length;
      const tier: Tier = {
        counts: spec.counts,
        sides,
        sideAt: Int8Array.from([0, 1], (side) => sides.indexOf(side)),
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
    const count = this.list.length;
    this.reaches = new Uint8Array(count * count);
    this.list.forEach((tier, t) => {
      this.reaches[t * count + t] = 1;
      for (const c of tier.children) this.reaches[t * count + c] = 1;
    });
    this.size = offset;
    this.memo = new PrimitiveMemo(this.list.map((t) => t.size));
    this.maxMoves = rules.maxMoves;
    this.masks = new Int32Array(layout.kinds);
    this.all = this.cells === 31 ? 0x7fffffff : (1 << this.cells) - 1;
    this.unranked = new Int32Array(layout.kinds);
    // Packed, not holey (as `new Array(n)` makes it), so the rules read it without a check for holes.
    this.scratch = { cells: Array.from({ length: this.cells }, () => 0), side: 0 };
    this.parentTier = new Int32Array(Math.max(1, rules.maxUnmoves ?? 1));
    this.parentIndex = new Int32Array(Math.max(1, rules.maxUnmoves ?? 1));
    this.seenChildren = new Int32Array(Math.max(1, rules.maxMoves) * (layout.kinds + 2));
    this.kidTier = new Int32Array(Math.max(1, rules.maxMoves));
    this.kidIndex = new Int32Array(Math.max(1, rules.maxMoves));
    this.fast = rules.onMasks;
    if (this.fast) {
      if (rules.primitive && !this.fast.primitive)
        throw new GameError(`${rules.id}: the rules have primitive(), so onMasks needs one too`);
      if (Boolean(rules.unmoves) !== Boolean(this.fast.unmoves))
        throw new GameError(`${rules.id}: unmoves() are given on masks and on cells, or on neither`);
    }
    this.maskBoard = new Int32Array(layout.kinds);
    this.maskOut = new Int32Array(
      Math.max(1, rules.maxMoves, this.fast?.unmoves ? (rules.maxUnmoves ?? 1) : 1) * (layout.kinds + 1),
    );
    this.start = this.encode(rules.start);
    if (rules.unmoves) {
      if (rules.maxUnmoves === undefined) throw new GameError(`${rules.id}: unmoves() needs maxUnmoves`);
      this.maxParents = rules.maxUnmoves;
      this.parents = (p, out) => {
        const at = this.locate(p);
        const n = this.listParents(at.tier, at.index, -1);
        for (let k = 0; k < n; k++) out[k] = this.list[this.parentTier[k]].offset + this.parentIndex[k];
        return n;
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

  /** Sets `placedTier` and `placedIndex` to the tier and number of a board (no allocation); throws a GameError naming a board outside the layout. */
  private placeBoard(b: Board): void {
    if (!this.findBoard(b)) throw this.outsideLayout(b);
  }

  /**
   * Sets `placedTier` and `placedIndex` to the tier and number of a board and
   * returns true, or returns false when no tier of the layout holds it. O(cells), no allocation.
   */
  private findBoard(b: Board): boolean {
    const t = this.tierOfBoard(b);
    const index = t < 0 ? -1 : this.rankIn(t, b.side);
    if (index < 0) return false;
    this.placedTier = t;
    this.placedIndex = index;
    return true;
  }

  /** The tier whose counts a board's pieces have (−1: none), its masks left in `masks`. O(cells), no allocation. */
  private tierOfBoard(b: Board): number {
    const cells = this.cells;
    const kinds = this.rules.layout.kinds;
    const of = b.cells;
    if (of.length !== cells) return -1;
    // The cells' values bit by bit (plane j: the cells whose value has bit j set), in registers:
    // no branch on what a cell holds, no store per cell.
    let p0 = 0;
    let p1 = 0;
    let p2 = 0;
    let p3 = 0;
    let p4 = 0;
    for (let c = 0; c < cells; c++) {
      const v = of[c];
      if ((v | 0) !== v || v < 0 || v > kinds) return -1;
      p0 |= (v & 1) << c;
      p1 |= ((v >>> 1) & 1) << c;
      p2 |= ((v >>> 2) & 1) << c;
      p3 |= ((v >>> 3) & 1) << c;
      p4 |= (v >>> 4) << c;
    }
    const masks = this.masks;
    for (let k = 0; k < kinds; k++) {
      const v = k + 1;
      masks[k] =
        (v & 1 ? p0 : ~p0) &
        (v & 2 ? p1 : ~p1) &
        (v & 4 ? p2 : ~p2) &
        (v & 8 ? p3 : ~p3) &
        (v & 16 ? p4 : ~p4) &
        this.all;
    }
    return this.tierOfMasks();
  }

  /**
   * What `tierOfBoard` returns, for a board the rules made from the scratch
   * board (a child or a parent of the position decoded last): the scratch
   * board's masks with the cells that differ moved over, so a cell the move
   * left alone costs one comparison. O(cells), no allocation.
   */
  private tierOfNear(q: Board): number {
    const to = q.cells;
    const from = this.scratch.cells;
    if (to === from || to.length !== this.cells) return this.tierOfBoard(q);
    const kinds = this.rules.layout.kinds;
    const masks = this.masks;
    for (let k = 0; k < kinds; k++) masks[k] = this.unranked[k];
    for (let c = 0; c < to.length; c++) {
      const v = to[c];
      const u = from[c];
      if (v === u) continue;
      if ((v | 0) !== v || v < 0 || v > kinds) return -1;
      if (u !== 0) masks[u - 1] ^= 1 << c;
      if (v !== 0) masks[v - 1] ^= 1 << c;
    }
    return this.tierOfMasks();
  }

  /** The tier whose counts the board in `masks` has (−1: none). O(kinds). */
  private tierOfMasks(): number {
    const masks = this.masks;
    let key = 0;
    for (let k = 0; k < masks.length; k++) {
      const n = popcount(masks[k]);
      if (n > this.maxCount[k]) return -1;
      key += n * this.radix[k];
    }
    return this.tierTable ? this.tierTable[key] : (this.tierOfKey.get(key) ?? -1);
  }

  /** The number in tier t of the board in `masks` with `side` to move (−1: the tier has no such side). O(pieces). */
  private rankIn(t: number, side: number): number {
    const tier = this.list[t];
    const sideAt = side === 0 || side === 1 ? tier.sideAt[side] : -1;
    if (sideAt < 0) return -1;
    const board = tier.classes ? tier.classes.classOf(this.masks) : tier.boards.rank(this.masks);
    return board * tier.sides.length + sideAt;
  }

  /** Why `findBoard` found no tier for a board, as a GameError. */
  private outsideLayout(b: Board): GameError {
    const cells = this.cells;
    const kinds = this.rules.layout.kinds;
    if (b.cells.length !== cells || (b.side !== 0 && b.side !== 1)) {
      return new GameError(
        `${this.id}: a board has ${cells} cells and a side 0 or 1, not ${b.cells.length} cells and side ${b.side}`,
      );
    }
    const counts = new Array<number>(kinds).fill(0);
    for (let c = 0; c < cells; c++) {
      const v = b.cells[c];
      if (v === 0) continue;
      if (!(v >= 1 && v <= kinds)) return new GameError(`${this.id}: cell ${c} holds ${v}, not 0 … ${kinds}`);
      counts[v - 1]++;
    }
    return new GameError(
      `${this.id}: no tier of the layout holds a board with pieces ${counts.join('-')} and side ${b.side} to move`,
    );
  }

  /** The global number of a board. */
  encode(b: Board): number {
    const at = this.place(b);
    return this.list[at.tier].offset + at.index;
  }

  /**
   * The board of a tier's position (the canonical board of its class when
   * symmetries fold), written into one scratch board the rules read: its
   * cells are rewritten at the next position, so what leaves the kit is a copy (`decode`).
   */
  boardAt(tier: number, index: number): Board {
    const b = this.scratch;
    if (tier === this.lastTier && index === this.lastIndex) return b;
    const masks = this.unranked;
    b.side = this.unrankInto(tier, index, masks);
    const cells = b.cells;
    cells.fill(0);
    for (let i = 0; i < masks.length; i++)
      for (let m = masks[i]; m !== 0; m &= m - 1) cells[lowestBit(m)] = i + 1;
    this.lastTier = tier;
    this.lastIndex = index;
    return b;
  }

  decode(p: number): Board {
    if (!(Number.isInteger(p) && p >= 0 && p < this.size))
      throw new GameError(`${this.id}: no position ${p}`);
    const at = this.locate(p);
    const b = this.boardAt(at.tier, at.index);
    return { cells: [...b.cells], side: b.side };
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
    return primitiveCodeOf(this.rules.primitive?.(b));
  }

  /** The primitive code of a tier's position, kept for the position asked last and remembered for its parents' sake. */
  private primitiveAt(tier: number, index: number): number {
    if (tier === this.primTier && index === this.primIndex) return this.primCode;
    let code: number;
    if (this.fast) {
      const side = this.masksAt(tier, index);
      code = primitiveCodeOf(this.fast.primitive?.(this.maskBoard, side));
    } else code = this.primitiveOf(this.boardAt(tier, index));
    this.memo.set(tier, index, code !== NOT_PRIMITIVE);
    this.primTier = tier;
    this.primIndex = index;
    this.primCode = code;
    return code;
  }

  /**
   * The distinct children of a board that is not primitive, as (tier, index)
   * in `tiers`/`out`, and for each the move that reaches it first in `moves` when given.
   */
  private boardChildren(b: Board, tiers: Int32Array, out: Int32Array, moves?: unknown[]): number {
    const list = this.movesOf(b);
    let n = 0;
    for (let j = 0; j < list.length; j++) {
      const m = list[j];
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

  /** The rules' moves of a board, refused when more than `maxMoves`. */
  private movesOf(b: Board): readonly unknown[] {
    const list = this.rules.moves(b);
    if (list.length > this.maxMoves) {
      throw new GameError(
        `${this.id}: a board has ${list.length} moves, more than maxMoves = ${this.maxMoves}`,
      );
    }
    return list;
  }

  moveCount(p: number): number {
    const at = this.locate(p);
    return this.tierMoveCount(at.tier, at.index);
  }

  /**
   * What `tierChildren` returns, without numbering the children: the moves
   * when the rules promise they are distinct, or else the children told
   * apart by their tier, side and masks (the canonical image of the masks
   * when symmetries fold), so no rank and no class lookup is made.
   */
  tierMoveCount(t: number, p: number): number {
    if (this.primitiveAt(t, p) !== NOT_PRIMITIVE) return 0;
    if (this.fast) return this.maskChildren(t, p, undefined, undefined);
    const b = this.boardAt(t, p);
    const list = this.movesOf(b);
    if (this.distinct) return list.length;
    const kinds = this.rules.layout.kinds;
    const width = kinds + 2;
    const seen = this.seenChildren;
    const masks = this.masks;
    let n = 0;
    for (let j = 0; j < list.length; j++) {
      const q = this.rules.play(b, list[j]);
      const c = this.tierOfNear(q);
      const tier = c < 0 ? undefined : this.list[c];
      if (tier === undefined || tier.sides.indexOf(q.side) < 0) throw this.outsideLayout(q);
      if (!this.leadsInto(t, c)) throw this.unreachable(t, c);
      const classes = tier.classes;
      if (classes) {
        const g = classes.canonicalSymmetry(masks);
        for (let k = 0; k < kinds; k++) masks[k] = classes.symmetry.map(g, masks[k]);
      }
      let found = false;
      for (let e = 0; e < n && !found; e++) {
        const at = e * width;
        found = seen[at] === c && seen[at + 1] === q.side;
        for (let k = 0; k < kinds && found; k++) found = seen[at + 2 + k] === masks[k];
      }
      if (found) continue;
      const at = n * width;
      seen[at] = c;
      seen[at + 1] = q.side;
      for (let k = 0; k < kinds; k++) seen[at + 2 + k] = masks[k];
      n++;
    }
    return n;
  }

  /** A move from tier t may lead into tier c: c is t or one of the tiers the layout's changes reach from t. */
  private leadsInto(t: number, c: number): boolean {
    return this.reaches[t * this.list.length + c] === 1;
  }

  /** The error of a move from tier t into tier c, which the layout's changes do not reach. */
  private unreachable(t: number, c: number): GameError {
    return new GameError(
      `${this.id}: a move from tier ${this.list[t].name} leads to tier ${this.list[c].name}, which the layout's changes do not reach`,
    );
  }

  primitive(p: number): number {
    if (!(Number.isInteger(p) && p >= 0 && p < this.size))
      throw new GameError(`${this.id}: no position ${p}`);
    const at = this.locate(p);
    return this.primitiveAt(at.tier, at.index);
  }

  /**
   * The distinct parents (by the rules' un-moves) of a tier's position, their
   * numbers in their tiers written into `pi` (and their tiers into
   * `parentTier`); returns how many. With `from` ≥ 0 (the tier solver's
   * call) only the parents in tier `from`: a parent in another tier is not
   * numbered, and whether a parent is primitive comes from the memo, which
   * the solver's count of tier `from` filled.
   */
  private listParents(tier: number, index: number, from: number, pi = this.parentIndex): number {
    if (this.fast) return this.maskParents(tier, index, from, pi);
    const unmoves = this.rules.unmoves as (b: Board) => readonly Board[];
    const list = unmoves(this.boardAt(tier, index));
    const max = this.maxParents as number;
    const pt = this.parentTier;
    let n = 0;
    for (let j = 0; j < list.length; j++) {
      const q = list[j];
      const t = this.tierOfNear(q);
      if (from >= 0 && t !== from) continue;
      const i = t < 0 ? -1 : this.rankIn(t, q.side);
      if (i < 0) {
        // Outside the layout: an error unless the game is over there.
        if (this.primitiveOf(q) !== NOT_PRIMITIVE) continue;
        throw this.outsideLayout(q);
      }
      const known = this.memo.get(t, i);
      const primitive = known === UNKNOWN ? this.primitiveOf(q) !== NOT_PRIMITIVE : known === PRIMITIVE_SEEN;
      if (known === UNKNOWN) this.memo.set(t, i, primitive);
      if (primitive) continue;
      let seen = false;
      for (let k = 0; k < n && !seen && !this.distinct; k++) seen = pi[k] === i && pt[k] === t;
      if (seen) continue;
      if (n >= max) throw new GameError(`${this.id}: a board has more than maxUnmoves = ${max} parents`);
      pi[n] = i;
      pt[n] = t;
      n++;
    }
    return n;
  }

  /**
   * The masks of a tier's position (the canonical board of its class when
   * symmetries fold) written into `masks`; returns its side to move.
   */
  private unrankInto(tier: number, index: number, masks: Int32Array): number {
    const t = this.list[tier];
    const k = t.sides.length;
    const board = Math.floor(index / k);
    if (t.classes) t.classes.representative(board, masks);
    else t.boards.unrank(board, masks);
    return t.sides[index - board * k];
  }

  /** Unranks a tier's position into `maskBoard` (kept for the position asked last); returns its side to move. */
  private masksAt(tier: number, index: number): number {
    if (tier === this.maskTier && index === this.maskIndex) return this.maskSide;
    this.maskSide = this.unrankInto(tier, index, this.maskBoard);
    this.maskTier = tier;
    this.maskIndex = index;
    return this.maskSide;
  }

  /** Runs the rules on masks (children, or un-moves) on a tier's position into `maskOut`; returns how many boards. */
  private maskRows(tier: number, index: number, unmoves: boolean): number {
    const fast = this.fast as MaskRules;
    const side = this.masksAt(tier, index);
    const max = unmoves ? (this.maxParents as number) : this.maxMoves;
    const n = unmoves
      ? (fast.unmoves as NonNullable<MaskRules['unmoves']>)(this.maskBoard, side, this.maskOut)
      : fast.children(this.maskBoard, side, this.maskOut);
    if (!(Number.isInteger(n) && n >= 0 && n <= max)) {
      const what = unmoves ? 'unmoves' : 'children';
      throw new GameError(
        `${this.id}: onMasks.${what} gave ${n} boards, not a count up to ${unmoves ? 'maxUnmoves' : 'maxMoves'} = ${max}`,
      );
    }
    return n;
  }

  /**
   * Board j of `maskOut` into `masks`; returns its tier (−1: none; BAD_MASKS:
   * a piece off the board or two on a cell) and leaves its side in `rowSide`. O(kinds).
   */
  private rowTier(j: number): number {
    const masks = this.masks;
    const kinds = masks.length;
    const at = j * (kinds + 1);
    let union = 0;
    let bad = 0;
    for (let k = 0; k < kinds; k++) {
      const m = this.maskOut[at + k];
      bad |= (m & ~this.all) | (m & union);
      union |= m;
      masks[k] = m;
    }
    this.rowSide = this.maskOut[at + kinds];
    return bad === 0 ? this.tierOfMasks() : BAD_MASKS;
  }

  /** The side of the board `rowTier` read last. */
  private rowSide = 0;

  /** Why board j of `maskOut` is in no tier of the layout, as a GameError. */
  private rowError(j: number): GameError {
    const bad = this.rowTier(j) === BAD_MASKS;
    const masks = Array.from(this.masks);
    if (bad) {
      return new GameError(
        `${this.id}: the rules on masks gave a board whose masks ${masks.join(', ')} put a piece off the ${this.cells} cells or two on one cell`,
      );
    }
    return this.outsideLayout({ cells: masksToCells(masks, this.cells), side: this.rowSide });
  }

  /** The board `rowTier` read last is one where the game is over, by the rules on masks. */
  private rowEnds(): boolean {
    return primitiveCodeOf(this.fast?.primitive?.(this.masks, this.rowSide)) !== NOT_PRIMITIVE;
  }

  /**
   * The children of a tier's position by the rules on masks, as (tier,
   * index) into `tiers`/`out`, or only counted when `out` is undefined; each
   * checked to be in the layout and in a tier the layout's changes reach,
   * and told apart by number when symmetries fold two into one class.
   */
  private maskChildren(
    t: number,
    p: number,
    tiers: Int32Array | undefined,
    out: Int32Array | undefined,
  ): number {
    const rows = this.maskRows(t, p, false);
    const folds = this.symmetry !== undefined;
    if (out === undefined && !folds) {
      // Counted without numbering: each board is checked to be in a tier it may be in.
      for (let j = 0; j < rows; j++) {
        const c = this.rowTier(j);
        const side = this.rowSide;
        if (c < 0 || (side !== 0 && side !== 1) || this.list[c].sideAt[side] < 0) throw this.rowError(j);
        if (!this.leadsInto(t, c)) throw this.unreachable(t, c);
      }
      return rows;
    }
    const ts = tiers ?? this.kidTier;
    const is = out ?? this.kidIndex;
    let n = 0;
    for (let j = 0; j < rows; j++) {
      const c = this.rowTier(j);
      const i = c < 0 ? -1 : this.rankIn(c, this.rowSide);
      if (i < 0) throw this.rowError(j);
      if (!this.leadsInto(t, c)) throw this.unreachable(t, c);
      n = addDistinct(ts, is, n, c, i, folds);
    }
    return n;
  }

  /** `listParents` by the rules' un-moves on masks. */
  private maskParents(tier: number, index: number, from: number, pi: Int32Array): number {
    const rows = this.maskRows(tier, index, true);
    const pt = this.parentTier;
    const folds = this.symmetry !== undefined;
    let n = 0;
    for (let j = 0; j < rows; j++) {
      const t = this.rowTier(j);
      if (t === BAD_MASKS) throw this.rowError(j);
      if (from >= 0 && t !== from) continue;
      const i = t < 0 ? -1 : this.rankIn(t, this.rowSide);
      if (i < 0) {
        // Outside the layout: an error unless the game is over there.
        if (t >= 0 && this.rowEnds()) continue;
        throw this.rowError(j);
      }
      const known = this.memo.get(t, i);
      const primitive = known === UNKNOWN ? this.rowEnds() : known === PRIMITIVE_SEEN;
      if (known === UNKNOWN) this.memo.set(t, i, primitive);
      if (primitive) continue;
      n = addDistinct(pt, pi, n, t, i, folds);
    }
    return n;
  }

  show(p: number): string {
    const b = this.decode(p);
    return this.rules.show ? this.rules.show(b) : defaultShow(b, this.rules.layout);
  }

  moveName(p: number, i: number): string {
    const b = this.decode(p);
    const m = this.fast ? this.moveToMaskChild(p, b, i) : this.cellMove(b, i);
    return this.rules.moveName ? this.rules.moveName(b, m) : `move ${i}`;
  }

  /** The move of the rules on cells that reaches b's i-th distinct child (undefined: none). */
  private cellMove(b: Board, i: number): unknown {
    const moves: unknown[] = [];
    if (this.primitiveOf(b) === NOT_PRIMITIVE) this.boardChildren(b, this.kidTier, this.kidIndex, moves);
    return moves[i];
  }

  /** The move of the rules on cells that reaches the i-th child the rules on masks give position p (board b). */
  private moveToMaskChild(p: number, b: Board, i: number): unknown {
    const at = this.locate(p);
    if (i >= this.tierChildren(at.tier, at.index, this.kidTier, this.kidIndex)) return undefined;
    const tier = this.kidTier[i];
    const index = this.kidIndex[i];
    return this.movesOf(b).find((m) => {
      const child = this.place(this.rules.play(b, m));
      return child.tier === tier && child.index === index;
    });
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
      primitive: (t, p) => this.primitiveAt(t, p),
      children: (t, p, tiers, out) => this.tierChildren(t, p, tiers, out),
      moveCount: (t, p) => this.tierMoveCount(t, p),
      parents: reverse
        ? (t, p, from, out) => reverse.parents(t, p, from, out)
        : (t, p, from, out) => this.listParents(t, p, from, out),
      show: (t, p) => this.show(list[t].offset + p),
      moveName: (t, p, i) => this.moveName(list[t].offset + p, i),
    };
  }

  /** The children of a tier's position; each child's tier is checked against the declared changes. */
  tierChildren(t: number, p: number, tiers: Int32Array, out: Int32Array): number {
    if (this.primitiveAt(t, p) !== NOT_PRIMITIVE) return 0;
    if (this.fast) return this.maskChildren(t, p, tiers, out);
    const n = this.boardChildren(this.boardAt(t, p), tiers, out);
    for (let k = 0; k < n; k++) if (!this.leadsInto(t, tiers[k])) throw this.unreachable(t, tiers[k]);
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

/**
 * (t, i) appended to the n (tier, index) pairs in `tiers` and `indices`,
 * unless `folds` (symmetries may make two boards one class) and it is there
 * already; returns the new count.
 */
function addDistinct(
  tiers: Int32Array,
  indices: Int32Array,
  n: number,
  t: number,
  i: number,
  folds: boolean,
): number {
  for (let k = 0; k < n && folds; k++) if (tiers[k] === t && indices[k] === i) return n;
  tiers[n] = t;
  indices[n] = i;
  return n + 1;
}

/** `rowTier` of masks that put a piece off the board or two on one cell. */
const BAD_MASKS = -2;

/** A primitive as the solvers' code (NOT_PRIMITIVE for undefined: the game goes on). */
function primitiveCodeOf(answer: Primitive | undefined): number {
  if (answer === undefined) return NOT_PRIMITIVE;
  return typeof answer === 'string'
    ? outcomeCode(answer)
    : primitiveCode(outcomeCode(answer.outcome), answer.remoteness);
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
