/**
 * Seeded random inputs for the built-in problems, valid by their statements,
 * of a chosen size: the tests answer them with yomi and with the reference
 * solvers (references.ts) and compare. Each problem also says how large its
 * inputs may be for many quick in-process runs (`small`) and which sizes the
 * `yomi solve` runs grow through (`growing`, up to the problem's limits).
 */

import type { Random } from '../../src/core/random.js';

export interface RandomInputs {
  /** A valid input whose dimensions are at most `size` (and at least half of it). */
  input(random: Random, size: number): string;
  small: number;
  growing: number[];
}

/** An integer in lo … hi. */
const between = (random: Random, lo: number, hi: number) => lo + random.below(hi - lo + 1);

/** A dimension of an input of this size: at least half of it, at most all of it. */
const side = (random: Random, size: number) => between(random, Math.ceil(size / 2), size);

/** Rows of `width` characters, `yes` with probability `p`, else `no`. */
function grid(random: Random, height: number, width: number, p: number, yes: string, no: string): string[] {
  return Array.from({ length: height }, () =>
    Array.from({ length: width }, () => (random.next() < p ? yes : no)).join(''),
  );
}

/** `count` distinct integers in 1 … `max`, in increasing order. */
function distinct(random: Random, count: number, max: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(between(random, 1, max));
  return [...chosen].sort((a, b) => a - b);
}

/** Values up to 9, up to 99 or up to 10^9: small ranges give ties and draws, large ones wide margins. */
const valueRange = (random: Random) => [9, 99, 1e9][random.below(3)];

const lines = (...rows: (string | number[])[]) =>
  `${rows.map((r) => (typeof r === 'string' ? r : r.join(' '))).join('\n')}\n`;

export const RANDOM_INPUTS: Record<string, RandomInputs> = {
  abc201d: {
    input(random, size) {
      const [h, w] = [side(random, size), side(random, size)];
      return lines(`${h} ${w}`, ...grid(random, h, w, random.next(), '+', '-'));
    },
    small: 8,
    growing: [3, 10, 40, 200, 800, 2000],
  },
  'edpc-k': {
    input(random, size) {
      const k = side(random, size);
      const largest = between(random, 1, k);
      const amounts = distinct(random, side(random, Math.min(100, largest)), largest);
      return lines([amounts.length, k], amounts);
    },
    small: 40,
    growing: [10, 100, 1_000, 10_000, 100_000],
  },
  'edpc-l': {
    input(random, size) {
      const n = side(random, size);
      const top = valueRange(random);
      return lines(
        [n],
        Array.from({ length: n }, () => between(random, 1, top)),
      );
    },
    small: 12,
    growing: [5, 30, 200, 1_000, 3_000],
  },
  arc038b: {
    input(random, size) {
      const [h, w] = [side(random, size), side(random, size)];
      const rows = grid(random, h, w, random.next() / 2, '#', '.');
      rows[0] = `.${rows[0].slice(1)}`;
      return lines(`${h} ${w}`, ...rows);
    },
    small: 8,
    growing: [3, 10, 30, 100],
  },
  arc038d: {
    input(random, size) {
      const n = side(random, size);
      const m = side(random, Math.min(2 * n, 200_000));
      const top = valueRange(random);
      // Half the inputs are ladders: an edge from every vertex to the next (the last to the first),
      // high values on even vertices and low ones on odd vertices, and the other edges at random. The
      // first player then gains only by forcing a long way up: the answer depends on many moves ahead.
      const ladder = random.below(2) === 0;
      const value = (v: number) =>
        !ladder
          ? between(random, 0, top)
          : v % 2 === 0
            ? between(random, Math.ceil(top / 2), top)
            : between(random, 0, Math.floor(top / 2));
      const edges = Array.from({ length: m }, (_, k) =>
        ladder && k < n
          ? `${k + 1} ${((k + 1) % n) + 1}`
          : `${between(random, 1, n)} ${between(random, 1, n)}`,
      );
      return lines(
        [n, m],
        Array.from({ length: n }, (_, i) => value(i + 1)),
        ...edges,
      );
    },
    small: 8,
    growing: [5, 50, 500, 5_000, 50_000, 100_000],
  },
  'grid-duel': {
    input(random, size) {
      const n = Math.max(2, side(random, size));
      const m = Math.max(1, Math.min(5, size - 1)); // at most 4^10 lines of play for the plain max/min
      const alice = random.below(n * n);
      const bob = (alice + between(random, 1, n * n - 1)) % (n * n);
      const top = valueRange(random);
      const rows = Array.from({ length: n }, () => Array.from({ length: n }, () => between(random, 0, top)));
      const square = (cell: number) => [Math.floor(cell / n) + 1, (cell % n) + 1];
      return lines([n, m], [...square(alice), ...square(bob)], ...rows);
    },
    small: 4,
    growing: [3, 4, 6, 8],
  },
  'jag2015-d': {
    input(random, size) {
      const datasets = Array.from({ length: between(random, 1, 3) }, () => {
        const [h, w] = [side(random, size), side(random, size)];
        // Random walls keep Alice near the border: she escapes from a few cells there or not at all.
        // In half the boards, sides above and below cells are mostly `a` and sides left and right
        // mostly `1 − a`: whatever Bob does, a step up or left (or down or right) is open, so Alice
        // walks far — and the noise decides where she is stopped.
        const drift = random.below(2) === 0;
        const a = random.below(2);
        const p = random.next();
        const noise = random.next() ** 3 * Math.min(0.3, 3 / size);
        const side01 = (across: boolean) =>
          !drift ? Number(random.next() < p) : (across ? a : 1 - a) ^ Number(random.next() < noise);
        const walls = (count: number, across: boolean) => Array.from({ length: count }, () => side01(across));
        const rows: number[][] = [[h, w, between(random, 1, h), between(random, 1, w)]];
        for (let i = 0; i <= h; i++) {
          rows.push(walls(w, true));
          if (i < h) rows.push(walls(w + 1, false));
        }
        return lines(...rows);
      });
      return `${datasets.join('')}0 0 0 0\n`;
    },
    small: 5,
    growing: [2, 8, 30, 100, 300, 500],
  },
};
