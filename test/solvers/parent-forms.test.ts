/**
 * The two forms of a game's parents (core/parent-slots.ts) solve alike: for
 * every built-in game that has parents, on small sizes, the game as it is
 * written and the same game giving its parents the other way (a list where it
 * gives them one at a time, one at a time where it gives a list) have the
 * same value code at every position, by retrograde analysis and by the tier
 * solver. Random games with parents given both ways are compared against a
 * slow fixpoint in retrograde.test.ts.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parentsProblem } from '../../src/check/parents.js';
import type { IndexedGame } from '../../src/core/game.js';
import { NOT_PRIMITIVE } from '../../src/core/outcome.js';
import { hasParentSlots, ListedParents, parentList, parentSlots } from '../../src/core/parent-slots.js';
import { singleTier } from '../../src/core/tier-forms.js';
import { DobutsuIndexed } from '../../src/games/dobutsu/index.js';
import { Dodgem } from '../../src/games/dodgem.js';
import { Jag2015d } from '../../src/games/jag2015-d.js';
import { findGame } from '../../src/games/registry.js';
import { solveTier } from '../../src/solvers/retrograde/run-tier.js';
import { retrograde } from '../../src/solvers/retrograde.js';
import { problemCases } from '../helpers.js';

/** The game with its parents as a list only (`parents`), read from its own form. */
function listOnly(game: IndexedGame): IndexedGame {
  const list = parentList(game);
  if (list === undefined) throw new Error(`${game.id} has no parents`);
  const copy = Object.create(game) as IndexedGame;
  copy.parentCount = undefined;
  copy.parentAt = undefined;
  copy.parents = (p, out) => list.parents(p, out);
  return copy;
}

/** The game with its parents one at a time only (`parentCount`/`parentAt`), read from its own form. */
function slotsOnly(game: IndexedGame): IndexedGame {
  const slots = parentSlots(game);
  if (slots === undefined) throw new Error(`${game.id} has no parents`);
  const copy = Object.create(game) as IndexedGame;
  copy.parents = undefined;
  copy.parentCount = (p) => slots.parentCount(p);
  copy.parentAt = (p, i) => slots.parentAt(p, i);
  return copy;
}

/** The value codes of every position: by plain retrograde analysis, and by the tier engine's single tier. */
function codes(game: IndexedGame): { retrograde: number[]; tiers: number[] } {
  return {
    retrograde: Array.from(retrograde(game).table.code),
    tiers: Array.from(solveTier(singleTier(game), 0, []).values),
  };
}

/** Both forms of `game`'s parents give the same codes everywhere. */
function expectFormsAgree(game: IndexedGame): void {
  const list = codes(listOnly(game));
  const slots = codes(slotsOnly(game));
  expect(slots.retrograde).toEqual(list.retrograde);
  expect(slots.tiers).toEqual(list.tiers);
  expect(codes(game)).toEqual(list);
}

describe('parents as a list and one at a time solve alike', () => {
  it("jag2015-d (one at a time): every case's every position", () => {
    const cases = problemCases('jag2015-d');
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases.slice(0, 9)) {
      for (const game of findGame('jag2015-d').load({}, c.input)) {
        expect(hasParentSlots(game as IndexedGame)).toBe(true);
        expectFormsAgree(game as IndexedGame);
      }
    }
  });

  it('jag2015-d on random walls: the one-at-a-time parents reverse the children', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 70, maxLength: 70 }),
        (h, w, bits) => {
          const horizontal = Uint8Array.from({ length: (h + 1) * w }, (_, k) => bits[k % bits.length]);
          const vertical = Uint8Array.from({ length: h * (w + 1) }, (_, k) => bits[(k + 35) % bits.length]);
          const game = new Jag2015d(h, w, 0, 0, horizontal, vertical);
          // The parents reverse the children (yomi check's test), position by position.
          const kids = new Int32Array(game.maxMoves);
          for (let p = 0; p < game.size; p++) {
            const n = game.primitive(p) === NOT_PRIMITIVE ? game.children(p, kids) : 0;
            expect(parentsProblem(game, p, kids, n)).toBeUndefined();
          }
          expectFormsAgree(game);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('Dodgem 3×3 (a list)', () => {
    const game = new Dodgem(3);
    expect(parentSlots(game)).toBeInstanceOf(ListedParents);
    expectFormsAgree(game);
  });

  it('reduced Dobutsu shogi, no pieces in hand (a list)', () => {
    expectFormsAgree(new DobutsuIndexed(''));
  });
});
