/**
 * The conversation of `yomi play` without a terminal: perfect play on both
 * sides ties tic-tac-toe, the computer never loses, wins at once when it can,
 * and the person's commands (`?`, `u`, bad entries, `q`) do what they say.
 */

import { describe, expect, it } from 'vitest';
import { PlaySession } from '../../src/cli/play-session.js';
import { seededRandom } from '../../src/core/random.js';
import { moveValue, sameValue } from '../../src/core/value.js';
import { cellName, ticTacToe } from '../../src/games/tic-tac-toe.js';
import { solve } from '../../src/solvers/index.js';

const solution = solve(ticTacToe);

/** The position after the moves printed so far (the last board line in the output). */
const lastBoard = (out: string[]) => [...out].reverse().find((l) => /^[xo.]{9}$/.test(l)) as string;

describe('PlaySession on tic-tac-toe', () => {
  it('perfect play on both sides is a tie', () => {
    for (const first of [true, false]) {
      const session = new PlaySession(solution, first, seededRandom(1));
      let out = session.start();
      while (!session.done) {
        const board = lastBoard(out);
        out = session.input(cellName(solution.best(board)[0]));
      }
      expect(out.at(-1)).toBe('Game over after 9 plies. A tie.');
    }
  });

  it('the computer never loses and always plays a best move', () => {
    for (let seed = 0; seed < 40; seed++) {
      const random = seededRandom(seed);
      const session = new PlaySession(solution, seed % 2 === 0, seededRandom(seed + 1000));
      let out = session.start();
      const all: string[] = [...out];
      while (!session.done) {
        const board = lastBoard(out);
        const moves = ticTacToe.moves(board);
        out = session.input(cellName(moves[random.below(moves.length)]));
        all.push(...out);
      }
      expect(all.at(-1)).not.toMatch(/You win/);
      // Every computer move keeps the value of the position it was played from.
      for (let i = 0; i < all.length; i++) {
        const played = /^yomi plays ([abc][123])$/.exec(all[i]);
        if (!played) continue;
        const before = lastBoard(all.slice(0, i));
        const cell = ticTacToe.moves(before).find((c) => cellName(c) === played[1]) as number;
        const value = moveValue(solution.value(ticTacToe.play(before, cell)));
        expect(sameValue(value, solution.value(before))).toBe(true);
      }
    }
  });

  it('wins at once when it can', () => {
    // x x .
    // o o .
    // . . .   x (the computer) to move: c1 wins now, a later win is worse.
    const session = new PlaySession(solution, false, seededRandom(3), 'xx.oo....');
    const out = session.start();
    expect(out).toContain('yomi plays c1');
    expect(out.at(-1)).toBe('Game over after 1 plies. yomi wins.');
  });

  it('delays a loss as long as it can', () => {
    // x . .
    // . x .   o (the computer) to move is lost: x threatens c3; blocking it loses in 4,
    // . . .   anything else in 2. (o holds b1.)
    const session = new PlaySession(solution, false, seededRandom(5), 'xo..x....');
    expect(solution.value('xo..x....')).toEqual({ outcome: 'lose', remoteness: 4 });
    expect(session.start()).toContain('yomi plays c3');
  });

  it('answers ?, u, bad entries and q', () => {
    const session = new PlaySession(solution, true, seededRandom(2));
    session.start();
    expect(session.input('?')).toEqual([
      'This position: tie in 9 for you.',
      ...['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'b3', 'c3'].map(
        (n, i) => `  ${i + 1}:${n}  tie in 9  ← best`,
      ),
    ]);
    expect(session.input('u')).toEqual(['Nothing to undo.']);
    expect(session.input('d4')[0]).toMatch(/'d4' is not a move here/);
    expect(session.input('10')[0]).toMatch(/'10' is not a move here/);
    const played = session.input('5'); // by number: b2
    expect(played[0]).toBe('You play b2');
    expect(played).toHaveLength(4); // your move, the board, yomi's move, the board
    expect(session.input('b2')[0]).toMatch(/not a move here/); // taken
    expect(session.input('u')).toEqual(['Took back your last move.', '.........']);
    expect(session.input('q')).toEqual(['You quit.']);
    expect(session.done).toBe(true);
  });
});

describe('PlaySession on a scoring game', () => {
  it('counts the points of both sides and reports the result', async () => {
    const { default: frontCards } = await import('../../examples/front-cards.js');
    const cards = solve(frontCards);
    const session = new PlaySession(cards, true, seededRandom(1));
    const out = session.start();
    // The person always takes one card; the row is 3 -1 4 -1 5 -9 2 6.
    while (!session.done) out.push(...session.input('take1'));
    expect(out[2]).toBe('You play take1 (+3)');
    expect(out.join('\n')).toMatch(/ \(-\d+\)\n/); // negative points are written -n
    expect(out.join('\n')).not.toMatch(/\+-/);
    const result = out.at(-1) as string;
    const [, mine, theirs] = /You scored (-?\d+), yomi (-?\d+)\./.exec(result) ?? [];
    expect(Number(mine) + Number(theirs)).toBe(9); // every card is taken once
    expect(Number(theirs) - Number(mine)).toBeGreaterThanOrEqual(-cards.value(0).margin!);
  });
});
