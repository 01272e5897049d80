/**
 * `SolverBot`: a boardgame.io bot (their `Bot` class) that plays perfectly.
 * It solves the game once — the first time it is asked to move, from the
 * position it is shown — and then plays a best move of the solution (the
 * quickest win, the slowest loss, a tie as soon as it can be had), choosing
 * at random among equally good ones with boardgame.io's seeded generator.
 * It is constructed as boardgame.io constructs bots, so it goes wherever
 * `MCTSBot` goes: `Local({ bots })`, `Simulate`, `Step`, a server's bots.
 */

import type { Game as BoardgameIOGame, State } from 'boardgame.io';
import { YomiError } from '../../core/errors.js';
import type { Solution } from '../../core/solution.js';
import { formatValue, type Value } from '../../core/value.js';
import { solve } from '../../solvers/index.js';
import { type BoardgameIOAction, type BoardgameIOOptions, fromBoardgameIO } from './game.js';
import { Bot } from './runtime.js';

/** What `SolverBot.play` returns beside its move: the value of the position for the bot. */
export interface SolverBotMetadata {
  value: Value;
  /** The value as text: `win in 5`, `tie in 4`. */
  text: string;
}

type Solved = Solution<State, BoardgameIOAction>;

/** Solutions already computed, by the options of the bot class and the game (bots share them). */
const SOLVED = new WeakMap<BoardgameIOOptions, WeakMap<BoardgameIOGame, Solved[]>>();

/**
 * A boardgame.io bot that plays a best move of the game's exact solution.
 *
 * @example
 * ```ts
 * import { Client } from 'boardgame.io/client';
 * import { Local } from 'boardgame.io/multiplayer';
 * import { SolverBot } from 'yomi/boardgame-io';
 *
 * // Player 1 is perfect play; player 0 is you.
 * const client = Client({ game: TicTacToe, multiplayer: Local({ bots: { '1': SolverBot } }), playerID: '0' });
 * ```
 */
export class SolverBot extends Bot {
  /** How the games this bot class plays are read (see `fromBoardgameIO`); set by `SolverBot.with`. */
  static options: BoardgameIOOptions = {};

  /**
   * A `SolverBot` class that reads its games with these options (setup data,
   * how moves are named, whether the turn number matters …).
   */
  static with(options: BoardgameIOOptions): typeof SolverBot {
    return class extends SolverBot {
      static override options = options;
    };
  }

  /** The game being played. */
  readonly game: BoardgameIOGame;

  /** As boardgame.io constructs bots: `new SolverBot({ game, enumerate, seed })`. */
  constructor({
    game,
    enumerate,
    seed,
  }: {
    game: BoardgameIOGame;
    enumerate?: NonNullable<BoardgameIOGame['ai']>['enumerate'];
    seed?: string | number;
  }) {
    const listed = enumerate ?? game.ai?.enumerate;
    if (listed === undefined) throw new YomiError('SolverBot needs a game with ai.enumerate');
    super({ enumerate: listed, seed });
    this.game = game;
  }

  /** A best move at `state`, chosen at random among equally good ones. */
  override play(
    state: State,
    _playerID: string,
  ): Promise<{ action: BoardgameIOAction; metadata: SolverBotMetadata }> {
    const solution = this.solutionFor(state);
    const best = solution.best(state);
    if (best.length === 0) return Promise.reject(new YomiError(`${solution.game.id}: the game is over`));
    const value = solution.value(state);
    return Promise.resolve({ action: this.random(best), metadata: { value, text: formatValue(value) } });
  }

  /**
   * A solution that holds `state`: one already computed, else the game solved
   * from its start, else (a state the start does not lead to) from `state`.
   */
  private solutionFor(state: State): Solved {
    const options = (this.constructor as typeof SolverBot).options;
    const byGame = SOLVED.get(options) ?? new WeakMap<BoardgameIOGame, Solved[]>();
    SOLVED.set(options, byGame);
    const solutions = byGame.get(this.game) ?? [];
    byGame.set(this.game, solutions);
    for (const s of solutions) if (holds(s, state)) return s;
    if (solutions.length === 0) {
      const fromStart = solve(fromBoardgameIO(this.game, options));
      solutions.push(fromStart);
      if (holds(fromStart, state)) return fromStart;
    }
    const fromHere = solve(fromBoardgameIO(this.game, { ...options, start: state }));
    solutions.push(fromHere);
    return fromHere;
  }
}

function holds(solution: Solved, state: State): boolean {
  try {
    solution.value(state);
    return true;
  } catch (e) {
    if (e instanceof YomiError) return false; // not a position of this solution
    throw e;
  }
}
