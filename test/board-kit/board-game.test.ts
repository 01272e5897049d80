/**
 * `boardGame` beyond Teeko's happy path: parents from reverse graphs (rules
 * without un-moves) give the values un-moves give; a reverse graph too large
 * for its limit is refused in one line; `checkGame` finds wrong un-moves and
 * a move into a tier the layout does not declare, and rules that break
 * their promise of distinct moves; a board outside the layout is named in
 * one line. Rules on masks: each mistake of theirs (a board off the grid or
 * with two pieces on a cell, in an undeclared tier, more boards than
 * maxMoves, a missing half) is one line, and `yomi check` holds them to the
 * rules on cells.
 */

import { describe, expect, it } from 'vitest';
import { type CarMove, dodgemRules } from '../../examples/dodgem-board.js';
import { dodgemMasks, dodgemOnMasks } from '../../examples/dodgem-masks.js';
import { type BoardRules, boardGame } from '../../src/board-kit/index.js';
import { checkGame } from '../../src/check/run.js';
import { GameError } from '../../src/core/errors.js';
import type { Game } from '../../src/core/game.js';
import { formatValue } from '../../src/core/value.js';
import { type TeekoMove, teekoRules } from '../../src/games/teeko.js';
import { solve } from '../../src/solvers/index.js';

const withoutUnmoves = (rules: BoardRules<TeekoMove>): BoardRules<TeekoMove> => {
  const { unmoves: _, maxUnmoves: __, ...rest } = rules;
  return rest;
};

