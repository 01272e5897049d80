/**
 * The board of each built-in game, by game id. A game without a board here
 * is still playable from the move list.
 */

import type { Board } from './board.js';
import { Connect4Board } from './connect4.js';
import { DodgemBoard } from './dodgem.js';
import { EdpcKBoard } from './edpc-k.js';
import { EdpcLBoard } from './edpc-l.js';
import { Abc201dBoard, Arc038bBoard } from './grid.js';
import { GridDuelBoard } from './grid-duel.js';
import { HeapsBoard } from './heaps.js';
import { Jag2015dBoard } from './jag2015-d.js';
import { TicTacToeBoard } from './tic-tac-toe.js';

export const BOARDS: Record<string, Board> = {
  'tic-tac-toe': TicTacToeBoard,
  abc201d: Abc201dBoard,
  arc038b: Arc038bBoard,
  'edpc-k': EdpcKBoard,
  'edpc-l': EdpcLBoard,
  connect4: Connect4Board,
  dodgem: DodgemBoard,
  'grid-duel': GridDuelBoard,
  'jag2015-d': Jag2015dBoard,
  nim: HeapsBoard,
  subtraction: HeapsBoard,
  octal: HeapsBoard,
  'grundys-game': HeapsBoard,
};
