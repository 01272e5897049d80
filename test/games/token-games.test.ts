/**
 * The loopy token games: the subtraction game modulo n and tokens on a
 * digraph. Their boards' moves and parents agree with the rules written
 * here; a row of tokens solved as a whole game (retrograde analysis of every
 * row reachable from the start) agrees with the row decided as a sum of the
 * places' GSG values, on random boards and rows; rows differing only in
 * order are one position, and tokens on places without a move drop out.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digraphBoard, parseEdges } from '../../src/games/digraph.js';
import { type TokenBoard, tokenGame } from '../../src/games/impartial/token-game.js';
import { subtractionModBoard, subtractionModDefinition } from '../../src/games/subtraction-mod.js';
import { gsgValues, hasGsg } from '../../src/solvers/gsg.js';
import { analyzePositionsSum, gsgTheorySolution } from '../../src/solvers/gsg-sum.js';
import { solve } from '../../src/solvers/index.js';

function childrenOf(board: TokenBoard, p: number): number[] {
  const out = new Int32Array(Math.max(1, board.component.maxMoves));
  return Array.from(out.subarray(0, board.component.children(p, out)));
}

function parentsOf(board: TokenBoard, p: number): number[] {
  const out = new Int32Array(Math.max(1, board.component.maxParents ?? 0));
  return Array.from(out.subarray(0, board.component.parents?.(p, out) ?? 0));
}

/** Every board's parents are exactly the positions that list it as a child, as often. */
function expectParentsMatch(board: TokenBoard): void {
  const n = board.component.size;
  for (let c = 0; c < n; c++) {
    const expected: number[] = [];
    for (let p = 0; p < n; p++) for (const q of childrenOf(board, p)) if (q === c) expected.push(p);
    expect(
      parentsOf(board, c).sort((a, b) => a - b),
      `${board.name}: parents of ${c}`,
    ).toEqual(expected);
  }
}

/** A row solved whole and as a sum give the same outcome, and the sum's winning moves win. */
function expectSumMatchesRow(board: TokenBoard, tokens: number[]): void {
  const row = tokenGame('row', board, tokens);
  const solved = solve(row, { solver: 'retrograde' });
  const table = gsgValues(board.component);
  const sum = analyzePositionsSum(board.component, table, row.start);
  expect(sum.decision.outcome, `${board.name} ${tokens.join(' ')}`).toBe(solved.value(row.start).outcome);
  for (const m of sum.winning) {
    const to = childrenOf(board, row.start[m.component])[m.move];
    const move = row.moves(row.start).find((mv) => mv.token === m.component && mv.to === to);
    expect(move).toBeDefined();
    expect(solved.value(row.play(row.start, move as NonNullable<typeof move>)).outcome).toBe('lose');
  }
}

describe('subtraction modulo n', () => {
  it('moves from i to (i − s) mod n, none from 0, and its parents agree', () => {
    const board = subtractionModBoard(7, [2, 3]);
    expect(childrenOf(board, 0)).toEqual([]);
    expect(childrenOf(board, 1)).toEqual([6, 5]);
    expect(childrenOf(board, 5)).toEqual([3, 2]);
    expectParentsMatch(board);
    expectParentsMatch(subtractionModBoard(5, [5, 1, 6])); // s ≡ 0 and s ≡ 1 mod n: a self-loop, a repeated move
  });

  it('a row decided as a sum agrees with the row solved whole', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
        (n, set, tokens) => {
          const board = subtractionModBoard(n, set);
          expectParentsMatch(board);
          expectSumMatchesRow(
            board,
            tokens.map((t) => t % n),
          );
        },
      ),
      { numRuns: 120 },
    );
  });

  it('keeps rows in order, without tokens on 0', () => {
    const [game] = subtractionModDefinition.load({ n: 12, set: [2, 5], heaps: [9, 0, 7] });
    expect(game.start).toEqual([7, 9]);
    expect(game.show?.(game.start)).toBe('7 9');
    expect(game.play([7, 9], { token: 0, from: 7, to: 2 })).toEqual([2, 9]);
    expect(game.play([2, 9], { token: 0, from: 2, to: 0 })).toEqual([9]);
    expect(game.parsePosition?.('9 7 0')).toEqual([7, 9]);
    expect(game.show?.([])).toBe('no heaps');
  });
});

describe('rows too large to explore', () => {
  it('auto decides them from the board’s values, as retrograde analysis does for small rows', () => {
    const board = subtractionModBoard(10, [2, 3]);
    const small = tokenGame('small', board, [9, 7, 4]);
    const theory = gsgTheorySolution(small, 'test');
    const solved = solve(small);
    expect(solved.solver).toBe('retrograde');
    for (const p of [small.start, [1, 2], [9, 9, 9], [8], []]) {
      expect(theory.value(p).outcome, p.join(' ')).toBe(solved.value(p).outcome);
    }
    const large = tokenGame('large', subtractionModBoard(100_000, [2, 3, 7]), [99_999, 5, 12, 77, 31]);
    const auto = solve(large);
    expect(auto.solver).toBe('gsg-theory');
    expect(auto.reason).toMatch(/generalized Sprague–Grundy values of their board/);
    // It answers the row's value too, as the sum of its tokens' values.
    const table = gsgValues(large.board.component);
    expect(hasGsg(auto) && auto.gsg(large.start)).toEqual(
      analyzePositionsSum(large.board.component, table, large.start).decision.value,
    );
    expect(
      Number.isNaN(auto.value(large.start).remoteness) || auto.value(large.start).outcome === 'draw',
    ).toBe(true);
  });
});

describe('tokens on a digraph', () => {
  it('reads arrows, and says what is wrong with a bad one', () => {
    expect(parseEdges('1>0 2>1')).toEqual([
      { from: 1, to: 0 },
      { from: 2, to: 1 },
    ]);
    expect(parseEdges('1-0')).toMatch(/not an arrow/);
    expect(parseEdges('1>32')).toMatch(/places are 0 … 31/);
  });

  it('a row decided as a sum agrees with the row solved whole, on random graphs', () => {
    const arrows = fc.array(fc.tuple(fc.nat(6), fc.nat(6)), { minLength: 1, maxLength: 14 });
    fc.assert(
      fc.property(arrows, fc.array(fc.nat(6), { minLength: 1, maxLength: 3 }), (edges, tokens) => {
        const board = digraphBoard(edges.map(([a, b]) => `${a}>${b}`).join(' '));
        expectParentsMatch(board);
        expectSumMatchesRow(
          board,
          tokens.map((t) => t % board.component.size),
        );
      }),
      { numRuns: 120 },
    );
  });
});
