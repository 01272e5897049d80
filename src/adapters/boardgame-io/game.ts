/**
 * A boardgame.io game as a yomi `Game`: positions are boardgame.io states,
 * and every move is played by boardgame.io's own reducer (the code its server
 * runs), so the rules — moves, turn order, phases, stages, `endIf` — are
 * boardgame.io's, never a copy of them.
 *
 * - Moves: what `ai.enumerate` lists for the player to act, less what the
 *   reducer refuses (`INVALID_MOVE`, a move not allowed in this phase or
 *   stage). Events (`{ event: 'endTurn' }`) are moves too.
 * - The player to move: the current player, or the one player in a stage
 *   (`activePlayers`); once the game is over, the player whose turn it is
 *   not (so a position where the last mover has won is a loss for the player
 *   to move, as in yomi's own games).
 * - Outcomes: `endIf`'s `{ winner }` is a win or a loss for the player to
 *   move, `{ draw: true }` a tie.
 * - Extra turns: a move after which the same player acts again keeps the
 *   turn (`keepsTurn`), as a second move in a stage or a turn with
 *   `maxMoves: 2` does.
 * - Keys: a canonical serialisation of `G`, the flow's part of `ctx` (current
 *   player, play order, phase, turn, moves made, active players) and any
 *   custom plugin's data. The history boardgame.io keeps in a state (the
 *   undo and redo stacks, the state id, the deltalog) is cleared in every
 *   position, so the same position reached by different paths is one state.
 *
 * Two players, no chance: a move that draws on `random` is refused with an
 * error, as is a position where several players act at once.
 */

import type { Game as BoardgameIOGame, Ctx, State } from 'boardgame.io';
import { GameError } from '../../core/errors.js';
import type { Game } from '../../core/game.js';
import type { Outcome } from '../../core/outcome.js';
import { canonicalJson } from './canonical-json.js';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from './runtime.js';

/** A move as boardgame.io's reducer takes it: a move or an event, by the player who makes it. */
export interface BoardgameIOAction {
  type: 'MAKE_MOVE' | 'GAME_EVENT';
  payload: { type: string; args: unknown[] | undefined; playerID: string };
}

/** A move as `ai.enumerate` lists it, for naming moves. */
export interface EnumeratedMove {
  /** The move's or the event's name. */
  name: string;
  args: unknown[];
  /** An event (`endTurn`, `endPhase`, …) rather than a move. */
  event: boolean;
}

/** How to read a boardgame.io game; every field is optional. */
export interface BoardgameIOOptions<G = unknown> {
  /** The game's name in reports (default: the game's `name`, else `boardgame.io game`). */
  id?: string;
  /** Passed to the game's `setup` as boardgame.io's `setupData`. */
  setupData?: unknown;
  /** Solve from this state instead of the start `setup` makes. */
  start?: State<G>;
  /**
   * false when the rules never read `ctx.turn`: positions that differ only in
   * the turn number are then one position (needed when positions can repeat,
   * or the turn counter makes every position new). Default: true.
   */
  turnMatters?: boolean;
  /** How a position is written in reports and in `yomi play` (default: `G` as JSON). */
  show?(G: G, ctx: Ctx): string;
  /** How a move is written (default: its name and arguments, `clickCell 4`). */
  moveName?(G: G, ctx: Ctx, move: EnumeratedMove): string;
  /**
   * The outcome for `player` of a game that ended with `gameover` (what
   * `endIf` returned), for games that end with something other than
   * `{ winner }` or `{ draw: true }`.
   */
  outcome?(gameover: unknown, player: string): Outcome | undefined;
}

/** `ctx` fields that say nothing about what can happen next. */
const CTX_IGNORED = new Set(['numPlayers', '_random']);
/** Plugins whose data is bookkeeping (the log, pending events) or chance (refused separately). */
const PLUGINS_IGNORED = new Set(['log', 'events', 'random']);

/** The players of a two-player game. */
const PLAYERS = ['0', '1'];

/**
 * A yomi `Game` that plays a boardgame.io game through boardgame.io's own
 * reducer: `solve`, `yomi solve`, `analyze`, `play` and `check` then work
 * on it as on any game.
 *
 * @example
 * ```ts
 * import { fromBoardgameIO } from 'yomi/boardgame-io';
 * import { formatValue, solve } from 'yomi';
 * import { TicTacToe } from './tic-tac-toe.js'; // a boardgame.io Game with ai.enumerate
 *
 * const game = fromBoardgameIO(TicTacToe);
 * const solution = solve(game);
 * console.log(formatValue(solution.value(game.start))); // tie in 9
 * ```
 */
