/**
 * Dobutsu shogi as an `IndexedGame`, the form the solver fills: positions are
 * the indices of the perfect hash (perfect-hash.ts) — the board seen by the
 * player to move, mirror images folded — and moves and un-moves are written
 * straight as indices.
 *
 * - `primitive`: the mover can capture the enemy lion → a win in 1
 *   (`primitiveCode(WIN, 1)`, the capture is not played out); else the enemy
 *   lion on the mover's home rank (it cannot be captured) → LOSE. A primitive
 *   position has no children.
 * - `children`: the distinct children. A left–right symmetric position's two
 *   mirror-image moves reach one child, so only one of each pair is played
 *   (board.ts `keptInSymmetric`); other positions never reach one child
 *   twice. Each child is ranked in O(1) from the position's board seen by
 *   the other player (flip-frame.ts): the squares the move changes, and for
 *   a lion's move the new lion pair.
 * - `parents`: every non-primitive q with this position among children(q),
 *   once each: the opponent's last move undone — a piece stepped back (a hen
 *   on the mover's home rank may also have been a chick that promoted; a
 *   chick there was dropped), with or without an un-capture (a piece of the
 *   opponent's hand back on the board as the mover's; a chick may come back
 *   as a chick or as a hen), or a piece returned to hand. A parent where the
 *   opponent could capture the mover's lion, or where the mover's lion stands
 *   on the opponent's home rank, is over and is left out. A non-canonical
 *   index (lions on file b, the larger of a position and its mirror image)
 *   is never a child, so it has no parents.
 * - `moveCount`: the children counted on bit masks, without ranking;
 *   `safeMoveCount` only those after which the mover's lion cannot be
 *   captured (the children that are not a win in 1).
 * - `isCanonical`: whether an index is its position's (see perfect-hash.ts).
 *
 * Nothing here allocates per call: the position decoded last is kept in typed
 * arrays (primitive, moveCount and children of one index decode it once).
 */

import type { IndexedGame } from '../../core/game.js';
import { LOSE, NOT_PRIMITIVE, primitiveCode, WIN } from '../../core/outcome.js';
import {
  CHICK,
  DOWN,
  EMPTY,
  FILE_C_MASK,
  fileOf,
  KIND_LETTERS,
  KIND_OF_CELL,
  KINDS,
  keptInSymmetric,
  LION,
  OPP_CHICK,
  OPP_HEN,
  OPP_LION,
  OWN_CHICK,
  OWN_HEN,
  OWN_LION,
  popcount,
  ROWS,
  rowOf,
  SQUARES,
  TYPE_OF_CELL,
  UP,
} from './board.js';
import { FlipFrame } from './flip-frame.js';
import { parsePosition, showPosition } from './notation.js';
import { DobutsuLayout, KIND_WEIGHT, SELF } from './perfect-hash.js';
import {
  type DobutsuMove,
  type DobutsuPosition,
  legalMoves,
  moveText,
  type Pieces,
  startPosition,
} from './position.js';

/** The primitive code of "the mover captures the enemy lion next ply". */
export const WIN_IN_1 = primitiveCode(WIN, 1);

const ALL = (1 << SQUARES) - 1;
/** Kinds present in a hand g + 3e + 9c. */
const KINDS_IN_HAND = Uint8Array.from(
  { length: 27 },
  (_, h) => +(h % 3 > 0) + +(((h / 3) | 0) % 3 > 0) + +(h >= 9),
);
/** The mover's piece letters by cell code, and the opponent's (upper case: the mover is shown as the first player). */
const LETTER = '.GECHgechLl';
const CELL_OF_LETTER: Readonly<Record<string, number>> = Object.fromEntries(
  [...LETTER].map((ch, c) => [ch, c]),
);
const swapCase = (ch: string): string => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase());

export class DobutsuIndexed implements IndexedGame {
  readonly kind = 'indexed' as const;
  readonly id: string;
  readonly size: number;
  readonly start: number;
  /**
   * At most 43 moves: a lion's 8, at most 6 per hen and 4 per giraffe or
   * elephant on the board, and a drop per kind in hand on each empty square;
   * the largest sum is one piece of each kind on the board and one in hand (8
   * + 14 + 3 · 7).
   */
  readonly maxMoves = 43;
  /**
   * At most 117 parents: each of the opponent's pieces steps back from at
   * most 8 (lion), 6 (hen, plus its un-promotion), 4 or 1 squares, each with
   * no un-capture or one per kind in the opponent's hand (two for chicks: a
   * chick or a hen), plus un-drops; the largest sum is lion, giraffe,
   * elephant and hen on the board with one of each kind in hand (23 · 5 + 2).
   */
  readonly maxParents = 117;
  readonly layout: DobutsuLayout;

