/**
 * The board-numbering kit against brute-force enumeration on small layouts:
 * every numbering must be a bijection onto 0 … size−1 in the order it
 * promises (colex for subsets, lexicographic for compositions), unrank must
 * invert rank, a changed board's rank must be the full rank of the changed
 * board, and the symmetry classes must be exactly the orbits of the group.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BoardClasses,
  binomial,
  Compositions,
  cellsToMasks,
  compress,
  deposit,
  GridSymmetry,
  Multinomial,
  masksToCells,
  Product,
  popcount,
  Subsets,
} from '../../src/board-kit/index.js';

/** Every board of `cells` cells with the given counts of kinds 1 … k, as arrays of cells, in no particular order. */
function allBoards(cells: number, counts: readonly number[]): number[][] {
  const out: number[][] = [];
  const left = [...counts];
  const board = new Array<number>(cells).fill(0);
  const empties = cells - counts.reduce((a, c) => a + c, 0);
  const fill = (c: number, emptyLeft: number) => {
    if (c === cells) {
      out.push([...board]);
      return;
    }
    if (emptyLeft > 0) {
      board[c] = 0;
      fill(c + 1, emptyLeft - 1);
    }
    for (let k = 0; k < left.length; k++) {
      if (left[k] === 0) continue;
      left[k]--;
      board[c] = k + 1;
      fill(c + 1, emptyLeft);
      left[k]++;
    }
    board[c] = 0;
  };
  fill(0, empties);
  return out;
}

describe('subsets', () => {
  it('ranks the c-bit masks of n cells in increasing order (colex), and unranks them back', () => {
    for (let n = 0; n <= 12; n++) {
      for (let c = 0; c <= n; c++) {
        const s = new Subsets(n, c);
        const masks: number[] = [];
        for (let m = 0; m < 1 << n; m++) if (popcount(m) === c) masks.push(m);
        expect(s.size).toBe(masks.length);
        masks.forEach((m, r) => {
          expect(s.rank(m)).toBe(r);
          expect(s.unrank(r)).toBe(m);
        });
      }
    }
  });

  it('unranks without a table on a large layout (31 cells, 12 pieces) as rank expects', () => {
    const s = new Subsets(31, 12);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: s.size - 1 }), (r) => {
        const m = s.unrank(r);
        expect(popcount(m)).toBe(12);
        expect(s.rank(m)).toBe(r);
      }),
    );
  });
});

describe('compress and deposit', () => {
  it('deposit puts the low bits at the set cells of a mask, and compress takes them back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0x7fffffff }),
        fc.integer({ min: 0, max: 0x7fffffff }),
        (free, v) => {
          const bits = v & (2 ** popcount(free) - 1);
          const d = deposit(bits, free);
          expect(d & ~free).toBe(0);
          expect(popcount(d)).toBe(popcount(bits));
          expect(compress(d, free)).toBe(bits);
          // The j-th cell of free holds bit j.
          let j = 0;
          for (let c = 0; c < 31; c++) if (free & (1 << c)) expect((d >>> c) & 1).toBe((bits >>> j++) & 1);
        },
      ),
    );
  });
});

describe('multinomial', () => {
  const layouts: [number, number[]][] = [
    [5, [2, 1]],
    [6, [2, 2]],
    [7, [1, 2, 1]],
    [9, [3, 3]],
    [8, [4, 4]],
    [6, [0, 3]],
    [4, [0, 0]],
  ];
  for (const [cells, counts] of layouts) {
    it(`numbers every board of ${cells} cells with counts ${counts.join(', ')} once, and unranks it back`, () => {
      const m = new Multinomial(cells, counts);
      const boards = allBoards(cells, counts);
      expect(m.size).toBe(boards.length);
      const seen = new Set<number>();
      const masks = new Int32Array(counts.length);
      for (const b of boards) {
        const r = m.rankCells(b);
        expect(Number.isInteger(r) && r >= 0 && r < m.size).toBe(true);
        seen.add(r);
        expect(m.unrankCells(r)).toEqual(b);
        cellsToMasks(b, counts.length, masks);
        expect(m.rank(masks)).toBe(r);
      }
      expect(seen.size).toBe(boards.length);
    });
  }

  it("ranks a board after a piece moves, is added or is removed as the changed board's full rank (Teeko's layout)", () => {
    const before = new Multinomial(25, [4, 4]);
    const fewer = new Multinomial(25, [3, 4]);
    const masks = new Int32Array(2);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: before.size - 1 }),
        fc.integer({ min: 0, max: 1 }),
        fc.nat(),
        fc.nat(),
        (r, kind, a, b) => {
          before.unrank(r, masks);
          const own = [...masks[kind].toString(2)].reverse().flatMap((bit, i) => (bit === '1' ? [i] : []));
          const empty: number[] = [];
          for (let c = 0; c < 25; c++) if (((masks[0] | masks[1]) & (1 << c)) === 0) empty.push(c);
          const from = own[a % own.length];
          const to = empty[b % empty.length];
          const moved = Array.from(masks);
          moved[kind] ^= (1 << from) | (1 << to);
          expect(before.rankChanged(masks, kind, (1 << from) | (1 << to))).toBe(before.rank(moved));
          if (kind === 0) {
            const removed = [masks[0] ^ (1 << from), masks[1]];
            expect(fewer.rankChanged(masks, 0, 1 << from)).toBe(fewer.rank(removed));
            // Adding it back is the inverse.
            expect(before.rankChanged(removed, 0, 1 << from)).toBe(r);
          }
          // The board itself is not changed.
          expect(before.rank(masks)).toBe(r);
        },
      ),
    );
  });
});

