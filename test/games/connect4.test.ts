/**
 * Connect Four: the bitboard search and the generic alpha-beta against
 * memoized negamax on boards small enough to enumerate (start and random
 * positions), start scores of small boards as a regression table, scores of
 * a sample of the public benchmark positions, every move's value searched in
 * the window its parent's score leaves, symmetry, the score
 * convention, and bad input.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { isKernelTable, NO_MOVE } from '../../src/core/search.js';
import { moveValue } from '../../src/core/value.js';
import {
  type Connect4Game,
  connect4,
  connect4Definition,
  connect4Score,
  parseMoves,
} from '../../src/games/connect4/index.js';
import {
  type Connect4Position,
  canonicalPosition,
  scoreToValue,
  valueToScore,
} from '../../src/games/connect4/position.js';
import { KERNEL_SHARED_BYTES } from '../../src/games/connect4/search.js';
import { alphaBeta } from '../../src/solvers/alphabeta.js';
import { solve } from '../../src/solvers/index.js';
import { MemoizedNegamax } from '../../src/solvers/negamax.js';
import { makeTable } from '../../src/solvers/transposition-table.js';
import { markTable, ThreadMarks } from '../../src/threads/search-marks.js';
import { BENCHMARK_POSITIONS } from './connect4-positions.js';

/** The same game without its own search: alpha-beta then runs its generic search on it. */
const generic = (g: Connect4Game) => ({ ...g, searcher: undefined, table: undefined });

/** A deterministic random position of `stones` stones (or fewer, if the game ends first). */
function randomPosition(g: Connect4Game, stones: number, seed: number) {
  let state = seed;
  let p = g.start;
  for (let i = 0; i < stones; i++) {
    const moves = g.moves(p);
    if (moves.length === 0 || g.primitive?.(p) !== undefined) break;
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    p = g.play(p, moves[state % moves.length]);
  }
  return p;
}

describe('connect4 against memoized negamax', () => {
  for (const [w, h, minStones, count] of [
    [4, 4, 0, 300],
    [5, 4, 8, 200],
    [4, 5, 8, 200],
  ]) {
    it(`${w}×${h}: ${minStones === 0 ? 'the start and ' : ''}${count} random positions agree (bitboard search; generic search on every 4th)`, () => {
      const g = connect4(w, h);
      const negamax = new MemoizedNegamax(g);
      const fast = alphaBeta(g, { tableBytes: 2 ** 20 });
      const slow = alphaBeta(generic(g), { tableBytes: 2 ** 20 });
      const positions = [g.start];
      for (let i = 1; i < count; i++)
        positions.push(randomPosition(g, minStones + (i % (w * h - minStones)), i));
      if (minStones > 0) positions.shift();
      positions.forEach((p, i) => {
        const expected = negamax.value(p);
        const shown = g.show?.(p);
        expect(fast.value(p), shown).toEqual(expected);
        if (i % 4 === 0) expect(slow.value(p), shown).toEqual(expected);
      });
    });
  }
});

describe("connect4 moves searched in the window their parent's score leaves", () => {
  it("5×4: every move of 150 random positions, the parent's score given as a book gives it", () => {
    const g = connect4(5, 4);
    const negamax = new MemoizedNegamax(g);
    // The parent's score in the search's own scale, from a solution of its own.
    const scores = alphaBeta(g, { tableBytes: 2 ** 20, deferStart: true });
    for (let i = 0; i < 150; i++) {
      const p = randomPosition(g, 6 + (i % 12), i + 1);
      const score = scores.bounds(p).lower;
      // A fresh solution and table: each child is searched in its window, not read from the parent's search.
      const s = alphaBeta(g, {
        tableBytes: 2 ** 16,
        deferStart: true,
        known: (q) => (q === p ? score : undefined),
      });
      const expected = g.moves(p).map((m) => moveValue(negamax.value(g.play(p, m)), undefined, false));
      expect(
        s.moves(p).map((mv) => mv.value),
        g.show?.(p),
      ).toEqual(expected);
    }
  });
});