  // The position decoded last.
  private decoded = -1;
  private readonly cells = new Uint8Array(SQUARES);
  private readonly info = new Int32Array(6);
  private own = 0;
  private opp = 0;
  private hand = 0;
  private oppHand = 0;
  private ownMask = 0;
  private oppMask = 0;
  private status = NOT_PRIMITIVE;
  private symmetric = false;
  /** Ranks the decoded board's children and parents. */
  private readonly frame: FlipFrame;

  constructor(readonly pieces: Pieces) {
    this.id = `dobutsu(pieces=${pieces || 'none'})`;
    let kinds = 0;
    for (let k = 0; k < KINDS; k++) if (pieces.includes(KIND_LETTERS[k])) kinds |= 1 << k;
    this.layout = new DobutsuLayout(kinds);
    this.frame = new FlipFrame(this.layout, this.cells);
    this.size = this.layout.size;
    this.start = this.rankOf(startPosition(pieces));
  }

  /** The index of a position (any side to move, either mirror image). */
  rankOf(p: DobutsuPosition): number {
    const cells = new Uint8Array(SQUARES);
    for (let s = 0; s < SQUARES; s++) {
      // The mover's view: the second player sees the board turned by a half-turn, colours swapped.
      const letter = p.turn === 0 ? p.board[s] : swapCase(p.board[SQUARES - 1 - s]);
      cells[s] = CELL_OF_LETTER[letter];
    }
    let hand = 0;
    for (const kind of p.hands[p.turn]) hand += KIND_WEIGHT[KIND_LETTERS.indexOf(kind)];
    return this.layout.rank(cells, cells.indexOf(OWN_LION), cells.indexOf(OPP_LION), hand);
  }

  /** The position an index stands for, as the first player to move (the mirror image of smaller index). */
  positionOf(i: number): DobutsuPosition {
    const cells = new Uint8Array(SQUARES);
    const info = new Int32Array(6);
    this.layout.unrank(i, cells, info);
    const handOf = (code: number) =>
      [...KIND_LETTERS].map((kind, k) => kind.repeat(((code / KIND_WEIGHT[k]) | 0) % 3)).join('');
    const board = Array.from(cells, (c) => LETTER[c]).join('');
    return { board, turn: 0, hands: [handOf(info[2]), handOf(info[3])] };
  }

  show(i: number): string {
    return showPosition(this.positionOf(i));
  }

  parsePosition(text: string): number {
    return this.rankOf(parsePosition(text, this.pieces));
  }

  /** The moves of index i's position in the order of children(i) (one of each mirror pair when it is symmetric). */
  movesOf(i: number): DobutsuMove[] {
    this.decode(i);
    if (this.status !== NOT_PRIMITIVE) return [];
    const moves = legalMoves(this.positionOf(i));
    return this.symmetric ? moves.filter((m) => keptInSymmetric(m.from, m.to)) : moves;
  }

  moveName(i: number, k: number): string {
    const m = this.movesOf(i)[k];
    return m === undefined ? `move ${k}` : moveText(this.positionOf(i), m);
  }

  private decode(p: number): void {
    if (p === this.decoded) return;
    this.decoded = p;
    const cells = this.cells;
    const info = this.info;
    this.layout.unrank(p, cells, info);
    const own = info[0];
    const opp = info[1];
    this.frame.reset();
    this.own = own;
    this.opp = opp;
    this.hand = info[2];
    this.oppHand = info[3];
    const ownMask = info[4];
    this.ownMask = ownMask;
    this.oppMask = info[5];
    this.status = rowOf(opp) === ROWS - 1 ? LOSE : NOT_PRIMITIVE;
    // Any of the mover's pieces next to the enemy lion that can step onto it.
    for (let m = DOWN[LION * SQUARES + opp] & ownMask; m !== 0; m &= m - 1) {
      const s = 31 - Math.clz32(m & -m);
      if ((UP[TYPE_OF_CELL[cells[s]] * SQUARES + s] >> opp) & 1) {
        this.status = WIN_IN_1;
        break;
      }
    }
    this.symmetric =
      SELF[own * SQUARES + opp] === 1 &&
      cells[0] === cells[2] &&
      cells[3] === cells[5] &&
      cells[6] === cells[8] &&
      cells[9] === cells[11];
  }

