/**
 * An example of a game written for search: cards from either end.
 *
 * A row of numbered cards lies face up. The players take turns taking the
 * card at either end of the row and score its number; when the row is empty,
 * the player with more points wins. yomi reports the margin.
 *
 * Besides the rules, the game gives alpha-beta what makes search fast —
 * `searchFirst` (auto searches instead of exploring), bounds on the margin
 * (± the points left), a move order (the larger end first) and the plies
 * left (every line lasts as long as cards remain), so no second search is
 * needed for the remoteness:
 *
 *   yomi analyze examples/end-cards.ts
 */

import type { Game, SearchHooks } from 'yomi';

export const ROW = [7, 3, 9, 4, 1, 8, 6, 2, 5, 9, 3, 7, 4, 8, 2, 6, 5, 1, 9, 3];

/** The cards left: ROW[left] … ROW[right − 1]. */
export interface Row {
  left: number;
  right: number;
}

type Side = 'left' | 'right';

const card = (r: Row, side: Side): number => (side === 'left' ? ROW[r.left] : ROW[r.right - 1]);

const endCards: Game<Row, Side> & SearchHooks<Row, Side> = {
  id: 'end-cards',
  start: { left: 0, right: ROW.length },
  moves: (r) => (r.left < r.right ? ['left', 'right'] : []),
  play: (r, side) =>
    side === 'left' ? { left: r.left + 1, right: r.right } : { left: r.left, right: r.right - 1 },
  points: card,
  key: (r) => r.left * 64 + r.right,
  show: (r) => ROW.slice(r.left, r.right).join(' ') || '(no cards left)',
  moveName: (r, side) => `${side} ${card(r, side)}`,
  // What alpha-beta uses:
  searchFirst: true,
  marginBounds(r) {
    const left = ROW.slice(r.left, r.right).reduce((a, b) => a + b, 0);
    return [-left, left];
  },
  orderMoves: (r, moves) => [...moves].sort((a, b) => card(r, b) - card(r, a)),
  pliesLeft: (r) => r.right - r.left,
};

export default endCards;