describe('connect4 bitboard search against the generic search', () => {
  // Every board of width + height ≤ 13: random positions with at most 14 empty cells (few enough for
  // the generic search), both searches on tables of their own, the values identical.
  const sizes: [number, number][] = [];
  for (let w = 1; w <= 12; w++) for (let h = 1; w + h <= 13; h++) sizes.push([w, h]);
  it(`agrees on random positions of all ${sizes.length} board sizes up to width + height = 13`, () => {
    const searches = sizes.map(([w, h]) => {
      const g = connect4(w, h);
      return {
        g,
        fast: alphaBeta(g, { tableBytes: 2 ** 16, deferStart: true }),
        slow: alphaBeta(generic(g), { tableBytes: 2 ** 16, deferStart: true }),
      };
    });
    fc.assert(
      fc.property(
        fc.nat(sizes.length - 1),
        fc.nat(14),
        fc.integer({ min: 1, max: 2 ** 30 }),
        (size, empty, seed) => {
          const { g, fast, slow } = searches[size];
          const p = randomPosition(g, Math.max(0, g.geometry.cells - empty), seed);
          expect(fast.value(p), g.show?.(p)).toEqual(slow.value(p));
        },
      ),
      { numRuns: 400, seed: 13 },
    );
  });
});

describe('connect4 on other board shapes', () => {
  // 9×6 keys need 63 bits (BigInt keys); 4×12 and 2×20 take the win test's path for shifts of 32 bits or more.
  for (const [w, h, stones] of [
    [9, 6, 40],
    [4, 12, 30],
    [2, 20, 18],
  ]) {
    it(`${w}×${h}: late positions agree with memoized negamax`, () => {
      const g = connect4(w, h);
      for (let seed = 1; seed <= 15; seed++) {
        let state = seed;
        let p = g.start;
        for (let i = 0; i < stones + (seed % 4); i++) {
          const ongoing = g.moves(p).filter((m) => g.primitive?.(g.play(p, m)) === undefined);
          if (ongoing.length === 0) break;
          state = (Math.imul(state, 1103515245) + 12345) >>> 0;
          p = g.play(p, ongoing[state % ongoing.length]);
        }
        const from = connect4(w, h, p);
        expect(alphaBeta(from, { tableBytes: 2 ** 18 }).value(p), from.show?.(p)).toEqual(
          new MemoizedNegamax(from).value(p),
        );
      }
    });
  }
});

describe('connect4 start scores', () => {
  /**
   * Who wins every board of width + height ≤ 13 (w, h ≥ 4) and on which move
   * the game ends with perfect play, from John Tromp's table of Connect Four
   * results (tromp.github.io/c4/c4.html), as reproduced in the README of
   * Christophe Steininger's c4 solver: [width, height, winner, last move].
   * The score for the first player follows from them: ±⌊(W·H + 2 − last
   * move) / 2⌋, 0 for a draw. The boards that take more than seconds (8×4,
   * 7×5, 6×6, 5×7, 4×9 and those of width + height = 13) are in the README,
   * from `npm run bench -- connect4 --sizes`.
   */
  const known: [number, number, 'first' | 'second' | 'draw', number][] = [
    [4, 4, 'draw', 16],
    [5, 4, 'draw', 20],
    [6, 4, 'second', 24],
    [7, 4, 'draw', 28],
    [4, 5, 'draw', 20],
    [5, 5, 'draw', 25],
    [6, 5, 'draw', 30],
    [4, 6, 'draw', 24],
    [5, 6, 'draw', 30],
    [4, 7, 'draw', 28],
    [4, 8, 'draw', 32],
  ];
  for (const [w, h, winner, last] of known) {
    const size = Math.floor((w * h + 2 - last) / 2);
    const score = winner === 'draw' ? 0 : winner === 'first' ? size : -size;
    it(`${w}×${h} scores ${score}`, () => {
      const g = connect4(w, h);
      expect(connect4Score(g, alphaBeta(g, { tableBytes: 2 ** 26 }).value(g.start))).toBe(score);
    });
  }

  it('boards narrower or lower than 4 agree with memoized negamax', () => {
    for (const [w, h] of [
      [1, 8],
      [2, 6],
      [3, 4],
      [3, 5],
      [8, 1],
      [6, 2],
      [4, 3],
      [5, 3],
    ]) {
      const g = connect4(w, h);
      expect(alphaBeta(g).value(g.start), `${w}×${h}`).toEqual(new MemoizedNegamax(g).value(g.start));
    }
  });
});

