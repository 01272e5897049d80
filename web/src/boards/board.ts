/**
 * What every board component receives: the game, the position, the legal
 * moves with their values (when shown), and how to play one. A board draws
 * the position for people (SVG) and places each move where it is made; the
 * value marks come from `MoveMark`, so every board shows values the same way.
 *
 * Boards are typed by their game (`Board<P, M, G>`): the catalogue registers
 * each board with the definition of its game, so a board reads its positions
 * and moves as the game's own types, never through casts.
 */

import type { ComponentType } from 'preact';
import type { AnyGame, Game } from '../../../src/core/game.js';
import type { Mover } from '../model/turns.js';
import type { MoveView } from '../model/values.js';

export interface BoardMove<M> {
  ordinal: number;
  /** The game's own move (a cell, a column, a heap and count …). */
  move: M;
  name: string;
  /** Its value for the player to move, when known and shown. */
  view?: MoveView;
}

export interface BoardProps<P, M, G extends AnyGame = AnyGame> {
  /** The game as the playground plays it (a numbered game through its view: positions and moves are numbers). */
  game: Game<P, M>;
  /** The game as the library made it (an indexed game's class, with its own fields). */
  source: G;
  /** The problem input the game was read from (problem games only). */
  input?: string;
  /** The positions from the start to here. */
  path: readonly P[];
  /** Who was to move at each position of the path: 0 the first player, 1 the second. */
  movers: readonly Mover[];
  position: P;
  moves: readonly BoardMove<M>[];
  /** The move that led here (boards animate it), if any. */
  lastMove?: M;
  /** Moves are disabled while the computer thinks. */
  disabled: boolean;
  onMove(ordinal: number): void;
}

export type Board<P, M, G extends AnyGame = AnyGame> = ComponentType<BoardProps<P, M, G>>;

/** The positions and moves of a game as the playground plays it: a numbered game's are numbers (ordinals). */
export type PositionOf<G> = G extends Game<infer P, infer _M> ? P : number;
export type MoveOf<G> = G extends Game<infer _P, infer M> ? M : number;