  primitive(p: number): number {
    this.decode(p);
    return this.status;
  }

  moveCount(p: number): number {
    this.decode(p);
    return this.status === NOT_PRIMITIVE ? this.countMoves(false) : 0;
  }

  /**
   * The moves after which the mover's lion cannot be captured: the children
   * that are not a win in 1 for the opponent (a position with moves but none
   * of them safe is lost in 2). Counted on bit masks, like moveCount.
   */
  safeMoveCount(p: number): number {
    this.decode(p);
    return this.status === NOT_PRIMITIVE ? this.countMoves(true) : 0;
  }

  /** The decoded position's children, counted; `safe`: only those where the mover's lion cannot be taken. */
  private countMoves(safe: boolean): number {
    const lion = this.own;
    // The opponent's pieces attacking the lion now: a safe move leaves none (a capture may remove one).
    const threats = safe ? this.attackersOf(lion) : 0;
    let n = 0;
    for (let m = this.ownMask; m !== 0; m &= m - 1) {
      const s = 31 - Math.clz32(m & -m);
      let targets = this.targets(s);
      if (!safe) n += popcount(targets);
      else if (s === lion) {
        for (; targets !== 0; targets &= targets - 1) {
          const to = 31 - Math.clz32(targets & -targets);
          // (A piece captured on `to` attacks other squares only.)
          if (this.attackersOf(to) === 0) n++;
        }
      } else if (threats === 0) n += popcount(targets);
      else if ((threats & (threats - 1)) === 0) n += popcount(targets & threats);
    }
    return threats === 0 ? n + KINDS_IN_HAND[this.hand] * popcount(this.drops()) : n;
  }

  /** Where the decoded position's piece on `from` may move (one of each mirror pair when it is symmetric). */
  private targets(from: number): number {
    const targets = UP[TYPE_OF_CELL[this.cells[from]] * SQUARES + from] & ~this.ownMask & ALL;
    if (!this.symmetric) return targets;
    return fileOf(from) === 2 ? 0 : fileOf(from) === 1 ? targets & ~FILE_C_MASK : targets;
  }

  /** The empty squares a piece may be dropped on (off file c when the position is symmetric). */
  private drops(): number {
    const empty = ~(this.ownMask | this.oppMask) & ALL;
    return this.symmetric ? empty & ~FILE_C_MASK : empty;
  }

  /** The squares of the opponent's pieces that attack `square` on the decoded board. */
  private attackersOf(square: number): number {
    const cells = this.cells;
    let attackers = 0;
    for (let m = UP[LION * SQUARES + square] & this.oppMask; m !== 0; m &= m - 1) {
      const s = 31 - Math.clz32(m & -m);
      attackers |= ((DOWN[TYPE_OF_CELL[cells[s]] * SQUARES + s] >> square) & 1) << s;
    }
    return attackers;
  }

  /**
   * Whether an index is the one its position gets (rankOf): every index but
   * the larger of a position and its mirror image when both lions are on file
   * b. Only canonical indices are ever children or parents.
   */
  isCanonical(p: number): boolean {
    this.decode(p);
    return (
      SELF[this.own * SQUARES + this.opp] === 0 ||
      this.symmetric ||
      this.layout.rank(this.cells, this.own, this.opp, this.hand) === p
    );
  }

