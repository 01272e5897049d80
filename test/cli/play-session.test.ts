/**
 * The conversation of `yomi play` without a terminal: perfect play on both
 * sides ties tic-tac-toe, the computer never loses, wins at once when it can,
 * and the person's commands (`?`, `u`, bad entries, `q`) do what they say;
 * where move names are numbers (Connect Four's columns) the menu is not
 * numbered and a number is always a name; the end of the input says what the
 * last line was when it was not a move; boards are drawn in rows.
 */

import { describe, expect, it } from 'vitest';
import { drawPosition } from '../../src/cli/boards.js';
import { PlaySession } from '../../src/cli/play-session.js';
import type { Game } from '../../src/core/game.js';
import { seededRandom } from '../../src/core/random.js';
import { moveValue, sameValue } from '../../src/core/value.js';
import { connect4 } from '../../src/games/connect4/index.js';
import { cellName, ticTacToe } from '../../src/games/tic-tac-toe.js';
import { solve } from '../../src/solvers/index.js';

const solution = solve(ticTacToe);

/** The drawn board (`   a b c` and three rows) as the game writes the position. */
const GRID =
  /^ {3}a b c\n1 {2}([xo.]) ([xo.]) ([xo.])\n2 {2}([xo.]) ([xo.]) ([xo.])\n3 {2}([xo.]) ([xo.]) ([xo.])$/;

/** The position after the moves printed so far (the last board drawn in the output). */
const lastBoard = (out: string[]) =>
  (GRID.exec([...out].reverse().find((l) => GRID.test(l)) as string) as RegExpExecArray).slice(1).join('');

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
    expect(session.input('u')).toEqual([
      'Took back your last move.',
      '   a b c\n1  . . .\n2  . . .\n3  . . .',
    ]);
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

describe('PlaySession where move names are numbers', () => {
  const game = connect4(5, 4);
  const c4 = solve(game);

  it('lists the columns by name, in order, and reads a number as a column', () => {
    const session = new PlaySession(c4, true, seededRandom(1));
    session.start();
    expect(session.prompt()).toBe('Your move (1 2 3 4 5; ? values, u undo, q quit): ');
    const out = session.input('5');
    expect(out[0]).toBe('You play 5');
    const values = session.input('?');
    expect(values.slice(1).map((row) => row.trim().split(' ')[0])).toEqual(['1', '2', '3', '4', '5']);
    expect(session.input('6')[0]).toBe("'6' is not a move here; enter a move's name, ?, u or q.");
  });

  it('says at the end of the input whether the last line was not a move', () => {
    const session = new PlaySession(c4, true, seededRandom(1));
    session.start();
    expect(session.endOfInput()).toBe('End of input: the game stops here.');
    session.input('9');
    expect(session.endOfInput()).toBe(
      "End of input after '9', which is not a move here: the game stops here.",
    );
    session.input('?');
    expect(session.endOfInput()).toBe('End of input: the game stops here.');
  });
});

describe('drawPosition', () => {
  it('draws tic-tac-toe in three rows named as its moves are', () => {
    expect(drawPosition(ticTacToe, 'x...o...x')).toBe('   a b c\n1  x . .\n2  . o .\n3  . . x');
  });

  it('draws rows separated by / one to a line, and multi-line positions as they are', () => {
    const rows: Game<string, number> = {
      id: 'rows',
      start: 'x../x../.oo x',
      moves: () => [],
      play: (p) => p,
      key: (p) => p,
      show: (p) => p,
    };
    expect(drawPosition(rows, rows.start)).toBe('x..\nx..\n.oo\nx');
    const c4 = connect4(4, 4);
    expect(drawPosition(c4, c4.start)).toBe(c4.show?.(c4.start));
    expect(drawPosition(c4, c4.start).split('\n')).toHaveLength(4);
  });
});
