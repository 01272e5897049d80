/**
 * The play session: what the person has chosen (the game, its input, the
 * moves played, who the computer plays, whether values show) and every change
 * to it, as a reducer of plain data; and what follows from it (the game
 * loaded, the positions along the moves, whose turn it is, whether the game
 * is over). The page keeps a session and renders its view; timers, the URL,
 * the keyboard and the solver only dispatch actions.
 */

import { YomiError } from '../../../src/core/errors.js';
import type { AnyGame } from '../../../src/core/game.js';
import type { GameDefinition } from '../../../src/games/kit/definition.js';
import { resolveSpec } from '../../../src/games/open.js';
import { entryFor, type GameEntry, specId } from './catalogue.js';
import { asGame, type Loaded, legalMoves, loadGame, moveNames, type PlainGame, replay } from './session.js';
import { computerMoves, firstTurn, type Mover, redoSteps, undoSteps } from './turns.js';
import type { ComputerSide, PlayState } from './url.js';

export interface Session {
  play: PlayState;
  /** Moves undone, the next to redo first. */
  redo: readonly number[];
  showValues: boolean;
}

export type SessionAction =
  /** A move by ordinal, chosen when `after` had been played (a move chosen for another position is dropped). */
  | { kind: 'move'; ordinal: number; after: readonly number[] }
  | { kind: 'undo' }
  | { kind: 'redo' }
  /** Back to the first position where the person moves (every move kept for redo), or forward to the last. */
  | { kind: 'first' }
  | { kind: 'last' }
  | { kind: 'restart' }
  /** Another game, parameters or input: a new game from its start. */
  | { kind: 'open'; spec: string; input?: string }
  | { kind: 'dataset'; dataset: number }
  | { kind: 'computer'; side: ComputerSide }
  | { kind: 'skill'; skill: number }
  | { kind: 'values'; show: boolean };

export const newSession = (play: PlayState): Session => ({ play, redo: [], showValues: true });

const same = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((m, i) => m === b[i]);

/** The session after an action. `view` is the session's current view (for the moves actually played). */
export function sessionReducer(s: Session, action: SessionAction, view: SessionView): Session {
  const played = view.moves;
  const withMoves = (moves: number[], redo: readonly number[]): Session => ({
    ...s,
    play: { ...s.play, moves },
    redo,
  });
  switch (action.kind) {
    case 'move':
      if (!same(action.after, played) || view.over) return s;
      if (action.ordinal < 0 || action.ordinal >= view.legal.length) return s;
      return withMoves([...played, action.ordinal], []);
    case 'undo': {
      const back = undoSteps(s.play.computer, view.movers);
      if (back === 0) return s;
      return withMoves(played.slice(0, played.length - back), [
        ...played.slice(played.length - back),
        ...s.redo,
      ]);
    }
    case 'redo': {
      if (s.redo.length === 0) return s;
      const along = view.game ? replay(view.game, [...played, ...s.redo]).movers : view.movers;
      const n = redoSteps(s.play.computer, along, played.length, s.redo.length);
      return withMoves([...played, ...s.redo.slice(0, n)], s.redo.slice(n));
    }
    case 'first': {
      const to = Math.min(firstTurn(s.play.computer, view.movers), played.length);
      if (to === played.length) return s;
      return withMoves(played.slice(0, to), [...played.slice(to), ...s.redo]);
    }
    case 'last':
      return s.redo.length === 0 ? s : withMoves([...played, ...s.redo], []);
    case 'restart':
      return withMoves([], []);
    case 'open': {
      const { input, ...rest } = s.play;
      const play = { ...rest, game: action.spec, dataset: 0, moves: [] };
      return { ...s, play: action.input === undefined ? play : { ...play, input: action.input }, redo: [] };
    }
    case 'dataset':
      return { ...s, play: { ...s.play, dataset: action.dataset, moves: [] }, redo: [] };
    case 'computer':
      return { ...s, play: { ...s.play, computer: action.side } };
    case 'skill':
      return { ...s, play: { ...s.play, skill: action.skill } };
    case 'values':
      return { ...s, showValues: action.show };
  }
}

/** What a session shows: the game loaded (or why not), and the play so far. */
export interface SessionView {
  entry?: GameEntry;
  def?: GameDefinition;
  /** The problem input the game was read from (problem games). */
  input?: string;
  /** Why the game could not be opened (a bad parameter or input), as the CLI says it. */
  error?: string;
  /** What the error is about: the game and its parameters, or the problem input. */
  errorIn?: 'game' | 'input';
  loaded?: Loaded;
  /** The game as the library made it, and as the playground plays it. */
  source?: AnyGame;
  game?: PlainGame;
  positions: readonly unknown[];
  /** Who is to move at each position. */
  movers: readonly Mover[];
  /** The moves played (a URL's moves stop at the first that is not legal). */
  moves: readonly number[];
  position?: unknown;
  legal: readonly unknown[];
  names: readonly string[];
  lastMove?: unknown;
  /** The name of the move that led here. */
  lastName?: string;
  over: boolean;
  computerToMove: boolean;
  /** Scoring games that count what each player has (Kalah's stores): first, second. */
  scores?: readonly [number, number];
  /** Scoring games: the first player's lead over the second at each position (the sum of the moves' points). */
  leads?: readonly number[];
}

