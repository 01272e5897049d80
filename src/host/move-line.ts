/**
 * A position written as the moves that lead to it from the start,
 * `clickCell 4, clickCell 0`: how a position is given (`--position`, `yomi
 * query`, the playground's API) for a game that cannot read its own
 * notation — one without `parsePosition`, such as a boardgame.io game, whose
 * `show` writes only part of a state. Moves are written as the game names
 * them (`writeMove`) and separated by commas; a name that holds a comma
 * itself is still read whole, as the longest name legal at that point.
 */

import { YomiError } from '../core/errors.js';
import { type Game, isOver, writeMove } from '../core/game.js';

/** How many of the legal moves an error lists. */
const LISTED = 12;

/** The position after the moves `text` lists from the start (the empty text: the start). */
export function playMoveLine<P, M>(game: Game<P, M>, text: string): P {
  let p = game.start;
  let rest = text.trim();
  const played: string[] = [];
  while (rest !== '') {
    const after = played.length === 0 ? 'at the start' : `after ${played.join(', ')}`;
    if (isOver(game, p)) {
      throw new YomiError(`${game.id}: the game is over ${after}, but the position goes on with '${rest}'`);
    }
    const named = game.moves(p).map((m) => ({ m, name: writeMove(game, p, m) }));
    const fits = named
      .filter(({ name }) => rest.startsWith(name) && /^\s*(,|$)/.test(rest.slice(name.length)))
      .sort((a, b) => b.name.length - a.name.length);
    if (fits.length === 0) {
      const wanted = rest.split(',')[0].trim();
      const legal = named.slice(0, LISTED).map((n) => n.name);
      const more = named.length > LISTED ? `, … (${named.length} in all)` : '';
      throw new YomiError(
        `${game.id}: '${wanted}' is not a move ${after} (the moves there: ${legal.join(', ')}${more}); ` +
          'this game writes a position as the moves from the start, separated by commas ' +
          '(add parsePosition(text) to the game to read positions as show writes them)',
      );
    }
    const { m, name } = fits[0];
    p = game.play(p, m);
    played.push(name);
    rest = rest.slice(name.length).replace(/^\s*,\s*/, '');
  }
  return p;
}
