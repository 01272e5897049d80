/**
 * The four acyclic built-in problems through the library: every case in
 * `problems/<id>/tests/` is loaded, solved by every solver that applies and
 * answered, and must give exactly the expected line. Negamax runs on the
 * small cases only (it keeps a Map entry per position).
 */

import { describe, expect, it } from 'vitest';
import type { IndexedGame } from '../../src/core/game.js';
import { findGame } from '../../src/games/registry.js';
import { solve } from '../../src/solvers/index.js';
import { problemCases } from '../helpers.js';
import { libraryAnswer as answer } from '../problems/library-answer.js';

const IDS = ['abc201d', 'edpc-k', 'edpc-l', 'arc038b'];
const NEGAMAX_MAX_POSITIONS = 20_000;

describe.each(IDS)('%s through the library', (id) => {
  const def = findGame(id);

  it('is an indexed game with a move order, so auto takes the sweep', () => {
    const [game] = def.load({}, def.input?.example) as IndexedGame[];
    expect(game.order).toBeDefined();
    expect(solve(game).solver).toBe('sweep');
  });

  it('has an example input that is one of the cases, and answers it', () => {
    const example = problemCases(id).find((c) => c.input === def.input?.example);
    expect(example).toBeDefined();
    expect(answer(id, example?.input ?? '', 'auto')).toBe(example?.expected);
  });

  for (const c of problemCases(id)) {
    it(`${c.name} (auto, sweep)`, () => {
      expect(answer(id, c.input, 'auto')).toBe(c.expected);
      expect(answer(id, c.input, 'sweep')).toBe(c.expected);
    });
    const [game] = def.load({}, c.input) as IndexedGame[];
    if (game.size <= NEGAMAX_MAX_POSITIONS) {
      it(`${c.name} (negamax)`, () => {
        expect(answer(id, c.input, 'negamax')).toBe(c.expected);
      });
    }
  }
});
