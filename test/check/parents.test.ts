/**
 * The parents() check: every position of Dodgem 3×3 (and a sample of 4×4), of jag2015-d's
 * cases and of arc038d's samples passes it; deliberately broken parents()
 * (a parent dropped, one too many, a primitive parent, too many for
 * maxParents) and a wrong moveCount() are caught with a message naming the
 * positions.
 */

import { describe, expect, it } from 'vitest';
import { indexedMoveCount, parentsProblem } from '../../src/check/parents.js';
import type { IndexedGame } from '../../src/core/game.js';
import { NOT_PRIMITIVE } from '../../src/core/outcome.js';
import { Dodgem } from '../../src/games/dodgem.js';
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
    expect(checkAll(copy)).toMatch(/^moveCount\(\d+\) is 4, but children\(\d+\) wrote 3$/);
  });

  it('catches more parents than maxParents', () => {
    const g = broken((list) => [...list, ...list, ...list, ...list, ...list], afterFirstMove);
    const p = afterFirstMove(new Dodgem(3));
    const out = new Int32Array(g.maxMoves);
    expect(parentsProblem(g, p, out, g.children(p, out))).toMatch(/more than maxParents/);
  });
});
