/**
 * The parents() check: every position of Dodgem 3×3 (and a sample of 4×4), of jag2015-d's
 * cases and of arc038d's samples passes it; deliberately broken parents()
 * (a parent dropped, one too many, a primitive parent, too many for
 * maxParents) and a wrong moveCount() are caught with a message naming the
 * positions; parents given one at a time are checked alike, and against the
 * list when a game gives both.
 */

import { describe, expect, it } from 'vitest';
import { indexedMoveCount, parentsProblem } from '../../src/check/parents.js';
import type { IndexedGame } from '../../src/core/game.js';
import { NOT_PRIMITIVE } from '../../src/core/outcome.js';
import { Dodgem } from '../../src/games/dodgem.js';
import { Jag2015d } from '../../src/games/jag2015-d.js';
import { findGame } from '../../src/games/registry.js';
import { problemCases } from '../helpers.js';

/** The first problem over every position (or every `step`-th), or undefined. */
function checkAll(game: IndexedGame, step = 1): string | undefined {
  const out = new Int32Array(Math.max(1, game.maxMoves));
  for (let p = 0; p < game.size; p += step) {
    const count = game.primitive(p) === NOT_PRIMITIVE ? game.children(p, out) : 0;
    const problem =
      parentsProblem(game, p, out, count) ??
      indexedMoveCount.position({ game, out, points: new Float64Array(0), count }, p);
    if (problem) return problem;
  }
  return undefined;
}

describe('parents() check', () => {
  it('passes on every position of Dodgem 3×3 and every 11th of 4×4', () => {
    expect(checkAll(new Dodgem(3))).toBeUndefined();
    expect(checkAll(new Dodgem(4), 11)).toBeUndefined();
  });

  it("passes on every position of jag2015-d's cases and arc038d's samples", () => {
    for (const c of problemCases('jag2015-d').slice(0, 9)) {
      for (const game of findGame('jag2015-d').load({}, c.input))
        expect(checkAll(game as IndexedGame)).toBeUndefined();
    }
    for (const c of problemCases('arc038d').slice(0, 11)) {
      const [game] = findGame('arc038d').load({}, c.input);
      expect(checkAll(game as IndexedGame)).toBeUndefined();
    }
  });

  /** A Dodgem 3×3 whose parents() is changed by `edit` at position `at`. */
  function broken(
    edit: (list: number[], game: Dodgem) => number[],
    at: (game: Dodgem) => number,
  ): IndexedGame {
    const game = new Dodgem(3);
    const target = at(game);
    const copy = Object.create(game) as IndexedGame;
    copy.parents = (p, out) => {
      const n = game.parents(p, out);
      if (p !== target) return n;
      const list = edit(Array.from(out.subarray(0, n)), game);
      list.forEach((q, k) => {
        out[k] = q;
      });
      return list.length;
    };
    return copy;
  }

  const afterFirstMove = (game: Dodgem) => {
    const out = new Int32Array(game.maxMoves);
    game.children(game.start, out);
    return out[0];
  };

  it('catches a missing parent', () => {
    const g = broken((list) => list.filter((q) => q !== list[0]), afterFirstMove);
    expect(checkAll(g)).toMatch(/whose parents\(\) lists it 0 time\(s\)|lists .* 0 time/);
  });

  it('catches a parent that has no move here', () => {
    const g = broken((list, game) => [...list, game.start + 2], afterFirstMove);
    expect(checkAll(g)).toMatch(/but it has 0 move\(s\)/);
  });

  it('catches a primitive parent', () => {
    const g = broken((list, game) => {
      let q = 0;
      while (game.primitive(q) === NOT_PRIMITIVE) q++;
      return [...list, q];
    }, afterFirstMove);
    expect(checkAll(g)).toMatch(/which is primitive/);
  });

  it('catches a moveCount() that disagrees with children()', () => {
    const game = new Dodgem(3);
    const copy = Object.create(game) as IndexedGame;
    copy.moveCount = (p) => game.moveCount(p) + (p === game.start ? 1 : 0);
    expect(checkAll(copy)).toMatch(/^moveCount\(\d+ \(.*\)\) is 4, but children\(\) wrote 3$/);
  });

  /** jag2015-d on a 2×2 grid without walls, its parents one at a time changed by `edit`, with or without its list form. */
  function brokenSlots(edit: (p: number, i: number, q: number) => number, keepList: boolean): IndexedGame {
    const game = new Jag2015d(2, 2, 0, 0, new Uint8Array(6), new Uint8Array(6));
    const copy = Object.create(game) as IndexedGame;
    copy.parentAt = (p, i) => edit(p, i, game.parentAt(p, i));
    copy.parents = keepList ? (p, out) => game.parents(p, out) : undefined;
    return copy;
  }

  it('checks a game that gives its parents only one at a time', () => {
    expect(checkAll(brokenSlots((_p, _i, q) => q, false))).toBeUndefined();
    const wrong = brokenSlots((p, i, q) => (p === 0 && i === 0 ? q + 4 : q), false);
    expect(checkAll(wrong)).toMatch(/parents\(0\) lists \d+ .* but it has 0 move\(s\)/);
  });

  it('catches one-at-a-time parents that differ from the list', () => {
    const g = brokenSlots((p, i, q) => (p === 1 && i === 1 ? q ^ 2 : q), true);
    expect(checkAll(g)).toMatch(/^parentAt\(1, 1\) is \d+, but parents\(1\) wrote \d+ at \[1\]$/);
  });

  it('catches more parents than maxParents', () => {
    const g = broken((list) => [...list, ...list, ...list, ...list, ...list], afterFirstMove);
    const p = afterFirstMove(new Dodgem(3));
    const out = new Int32Array(g.maxMoves);
    expect(parentsProblem(g, p, out, g.children(p, out))).toMatch(/more than maxParents/);
  });
});
