/**
 * Teeko built with the board kit: the derived numbered, tiered game against
 * the plain rules solved by exploring and retrograde analysis, value for
 * value on small boards; `checkGame` on the derived game (numbering,
 * children, parents by un-moves); the 44 winning sets of 5×5; the start of
 * the derived 5×5 game and its tiers.
 */

import { describe, expect, it } from 'vitest';
import { boardGame } from '../../src/board-kit/index.js';
import { checkGame, formatReport } from '../../src/check/run.js';
import type { Game } from '../../src/core/game.js';
import { formatValue } from '../../src/core/value.js';
import { teekoRules, teekoWins } from '../../src/games/teeko.js';
import { solve } from '../../src/solvers/index.js';

/** Every position reachable from the start of a plain game. */
function reachable<P, M>(game: Game<P, M>): P[] {
  const seen = new Map<string | number | bigint, P>([[game.key(game.start), game.start]]);
  const queue = [game.start];
  while (queue.length > 0) {
    const p = queue.pop() as P;
    if (game.primitive?.(p) !== undefined) continue;
    for (const m of game.moves(p)) {
      const c = game.play(p, m);
      const k = game.key(c);
      if (!seen.has(k)) {
        seen.set(k, c);
        queue.push(c);
      }
    }
  }
  return [...seen.values()];
}

describe('teeko', () => {
  it('has 44 winning sets on 5×5: 28 lines of four and 16 squares', () => {
    expect(teekoWins(5, 4).length).toBe(44);
    expect(new Set(teekoWins(5, 4)).size).toBe(44);
    expect(teekoWins(4, 3).length).toBe(2 * 4 * 2 + 2 * 2 * 2);
  });

  for (const [n, k] of [
    [3, 3],
    [3, 4],
  ]) {
    it(`${n}×${n} with ${k} pieces: the tier solver over the derived game agrees with the explored rules, position by position`, () => {
      const game = boardGame(teekoRules(n, k));
      const { indexed: _, canonical: __, ...plain } = game;
      const byTiers = solve(game, { solver: 'tiers' });
      const byExploring = solve(plain as Game<typeof game.start, unknown>, { solver: 'retrograde' });
      const positions = reachable(plain as Game<typeof game.start, unknown>);
      expect(positions.length).toBeGreaterThan(100);
      for (const p of positions) {
        expect(formatValue(byTiers.value(p)), game.show?.(p)).toBe(formatValue(byExploring.value(p)));
      }
    });
  }

  it('passes yomi check: numbering, primitive, children and un-moves agree with the rules (4×4, 3 and 4 pieces)', () => {
    for (const [n, k] of [
      [4, 3],
      [4, 4],
    ]) {
      const game = boardGame(teekoRules(n, k));
      const report = checkGame(game as Game<unknown, unknown>, { playouts: 20, maxPlies: 60 });
      expect(report.violation, formatReport(report)).toBeUndefined();
      const numbered = checkGame(game.indexed.game, { playouts: 20, maxPlies: 60 });
      expect(numbered.violation, formatReport(numbered)).toBeUndefined();
    }
  });

  it('numbers 5×5 in 9 tiers, the move phase folded by the 8 symmetries of the square', () => {
    const game = boardGame(teekoRules(5, 4));
    const tiered = game.indexed.game.tiers?.game;
    expect(tiered?.tierCount).toBe(9);
    // C(25,4)·C(21,4) = 75,710,250 boards in 9,469,965 classes, each with either side to move.
    expect(tiered?.tierSize(8)).toBe(2 * 9_469_965);
    expect(tiered?.tierName(8)).toBe('pieces-4-4');
    expect(game.show?.(game.start)).toBe('...../...../...../...../..... x');
  });
});