const EMPTY: Omit<SessionView, 'entry' | 'def' | 'input' | 'error'> = {
  positions: [],
  movers: [0],
  moves: [],
  legal: [],
  names: [],
  over: false,
  computerToMove: false,
};

/** The input a game is read from: the one typed, else the entry's sample, else the definition's example. */
export function effectiveInput(entry: GameEntry | undefined, def: GameDefinition, typed: string | undefined) {
  if (!def.input) return undefined;
  const text = typed ?? entry?.sample ?? def.input.example;
  return text.trim() === '' && entry?.blankInput !== undefined ? entry.blankInput : text;
}

/**
 * Opens the session's game; the error message is exactly the CLI's. A bad parameter or input keeps the
 * game's definition (from its id) and the text typed, so the page keeps the boxes to mend them in.
 */
export function openSession(
  play: PlayState,
  entries: readonly GameEntry[],
): Pick<SessionView, 'entry' | 'def' | 'input' | 'error' | 'errorIn' | 'loaded'> {
  const entry = entryFor(entries, play.game);
  let def: GameDefinition | undefined;
  let input: string | undefined;
  let errorIn: SessionView['errorIn'] = 'game';
  try {
    def = resolveSpec(play.game).def;
    input = effectiveInput(entry, def, play.input);
    errorIn = 'input';
    return { entry, def, input, loaded: loadGame(play.game, input) };
  } catch (e) {
    def ??= definitionOf(specId(play.game));
    // No such game: the page's words (the library's name the command that lists the games).
    const error =
      def === undefined
        ? `there is no game '${specId(play.game)}' here: choose one from the Game list`
        : e instanceof YomiError
          ? e.message
          : `internal error: ${(e as Error).message}`;
    input ??= def && effectiveInput(entry, def, play.input);
    return { entry, ...(def ? { def } : {}), ...(input === undefined ? {} : { input }), error, errorIn };
  }
}

/** The definition a game id names, without its parameters (undefined: no such game). */
function definitionOf(id: string): GameDefinition | undefined {
  try {
    return resolveSpec(id).def;
  } catch {
    return undefined;
  }
}

/**
 * The game of the session's dataset. A list of games may make its items as they are read (Connect Four's
 * lines), so a reader keeps the one it picked: the same object is the same game to the solver.
 */
export function pickGame(play: PlayState, opened: ReturnType<typeof openSession>): AnyGame | undefined {
  return opened.loaded?.games[play.dataset];
}

/** The play along the session's moves in an opened game (`source`: its game, as `pickGame` picked it). */
export function viewSession(
  play: PlayState,
  opened: ReturnType<typeof openSession>,
  source = pickGame(play, opened),
): SessionView {
  if (!source) {
    return {
      ...EMPTY,
      ...opened,
      error: opened.error ?? (opened.loaded ? `the input has no dataset ${play.dataset + 1}` : undefined),
    };
  }
  const game = asGame(source);
  const { positions, movers, moves } = replay(game, play.moves);
  const position = positions[positions.length - 1];
  const legal = legalMoves(game, position);
  const mover = movers[movers.length - 1];
  return {
    ...(game.points ? scoring(opened.entry, game, positions, moves, movers) : {}),
    ...opened,
    source,
    game,
    positions,
    movers,
    moves,
    position,
    legal,
    names: moveNames(game, position),
    ...lastOf(game, positions, moves),
    over: legal.length === 0,
    computerToMove: legal.length > 0 && computerMoves(play.computer, mover),
  };
}

/**
 * The first player's lead at each position, and what each player has when the entry counts it (Kalah's
 * stores). A move's points are the mover's net gain, so the lead is their signed sum; what each player
 * has is not in the points (in arc038d the whole score comes with the last move), so only an entry that
 * knows its board counts it.
 */
function scoring(
  entry: GameEntry | undefined,
  game: PlainGame,
  positions: readonly unknown[],
  moves: readonly number[],
  movers: readonly Mover[],
): { scores?: readonly [number, number]; leads: number[] } {
  const leads = [0];
  moves.forEach((m, i) => {
    const at = positions[i];
    const points = game.points!(at, game.moves(at)[m]);
    leads.push(leads[i] + (movers[i] === 0 ? points : -points));
  });
  return { ...(entry?.scores ? { scores: entry.scores(game, positions, movers) } : {}), leads };
}

/** The move that led to the last position, and its name. */
function lastOf(game: PlainGame, positions: readonly unknown[], moves: readonly number[]) {
  if (moves.length === 0) return {};
  const at = positions[positions.length - 2];
  const lastMove = legalMoves(game, at)[moves[moves.length - 1]];
  return { lastMove, lastName: game.moveName ? game.moveName(at, lastMove) : String(lastMove) };
}
