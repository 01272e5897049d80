/**
 * `boardGame` beyond Teeko's happy path: parents from reverse graphs (rules
 * without un-moves) give the values un-moves give; a reverse graph too large
 * for its limit is refused in one line; `checkGame` finds wrong un-moves and
 * a move into a tier the layout does not declare, and rules that break
 * their promise of distinct moves; a board outside the layout is named in
 * one line.
 */

import { describe, expect, it } from 'vitest';
import { type CarMove, dodgemRules } from '../../examples/dodgem-board.js';
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
});