export function fromBoardgameIO<G>(
  game: BoardgameIOGame<G>,
  options: BoardgameIOOptions<G> = {},
): Game<State<G>, BoardgameIOAction> {
  const id = options.id ?? game.name ?? 'boardgame.io game';
  const enumerate = game.ai?.enumerate;
  if (typeof enumerate !== 'function') {
    throw new GameError(`${id}: a boardgame.io game needs ai.enumerate (the legal moves) to be solved`);
  }
  const processed = ProcessGameConfig(game as BoardgameIOGame);
  const reduce = CreateGameReducer({ game: processed });
  const start = withoutHistory(
    options.start ??
      (InitializeGame({ game: processed, numPlayers: 2, setupData: options.setupData }) as State<G>),
  );
  if (start.ctx.numPlayers !== 2) {
    throw new GameError(
      `${id}: yomi solves two-player games; this state has ${start.ctx.numPlayers} players`,
    );
  }
  const turnMatters = options.turnMatters !== false;

  const mover = (state: State<G>): string => {
    const { ctx } = state;
    if (ctx.gameover !== undefined) return ctx.currentPlayer === PLAYERS[0] ? PLAYERS[1] : PLAYERS[0];
    if (ctx.activePlayers) {
      const acting = Object.keys(ctx.activePlayers);
      if (acting.length !== 1) {
        throw new GameError(
          `${id}: players ${acting.join(' and ')} act at once (activePlayers); yomi solves games where one player acts at a time`,
        );
      }
      return acting[0];
    }
    return ctx.currentPlayer;
  };

  const act = (state: State<G>, action: BoardgameIOAction): State<G> | undefined => {
    // A copy: boardgame.io's flow counts stage moves in place (ctx._activePlayersNumMoves), which
    // would change the position being expanded and every sibling after it.
    const next = reduce(structuredClone(state), action as Parameters<typeof reduce>[1]) as State<G> & {
      transients?: unknown;
    };
    if (next.transients !== undefined) return undefined; // the reducer refused the move
    const before = state.plugins.random?.data;
    const after = next.plugins.random?.data;
    // (A client's view of a state hides the generator's data: nothing to compare there.)
    if (before !== undefined && canonicalJson(before) !== canonicalJson(after)) {
      throw new GameError(
        `${id}: the move ${action.payload.type} draws on random; yomi solves games without chance`,
      );
    }
    return withoutHistory(next);
  };

  // The children of the last position whose moves were listed: the solvers play them right after.
  let listed: { state: State<G>; children: Map<BoardgameIOAction, State<G>> } | undefined;
  const child = (state: State<G>, action: BoardgameIOAction): State<G> => {
    const known = listed?.state === state ? listed.children.get(action) : undefined;
    if (known !== undefined) return known;
    const next = act(state, action);
    if (next === undefined) {
      throw new GameError(`${id}: boardgame.io refuses the move ${describe(action)} here`);
    }
    return next;
  };

  return {
    id,
    start,
    moves(state) {
      if (state.ctx.gameover !== undefined) return [];
      const player = mover(state);
      const children = new Map<BoardgameIOAction, State<G>>();
      for (const listedMove of enumerate(state.G, state.ctx, player)) {
        const action = toAction(listedMove, player);
        const next = act(state, action);
        if (next !== undefined) children.set(action, next);
      }
      listed = { state, children };
      return [...children.keys()];
    },
    play: child,
    keepsTurn: (state, action) => mover(child(state, action)) === mover(state),
    primitive(state) {
      const { gameover } = state.ctx;
      if (gameover === undefined) return undefined;
      const player = mover(state);
      const outcome = options.outcome?.(gameover, player) ?? standardOutcome(gameover, player);
      if (outcome === undefined) {
        throw new GameError(
          `${id}: the game ended with ${JSON.stringify(gameover)}; yomi reads { winner } or { draw: true } (or give options.outcome)`,
        );
      }
      return outcome;
    },
    key(state) {
      const ctx: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(state.ctx)) {
        if (!CTX_IGNORED.has(k) && (turnMatters || k !== 'turn')) ctx[k] = v;
      }
      const plugins: Record<string, unknown> = {};
      for (const [name, plugin] of Object.entries(state.plugins)) {
        if (!PLUGINS_IGNORED.has(name)) plugins[name] = plugin.data;
      }
      return canonicalJson({ G: state.G, ctx, plugins });
    },
    show: (state) => (options.show ? options.show(state.G, state.ctx) : canonicalJson(state.G)),
    moveName(state, action) {
      const move = enumeratedMove(action);
      return options.moveName ? options.moveName(state.G, state.ctx, move) : describe(action);
    },
  };
}

/** The state without the history boardgame.io keeps beside the position (undo, redo, state id, deltalog). */
function withoutHistory<G>(state: State<G>): State<G> {
  const { deltalog: _log, ...position } = state;
  return { ...position, _undo: [], _redo: [], _stateID: 0 };
}

function standardOutcome(gameover: unknown, player: string): Outcome | undefined {
  if (typeof gameover !== 'object' || gameover === null) return undefined;
  const end = gameover as { winner?: unknown; draw?: unknown };
  if (end.draw === true) return 'tie';
  if (typeof end.winner === 'string') return end.winner === player ? 'win' : 'lose';
  return undefined;
}

type Listed = { move: string; args?: unknown[] } | { event: string; args?: unknown[] } | BoardgameIOAction;

/** An enumerated move as the reducer's action, made by `player` (as boardgame.io's bots do). */
function toAction(move: Listed, player: string): BoardgameIOAction {
  if ('payload' in move) return move;
  if ('move' in move)
    return { type: 'MAKE_MOVE', payload: { type: move.move, args: move.args, playerID: player } };
  return { type: 'GAME_EVENT', payload: { type: move.event, args: move.args, playerID: player } };
}

function enumeratedMove(action: BoardgameIOAction): EnumeratedMove {
  return { name: action.payload.type, args: action.payload.args ?? [], event: action.type === 'GAME_EVENT' };
}

/** `clickCell 4`, `endTurn`: the name and the arguments as JSON. */
function describe(action: BoardgameIOAction): string {
  const { name, args } = enumeratedMove(action);
  return [name, ...args.map((a) => JSON.stringify(a))].join(' ');
}
