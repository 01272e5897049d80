/**
 * What every board component receives: the game, the position, the legal
 * moves with their values (when shown), and how to play one. A board draws
 * the position for people (SVG) and places each move where it is made; the
 * value marks come from `MoveMark`, so every board shows values the same way.
 */

import type { ComponentType } from 'preact';
import type { AnyGame } from '../../../src/core/game.js';
import type { PlainGame } from '../model/session.js';
import type { MoveView } from '../model/values.js';

export interface BoardMove {
  ordinal: number;
  /** The game's own move (a cell, a column, a heap and count …). */
  move: unknown;
  name: string;
  /** Its value for the player to move, when known and shown. */
  view?: MoveView;
}

export interface BoardProps {
  game: PlainGame;
  /** The game as the library made it (an indexed game's class, with its own fields). */
  source: AnyGame;
  /** The problem input the game was read from (problem games only). */
  input?: string;
  /** The positions from the start to here. */
  path: readonly unknown[];
  position: unknown;
  moves: BoardMove[];
  /** The move that led here (boards animate it), if any. */
  lastMove?: unknown;
  /** Moves are disabled while the computer thinks. */
  disabled: boolean;
  onMove(ordinal: number): void;
}

export type Board = ComponentType<BoardProps>;
