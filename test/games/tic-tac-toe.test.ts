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

  it('keeps one value per class of its 8 symmetries: 765 classes, the same values as all 5,478 positions', () => {
    const folded = solve(ticTacToe);
    const all = solve(ticTacToe, { symmetry: false });
    expect(folded.stats.positions).toBe(765);
    expect(all.stats.positions).toBe(5478);
    // Every position reachable from the start, valued alike by both, move by move.
    const seen = new Set([ticTacToe.start]);
    const todo = [ticTacToe.start];
    while (todo.length > 0) {
      const p = todo.pop() as string;
      expect(folded.value(p)).toEqual(all.value(p));
      expect(folded.moves(p)).toEqual(all.moves(p));
      for (const m of all.moves(p)) {
        const c = ticTacToe.play(p, m.move);
        if (!seen.has(c) && ticTacToe.primitive?.(c) === undefined) {
          seen.add(c);
          todo.push(c);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(4000);
    for (const solver of ['negamax', 'alphabeta']) {
      const s = solve(ticTacToe, { solver });
      for (const p of [...seen].slice(0, 300)) expect(s.value(p)).toEqual(all.value(p));
    }
  });

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
