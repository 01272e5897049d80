/**
 * Connect Four bitboards: a W×H board as a 64-bit set of cells held in two
 * 32-bit halves (`lo` = bits 0–31, `hi` = bits 32–63), because JavaScript
 * has fast bit operations on 32-bit integers only (a BigInt or a
 * BigUint64Array element is several times slower per operation; see the
 * Connect Four benchmark).
 *
 * Layout (as in strong solvers): column-major, H + 1 bits per column, bit
 * `c·(H+1) + r` is row r (from the bottom) of column c; the extra bit on top
 * of each column stays empty, so shifting by H+1 (a row of the board), H and
 * H+2 (the diagonals) never wraps from one column into the next. A position
 * is the player to move's stones (`cur`) and all stones (`mask`); the unique
 * key of a position is cur + mask.
 *
 * Operations write their 64-bit result into the `r0`/`r1` fields of the
 * `Bits` object (no allocation per call).
 */

/** A 64-bit scratch result. */
export class Bits {
  r0 = 0;
  r1 = 0;
}

/** x << s on a pair (s ≥ 0), into bits. */
export function shl(x0: number, x1: number, s: number, out: Bits): void {
  if (s === 0) {
    out.r0 = x0;
    out.r1 = x1;
  } else if (s < 32) {
    out.r1 = (x1 << s) | (x0 >>> (32 - s));
    out.r0 = x0 << s;
  } else if (s >= 64) {
    out.r0 = 0;
    out.r1 = 0;
  } else {
    out.r1 = x0 << (s - 32);
    out.r0 = 0;
  }
}

/** x >>> s on a pair (s ≥ 0), into bits. */
export function shr(x0: number, x1: number, s: number, out: Bits): void {
  if (s === 0) {
    out.r0 = x0;
    out.r1 = x1;
  } else if (s < 32) {
    out.r0 = (x0 >>> s) | (x1 << (32 - s));
    out.r1 = x1 >>> s;
  } else if (s >= 64) {
    out.r0 = 0;
    out.r1 = 0;
  } else {
    out.r0 = x1 >>> (s - 32);
    out.r1 = 0;
  }
}

/** x + y on pairs (modulo 2^64), into bits. */
export function add(x0: number, x1: number, y0: number, y1: number, out: Bits): void {
  const low = (x0 >>> 0) + (y0 >>> 0);
  out.r0 = low | 0;
  out.r1 = (x1 + y1 + (low > 0xffffffff ? 1 : 0)) | 0;
}

