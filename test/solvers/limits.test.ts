/**
 * The solvers at their limits: a cycle stops negamax with an error that names
 * retrograde analysis, a path of tens of thousands of plies solves without a
 * stack overflow, and a position budget stops every solver with a BudgetError.
 */

import { describe, expect, it } from 'vitest';
import { BudgetError, CycleError } from '../../src/core/errors.js';
import type { Game, IndexedGame } from '../../src/core/game.js';
import { NOT_PRIMITIVE } from '../../src/core/outcome.js';
import { explore } from '../../src/solvers/explore.js';
import { solve } from '../../src/solvers/index.js';
import { smallCycle } from './fixtures.js';

/** Positions 0 … length; from p the only move goes to p+1; `length` is over (the mover there loses). */
function path(length: number): Game<number, number> {
  return {
    id: 'path',
    start: 0,
    moves: (p) => (p < length ? [1] : []),
    play: (p, step) => p + step,
    key: (p) => p,
  };
}

describe('cycles', () => {
  it('negamax stops with a CycleError that names retrograde analysis', () => {
    expect(() => solve(smallCycle, { solver: 'negamax' })).toThrow(CycleError);
    expect(() => solve(smallCycle, { solver: 'negamax' })).toThrow(/retrograde/);
  });

  it('explore marks the game cyclic, and the sweep refuses it naming retrograde analysis', () => {
    expect(explore(smallCycle).acyclic).toBe(false);
    expect(() => solve(smallCycle, { solver: 'sweep' })).toThrow(/retrograde/);
  });
});

describe('long paths', () => {
  const plies = 30_000;
  const lastMover = plies % 2 === 0 ? 'lose' : 'win';

  it(`negamax solves a path of ${plies} plies without a stack overflow`, () => {
    const s = solve(path(plies), { solver: 'negamax' });
    expect(s.value(0)).toEqual({ outcome: lastMover, remoteness: plies });
  });

  it(`explore+sweep solves a path of ${plies} plies without a stack overflow`, () => {
    const s = solve(path(plies), { solver: 'sweep' });
    expect(s.value(0)).toEqual({ outcome: lastMover, remoteness: plies });
    expect(s.line(0, plies + 10).length).toBe(plies);
  });
});

describe('the position budget', () => {
  const indexed: IndexedGame = {
    kind: 'indexed',
    id: 'big',
    size: 1000,
    start: 999,
    maxMoves: 1,
    order: 'descending',
    children(p, out) {
      if (p === 0) return 0;
      out[0] = p - 1;
      return 1;
    },
    primitive: () => NOT_PRIMITIVE,
  };

  for (const solver of ['negamax', 'sweep', 'auto']) {
    it(`stops ${solver} on a Game with a BudgetError`, () => {
      expect(() => solve(path(1000), { solver, maxPositions: 100 })).toThrow(BudgetError);
    });
    it(`stops ${solver} on an IndexedGame with a BudgetError`, () => {
      expect(() => solve(indexed, { solver, maxPositions: 100 })).toThrow(BudgetError);
    });
  }

  it('lets a game within the budget through', () => {
    expect(solve(path(99), { maxPositions: 100 }).value(0).remoteness).toBe(99);
  });
});

describe('negamax after an error', () => {
  it('a query stopped by the budget leaves no false cycle behind', () => {
    // Solving from 50 fits the budget; querying 0 later does not, and must keep saying so.
    const game = { ...path(60), start: 50 };
    const s = solve(game, { solver: 'negamax', maxPositions: 40 });
    expect(s.value(50)).toEqual({ outcome: 'lose', remoteness: 10 });
    expect(() => s.value(0)).toThrow(BudgetError);
    expect(() => s.value(5)).toThrow(BudgetError); // not a CycleError: 5 … 28 were on the stack
  });

  it('a game that throws in moves() leaves no half-solved position behind', () => {
    let fail = true;
    const game: Game<number, number> = {
      ...path(10),
      moves: (p) => {
        if (p === 7 && fail) throw new Error('moves() failed');
        return p < 10 ? [1] : [];
      },
    };
    const s = solve({ ...game, start: 8 }, { solver: 'negamax' });
    expect(() => s.value(0)).toThrow('moves() failed');
    fail = false;
    expect(s.value(0)).toEqual({ outcome: 'lose', remoteness: 10 });
    expect(s.value(6)).toEqual({ outcome: 'lose', remoteness: 4 });
  });
});
