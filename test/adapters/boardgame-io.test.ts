/**
 * The boardgame.io adapter against answers found without it, on
 * boardgame.io's real packages: the tutorial's tic-tac-toe has the values of
 * yomi's own tic-tac-toe on all 5,478 positions, and along random games
 * played through boardgame.io's client; the game with phases and a stage has
 * the values a plain recursion over its rules (written here) finds, with its
 * extra turns where the rules put them; games the adapter cannot read are
 * refused with one error.
 */

import type { Game as BoardgameIOGame, State } from 'boardgame.io';
import { Client } from 'boardgame.io/client';
import * as fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromBoardgameIO } from 'yomi/boardgame-io';
import { BonusPile, PILE_SIZES } from '../../examples/boardgame-io/bonus-pile.js';
import { TicTacToe } from '../../examples/boardgame-io/tic-tac-toe.js';
import { YomiError } from '../../src/core/errors.js';
import type { Solution } from '../../src/core/solution.js';
import { compareValues, type Value } from '../../src/core/value.js';
import { ticTacToe } from '../../src/games/tic-tac-toe.js';
import { solve } from '../../src/solvers/index.js';

/** boardgame.io's board (`'0'`, `'1'`, null) as yomi's tic-tac-toe writes it (x moves first). */
const board = (cells: (string | null)[]): string =>
  cells.map((c) => (c === '0' ? 'x' : c === '1' ? 'o' : '.')).join('');

describe('the tutorial tic-tac-toe', () => {
  const game = fromBoardgameIO(TicTacToe);
  let solution: Solution<State, unknown>;
  const reference = solve(ticTacToe);

  beforeAll(() => {
    solution = solve(game) as Solution<State, unknown>;
  });

  it('has the value of the built-in tic-tac-toe on each of its 5,478 positions', () => {
    const solved = solution.solved;
    expect(solved?.count).toBe(5478);
    for (let i = 0; i < (solved?.count ?? 0); i++) {
      const state = solved?.at(i) as State;
      expect(solution.value(state), board(state.G.cells)).toEqual(reference.value(board(state.G.cells)));
    }
  });

  it("agrees with the built-in game along random games played through boardgame.io's client", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(8), { maxLength: 12 }), (picks) => {
        const client = Client({ game: TicTacToe });
        client.start();
        for (const pick of picks) {
          const state = client.getState() as State;
          const cells = board(state.G.cells);
          const free = [...cells].flatMap((c, i) => (c === '.' ? [i] : []));
          if (state.ctx.gameover !== undefined) {
            expect(solution.value(state)).toEqual(reference.value(cells)); // the game is over for both
            break;
          }
          expect(game.moves(state).map((m) => game.moveName?.(state, m))).toEqual(
            free.map((i) => `clickCell ${i}`),
          );
          expect(solution.value(state)).toEqual(reference.value(cells));
          client.moves.clickCell(free[pick % free.length]);
        }
        client.stop();
      }),
      { numRuns: 200 },
    );
  });
});

/** Bonus pile from its rules (the example's comment), as the players see it. */
interface Pile {
  phase: 'choose' | 'take';
  stones: number;
  /** The player to move is in the bonus stage (took 3 and may take one more). */
  bonus: boolean;
}

interface Step {
  next: Pile;
  /** The same player moves next. */
  again: boolean;
  over: boolean;
}

function steps(p: Pile): Step[] {
  if (p.phase === 'choose')
    return PILE_SIZES.map((n) => ({
      next: { phase: 'take', stones: n, bonus: false },
      again: true,
      over: false,
    }));
  const after = (stones: number, bonus: boolean): Step => ({
    next: { phase: 'take', stones, bonus },
    again: bonus,
    over: stones === 0,
  });
  if (p.bonus) return [after(p.stones - 1, false), after(p.stones, false)];
  return [1, 2, 3].filter((k) => k <= p.stones).map((k) => after(p.stones - k, k === 3 && p.stones > 3));
}

/** Plain negamax with remoteness: a move that keeps the turn keeps the child's value as it is. */
function pileValue(p: Pile): Value {
  const options = steps(p).map(({ next, again, over }): Value => {
    // Taking the last stone wins: the other player is to move at the end, and has lost.
    const child: Value = over ? { outcome: 'lose', remoteness: 0 } : pileValue(next);
    const outcome =
      again || child.outcome === 'tie' ? child.outcome : child.outcome === 'win' ? 'lose' : 'win';
    return { outcome, remoteness: child.remoteness + 1 };
  });
  return options.reduce((a, b) => (compareValues(b, a) > 0 ? b : a));
}