describe('connect4 benchmark positions', () => {
  for (const [set, lines] of Object.entries(BENCHMARK_POSITIONS)) {
    it(`reproduces the scores of a sample of ${set}`, () => {
      const input = lines.map((l) => l.split(' ')[0]).join('\n');
      const games = connect4Definition.load({ width: 7, height: 6 }, input) as Connect4Game[];
      const scores = games.map((g) => connect4Score(g, alphaBeta(g).value(g.start)));
      expect(scores).toEqual(lines.map((l) => Number(l.split(' ')[1])));
    });
  }
});

describe('connect4 symmetry', () => {
  it('gives a position and its mirror image the same value, with one table', () => {
    const g = connect4();
    const mirror = (moves: string) => [...moves].map((c) => String(8 - Number(c))).join('');
    const lines = BENCHMARK_POSITIONS.Test_L2_R1.slice(0, 15).map((l) => l.split(' ')[0]);
    const table = makeTable(g.table);
    for (const moves of lines) {
      const p = parseMoves(g.geometry, moves);
      const q = parseMoves(g.geometry, mirror(moves));
      const a = alphaBeta(connect4(7, 6, p), { table }).value(p);
      expect(alphaBeta(connect4(7, 6, q), { table }).value(q), moves).toEqual(a);
    }
  });
});

describe("connect4 search kernel (WebAssembly) on the solver's table", () => {
  // 7×6 keys take 49 bits: a 4 MB table holds them exactly in the compact layout, a 1 MB one only in the wide.
  for (const [layout, bytes] of [
    ['compact', 2 ** 22],
    ['wide', 2 ** 20],
  ] as const) {
    it(`shares the ${layout} table with JavaScript: each reads what the other wrote, and the probes count`, () => {
      const g = connect4();
      const [moves, expected] = BENCHMARK_POSITIONS.Test_L2_R2[0].split(' ');
      const p = parseMoves(g.geometry, moves);
      const game = connect4(7, 6, p);
      const key = new Int32Array(2);
      game.hash?.(canonicalPosition(g.geometry, p), key);
      // What the kernel proved about the position is in the table, as the table's own reader sees it.
      const table = makeTable(game.table, bytes);
      expect(table.layout).toBe(layout);
      expect(connect4Score(game, alphaBeta(game, { table }).value(p))).toBe(Number(expected));
      expect(table.probe(key[0], key[1])).toBe(true);
      expect(table.lower()).toBeLessThanOrEqual(Number(expected));
      expect(table.upper()).toBeGreaterThanOrEqual(Number(expected));
      expect(table.probes).toBeGreaterThan(0);
      expect(table.hits).toBeGreaterThan(0);
      // A (false) exact score stored from JavaScript is what the kernel then answers.
      const planted = makeTable(game.table, bytes);
      const wrong = Number(expected) + 2;
      planted.store(key[0], key[1], wrong, wrong, NO_MOVE, 31);
      expect(connect4Score(game, alphaBeta(game, { table: planted }).value(p))).toBe(wrong);
    });
  }
});

