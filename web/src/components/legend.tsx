/**
 * What the marks mean, beside the board: the letters and colours of the four
 * outcomes, the number (remoteness), margin/remoteness in scoring games (or
 * a margin alone where the moves to the end were not counted), the
 * ring on the best moves and the ranks in the move list.
 */

import { OUTCOME_STYLES } from '../model/values.js';

const MEANINGS = {
  win: 'you can force a win',
  lose: 'the other side can force a win',
  tie: 'best play ends level',
  draw: 'best play never ends',
} as const;

export function Legend({
  scoring,
  uncounted,
}: {
  scoring: boolean;
  /** Some values come without their number of moves (searched with endgame databases, which keep margins only). */
  uncounted: boolean;
}) {
  return (
    <section class="legend" aria-label="what the marks mean">
      <h2>Reading the marks</h2>
      <p>Each move is marked with what it leads to for the player making it, with best play after it:</p>
      <ul class="outcomes">
        {(Object.keys(MEANINGS) as (keyof typeof MEANINGS)[]).map((o) => (
          <li key={o}>
            <span
              class="badge"
              style={{ background: OUTCOME_STYLES[o].colour, color: OUTCOME_STYLES[o].ink }}
            >
              {OUTCOME_STYLES[o].symbol}
            </span>{' '}
            {OUTCOME_STYLES[o].word}: {MEANINGS[o]}
          </li>
        ))}
      </ul>
      <p>
        The number is the <b>remoteness</b>: moves to the end (a winner hurries, a loser holds out).
        {scoring && (
          <>
            {' '}
            In this scoring game <b>+2/4</b> means the game ends 2 points ahead (the <b>margin</b> of the
            final score, the points already made counted) in 4 moves.
          </>
        )}
        {scoring && uncounted && (
          <>
            {' '}
            A margin alone, as <b>+10</b>, was searched with endgame databases, which keep the margins and not
            the moves to the end.
          </>
        )}{' '}
        A thick <b>ring</b> marks the best move of each kind when others of that kind are worse; the move list
        ranks every move (<b>#1</b> best).
      </p>
    </section>
  );
}
