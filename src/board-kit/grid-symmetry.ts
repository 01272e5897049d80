/**
 * The symmetries of a rows×cols grid (cell r·cols + c): the 8 rotations and
 * reflections of a square, the 4 of a rectangle (identity, half turn, the two
 * mirrors). Each maps a mask of cells through four tables of 256 entries (one
 * per byte of the mask), so the image of a board costs O(kinds), not O(cells).
 */

export class GridSymmetry {
  /** The symmetries as cell permutations: cell i goes to perms[g][i]; perms[0] is the identity. */
  readonly perms: readonly Int8Array[];
  /** table[(g·4 + byte)·256 + v]: the image under g of the cells of byte `byte` set in v. */
  private readonly table: Int32Array;

  /** O(|G|·(cells + 1024)), once per grid. */
  constructor(
    readonly rows: number,
    readonly cols: number,
  ) {
    const cells = rows * cols;
    if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1 || cells > 31) {
      throw new RangeError(`grid symmetry: a ${rows}×${cols} grid; up to 31 cells fit a mask`);
    }
    const maps: ((r: number, c: number) => [number, number])[] = [
      (r, c) => [r, c],
      (r, c) => [rows - 1 - r, cols - 1 - c],
      (r, c) => [r, cols - 1 - c],
      (r, c) => [rows - 1 - r, c],
    ];
    if (rows === cols) {
      const n = rows - 1;
      maps.push(
        (r, c) => [c, r],
        (r, c) => [n - c, n - r],
        (r, c) => [c, n - r],
        (r, c) => [n - c, r],
      );
    }
    this.perms = maps.map((f) =>
      Int8Array.from({ length: cells }, (_, i) => {
        const [r, c] = f(Math.floor(i / cols), i % cols);
        return r * cols + c;
      }),
    );
    this.table = new Int32Array(this.perms.length * 4 * 256);
    this.perms.forEach((perm, g) => {
      for (let byte = 0; byte < 4; byte++) {
        const base = (g * 4 + byte) * 256;
        for (let v = 1; v < 256; v++) {
          const cell = byte * 8 + 31 - Math.clz32(v & -v);
          this.table[base + v] = this.table[base + (v & (v - 1))] | (cell < cells ? 1 << perm[cell] : 0);
        }
      }
    });
  }

  /** How many symmetries. */
  get order(): number {
    return this.perms.length;
  }

  /** The image of a mask of cells under symmetry g. O(1). */
  map(g: number, mask: number): number {
    const t = this.table;
    const b = g * 1024;
    return (
      t[b + (mask & 255)] |
      t[b + 256 + ((mask >>> 8) & 255)] |
      t[b + 512 + ((mask >>> 16) & 255)] |
      t[b + 768 + (mask >>> 24)]
    );
  }
}
