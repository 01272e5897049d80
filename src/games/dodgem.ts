/**
 * Dodgem (Colin Vout's game, analysed in Winning Ways) on an n×n board,
 * n = 3, 4, 5. The first player's n−1 cars (x) start on the left edge, all
 * but the bottom-left corner, and move east, north or south; the second
 * player's n−1 cars (o) start on the bottom edge, all but that corner, and
 * move north, east or west. A car moves one square into an empty square; a
 * car on the far edge (x: the right column, o: the top row) may leave the
 * board by moving forward. A player who gets all own cars off wins; a player
 * who leaves the opponent no legal move loses. Positions repeat, so it is
 * solved by retrograde analysis.
 *
 * As an `IndexedGame` with a perfect hash and `parents()` (5×5 has 240
 * million positions, too many to explore and store a graph): the index of a
 * position is 2·(offset(a, b) + rank(A)·C(N−a, b) + rank(B)) + side, where A
 * and B are the squares of the a x-cars and b o-cars on the board (N = n²
 * squares), rank(A) is the colexicographic rank of A among the a-subsets of
 * the N squares, rank(B) that of B among the b-subsets of the N−a squares A
 * leaves free, and offset(a, b) counts the positions with fewer cars before.
 * Cars are bit masks of squares (square r·n + c, row 0 at the top), so moves
 * and un-moves are bit operations.
 *
 * Tiers: a car that leaves the board never comes back, so the positions with
 * a x-cars and b o-cars left — one range of indices, the block (a, b) — only
 * lead into themselves and into (a−1, b) and (a, b−1). The tier solver solves
 * the blocks one after another, fewest cars first (`tiers`).
 */

import { InputError } from '../core/errors.js';
import type { IndexedGame, NumberedGame } from '../core/game.js';
import { LOSE, NOT_PRIMITIVE, WIN } from '../core/outcome.js';
import { rangeTiers, type TierRange } from '../core/tier-forms.js';
import { formatValue } from '../core/value.js';
import { defineGame } from './kit/definition.js';

const X = 0;
const O = 1;
/** A move off the board, and no move (see `step`). */
const OFF = -1;
const NONE = -2;