  children(p: number, out: Int32Array): number {
    this.decode(p);
    if (this.status !== NOT_PRIMITIVE) return 0;
    const cells = this.cells;
    const frame = this.frame;
    const own = this.own;
    const opp = this.opp;
    // The children's mover is the opponent, whose hand no move of ours changes.
    const hand = this.oppHand;
    let n = 0;
    for (let m = this.ownMask; m !== 0; m &= m - 1) {
      const from = 31 - Math.clz32(m & -m);
      const c = cells[from];
      for (let targets = this.targets(from); targets !== 0; targets &= targets - 1) {
        const to = 31 - Math.clz32(targets & -targets);
        out[n++] =
          c === OWN_LION
            ? frame.rank(to, opp, hand, -1, 0, -1, 0)
            : frame.rank(own, opp, hand, from, EMPTY, to, c === OWN_CHICK && to < 3 ? OWN_HEN : c);
      }
    }
    const empty = this.drops();
    for (let k = 0; k < KINDS; k++) {
      if (((this.hand / KIND_WEIGHT[k]) | 0) % 3 === 0) continue;
      // The dropped piece's cell: giraffe 1, elephant 2, chick 3.
      for (let m = empty; m !== 0; m &= m - 1)
        out[n++] = frame.rank(own, opp, hand, 31 - Math.clz32(m & -m), k + 1, -1, 0);
    }
    return n;
  }

  parents(p: number, out: Int32Array): number {
    this.decode(p);
    const cells = this.cells;
    const own = this.own;
    // The mover's lion on the opponent's home rank: every parent would be over.
    if (rowOf(own) === 0) return 0;
    // The larger index of a position and its mirror image is never a child.
    if (!this.isCanonical(p)) return 0;
    // The opponent's pieces attacking the mover's lion: a parent that keeps one of them is over.
    const attackers = this.attackersOf(own);
    if ((attackers & (attackers - 1)) !== 0) return 0;
    // The parents' mover is the opponent: their hand here, less what an un-capture puts back.
    const hand = this.oppHand;
    const empty = ~(this.ownMask | this.oppMask) & ALL;
    let n = 0;
    for (let m = this.oppMask; m !== 0; m &= m - 1) {
      const to = 31 - Math.clz32(m & -m);
      if (attackers !== 0 && attackers !== 1 << to) continue;
      if (this.symmetric && fileOf(to) === 2) continue;
      const c = cells[to];
      // Where the piece stepped from (a chick on the mover's home rank was dropped there).
      let sources =
        c === OPP_CHICK && rowOf(to) === ROWS - 1 ? 0 : UP[TYPE_OF_CELL[c] * SQUARES + to] & empty;
      if (this.symmetric && fileOf(to) === 1) sources &= ~FILE_C_MASK;
      for (; sources !== 0; sources &= sources - 1) {
        const from = 31 - Math.clz32(sources & -sources);
        if (!((DOWN[TYPE_OF_CELL[c] * SQUARES + from] >> own) & 1))
          n = this.unmoves(out, n, from, c, to, hand);
        // A hen on the mover's home rank that stepped straight down may have been a chick that promoted.
        if (
          c === OPP_HEN &&
          rowOf(to) === ROWS - 1 &&
          from === to - 3 &&
          !((DOWN[CHICK * SQUARES + from] >> own) & 1)
        ) {
          n = this.unmoves(out, n, from, OPP_CHICK, to, hand);
        }
      }
      // A giraffe, elephant or chick dropped on `to`.
      if (c !== OPP_HEN && c !== OPP_LION)
        out[n++] = this.frame.rank(own, this.opp, hand + KIND_WEIGHT[KIND_OF_CELL[c]], to, EMPTY, -1, 0);
    }
    return n;
  }

  /**
   * The parents where the opponent's piece on `to` stood on `from` as `before`:
   * `to` was empty, or held a piece of the mover's that went to the
   * opponent's hand (a chick from hand may have been a chick or a hen).
   */
  private unmoves(
    out: Int32Array,
    n: number,
    from: number,
    before: number,
    to: number,
    hand: number,
  ): number {
    out[n++] = this.unmove(from, before, to, EMPTY, hand);
    for (let k = 0; k < KINDS; k++) {
      if (((hand / KIND_WEIGHT[k]) | 0) % 3 === 0) continue;
      out[n++] = this.unmove(from, before, to, k + 1, hand - KIND_WEIGHT[k]);
      if (k === CHICK) out[n++] = this.unmove(from, before, to, OWN_HEN, hand - KIND_WEIGHT[k]);
    }
    return n;
  }

  private unmove(from: number, before: number, to: number, taken: number, hand: number): number {
    return before === OPP_LION
      ? this.frame.rank(this.own, from, hand, to, taken, -1, 0)
      : this.frame.rank(this.own, this.opp, hand, to, taken, from, before);
  }
}