describe('connect4 marks of a parallel search, in the memory the threads share', () => {
  /** Searches the empty board until the fifth budget check, counting the marks set at each check. */
  function marksSeen(withThreads: boolean) {
    const g = connect4();
    const table = makeTable(g.table, 2 ** 22);
    if (!isKernelTable(table)) throw new Error('Connect Four searches a table in WebAssembly memory');
    const marks = new Int32Array(table.memory.buffer, table.sharedAt(), KERNEL_SHARED_BYTES / 4);
    const seen: number[] = [];
    const budget = {
      nodes: 0,
      expanded: 0,
      checkAt: 5000,
      check() {
        seen.push(marks.filter((m) => m !== 0).length);
        if (seen.length === 5) throw new Error('spent');
        budget.checkAt = budget.nodes + 5000;
      },
    };
    const others = withThreads ? new ThreadMarks(markTable(), 0) : undefined;
    const search = (g.searcher as NonNullable<Connect4Game['searcher']>)({
      table,
      budget,
      thread: 0,
      marks: others,
    });
    const p = parseMoves(g.geometry, '');
    search.bounds(p);
    expect(() => search.search(p, 0, 1)).toThrow('spent');
    return { seen, left: marks.filter((m) => m !== 0).length };
  }

  it('are set while the search is in a position and all taken back when it is cut short', () => {
    const { seen, left } = marksSeen(true);
    expect(Math.min(...seen)).toBeGreaterThan(0);
    expect(left).toBe(0);
  });

  it('are not set by a search without threads beside it', () => {
    const { seen, left } = marksSeen(false);
    expect(Math.max(...seen)).toBe(0);
    expect(left).toBe(0);
  });
});

describe('connect4 declares its symmetry (canonical)', () => {
  const mirror = (width: number, moves: string) =>
    [...moves].map((c) => String(width + 1 - Number(c))).join('');
  const key = (g: Connect4Game, p: ReturnType<typeof parseMoves>) => g.key(p) as number;

  it('maps a position and its mirror image to the one of the smaller key', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 7 }), fc.array(fc.nat(), { maxLength: 20 }), (w, picks) => {
        const g = connect4(w, 5);
        let p = g.start;
        let moves = '';
        for (const pick of picks) {
          const legal = g.moves(p);
          if (legal.length === 0) break;
          const c = legal[pick % legal.length];
          moves += String(c + 1);
          p = g.play(p, c);
        }
        const q = parseMoves(g.geometry, mirror(w, moves));
        const c = g.canonical?.(p);
        expect(c).toBeDefined();
        // The representative is one of the two, the one with the smaller key, and the same for both.
        expect([key(g, p), key(g, q)]).toContain(key(g, c as typeof p));
        expect(key(g, c as typeof p)).toBe(Math.min(key(g, p), key(g, q)));
        expect(g.canonical?.(q)).toEqual(c);
        expect(canonicalPosition(g.geometry, c as typeof p)).toBe(c);
        expect((c as typeof p).won).toBe(p.won);
        expect((c as typeof p).moves).toBe(p.moves);
      }),
      { numRuns: 300 },
    );
  });

  it('mirrors the stones of any board, as numbers (up to 53 cells with their spare bits) or by shifts', () => {
    // Every board a bitboard holds (W × (H + 1) ≤ 64): 8×6 and 9×6 take more than 53 bits.
    const sizes = fc
      .integer({ min: 4, max: 9 })
      .chain((w) => fc.tuple(fc.constant(w), fc.integer({ min: 4, max: Math.floor(64 / w) - 1 })));
    fc.assert(
      fc.property(sizes, fc.array(fc.nat(), { maxLength: 40 }), ([w, h], picks) => {
        const g = connect4(w, h);
        let p = g.start;
        let moves = '';
        for (const pick of picks) {
          const legal = g.moves(p);
          if (legal.length === 0 || p.won) break;
          const c = legal[pick % legal.length];
          moves += String(c + 1);
          p = g.play(p, c);
        }
        const q = parseMoves(g.geometry, mirror(w, moves));
        const out = { r0: 0, r1: 0 };
        g.geometry.mirror(p.cur0, p.cur1, out);
        expect([out.r0, out.r1]).toEqual([q.cur0, q.cur1]);
        g.geometry.mirror(p.mask0, p.mask1, out);
        expect([out.r0, out.r1]).toEqual([q.mask0, q.mask1]);
      }),
      { numRuns: 500 },
    );
  });

  it('4×4: 80,541 classes of 161,029 positions, every value as without folding', () => {
    const g = connect4(4, 4);
    const folded = solve(g, { solver: 'negamax' });
    const apart = solve(g, { solver: 'negamax', symmetry: false });
    expect(apart.stats.positions).toBe(161_029);
    expect(folded.stats.positions).toBe(80_541);
    for (let seed = 1; seed <= 200; seed++) {
      const p = randomPosition(g, seed % 14, seed);
      expect(folded.value(p)).toEqual(apart.value(p));
    }
  });
});

