/**
 * Dodgem: the perfect hash is a bijection (every index decodes to a position
 * that encodes back to it, shown and parsed alike), the start is where the
 * rules put the cars, the rules hold on chosen positions (leaving the board,
 * no legal move, all cars off), and the values of 3×3 by retrograde analysis
 * over the perfect hash and parents() agree with those over the explored game
 * and a reverse graph (an independent path to the same values).
 */

import { describe, expect, it } from 'vitest';
import { indexedView } from '../../src/core/indexed-view.js';
import { LOSE, NOT_PRIMITIVE, WIN } from '../../src/core/outcome.js';
import { formatValue } from '../../src/core/value.js';
import { Dodgem } from '../../src/games/dodgem.js';
import { solve } from '../../src/solvers/index.js';

describe('dodgem', () => {
  for (const n of [3, 4]) {
    it(`${n}×${n}: every index round-trips through show and parsePosition`, () => {
      const game = new Dodgem(n);
      const step = n === 3 ? 1 : 37;
      for (let p = 0; p < game.size; p += step) expect(game.parsePosition(game.show(p))).toBe(p);
    });
  }

  it('counts its positions: 2 · Σ C(N, a) · C(N − a, b) over a, b ≤ n − 1', () => {
    expect(new Dodgem(3).size).toBe(2846);
    expect(new Dodgem(4).size).toBe(555_986);
    expect(new Dodgem(5).size).toBe(240_060_402);
  });

  it('starts with x on the left edge and o on the bottom edge, x to move', () => {
    const game = new Dodgem(4);
    expect(game.show(game.start)).toBe('x.../x.../x.../.ooo x');
  });

  it('follows the rules on chosen positions', () => {
    const g = new Dodgem(3);
    const names = (text: string) => {
      const p = g.parsePosition(text);
      const out = new Int32Array(g.maxMoves);
      const n = g.primitive(p) === NOT_PRIMITIVE ? g.children(p, out) : 0;
      return Array.from({ length: n }, (_, k) => `${g.moveName(p, k)}:${g.show(out[k])}`);
    };
    // x on the right edge may leave; o moves north, west, east.
    expect(names('..x/.../o.. x')).toEqual(['c3-off:.../.../o.. o', 'c3-c2:.../..x/o.. o']);
    expect(names('..x/.../o.. o')).toEqual(['a1-a2:..x/o../... x', 'a1-b1:..x/.../.o. x']);
    // The last car off wins: the player to move here has lost.
    expect(g.primitive(g.parsePosition('.../.../o.. o'))).toBe(LOSE);
    // x cannot move (boxed in): the opponent left no legal move, so x wins.
    expect(g.primitive(g.parsePosition('xo./o../... x'))).toBe(WIN);
  });

  it('3×3 is a first-player win, the same through explore + reverse graph', () => {
    const game = new Dodgem(3);
    const direct = solve(game);
    expect(direct.solver).toBe('tiers');
    expect(formatValue(direct.value(game.start))).toBe('win in 19');
    // A plain Game with no parents(): explored from the start, solved on a reverse graph.
    const view = indexedView(game);
    const explored = solve({ ...view, id: 'dodgem-as-game' }, { solver: 'retrograde' });
    for (let p = 0; p < game.size; p++) {
      let v: string | undefined;
      try {
        v = formatValue(explored.value(p));
      } catch {
        continue; // not reachable from the start
      }
      expect(v).toBe(formatValue(direct.value(p)));
    }
  });
});
