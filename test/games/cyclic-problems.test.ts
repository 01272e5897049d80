/**
 * The two cyclic built-in problems through the library: every case of
 * jag2015-d (several datasets per input) and arc038d is loaded, solved and
 * answered, and must give exactly the expected lines. jag2015-d is solved by
 * auto (retrograde analysis over parents()) and by retrograde analysis on a
 * reverse graph (the game's parents() hidden); arc038d by auto (threshold
 * search) and by threshold search on a reverse graph.
 */

import { describe, expect, it } from 'vitest';
import type { AnyGame, IndexedGame } from '../../src/core/game.js';
import { findGame } from '../../src/games/registry.js';
import { solve } from '../../src/solvers/index.js';
import { problemCases } from '../helpers.js';
import { libraryAnswer } from '../problems/library-answer.js';

/** The same game without parents(), so the solver builds the reverse graph itself. */
function withoutParents(game: AnyGame): AnyGame {
  const g = game as IndexedGame;
  const copy = Object.create(g) as IndexedGame;
  Object.defineProperty(copy, 'parents', { value: undefined });
  return copy;
}

const answer = (id: string, input: string, solver: string, hideParents = false): string =>
  libraryAnswer(id, input, solver, hideParents ? withoutParents : undefined);

describe('jag2015-d through the library', () => {
  it('is solved by retrograde analysis over parents(), without exploring', () => {
    const [game] = findGame('jag2015-d').load({}, findGame('jag2015-d').input?.example);
    const s = solve(game);
    expect(s.solver).toBe('tiers');
    expect(s.reason).toMatch(/without exploring/);
  });
  for (const c of problemCases('jag2015-d')) {
    it(`${c.name} (auto; retrograde on a reverse graph)`, () => {
      expect(answer('jag2015-d', c.input, 'auto')).toBe(c.expected);
      expect(answer('jag2015-d', c.input, 'retrograde', true)).toBe(c.expected);
    });
  }
});

describe('arc038d through the library', () => {
  it('is solved by threshold search', () => {
    const [game] = findGame('arc038d').load({}, findGame('arc038d').input?.example);
    expect(solve(game).solver).toBe('threshold');
  });
  for (const c of problemCases('arc038d')) {
    it(`${c.name} (auto; threshold on a reverse graph)`, () => {
      expect(answer('arc038d', c.input, 'auto')).toBe(c.expected);
      expect(answer('arc038d', c.input, 'threshold', true)).toBe(c.expected);
    });
  }
});