describe('connect4 score convention', () => {
  const g = connect4();
  it('converts values to scores and back', () => {
    expect(scoreToValue(g.geometry, 0, 21)).toEqual({ outcome: 'win', remoteness: 1 });
    expect(scoreToValue(g.geometry, 0, 1)).toEqual({ outcome: 'win', remoteness: 41 });
    expect(scoreToValue(g.geometry, 5, 0)).toEqual({ outcome: 'tie', remoteness: 37 });
    for (let n = 0; n <= 42; n++) {
      for (let s = -21; s <= 21; s++) {
        const v = scoreToValue(g.geometry, n, s);
        if (v.remoteness >= 0 && v.remoteness <= 42 - n + 1) expect(valueToScore(g.geometry, n, v)).toBe(s);
      }
    }
  });

  it('values a won position as lost for the player to move, and refuses it as an input line', () => {
    // The first player has four in column 1 after 7 stones: the second player to move has lost.
    const [game] = connect4Definition.load({ width: 7, height: 6 }, '121212\n') as Connect4Game[];
    const won = game.parsePosition?.('1212121') as Connect4Position;
    expect(alphaBeta(game).value(won)).toEqual({ outcome: 'lose', remoteness: 0 });
    // A line is read, and refused, when its game is read.
    expect(() => connect4Definition.load({ width: 7, height: 6 }, '4453\n1212121\n')[1]).toThrow(
      new InputError('the last stone makes four in a row: the game is over, there is nothing to solve', 2, 7),
    );
  });
});

describe('connect4 input', () => {
  // The last line's game (a line is read, and refused, when its game is read).
  const load =
    (text: string, width = 7, height = 6) =>
    () =>
      connect4Definition.load({ width, height }, text).at(-1);
  it('reads one game per line, an empty line being the empty board', () => {
    const games = connect4Definition.load({ width: 7, height: 6 }, '4453\n\n1\n') as Connect4Game[];
    expect(games.map((g) => g.start.moves)).toEqual([4, 0, 1]);
  });
  it('names the line and the character of an illegal move', () => {
    expect(load('44\n448\n')).toThrow(new InputError("'8' is not a column (1 … 7)", 2, 3));
    expect(load('4a')).toThrow(new InputError("'a' is not a column (1 … 7)", 1, 2));
    expect(load('1111111')).toThrow(new InputError('column 1 is full', 1, 7));
    expect(load('12121212')).toThrow(new InputError('column 2: the game is already won', 1, 8));
    expect(load('5', 4, 4)).toThrow(/'5' is not a column \(1 … 4\)/);
  });
  it('rejects an empty input and boards beyond 64 bits', () => {
    expect(load('')).toThrow(/the input is empty/);
    expect(load('1', 8, 8)).toThrow(/width × \(height \+ 1\) = 72 bits exceed the 64/);
  });
  it('parses positions the same way', () => {
    const g = connect4();
    expect(parseMoves(g.geometry, '4453').moves).toBe(4);
    expect(g.show?.(parseMoves(g.geometry, '4453'))).toBe(
      ['.......', '.......', '.......', '.......', '...o...', '..oxx..'].join('\n'),
    );
  });
});