describe('compositions', () => {
  it('numbers the compositions of s seeds into n pits in lexicographic order', () => {
    for (let pits = 1; pits <= 5; pits++) {
      for (let seeds = 0; seeds <= 6; seeds++) {
        const all: number[][] = [];
        const build = (prefix: number[], left: number) => {
          if (prefix.length === pits - 1) {
            all.push([...prefix, left]);
            return;
          }
          for (let v = 0; v <= left; v++) build([...prefix, v], left - v);
        };
        build([], seeds);
        const c = new Compositions(seeds, pits);
        expect(c.size).toBe(all.length);
        const out = new Array<number>(pits);
        all.forEach((p, r) => {
          expect(c.rank(p)).toBe(r);
          c.unrank(r, out);
          expect(out).toEqual(p);
        });
      }
    }
  });

  it('round-trips Kalah-sized compositions (48 seeds in 14 pits) at random', () => {
    const c = new Compositions(48, 14);
    expect(c.size).toBe(binomial(61, 13));
    const out = new Array<number>(14);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: c.size - 1 }), (r) => {
        c.unrank(r, out);
        expect(out.reduce((a, v) => a + v, 0)).toBe(48);
        expect(c.rank(out)).toBe(r);
      }),
    );
  });
});

describe('product', () => {
  it('numbers every combination of parts once, first part most significant', () => {
    const sizes = [3, 1, 4, 2];
    const p = new Product(sizes);
    expect(p.size).toBe(24);
    let expected = 0;
    const out = new Array<number>(4);
    for (let a = 0; a < 3; a++)
      for (let b = 0; b < 1; b++)
        for (let c = 0; c < 4; c++)
          for (let d = 0; d < 2; d++) {
            expect(p.rank([a, b, c, d])).toBe(expected);
            p.unrank(expected, out);
            expect(out).toEqual([a, b, c, d]);
            expected++;
          }
  });
});

describe('grid symmetries and classes', () => {
  /** The image of a board of cells under a permutation. */
  const apply = (perm: Int8Array, cells: number[]) => {
    const out = new Array<number>(cells.length);
    for (let c = 0; c < cells.length; c++) out[perm[c]] = cells[c];
    return out;
  };

  it('has 8 symmetries on a square and 4 on a rectangle, each a distinct permutation closed under composition', () => {
    for (const [rows, cols, order] of [
      [3, 3, 8],
      [4, 4, 8],
      [2, 3, 4],
      [3, 5, 4],
    ]) {
      const g = new GridSymmetry(rows, cols);
      expect(g.order).toBe(order);
      const keys = new Set(g.perms.map((p) => p.join(',')));
      expect(keys.size).toBe(order);
      for (const a of g.perms)
        for (const b of g.perms) expect(keys.has(Int8Array.from(a, (x) => b[x]).join(','))).toBe(true);
      // The mask tables agree with the permutations.
      for (let t = 0; t < g.order; t++) {
        for (let m = 0; m < 1 << Math.min(rows * cols, 12); m++) {
          let image = 0;
          for (let c = 0; c < rows * cols; c++) if (m & (1 << c)) image |= 1 << g.perms[t][c];
          expect(g.map(t, m)).toBe(image);
        }
      }
    }
  });

  const cases: [number, number, number[]][] = [
    [3, 3, [1, 1]],
    [3, 3, [2, 2]],
    [3, 3, [3, 2]],
    [4, 4, [2, 1]],
    [2, 3, [2, 2]],
    [4, 4, [2, 2]],
  ];
  for (const [rows, cols, counts] of cases) {
    it(`numbers the classes of ${rows}×${cols} boards with counts ${counts.join(', ')} as the orbits found by brute force`, () => {
      const sym = new GridSymmetry(rows, cols);
      const boards = new Multinomial(rows * cols, counts);
      const classes = new BoardClasses(boards, sym);
      // The orbits by brute force: each board's class is the smallest key among its images.
      const orbitOf = new Map<string, string>();
      for (const b of allBoards(rows * cols, counts)) {
        const images = sym.perms.map((p) => apply(p, b).join(''));
        orbitOf.set(b.join(''), images.sort()[0]);
      }
      const orbits = new Set(orbitOf.values());
      expect(classes.count).toBe(orbits.size);
      const masks = new Int32Array(counts.length);
      const classOfOrbit = new Map<string, number>();
      for (const b of allBoards(rows * cols, counts)) {
        cellsToMasks(b, counts.length, masks);
        const i = classes.classOf(masks);
        expect(i >= 0 && i < classes.count).toBe(true);
        const orbit = orbitOf.get(b.join('')) as string;
        const known = classOfOrbit.get(orbit);
        if (known === undefined) classOfOrbit.set(orbit, i);
        else expect(i).toBe(known);
        // The representative is in the same orbit, and the canonical symmetry takes b to it.
        const rep = new Int32Array(counts.length);
        classes.representative(i, rep);
        expect(orbitOf.get(masksToCells(rep, rows * cols).join(''))).toBe(orbit);
        const g = classes.canonicalSymmetry(masks);
        expect(apply(sym.perms[g], b)).toEqual(masksToCells(rep, rows * cols));
      }
      expect(new Set(classOfOrbit.values()).size).toBe(orbits.size);
    });
  }
});
