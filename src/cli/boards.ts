/**
 * How `yomi play` draws a position for a person: as a board, in rows. A game
 * whose `show` already writes several lines (Connect Four, Kalah, Dobutsu
 * shogi's diagram) is drawn as it writes itself; a one-line position whose
 * rows are separated by `/` (Dodgem, SFEN-like notations) gets one row per
 * line; tic-tac-toe's nine cells get three rows with the column letters and
 * row numbers its move names use.
 */

import { type Game, writePosition } from '../core/game.js';

/** One-line positions of built-in games drawn in rows, by game id. */
const ONE_LINE_BOARDS: Record<string, (text: string) => string | undefined> = {
  'tic-tac-toe': (text) => {
    if (!/^[xo.]{9}$/.test(text)) return undefined;
    const rows = [0, 1, 2].map((r) => `${r + 1}  ${[...text.slice(3 * r, 3 * r + 3)].join(' ')}`);
    return ['   a b c', ...rows].join('\n');
  },
};

/** `x.../..x./...o/.o.x o`: rows separated by `/`, then what else the position holds. */
const SLASHED = /^([^\s/]+(?:\/[^\s/]+)+)(?:\s+(.+))?$/;

/** The position as a person reads it: a board in rows where the game's text allows. */
export function drawPosition<P, M>(game: Game<P, M>, p: P): string {
  const text = writePosition(game, p);
  if (text.includes('\n')) return text;
  const drawn = ONE_LINE_BOARDS[game.id]?.(text);
  if (drawn !== undefined) return drawn;
  const slashed = SLASHED.exec(text);
  if (slashed) return [...slashed[1].split('/'), ...(slashed[2] ? [slashed[2]] : [])].join('\n');
  return text;
}
