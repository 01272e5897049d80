/**
 * Kalah against an independent reference (kalah-reference.ts): the board in the
 * players' own orientation (both rows, both stores, whose turn), sown seed by
 * seed around a 2P + 2 ring, and a memoized minimax on the final difference of
 * the stores. Every small variant's start, and every position of a few, must
 * get the same margin from yomi (whose positions are the mover's view without
 * stores); the rules' corners are checked on hand-made positions.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkGame } from '../../src/check/run.js';
import type { Game } from '../../src/core/game.js';
import { Kalah } from '../../src/games/kalah.js';
import { solve } from '../../src/solvers/index.js';
import { referenceMoves, referenceOutcome, referencePlay, startBoard } from './kalah-reference.js';

describe('kalah', () => {
  it("the first player's margin with perfect play equals the reference for every small variant", () => {
    for (let P = 1; P <= 4; P++) {
      for (let S = 1; S <= 4; S++) {
        if (P * S > 9) continue;
        const game = new Kalah(P, S);
        const want = referenceOutcome(startBoard(P, S), P, new Map());
        expect(solve(game).value(game.start).margin, `kalah(pits=${P},seeds=${S})`).toBe(want);
      }
    }
  });

  it('every position reached in random games has the reference margin (moves that keep the turn included)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (P, S, choices) => {
          const game = new Kalah(P, S);
          const solution = solve(game);
          const memo = new Map<string, number>();
          let board = startBoard(P, S);
          let p = game.start;
          let banked = 0; // first's store minus second's so far
          for (const choice of choices) {
            const moves = game.moves(p);
            if (moves.length === 0) break;
            const k = choice % moves.length;
            const from = referenceMoves(board, P)[k];
            const { board: next, over } = referencePlay(board, P, from);
            // Whose view yomi's position is in: the reference's side to move.
            const sign = board.side === 0 ? 1 : -1;
            const margin = solution.value(p).margin as number;
            expect(banked + sign * margin).toBe(referenceOutcome(board, P, memo));
            expect(game.keepsTurn(p, moves[k])).toBe(!over && next.side === board.side);
            banked = next.ring[P] - next.ring[2 * P + 1];
            p = game.play(p, moves[k]);
            board = next;
            if (over) break;
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('captures the opposite pit even when it is empty, and ends as soon as a row is empty', () => {
    const game = new Kalah(3, 3);
    // Mover: 1 0 2 | opponent: 0 3 1 (each row in sowing order). Sowing pit a puts its seed into the
    // empty pit b: b's seed and the opposite pit's 3 seeds (the opponent's second pit) are captured.
    const p = game.parsePosition('1 0 2  0 3 1');
    expect(game.points(p, 0)).toBe(4);
    expect(game.keepsTurn(p, 0)).toBe(false);
    // The opponent moves next: their row (0 0 1) at the bottom, the mover's (0 0 2) on top, right to left.
    expect(game.show(game.play(p, 0))).toBe(' 2  0  0\n 0  0  1');
    // 0 1 0 against 0 0 2: sowing b ends in the empty pit c, which captures its seed with the empty pit
    // opposite (the opponent's first): 1 point; the mover's row is then empty, and the opponent takes 2.
    const q = game.parsePosition('0 1 0  0 0 2');
    expect(game.points(q, 1)).toBe(1 - 2);
    expect(game.play(q, 1)).toBe(game.parsePosition('0 0 0 0 0 0'));
    // The last seed in the store: the mover moves again (and the board is not turned).
    const r = game.parsePosition('0 0 1  1 1 1');
    expect(game.keepsTurn(r, 2)).toBe(false); // … but the mover's row is then empty: the game is over,
    expect(game.points(r, 2)).toBe(1 - 3); // and the opponent takes their 3 seeds
    const s = game.parsePosition('0 1 1  1 1 1');
    expect(game.keepsTurn(s, 2)).toBe(true);
    expect(game.play(s, 2)).toBe(game.parsePosition('0 1 0  1 1 1')); // not turned: the mover moves again
  });

  it('passes yomi check, and alpha-beta agrees with the table solvers', () => {
    const game = new Kalah(3, 3);
    expect(checkGame(game as unknown as Game<unknown, unknown>, { playouts: 200 }).violation).toBeUndefined();
    const table = solve(game);
    const searched = solve(game, { solver: 'alphabeta' });
    expect(searched.value(game.start)).toEqual(table.value(game.start));
    for (const m of table.moves(game.start)) {
      expect(searched.moves(game.start).find((x) => x.move === m.move)?.value).toEqual(m.value);
    }
  });
});
