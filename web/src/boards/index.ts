/**
 * The board of each built-in game, by game id. A game without a board here
 * is still playable from the move list.
 */

import type { Board } from './board.js';
import { TicTacToeBoard } from './tic-tac-toe.js';

export const BOARDS: Record<string, Board> = {
  'tic-tac-toe': TicTacToeBoard,
};
