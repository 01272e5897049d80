/**
 * How `yomi play` draws a position for a person: as a board, in rows. A game
 * that draws its own board (`showBoard`: tic-tac-toe's nine cells in three
 * rows with the column letters and row numbers its move names use) is drawn
 * so; a game whose `show` already writes several lines (Connect Four, Kalah,
 * Dobutsu shogi's diagram) as it writes itself; a one-line position whose
 * rows are separated by `/` (Dodgem, SFEN-like notations) gets one row per
 * line.
 */

import type { Game } from '../core/game.js';

/** `x.../..x./...o/.o.x o`: rows separated by `/`, then what else the position holds. */
const SLASHED = /^([^\s/]+(?:\/[^\s/]+)+)(?:\s+(.+))?$/;

/** The position as a person reads it: a board in rows where the game's text allows. */
export function drawPosition<P, M>(game: Game<P, M>, p: P): string {
  if (game.showBoard) return game.showBoard(p);
  const text = game.show ? game.show(p) : String(p);
  if (text.includes('\n')) return text;
  const slashed = SLASHED.exec(text);
  if (slashed) return [...slashed[1].split('/'), ...(slashed[2] ? [slashed[2]] : [])].join('\n');
  return text;
}