describe('a game with phases and a stage', () => {
  const game = fromBoardgameIO(BonusPile);
  const solution = solve(game);

  /** The position a boardgame.io state stands for. */
  const pileOf = (state: State): Pile => ({
    phase: state.ctx.phase === 'choose' ? 'choose' : 'take',
    stones: state.G.stones ?? 0,
    bonus: state.ctx.activePlayers !== null,
  });

  it('has the values a plain recursion over its rules finds, on every position', () => {
    const solved = solution.solved;
    expect(solved).toBeDefined();
    let checked = 0;
    for (let i = 0; i < (solved?.count ?? 0); i++) {
      const state = solved?.at(i) as State;
      if (state.ctx.gameover !== undefined) {
        expect(solution.value(state)).toEqual({ outcome: 'lose', remoteness: 0 });
        continue;
      }
      expect(solution.value(state), JSON.stringify(pileOf(state))).toEqual(pileValue(pileOf(state)));
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
    expect(solution.value(game.start)).toEqual(pileValue({ phase: 'choose', stones: 0, bonus: false }));
  });

  it('keeps the turn exactly where the rules give a player two moves in a row', () => {
    const solved = solution.solved;
    for (let i = 0; i < (solved?.count ?? 0); i++) {
      const state = solved?.at(i) as State;
      const expected = state.ctx.gameover === undefined ? steps(pileOf(state)) : [];
      const moves = game.moves(state);
      expect(moves.length).toBe(expected.length);
      moves.forEach((m, k) => {
        expect(game.keepsTurn?.(state, m), `${game.moveName?.(state, m)}`).toBe(
          expected[k].again && !expected[k].over,
        );
      });
    }
  });
});

describe('games the adapter cannot read', () => {
  const race = (extra: Partial<BoardgameIOGame>): BoardgameIOGame => ({
    name: 'race',
    setup: () => ({ n: 0 }),
    moves: { step: ({ G }) => void G.n++ },
    turn: { minMoves: 1, maxMoves: 1 },
    endIf: ({ G, ctx }) => (G.n >= 3 ? { winner: ctx.currentPlayer } : undefined),
    ai: { enumerate: () => [{ move: 'step' }] },
    ...extra,
  });

  it('reads the race itself (three steps, the third wins)', () => {
    const game = fromBoardgameIO(race({}));
    expect(solve(game).value(game.start)).toEqual({ outcome: 'win', remoteness: 3 });
  });

  it('needs ai.enumerate', () => {
    expect(() => fromBoardgameIO(race({ ai: undefined }))).toThrow(/needs ai.enumerate/);
  });

  it('refuses chance', () => {
    const game = fromBoardgameIO(
      race({
        moves: {
          step: ({ G, random }) => {
            G.n += random.D6() > 0 ? 1 : 0;
          },
        },
      }),
    );
    expect(() => solve(game)).toThrow(/draws on random; yomi solves games without chance/);
  });

  it('refuses several players acting at once', () => {
    const game = fromBoardgameIO(
      race({
        turn: {
          activePlayers: { all: 'play' },
          stages: { play: { moves: { step: ({ G }) => void G.n++ } } },
        },
      }),
    );
    expect(() => solve(game)).toThrow(/players 0 and 1 act at once/);
  });

  it('reads other endings only through options.outcome', () => {
    const ending = race({ endIf: ({ G }) => (G.n >= 3 ? { score: 1 } : undefined) });
    expect(() => solve(fromBoardgameIO(ending))).toThrow(YomiError);
    const game = fromBoardgameIO(ending, { outcome: () => 'tie' });
    expect(solve(game).value(game.start)).toEqual({ outcome: 'tie', remoteness: 3 });
  });

  it('refuses more than two players', () => {
    const three = fromBoardgameIO(race({}));
    const start = { ...three.start, ctx: { ...three.start.ctx, numPlayers: 3 } };
    expect(() => fromBoardgameIO(race({}), { start })).toThrow(/two-player games/);
  });
});
