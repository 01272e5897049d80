/**
 * A game as the playground holds it: loaded from its id (with parameters) and
 * problem input exactly as the CLI loads it, seen as a `Game` (indexed games
 * through `indexedView`, so a move is always an ordinal of `game.moves(p)`),
 * and the positions reached by replaying a list of move ordinals. The page
 * and the solver worker both load games through here, so their move
 * ordinals agree.
 */

import type { DatabaseOffer } from '../../../src/core/builds.js';
import { type AnyGame, type Game, isIndexed } from '../../../src/core/game.js';
import { indexedView } from '../../../src/core/indexed-view.js';
import type { GameDefinition, Params } from '../../../src/games/kit/definition.js';
import { canonicalSpec, openGame, resolveSpec } from '../../../src/games/open.js';
import { GAMES } from '../../../src/games/registry.js';
import { endScoredView } from '../../../src/solvers/threshold.js';
import type { Mover } from './turns.js';

export type PlainGame = Game<unknown, unknown>;

export interface Loaded {
  def: GameDefinition;
  params: Params;
  /** One per dataset of the input. */
  games: AnyGame[];
}

/**
 * Opens a game as `yomi solve <spec>` does (a problem game on its example
 * input when none is given); throws the same YomiError on a bad id, parameter
 * or input.
 */
export function loadGame(spec: string, input: string | undefined): Loaded {
  const { def } = resolveSpec(spec);
  return openGame(spec, def.input ? (input ?? def.input.example) : undefined);
}

/**
 * The game as solutions see it: an indexed game through its view, an
 * end-scored game through its view with the `stop` move (as the threshold
 * solver and the CLI show it), so move ordinals agree with every solution.
 */
export function asGame(game: AnyGame): PlainGame {
  if (game.kind === 'end-scored') return endScoredView(game) as PlainGame;
  return isIndexed(game) ? (indexedView(game) as PlainGame) : game;
}

export interface Replayed {
  positions: unknown[];
  /** Who is to move at each position: 0 the first player, 1 the second. */
  movers: Mover[];
  /** The moves replayed (those before the first that is not legal). */
  moves: number[];
}

/** The positions from the start through each move; stops before the first move that is not legal. */
export function replay(game: PlainGame, moves: readonly number[]): Replayed {
  const positions: unknown[] = [game.start];
  const movers: Mover[] = [0];
  const played: number[] = [];
  for (const m of moves) {
    const at = positions[positions.length - 1];
    if (game.primitive?.(at) !== undefined) break;
    const legal = game.moves(at);
    if (!Number.isInteger(m) || m < 0 || m >= legal.length) break;
    positions.push(game.play(at, legal[m]));
    // A move that keeps the turn leaves the same player to move.
    const mover = movers[movers.length - 1];
    movers.push(game.keepsTurn?.(at, legal[m]) === true ? mover : mover === 0 ? 1 : 0);
    played.push(m);
  }
  return { positions, movers, moves: played };
}

/** The moves of a position (none when the rules end the game there). */
export function legalMoves(game: PlainGame, p: unknown): readonly unknown[] {
  return game.primitive?.(p) !== undefined ? [] : game.moves(p);
}

export function moveNames(game: PlainGame, p: unknown): string[] {
  return legalMoves(game, p).map((m) => (game.moveName ? game.moveName(p, m) : String(m)));
}

/** Positions of an indexed game the browser solves without asking: about 4 bytes each in a table. */
export const BROWSER_POSITIONS = 20_000_000;
/** Positions the browser explores of any other game (a few hundred bytes each); past them it searches. */
export const EXPLORE_POSITIONS = 3_000_000;

/** The database the games offer for `spec` (a canonical spec), if any. */
export function offerFor(spec: string): DatabaseOffer | undefined {
  return GAMES.flatMap((def) => def.databases ?? []).find((o) => canonicalSpec(o.spec) === spec);
}

/**
 * Why a game that offers a database is not solved here (full Dobutsu shogi,
 * Kalah 6×4: too large for a browser), or undefined: it is played from the
 * database on a server, and the offer beside this line says how to get it
 * (so this line names no command of its own).
 */
export function offeredWarning(spec: string): string | undefined {
  const offer = offerFor(spec);
  if (offer === undefined) return undefined;
  return offer.endgames !== undefined
    ? `${spec} is too large to solve in a browser: it is played from its endgame databases and a search, on the server`
    : `${spec} is too large to solve in a browser: it is played from its database, on the server`;
}

/**
 * Says before solving when a game is too large for the browser: an indexed game
 * knows its size, and so does a game that carries its indexed form (Dobutsu
 * shogi); any other game is explored within a position budget instead.
 */
export function sizeWarning(game: AnyGame): string | undefined {
  const size = isIndexed(game) ? game.size : game.indexed?.game.size;
  if (size === undefined || size <= BROWSER_POSITIONS) return undefined;
  const mb = Math.ceil((size * 4) / 1e6);
  return `${game.id} has ${size.toLocaleString('en-US')} positions (about ${mb.toLocaleString('en-US')} MB of value tables); the playground solves up to ${BROWSER_POSITIONS.toLocaleString('en-US')}`;
}

/** How to play a game too large for the browser when no database is offered for it. */
export const SOLUTION_FILE_ADVICE =
  'Play it from a solution file: yomi solve … --save FILE, then yomi serve --db FILE.';
