import { describe, expect, it } from 'vitest';
import { ticTacToe } from '../../src/games/tic-tac-toe.js';
import { solve } from '../../src/solvers/index.js';

describe('tic-tac-toe', () => {
  for (const solver of ['auto', 'negamax', 'sweep']) {
    it(`is a tie in 9 from the start (${solver})`, () => {
      const s = solve(ticTacToe, { solver });
      expect(s.value(ticTacToe.start)).toEqual({ outcome: 'tie', remoteness: 9 });
    });
  }

  it('finds the win of x with two in a row', () => {
    const s = solve(ticTacToe);
    // x x .
    // o o .
    // . . .   x to move: c1 wins at once.
    const p = 'xx.oo....';
    expect(s.value(p)).toEqual({ outcome: 'win', remoteness: 1 });
    expect(s.best(p)).toEqual([2]);
  });
});
