/**
 * Dodgem written on a board with the kit (examples/dodgem-board.ts, and
 * the same rules solved on masks: examples/dodgem-masks.ts) against
 * the hand-written Dodgem (src/games/dodgem.ts): the same positions, tier
 * by tier, and identical values position by position, each game solved by
 * the tier solver over its own numbering; and `checkGame` on the derived
 * game.
 */

import { describe, expect, it } from 'vitest';
import { dodgemRules } from '../../examples/dodgem-board.js';
import { dodgemOnMasks } from '../../examples/dodgem-masks.js';
import { boardGame } from '../../src/board-kit/index.js';
import { checkGame, formatReport } from '../../src/check/run.js';
import type { Game } from '../../src/core/game.js';
import { formatValue } from '../../src/core/value.js';
import { Dodgem } from '../../src/games/dodgem.js';
import { solve } from '../../src/solvers/index.js';

/** A hand-written Dodgem position as the kit's board: `x.../..x./...o/.o.x o`. */
function board(shown: string) {
  const [rows, side] = shown.split(' ');
  const cells = [...rows.replaceAll('/', '')].map((ch) => (ch === 'x' ? 1 : ch === 'o' ? 2 : 0));
  return { cells, side: side === 'x' ? 0 : 1 };
}

describe('dodgem on the board kit', () => {
  for (const [n, form, rules] of [
    [3, 'cells', dodgemRules],
    [4, 'cells', dodgemRules],
    [3, 'masks', dodgemOnMasks],
    [4, 'masks', dodgemOnMasks],
  ] as const) {
    it(`${n}×${n}, rules on ${form}: as many positions as the hand-written Dodgem, and the same value at every one`, () => {
      const hand = new Dodgem(n);
      const derived = boardGame(rules(n));
      expect(derived.indexed.game.size).toBe(hand.size);
      const ours = solve(derived, { solver: 'tiers' });
      const theirs = solve(hand, { solver: 'tiers' });
      expect(formatValue(ours.value(derived.start))).toBe(formatValue(theirs.value(hand.start)));
      for (let p = 0; p < hand.size; p++) {
        const b = board(hand.show(p));
        const mine = ours.value(b);
        const want = theirs.value(p);
        if (mine.outcome !== want.outcome || mine.remoteness !== want.remoteness) {
          expect(formatValue(mine), hand.show(p)).toBe(formatValue(want));
        }
      }
    });
  }

  it('passes yomi check against its rules, and its move names are those of the hand-written game', () => {
    const derived = boardGame(dodgemRules(4));
    const report = checkGame(derived as Game<unknown, unknown>, { playouts: 30 });
    expect(report.violation, formatReport(report)).toBeUndefined();
    const hand = new Dodgem(4);
    const names = derived.moves(derived.start).map((m) => derived.moveName?.(derived.start, m));
    const out = new Int32Array(hand.maxMoves);
    const count = hand.children(hand.start, out);
    expect(names).toEqual(Array.from({ length: count }, (_, i) => hand.moveName(hand.start, i)));
  });
});
