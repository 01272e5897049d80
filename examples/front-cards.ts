/**
 * An example of a scoring game written by a user: cards from the front.
 *
 * A row of numbered cards lies face up: 3 -1 4 -1 5 -9 2 6. The players take
 * turns taking one or two cards from the front of the row and score their
 * numbers (which may be negative). When the row is empty, the player with more
 * points wins. yomi reports the margin: the best (own − opponent's) points the
 * player to move can force.
 *
 *   yomi solve examples/front-cards.ts
 *   yomi analyze examples/front-cards.ts
 */

import type { Game } from 'yomi';

export const CARDS = [3, -1, 4, -1, 5, -9, 2, 6];

/** A position is the number of cards already taken. */
const frontCards: Game<number, number> = {
  id: 'front-cards',
  start: 0,
  moves: (taken) => [1, 2].filter((k) => taken + k <= CARDS.length),
  play: (taken, k) => taken + k,
  points: (taken, k) => CARDS.slice(taken, taken + k).reduce((a, b) => a + b, 0),
  key: (taken) => taken,
  show: (taken) => CARDS.slice(taken).join(' ') || '(no cards left)',
  moveName: (_taken, k) => `take${k}`,
};

export default frontCards;
