/**
 * An example of a game written by a user: take-away with a twist.
 *
 * A pile of 21 stones; the players take turns removing 1, 2 or 3 stones, but
 * never the number the opponent just took. A player who cannot move (the pile
 * is empty, or the only counts left are forbidden) loses.
 *
 *   yomi solve examples/take-away.ts        # the start's value
 *   yomi analyze examples/take-away.ts      # every move from the start
 *   yomi play examples/take-away.ts         # play it against perfect play
 *   yomi check examples/take-away.ts        # look for mistakes in the code
 *
 * The default export is the game in its convenient form (`Game`); `indexed`
 * is the same game in the fast form (`IndexedGame`), as docs/writing-a-game.md
 * explains.
 */

import { type Game, type IndexedGame, NOT_PRIMITIVE } from 'yomi';

const STONES = 21;
const TAKE = [1, 2, 3];

/** The stones left, and what the previous move took (0 at the start). */
export interface Pile {
  stones: number;
  last: number;
}

const takeAway: Game<Pile, number> = {
  id: 'take-away',
  start: { stones: STONES, last: 0 },
  moves: (p) => TAKE.filter((t) => t <= p.stones && t !== p.last),
  play: (p, t) => ({ stones: p.stones - t, last: t }),
  key: (p) => p.stones * 4 + p.last,
  show: (p) => `${p.stones} stones${p.last ? `, ${p.last} just taken` : ''}`,
  moveName: (_p, t) => `take${t}`,
};

export default takeAway;

/**
 * The same game as an IndexedGame: position `stones·4 + last`. Every move
 * lowers the number of stones, so it lowers the index: order 'descending'.
 */
export const indexed: IndexedGame = {
  kind: 'indexed',
  id: 'take-away (indexed)',
  size: (STONES + 1) * 4,
  start: STONES * 4,
  maxMoves: 3,
  order: 'descending',
  children(p, out) {
    const stones = p >> 2;
    const last = p & 3;
    let n = 0;
    for (const t of TAKE) if (t <= stones && t !== last) out[n++] = (stones - t) * 4 + t;
    return n;
  },
  primitive: () => NOT_PRIMITIVE, // the game ends only when no move is left
  show: (p) => takeAway.show?.({ stones: p >> 2, last: p & 3 }) ?? String(p),
  moveName(p, i) {
    const out = new Int32Array(3);
    this.children(p, out);
    return `take${out[i] & 3}`;
  },
};