describe('boardGame', () => {
  it('solves by reverse graphs built per tier what it solves by un-moves, position by position (Teeko 3×3)', () => {
    const byUnmoves = boardGame(teekoRules(3, 3));
    const byGraphs = boardGame(withoutUnmoves(teekoRules(3, 3)));
    expect(byGraphs.indexed.game.parents).toBeUndefined();
    const a = solve(byUnmoves, { solver: 'tiers' });
    const b = solve(byGraphs, { solver: 'tiers' });
    for (let i = 0; i < byUnmoves.indexed.game.size; i++) {
      const board = byUnmoves.indexed.positionOf(i);
      expect(formatValue(b.value(board))).toBe(formatValue(a.value(board)));
    }
  });

  it('refuses a reverse graph larger than its limit in one line', () => {
    const game = boardGame(withoutUnmoves(teekoRules(4, 3)), { reverseGraphBytes: 1 << 16 });
    expect(() => solve(game, { solver: 'tiers' })).toThrow(
      /the reverse graph into tier pieces-\S+ from pieces-\S+ may need \d+ MiB, more than the 0 MiB allowed; give the rules unmoves\(\)/,
    );
  });

  it('is caught by yomi check when its un-moves miss the steps of the move phase', () => {
    const rules = teekoRules(3, 3);
    const broken: BoardRules<TeekoMove> = {
      ...rules,
      unmoves: (b) => (rules.unmoves?.(b) ?? []).filter((q) => q.cells.filter((v) => v !== 0).length < 6),
    };
    const report = checkGame(boardGame(broken) as Game<unknown, unknown>, { playouts: 50 });
    expect(report.violation?.check).toBe('indexed form agrees on children');
    expect(report.violation?.message).toMatch(/whose parents\(\) lists it 0 time/);
  });

  it('keeps the values when the rules promise distinct moves, and is caught by yomi check when they break it', () => {
    const promised = dodgemRules(3);
    expect(promised.distinctMoves).toBe(true);
    const plain = boardGame({ ...promised, distinctMoves: false });
    const a = solve(plain, { solver: 'tiers' });
    const b = solve(boardGame(promised), { solver: 'tiers' });
    for (let i = 0; i < plain.indexed.game.size; i++) {
      const board = plain.indexed.positionOf(i);
      expect(formatValue(b.value(board))).toBe(formatValue(a.value(board)));
    }
    // Each move twice, under two names: two moves to one board.
    type Twin = CarMove & { twin?: boolean };
    const twiceMoved = boardGame<Twin>({
      ...promised,
      maxMoves: 2 * promised.maxMoves,
      moves: (b) => promised.moves(b).flatMap((m) => [m, { ...m, twin: true }]),
      moveName: (b, m) => `${promised.moveName?.(b, m)}${m.twin ? "'" : ''}`,
    });
    const moved = checkGame(twiceMoved as Game<unknown, unknown>, { playouts: 5 });
    expect(moved.violation?.message).toMatch(/moveCount\(.*\) is \d+, but children\(\) wrote \d+/);
    const twiceUnmoved = boardGame({
      ...promised,
      maxUnmoves: 2 * (promised.maxUnmoves ?? 0),
      unmoves: (b) => (promised.unmoves?.(b) ?? []).flatMap((q) => [q, q]),
    });
    const unmoved = checkGame(twiceUnmoved as Game<unknown, unknown>, { playouts: 5 });
    expect(unmoved.violation?.message).toMatch(
      /has 1 move\(s\) to .*, whose parents\(\) lists it 2 time\(s\)/,
    );
    // The solve no longer plays each move; yomi check still meets a move into an undeclared tier.
    const noChanges = boardGame({ ...promised, layout: { ...promised.layout, changes: [] } });
    const report = checkGame(noChanges as Game<unknown, unknown>, { playouts: 20 });
    expect(report.violation?.message).toMatch(/which the layout's changes do not reach/);
  });

  it('names a move into a tier the layout does not reach, and a board outside every tier', () => {
    const rules = teekoRules(3, 3);
    const noChanges = boardGame({ ...rules, layout: { ...rules.layout, changes: [] } });
    const report = checkGame(noChanges as Game<unknown, unknown>, { playouts: 1 });
    expect(report.violation?.message).toMatch(
      /a move from tier pieces-0-0 leads to tier pieces-1-0, which the layout's changes do not reach/,
    );
    const game = boardGame(rules);
    expect(() => game.indexed.indexOf({ cells: [1, 1, 1, 1, 0, 0, 0, 0, 0], side: 0 })).toThrow(GameError);
    expect(() => game.indexed.indexOf({ cells: [1, 1, 1, 1, 0, 0, 0, 0, 0], side: 0 })).toThrow(
      'teeko(size=3,pieces=3): no tier of the layout holds a board with pieces 4-0 and side 0 to move',
    );
  });

  describe('rules on masks', () => {
    /** Dodgem 3×3 whose rules on masks change their first board with `bend`, and give `count` boards when set. */
    const bent = (bend: (out: Int32Array) => void, count?: number) => {
      const masks = dodgemMasks(3);
      return boardGame({
        ...dodgemOnMasks(3),
        onMasks: {
          ...masks,
          children(m, side, out) {
            const n = masks.children(m, side, out);
            bend(out);
            return count ?? n;
          },
        },
      });
    };
    const solveStart = (game: ReturnType<typeof bent>) => () => solve(game, { solver: 'tiers' });

    it('refuses boards off the grid, two pieces on a cell, undeclared tiers and more than maxMoves, in one line', () => {
      // A piece on cell 9 of a 3×3 board.
      expect(
        solveStart(
          bent((out) => {
            out[0] |= 1 << 9;
          }),
        ),
      ).toThrow(
        /^dodgem-masks\(size=3\): the rules on masks gave a board whose masks \d+, \d+ put a piece off the 9 cells or two on one cell$/,
      );
      // x's first car also where o has one.
      expect(
        solveStart(
          bent((out) => {
            out[0] |= out[1];
          }),
        ),
      ).toThrow(/two on one cell$/);
      // A car added: no move adds one.
      expect(
        solveStart(
          bent((out) => {
            out[0] |= (1 << 4) & ~out[1];
          }),
        ),
      ).toThrow(
        /^dodgem-masks\(size=3\): (a move from tier pieces-\d-\d leads to tier pieces-\d-\d, which the layout's changes do not reach|no tier of the layout holds a board with pieces \d-\d and side \d to move)$/,
      );
      expect(solveStart(bent(() => {}, 7))).toThrow(
        'dodgem-masks(size=3): onMasks.children gave 7 boards, not a count up to maxMoves = 6',
      );
      // A parent with a piece off the board, which the tier solver's parents of one tier would otherwise skip.
      const masks = dodgemMasks(3);
      const offParents = boardGame({
        ...dodgemOnMasks(3),
        onMasks: {
          ...masks,
          unmoves(m, side, out) {
            const n = masks.unmoves?.(m, side, out) ?? 0;
            out[0] |= 1 << 9;
            return n;
          },
        },
      });
      expect(solveStart(offParents)).toThrow(/put a piece off the 9 cells or two on one cell$/);
      const { primitive: _, ...noPrimitive } = dodgemMasks(3);
      expect(() => boardGame({ ...dodgemOnMasks(3), onMasks: noPrimitive })).toThrow(
        'dodgem-masks(size=3): the rules have primitive(), so onMasks needs one too',
      );
      const { unmoves: __, ...noUnmoves } = dodgemMasks(3);
      expect(() => boardGame({ ...dodgemOnMasks(3), onMasks: noUnmoves })).toThrow(
        'dodgem-masks(size=3): unmoves() are given on masks and on cells, or on neither',
      );
    });

    it('are held by yomi check to the rules on cells: a wrong child, a missing parent, a wrong end', () => {
      const masks = dodgemMasks(3);
      const check = (onMasks: typeof masks) =>
        checkGame(boardGame({ ...dodgemOnMasks(3), onMasks }) as Game<unknown, unknown>, { playouts: 100 })
          .violation?.message;
      expect(check(masks)).toBeUndefined();
      // The last child dropped.
      expect(
        check({ ...masks, children: (m, side, out) => Math.max(0, masks.children(m, side, out) - 1) }),
      ).toMatch(/the indexed form's children miss/);
      // The last parent dropped.
      expect(
        check({ ...masks, unmoves: (m, side, out) => Math.max(0, masks.unmoves!(m, side, out) - 1) }),
      ).toMatch(/whose parents\(\) lists it 0 time/);
      // A player left without a move loses instead of winning.
      expect(
        check({
          ...masks,
          primitive: (m, side) => (masks.primitive!(m, side) === 'win' ? 'lose' : masks.primitive!(m, side)),
        }),
      ).toMatch(/^at .* the game says win in 0, its indexed form lose in 0/);
    });

    it('name each move of the numbered form by the move of the rules on cells that reaches its child', () => {
      const game = boardGame(dodgemOnMasks(3));
      const numbered = game.indexed.game;
      const out = new Int32Array(numbered.maxMoves);
      let named = 0;
      for (let p = 0; p < numbered.size; p++) {
        const n = numbered.children(p, out);
        const b = game.indexed.positionOf(p);
        for (let i = 0; i < n; i++) {
          const name = numbered.moveName?.(p, i);
          const m = game.moves(b).find((move) => game.moveName?.(b, move) === name);
          expect(m, `${game.show?.(b)}: ${name}`).toBeDefined();
          expect(game.indexed.indexOf(game.play(b, m as CarMove))).toBe(out[i]);
          named++;
        }
      }
      expect(named).toBeGreaterThan(1000);
    });

    it('give the values of the rules on cells where symmetries fold boards into classes (tic-tac-toe by drops)', () => {
      const lines = [0x7, 0x38, 0x1c0, 0x49, 0x92, 0x124, 0x111, 0x54];
      const won = (m: number) => lines.some((l) => (m & l) === l);
      const tiers = [];
      for (let i = 0; i <= 4; i++)
        tiers.push({ counts: [i, i], sides: [0] }, { counts: [i + 1, i], sides: [1] });
      const drops = [
        [1, 0],
        [0, 1],
      ];
      const onCells: BoardRules<number> = {
        id: 'drops',
        // Each move drops a piece of the side to move; the 8 symmetries of the square fold boards.
        layout: { symmetry: true, changes: drops, rows: 3, cols: 3, kinds: 2, tiers },
        start: { cells: Array(9).fill(0), side: 0 },
        maxMoves: 9,
        maxUnmoves: 5,
        moves: (b) => b.cells.flatMap((v, c) => (v === 0 ? [c] : [])),
        play: (b, c) => ({ cells: b.cells.map((v, i) => (i === c ? b.side + 1 : v)), side: 1 - b.side }),
        primitive(b) {
          const mover = b.cells.reduce((m, v, c) => (v === 2 - b.side ? m | (1 << c) : m), 0);
          if (won(mover)) return 'lose';
          return b.cells.includes(0) ? undefined : 'tie';
        },
        unmoves: (b) =>
          b.cells.flatMap((v, c) =>
            v === 2 - b.side ? [{ cells: b.cells.map((w, i) => (i === c ? 0 : w)), side: 1 - b.side }] : [],
          ),
      };
      const put = (out: Int32Array, k: number, x: number, o: number, side: number) => {
        out.set([x, o, side], 3 * k);
      };
      const onMasks: BoardRules<number> = {
        ...onCells,
        onMasks: {
          children(masks, side, out) {
            let k = 0;
            for (let m = 0x1ff & ~(masks[0] | masks[1]); m !== 0; m &= m - 1) {
              const next = masks[side] | (m & -m);
              put(out, k++, side === 0 ? next : masks[0], side === 0 ? masks[1] : next, 1 - side);
            }
            return k;
          },
          primitive: (masks, side) =>
            won(masks[1 - side]) ? 'lose' : (masks[0] | masks[1]) === 0x1ff ? 'tie' : undefined,
          unmoves(masks, side, out) {
            let k = 0;
            for (let m = masks[1 - side]; m !== 0; m &= m - 1) {
              const before = masks[1 - side] ^ (m & -m);
              put(out, k++, side === 1 ? before : masks[0], side === 1 ? masks[1] : before, 1 - side);
            }
            return k;
          },
        },
      };
      const cells = boardGame(onCells);
      const masks = boardGame(onMasks);
      const report = checkGame(masks as Game<unknown, unknown>, { playouts: 100 });
      expect(report.violation?.message).toBeUndefined();
      const a = solve(cells, { solver: 'tiers' });
      const b = solve(masks, { solver: 'tiers' });
      expect(masks.indexed.game.size).toBe(cells.indexed.game.size);
      for (let i = 0; i < cells.indexed.game.size; i++) {
        const board = cells.indexed.positionOf(i);
        expect(formatValue(b.value(board)), cells.show?.(board)).toBe(formatValue(a.value(board)));
      }
      expect(formatValue(b.value(masks.start))).toBe('tie in 9');
    });
  });
});
