/**
 * `SolverBot` in boardgame.io's own harnesses: over 12 seeded games against
 * boardgame.io's `MCTSBot` (its search is most of the suite's time here) and
 * 100 against `RandomBot` (half of them moving first) it never loses, and every move it makes is a best move of yomi's
 * built-in tic-tac-toe; in a `Local` multiplayer match it answers a person's
 * moves as boardgame.io's bots do; `SolverBot.with` passes adapter options.
 */

import type { Game as BoardgameIOGame, State } from 'boardgame.io';
import { type Bot, MCTSBot, RandomBot, Simulate } from 'boardgame.io/ai';
import { Client } from 'boardgame.io/client';
import { InitializeGame } from 'boardgame.io/internal';
import { Local } from 'boardgame.io/multiplayer';
import { describe, expect, it, vi } from 'vitest';
import { SolverBot } from 'yomi/boardgame-io';
import { TicTacToe } from '../../examples/boardgame-io/tic-tac-toe.js';
import { ticTacToe } from '../../src/games/tic-tac-toe.js';
import { solve } from '../../src/solvers/index.js';

const reference = solve(ticTacToe);
const board = (cells: (string | null)[]): string =>
  cells.map((c) => (c === '0' ? 'x' : c === '1' ? 'o' : '.')).join('');

/** A SolverBot that records whether each of its moves is a best move of the built-in game. */
class CheckedSolverBot extends SolverBot {
  static notBest: string[] = [];
  override async play(state: State, playerID: string) {
    const played = await super.play(state, playerID);
    const cell = played.action.payload.args?.[0] as number;
    if (!reference.best(board(state.G.cells)).includes(cell)) {
      CheckedSolverBot.notBest.push(`${board(state.G.cells)} → ${cell}`);
    }
    return played;
  }
}

type Opponent = (seed: number) => Bot;

async function match(opponent: Opponent, games: number): Promise<Record<string, number>> {
  const results = { win: 0, tie: 0, lose: 0 };
  const enumerate = TicTacToe.ai?.enumerate as NonNullable<BoardgameIOGame['ai']>['enumerate'];
  for (let seed = 1; seed <= games; seed++) {
    const solver = new CheckedSolverBot({ game: TicTacToe, enumerate, seed });
    const solverSeat = seed % 2 === 0 ? '0' : '1';
    const bots = solverSeat === '0' ? { 0: solver, 1: opponent(seed) } : { 0: opponent(seed), 1: solver };
    const { state } = await Simulate({ game: TicTacToe, bots, state: InitializeGame({ game: TicTacToe }) });
    const end = state.ctx.gameover as { winner?: string; draw?: boolean };
    results[end.draw ? 'tie' : end.winner === solverSeat ? 'win' : 'lose']++;
  }
  return results;
}

describe('SolverBot on the tutorial tic-tac-toe', () => {
  const enumerate = TicTacToe.ai?.enumerate as NonNullable<BoardgameIOGame['ai']>['enumerate'];

  it('never loses against MCTSBot over 12 seeded games, playing best moves only', async () => {
    CheckedSolverBot.notBest = [];
    const results = await match(
      (seed) => new MCTSBot({ game: TicTacToe, enumerate, seed: `mcts-${seed}`, iterations: 150 }),
      12,
    );
    expect(results.lose).toBe(0);
    expect(results.win + results.tie).toBe(12);
    expect(CheckedSolverBot.notBest).toEqual([]);
  });

  it('never loses against RandomBot over 100 seeded games, and beats it', async () => {
    CheckedSolverBot.notBest = [];
    const results = await match((seed) => new RandomBot({ enumerate, seed: `random-${seed}` }), 100);
    expect(results.lose).toBe(0);
    expect(results.win).toBeGreaterThan(50); // random play loses most games to perfect play
    expect(CheckedSolverBot.notBest).toEqual([]);
  });

  it('chooses at random among equally good moves, repeatably by seed', async () => {
    const state = InitializeGame({ game: TicTacToe });
    const first = async (seed: string) =>
      (await new SolverBot({ game: TicTacToe, enumerate, seed }).play(state, '0')).action.payload.args?.[0];
    const openings = new Set<unknown>();
    for (let seed = 0; seed < 30; seed++) openings.add(await first(`s${seed}`));
    expect(openings.size).toBeGreaterThan(3); // every opening ties: all nine are best
    expect(await first('s1')).toBe(await first('s1'));
  });

  it("answers a person's moves in a Local multiplayer match", async () => {
    const client = Client({
      game: TicTacToe,
      multiplayer: Local({ bots: { '1': SolverBot } }),
      playerID: '0',
    });
    client.start();
    // The state once the bot has answered (the person's turn again, or the game over).
    const answered = (stateID: number) =>
      vi.waitFor(
        () => {
          const s = client.getState() as State;
          if (s._stateID <= stateID || (s.ctx.currentPlayer !== '0' && s.ctx.gameover === undefined))
            throw new Error('the bot has not answered yet');
          return s;
        },
        { timeout: 10_000, interval: 20 },
      );
    // The person plays badly: corners then edges, wherever free.
    const order = [0, 1, 2, 3, 5, 6, 7, 8, 4];
    let state = client.getState() as State;
    while (state.ctx.gameover === undefined) {
      const cells = board(state.G.cells);
      const cell = order.find((i) => cells[i] === '.') as number;
      client.moves.clickCell(cell);
      state = await answered(state._stateID);
      if (state.ctx.gameover === undefined) {
        // The bot's reply to the board after the person's move was a best move there.
        const after = `${cells.slice(0, cell)}x${cells.slice(cell + 1)}`;
        const reply = [...board(state.G.cells)].findIndex((c, i) => c === 'o' && after[i] === '.');
        expect(reference.best(after)).toContain(reply);
      }
    }
    client.stop();
    expect(state.ctx.gameover).toEqual({ winner: '1' });
  });

  it('reads its games with the options SolverBot.with gives', async () => {
    const named = SolverBot.with({ moveName: (_G, _ctx, m) => `cell ${m.args[0]}` });
    const bot = new named({ game: TicTacToe, enumerate, seed: 1 });
    const { metadata } = await bot.play(InitializeGame({ game: TicTacToe }), '0');
    expect(metadata.text).toBe('tie in 9');
    expect(named.options.moveName).toBeDefined();
    expect(SolverBot.options).toEqual({});
  });
});