/** The board's geometry: masks that depend only on W and H. */
export class Geometry {
  readonly cells: number;
  /** The bottom cell of every column. */
  readonly bottom0: number;
  readonly bottom1: number;
  /** Every playable cell (not the spare top bits). */
  readonly board0: number;
  readonly board1: number;
  /** Per column: the top playable cell, the bottom cell, and the whole column. */
  readonly top0: Int32Array;
  readonly top1: Int32Array;
  readonly low0: Int32Array;
  readonly low1: Int32Array;
  readonly column0: Int32Array;
  readonly column1: Int32Array;
  /** Columns centre first: the order the moves are listed in (the search kernel tries them so too). */
  readonly order: Int32Array;
  private readonly t = new Bits();
  /** Every shift the win test uses (up to 3·(H+2)) stays below 32 bits. */
  private readonly fast: boolean;
  /** 2^(H+1): one column's bits as a number. */
  private readonly columnBase: number;
  /** When W·(H+1) ≤ 53: columnWeights[c] = 2^(c·(H+1)), read from the last (see mirrorExact). */
  private readonly columnWeights?: Float64Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.cells = width * height;
    this.fast = 3 * (height + 2) < 32;
    const h1 = height + 1;
    this.columnBase = 2 ** h1;
    if (width * h1 <= 53) this.columnWeights = Float64Array.from({ length: width }, (_, c) => 2 ** (c * h1));
    this.top0 = new Int32Array(width);
    this.top1 = new Int32Array(width);
    this.low0 = new Int32Array(width);
    this.low1 = new Int32Array(width);
    this.column0 = new Int32Array(width);
    this.column1 = new Int32Array(width);
    let b0 = 0;
    let b1 = 0;
    let all0 = 0;
    let all1 = 0;
    const setBit = (bit: number, arr0: Int32Array, arr1: Int32Array, c: number) => {
      if (bit < 32) arr0[c] |= 1 << bit;
      else arr1[c] |= 1 << (bit - 32);
    };
    for (let c = 0; c < width; c++) {
      setBit(c * h1, this.low0, this.low1, c);
      setBit(c * h1 + height - 1, this.top0, this.top1, c);
      for (let r = 0; r < height; r++) setBit(c * h1 + r, this.column0, this.column1, c);
      b0 |= this.low0[c];
      b1 |= this.low1[c];
      all0 |= this.column0[c];
      all1 |= this.column1[c];
    }
    this.bottom0 = b0;
    this.bottom1 = b1;
    this.board0 = all0;
    this.board1 = all1;
    this.order = new Int32Array(width);
    for (let i = 0; i < width; i++) {
      this.order[i] = (width >> 1) + Math.trunc(((1 - 2 * (i % 2)) * (i + 1)) / 2);
    }
  }

  /** The empty cells where the stones `p` would complete four in a row (mask = all stones), into out. */
  winningCells(p0: number, p1: number, m0: number, m1: number, out: Bits): void {
    if (this.fast) {
      this.winningCellsFast(p0, p1, m0, m1, out);
      return;
    }
    this.winningCellsAnyShift(p0, p1, m0, m1, out);
  }

  /**
   * The same when every shift is below 32 bits (H ≤ 8): shifts of the two
   * halves written out, no calls — the hot path of the search.
   */
  private winningCellsFast(p0: number, p1: number, m0: number, m1: number, out: Bits): void {
    let r0 = (p0 << 1) & (p0 << 2) & (p0 << 3);
    let r1 = ((p1 << 1) | (p0 >>> 31)) & ((p1 << 2) | (p0 >>> 30)) & ((p1 << 3) | (p0 >>> 29));
    for (let d = this.height; d <= this.height + 2; d++) {
      const d2 = 2 * d;
      const d3 = 3 * d;
      // q = (p << d) & (p << 2d): two stones to one side
      let q0 = (p0 << d) & (p0 << d2);
      let q1 = ((p1 << d) | (p0 >>> (32 - d))) & ((p1 << d2) | (p0 >>> (32 - d2)));
      r0 |= (q0 & (p0 << d3)) | (q0 & ((p0 >>> d) | (p1 << (32 - d))));
      r1 |= (q1 & ((p1 << d3) | (p0 >>> (32 - d3)))) | (q1 & (p1 >>> d));
      // q = (p >> d) & (p >> 2d): two stones to the other side
      q0 = ((p0 >>> d) | (p1 << (32 - d))) & ((p0 >>> d2) | (p1 << (32 - d2)));
      q1 = (p1 >>> d) & (p1 >>> d2);
      r0 |= (q0 & (p0 << d)) | (q0 & ((p0 >>> d3) | (p1 << (32 - d3))));
      r1 |= (q1 & ((p1 << d) | (p0 >>> (32 - d)))) | (q1 & (p1 >>> d3));
    }
    out.r0 = r0 & (this.board0 ^ m0);
    out.r1 = r1 & (this.board1 ^ m1);
  }

  private winningCellsAnyShift(p0: number, p1: number, m0: number, m1: number, out: Bits): void {
    const t = this.t;
    const h = this.height;
    // vertical: three stones below
    shl(p0, p1, 1, t);
    let a0 = t.r0;
    let a1 = t.r1;
    shl(p0, p1, 2, t);
    a0 &= t.r0;
    a1 &= t.r1;
    shl(p0, p1, 3, t);
    let r0 = a0 & t.r0;
    let r1 = a1 & t.r1;
    // horizontal (shift h+1) and the two diagonals (h, h+2)
    for (let d = h; d <= h + 2; d++) {
      shl(p0, p1, d, t);
      let q0 = t.r0;
      let q1 = t.r1;
      shl(p0, p1, 2 * d, t);
      q0 &= t.r0;
      q1 &= t.r1;
      shl(p0, p1, 3 * d, t);
      r0 |= q0 & t.r0;
      r1 |= q1 & t.r1;
      shr(p0, p1, d, t);
      r0 |= q0 & t.r0;
      r1 |= q1 & t.r1;
      shr(p0, p1, d, t);
      q0 = t.r0;
      q1 = t.r1;
      shr(p0, p1, 2 * d, t);
      q0 &= t.r0;
      q1 &= t.r1;
      shl(p0, p1, d, t);
      r0 |= q0 & t.r0;
      r1 |= q1 & t.r1;
      shr(p0, p1, 3 * d, t);
      r0 |= q0 & t.r0;
      r1 |= q1 & t.r1;
    }
    out.r0 = r0 & (this.board0 ^ m0);
    out.r1 = r1 & (this.board1 ^ m1);
  }

  /** The mirror image of the cells `x` (column c ↔ column W−1−c), into out. */
  mirror(x0: number, x1: number, out: Bits): void {
    if (this.columnWeights !== undefined) {
      this.mirrorExact(x0, x1, out, this.columnWeights);
      return;
    }
    const t = this.t;
    const h1 = this.height + 1;
    let r0 = 0;
    let r1 = 0;
    for (let c = 0; c < this.width; c++) {
      // Column c down to bit 0, then up to the mirrored column's place.
      shr(x0 & this.column0[c], x1 & this.column1[c], c * h1, t);
      shl(t.r0, t.r1, (this.width - 1 - c) * h1, t);
      r0 |= t.r0;
      r1 |= t.r1;
    }
    out.r0 = r0;
    out.r1 = r1;
  }

  /**
   * The same for a board of at most 53 cells with their spare bits: the cells
   * as one number, exact in a double, taken apart column by column (a
   * division by a power of two is exact) and put together mirrored; a
   * third faster than shifting the two halves.
   */
  private mirrorExact(x0: number, x1: number, out: Bits, weights: Float64Array): void {
    const base = this.columnBase;
    let v = (x1 >>> 0) * 2 ** 32 + (x0 >>> 0);
    let r = 0;
    for (let c = weights.length - 1; c >= 0; c--) {
      const rest = Math.floor(v / base);
      r += (v - rest * base) * weights[c];
      v = rest;
    }
    out.r0 = (r % 2 ** 32) | 0;
    out.r1 = (r / 2 ** 32) | 0;
  }

  /** True when the stones `p` hold four in a row. */
  hasFour(p0: number, p1: number): boolean {
    if (this.fast) return this.hasFourFast(p0, p1);
    return this.hasFourAnyShift(p0, p1);
  }

  /** The same with every shift below 32 bits written out (H ≤ 8). */
  private hasFourFast(p0: number, p1: number): boolean {
    // vertical: shifts by 1 and 2
    let m0 = p0 & ((p0 >>> 1) | (p1 << 31));
    let m1 = p1 & (p1 >>> 1);
    if ((m0 & ((m0 >>> 2) | (m1 << 30))) !== 0 || (m1 & (m1 >>> 2)) !== 0) return true;
    for (let d = this.height; d <= this.height + 2; d++) {
      m0 = p0 & ((p0 >>> d) | (p1 << (32 - d)));
      m1 = p1 & (p1 >>> d);
      const d2 = 2 * d;
      if ((m0 & ((m0 >>> d2) | (m1 << (32 - d2)))) !== 0 || (m1 & (m1 >>> d2)) !== 0) return true;
    }
    return false;
  }

  private hasFourAnyShift(p0: number, p1: number): boolean {
    const t = this.t;
    const h = this.height;
    for (let d = h; d <= h + 2; d++) {
      this.fourAlong(p0, p1, d, t);
      if ((t.r0 | t.r1) !== 0) return true;
    }
    this.fourAlong(p0, p1, 1, t);
    return (t.r0 | t.r1) !== 0;
  }

  private fourAlong(p0: number, p1: number, d: number, out: Bits): void {
    shr(p0, p1, d, out);
    const m0 = p0 & out.r0;
    const m1 = p1 & out.r1;
    shr(m0, m1, 2 * d, out);
    out.r0 &= m0;
    out.r1 &= m1;
  }
}

/** The geometry of each board size made so far: a size's games, books and inputs share one. */
const geometries = new Map<string, Geometry>();

/** The geometry of a `width` × `height` board, made once per size (its masks never change). */
export function geometryOf(width: number, height: number): Geometry {
  const size = `${width}x${height}`;
  let g = geometries.get(size);
  if (g === undefined) {
    g = new Geometry(width, height);
    geometries.set(size, g);
  }
  return g;
}