function popcount(m: number): number {
  let v = m - ((m >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export class Dodgem implements IndexedGame {
  readonly kind = 'indexed' as const;
  readonly id: string;
  readonly size: number;
  readonly start: number;
  readonly maxMoves: number;
  readonly maxParents: number;
  /** Squares on the board. */
  private readonly squares: number;
  /** Cars per player. */
  private readonly cars: number;
  /** binom[x·(cars+1) + i] = C(x, i). */
  private readonly binom: Int32Array;
  /** colex[i][r]: the i-subset of squares with colexicographic rank r (the i-bit masks in increasing order). */
  private readonly colex: Int32Array[];
  /** stepTo[(side·3 + dir)·N + sq], cameFrom[…]: `step` and `origin` as tables. */
  private readonly stepTo: Int8Array;
  private readonly cameFrom: Int8Array;
  /** offset[a·(cars+1) + b]: positions (without the side bit) with fewer cars before the block (a, b). */
  private readonly offset: Float64Array;
  /** Every square's bit. */
  private readonly all: number;
  private readonly rightColumn: number;
  private readonly topRow: number;
  // The position decoded last (scratch, so decoding allocates nothing).
  private xs = 0;
  private os = 0;
  private side = 0;
  /** The index decoded last (primitive() and children() of one position decode it once). */
  private decoded = -1;
  /** The block of the index decoded last (the next index is most often in the same one). */
  private block = 0;

  constructor(readonly n: number) {
    this.id = `dodgem(size=${n})`;
    const squares = n * n;
    const cars = n - 1;
    this.squares = squares;
    this.cars = cars;
    this.binom = new Int32Array((squares + 1) * (cars + 1));
    for (let x = 0; x <= squares; x++) {
      for (let i = 0; i <= cars; i++) {
        this.binom[x * (cars + 1) + i] = i === 0 ? 1 : x === 0 ? 0 : this.c(x - 1, i - 1) + this.c(x - 1, i);
      }
    }
    this.colex = Array.from({ length: cars + 1 }, (_, i) => {
      const table = new Int32Array(this.c(squares, i));
      // Gosper's hack: the next larger mask with as many bits.
      for (let r = 0, m = 2 ** i - 1; r < table.length; r++) {
        table[r] = m;
        const low = m & -m;
        const ripple = m + low;
        m = ripple | (((m ^ ripple) / low) >>> 2);
      }
      return table;
    });
    this.stepTo = new Int8Array(6 * squares);
    this.cameFrom = new Int8Array(6 * squares);
    for (let side = 0; side < 2; side++) {
      for (let dir = 0; dir < 3; dir++) {
        for (let sq = 0; sq < squares; sq++) {
          this.stepTo[(side * 3 + dir) * squares + sq] = this.step(sq, dir, side);
          this.cameFrom[(side * 3 + dir) * squares + sq] = this.origin(sq, dir, side);
        }
      }
    }
    this.offset = new Float64Array((cars + 1) * (cars + 1) + 1);
    let total = 0;
    for (let a = 0; a <= cars; a++) {
      for (let b = 0; b <= cars; b++) {
        this.offset[a * (cars + 1) + b] = total;
        total += this.c(squares, a) * this.c(squares - a, b);
      }
    }
    this.offset[(cars + 1) * (cars + 1)] = total;
    this.size = 2 * total;
    this.maxMoves = 3 * cars;
    this.maxParents = 3 * cars + n;
    let right = 0;
    let top = 0;
    for (let r = 0; r < n; r++) right |= 1 << (r * n + n - 1);
    for (let col = 0; col < n; col++) top |= 1 << col;
    this.all = 2 ** squares - 1;
    this.rightColumn = right;
    this.topRow = top;
    let xs = 0;
    let os = 0;
    for (let r = 0; r < n - 1; r++) xs |= 1 << (r * n);
    for (let col = 1; col < n; col++) os |= 1 << ((n - 1) * n + col);
    this.start = this.encode(xs, os, X);
  }

  /** The blocks (a, b) as tiers: the index range of each, and the blocks a car leaving leads to. */
  get tiers(): NonNullable<NumberedGame['tiers']> {
    const k = this.cars + 1;
    const ranges: TierRange[] = [];
    for (let a = 0; a <= this.cars; a++) {
      for (let b = 0; b <= this.cars; b++) {
        const block = a * k + b;
        const children: number[] = [];
        if (a > 0) children.push(block - k);
        if (b > 0) children.push(block - 1);
        const start = 2 * this.offset[block];
        ranges.push({ start, size: 2 * this.offset[block + 1] - start, name: `x${a}-o${b}`, children });
      }
    }
    const game = rangeTiers(this, ranges);
    const value = {
      game,
      locate: (p: number) => {
        let tier = ranges.length - 1;
        while (ranges[tier].start > p) tier--;
        return { tier, index: p - ranges[tier].start };
      },
      numberOf: (tier: number, index: number) => ranges[tier].start + index,
    };
    Object.defineProperty(this, 'tiers', { value });
    return value;
  }

  private c(x: number, i: number): number {
    return this.binom[x * (this.cars + 1) + i];
  }

  /** The index of the position with x-cars `xs`, o-cars `os` and `side` to move. */
  encode(xs: number, os: number, side: number): number {
    const a = popcount(xs);
    const b = popcount(os);
    let rankX = 0;
    let i = 1;
    for (let m = xs; m !== 0; m &= m - 1) rankX += this.c(31 - Math.clz32(m & -m), i++);
    // o-cars are ranked among the squares the x-cars leave free.
    let rankO = 0;
    i = 1;
    for (let m = os; m !== 0; m &= m - 1) {
      const low = m & -m;
      const sq = 31 - Math.clz32(low);
      rankO += this.c(sq - popcount(xs & (low - 1)), i++);
    }
    const block = this.offset[a * (this.cars + 1) + b];
    return 2 * (block + rankX * this.c(this.squares - a, b) + rankO) + side;
  }

  /** Sets xs, os and side from an index. */
  private decode(p: number): void {
    if (p === this.decoded) return;
    this.decoded = p;
    this.side = p & 1;
    let r = (p - this.side) / 2;
    const k = this.cars + 1;
    let block = this.block;
    if (!(this.offset[block] <= r && r < this.offset[block + 1])) {
      block = 0;
      while (this.offset[block + 1] <= r) block++;
      this.block = block;
    }
    const a = Math.floor(block / k);
    const b = block - a * k;
    r -= this.offset[block];
    const blockO = this.c(this.squares - a, b);
    const rankX = Math.floor(r / blockO);
    this.xs = this.unrank(rankX, a, 0);
    this.os = this.unrank(r - rankX * blockO, b, this.xs);
  }

  /** The subset of size `count` with colex rank `rank` among the squares not in `taken`. */
  private unrank(rank: number, count: number, taken: number): number {
    const among = this.colex[count][rank];
    if (taken === 0) return among;
    // Bit j of `among` stands for the j-th square not taken: skip the taken squares at or below it.
    let mask = 0;
    for (let m = among; m !== 0; m &= m - 1) {
      let sq = 31 - Math.clz32(m & -m);
      for (let t = taken; t !== 0; t &= t - 1) if (31 - Math.clz32(t & -t) <= sq) sq++;
      mask |= 1 << sq;
    }
    return mask;
  }

  primitive(p: number): number {
    this.decode(p);
    const { xs, os, side } = this;
    // The player who just moved has no car left: they have won.
    if ((side === X ? os : xs) === 0) return LOSE;
    // The player to move has no legal move: the opponent left none, and loses.
    return this.moves(xs, os, side, undefined, undefined) === 0 ? WIN : NOT_PRIMITIVE;
  }

  children(p: number, out: Int32Array): number {
    this.decode(p);
    const { xs, os, side } = this;
    if ((side === X ? os : xs) === 0) return 0;
    return this.moves(xs, os, side, out, undefined);
  }

  moveCount(p: number): number {
    this.decode(p);
    const { xs, os, side } = this;
    if ((side === X ? os : xs) === 0) return 0;
    return this.moves(xs, os, side, undefined, undefined);
  }

  /**
   * Where a car of `side` on `sq` goes in direction `dir` (0: forward — x east,
   * o north; 1, 2: sideways — x north, south; o west, east): a square, OFF
   * when it leaves the board, or NONE.
   */
  private step(sq: number, dir: number, side: number): number {
    const n = this.n;
    const row = Math.floor(sq / n);
    const col = sq - row * n;
    if (side === X) {
      if (dir === 0) return col === n - 1 ? OFF : sq + 1;
      if (dir === 1) return row > 0 ? sq - n : NONE;
      return row < n - 1 ? sq + n : NONE;
    }
    if (dir === 0) return row === 0 ? OFF : sq - n;
    if (dir === 1) return col > 0 ? sq - 1 : NONE;
    return col < n - 1 ? sq + 1 : NONE;
  }

  /** Where a car of `side` now on `sq` came from by a move in direction `dir`, or NONE. */
  private origin(sq: number, dir: number, side: number): number {
    const n = this.n;
    const row = Math.floor(sq / n);
    const col = sq - row * n;
    if (side === X) {
      if (dir === 0) return col > 0 ? sq - 1 : NONE;
      if (dir === 1) return row < n - 1 ? sq + n : NONE;
      return row > 0 ? sq - n : NONE;
    }
    if (dir === 0) return row < n - 1 ? sq + n : NONE;
    if (dir === 1) return col < n - 1 ? sq + 1 : NONE;
    return col > 0 ? sq - 1 : NONE;
  }

  /**
   * Counts the moves of (xs, os, side) — cars in square order, each forward,
   * then sideways — writing the children into `out` and/or the names into
   * `names` when given.
   */
  private moves(
    xs: number,
    os: number,
    side: number,
    out: Int32Array | undefined,
    names: string[] | undefined,
  ): number {
    const empty = ~(xs | os) & this.all;
    const own = side === X ? xs : os;
    let count = 0;
    for (let m = own; m !== 0; m &= m - 1) {
      const bit = m & -m;
      const sq = 31 - Math.clz32(bit);
      for (let dir = 0; dir < 3; dir++) {
        const to = this.stepTo[(side * 3 + dir) * this.squares + sq];
        if (to === NONE || (to !== OFF && (empty & (1 << to)) === 0)) continue;
        if (out) {
          const mask = to === OFF ? own ^ bit : own ^ bit ^ (1 << to);
          out[count] = side === X ? this.encode(mask, os, O) : this.encode(xs, mask, X);
        }
        names?.push(`${this.square(sq)}-${to === OFF ? 'off' : this.square(to)}`);
        count++;
      }
    }
    return count;
  }

  parents(p: number, out: Int32Array): number {
    this.decode(p);
    const { xs, os, side } = this;
    // The player to move has no car: that player already won, nothing led here.
    if ((side === X ? xs : os) === 0) return 0;
    const mover = 1 - side;
    const own = mover === X ? xs : os;
    const empty = ~(xs | os) & this.all;
    let count = 0;
    for (let m = own; m !== 0; m &= m - 1) {
      const bit = m & -m;
      const sq = 31 - Math.clz32(bit);
      for (let dir = 0; dir < 3; dir++) {
        const from = this.cameFrom[(mover * 3 + dir) * this.squares + sq];
        if (from === NONE || (empty & (1 << from)) === 0) continue;
        const mask = own ^ bit ^ (1 << from);
        out[count++] = mover === X ? this.encode(mask, os, X) : this.encode(xs, mask, O);
      }
    }
    // A car that left the board from an edge square that is empty now.
    if (popcount(own) < this.cars) {
      for (let m = empty & (mover === X ? this.rightColumn : this.topRow); m !== 0; m &= m - 1) {
        const mask = own | (m & -m);
        out[count++] = mover === X ? this.encode(mask, os, X) : this.encode(xs, mask, O);
      }
    }
    return count;
  }

  private square(sq: number): string {
    const row = Math.floor(sq / this.n);
    return `${String.fromCharCode(97 + sq - row * this.n)}${this.n - row}`;
  }

  /** The board row by row from the top (`x`, `o`, `.`), rows joined by `/`, then the side to move. */
  show(p: number): string {
    this.decode(p);
    const rows: string[] = [];
    for (let r = 0; r < this.n; r++) {
      let row = '';
      for (let col = 0; col < this.n; col++) {
        const bit = 1 << (r * this.n + col);
        row += this.xs & bit ? 'x' : this.os & bit ? 'o' : '.';
      }
      rows.push(row);
    }
    return `${rows.join('/')} ${this.side === X ? 'x' : 'o'}`;
  }

  moveName(p: number, k: number): string {
    this.decode(p);
    const names: string[] = [];
    if (this.primitive(p) === NOT_PRIMITIVE) this.moves(this.xs, this.os, this.side, undefined, names);
    return names[k] ?? `move ${k}`;
  }

  parsePosition(text: string): number {
    const n = this.n;
    const m = /^\s*([xo./]+)\s+([xo])\s*$/.exec(text);
    const rows = m ? m[1].split('/') : [];
    if (!m || rows.length !== n || rows.some((r) => r.length !== n)) {
      throw new InputError(
        `${this.id}: a position is ${n} rows of ${n} squares (x, o, .) joined by '/', then the side to move (x or o), e.g. '${this.show(this.start)}'; not '${text}'`,
      );
    }
    let xs = 0;
    let os = 0;
    rows.forEach((row, r) => {
      for (let col = 0; col < n; col++) {
        if (row[col] === 'x') xs |= 1 << (r * n + col);
        if (row[col] === 'o') os |= 1 << (r * n + col);
      }
    });
    if (popcount(xs) > this.cars || popcount(os) > this.cars) {
      throw new InputError(`${this.id}: each player has at most ${this.cars} cars, not '${text}'`);
    }
    return this.encode(xs, os, m[2] === 'x' ? X : O);
  }
}

export const dodgemDefinition = defineGame({
  id: 'dodgem',
  summary:
    'race your cars across an n×n board and off the far edge; whoever leaves the opponent no move loses',
  params: [
    { name: 'size', type: 'int', default: 3, min: 3, max: 5, description: 'board side n (n−1 cars each)' },
  ],
  load: (params) => [new Dodgem(params.size)],
  answer: formatValue,
});
