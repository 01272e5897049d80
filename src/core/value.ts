/**
 * The solved value of a position and of a move, with the preference order
 * every solver uses.
 *
 * Values are always for the player to move (negamax form). A move's value is
 * the child's value seen by the mover: outcome flipped, one ply more, and in
 * scoring games the move's points minus the child's margin — or, for a move
 * that keeps the turn, the child's value as it is (plus the points), one ply
 * more.
 *
 * Preference: a larger margin first (scoring games); then win > tie > draw >
 * lose; a winner hurries (fewer plies), a loser delays (more plies), and a tie
 * is reached as soon as possible.
 */

import { flipOutcome, type Outcome, outcomeRank } from './outcome.js';

/** The solved value of a position, for the player to move. */
export interface Value {
  outcome: Outcome;
  /**
   * Plies to the end with best play; `Infinity` for a draw by endless play;
   * `NaN` when the solve was not asked for it (see `ValueNeed`) or the value
   * comes from theory that does not give it (a large sum of heaps solved by
   * its Grundy value).
   */
  remoteness: number;
  /** Scoring games: the best (own − opponent's) points the player to move can force from here. */
  margin?: number;
}

/**
 * What a solve must compute for every position: the outcome, or the margin
 * (scoring games), with or without the remoteness. A scoring game's outcome
 * is the sign of its margin, so 'outcome' there computes the margin too.
 * Solvers may compute more than asked; a remoteness they skip is `NaN`.
 */
export type ValueNeed = 'outcome' | 'outcome+remoteness' | 'margin' | 'margin+remoteness';

/** Everything a solver can tell: what analyses, play and solution files need. */
export const EVERY_VALUE: ValueNeed = 'margin+remoteness';

/** Whether a solve asked for `need` must keep remoteness (not only outcomes or margins). */
export function needsRemoteness(need: ValueNeed): boolean {
  return need === 'outcome+remoteness' || need === 'margin+remoteness';
}

/** Equal remoteness, counting two remotenesses that were not computed (NaN) as equal. */
function sameRemoteness(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/**
 * The value a move has for the player making it, given the value of the child
 * it leads to: seen from the other side, unless the move keeps the turn (an
 * extra turn: the child's value is the mover's own).
 */
export function moveValue(child: Value, points?: number, keepsTurn = false): Value {
  if (child.margin === undefined && points === undefined) {
    return {
      outcome: keepsTurn ? child.outcome : flipOutcome(child.outcome),
      remoteness: child.remoteness + 1,
    };
  }
  const rest = child.margin ?? 0;
  const margin = (points ?? 0) + (keepsTurn ? rest : -rest);
  return { outcome: marginOutcome(margin), remoteness: child.remoteness + 1, margin };
}

/** In a scoring game the outcome is the sign of the margin. */
export function marginOutcome(margin: number): Outcome {
  return margin > 0 ? 'win' : margin < 0 ? 'lose' : 'tie';
}

/** Positive when `a` is better than `b` for the player to move, negative when worse, 0 when equal. */
export function compareValues(a: Value, b: Value): number {
  const byMargin = (a.margin ?? 0) - (b.margin ?? 0);
  if (byMargin !== 0) return byMargin;
  const byOutcome = outcomeRank(a.outcome) - outcomeRank(b.outcome);
  if (byOutcome !== 0) return byOutcome;
  if (sameRemoteness(a.remoteness, b.remoteness)) return 0;
  // Winners and tie-makers hurry, losers delay; draws never end.
  return a.outcome === 'lose' ? a.remoteness - b.remoteness : b.remoteness - a.remoteness;
}

/** Whether two values are equal (outcome, remoteness and margin). */
export function sameValue(a: Value, b: Value): boolean {
  return (
    a.outcome === b.outcome &&
    sameRemoteness(a.remoteness, b.remoteness) &&
    (a.margin ?? 0) === (b.margin ?? 0)
  );
}

/**
 * `win in 5`, `lose in 4`, `tie in 9`, `draw`, `lose (endless play)`; scoring
 * games add the margin: `win by 3 in 5`; without a remoteness: `win`.
 */
export function formatValue(value: Value): string {
  if (value.outcome === 'draw') return 'draw';
  const margin = value.margin === undefined || value.outcome === 'tie' ? '' : ` by ${Math.abs(value.margin)}`;
  // A game that declares who loses endless play has wins and losses that never end; a value whose
  // remoteness was not asked for or not known (Grundy values) has none (NaN).
  const when = Number.isNaN(value.remoteness)
    ? ''
    : Number.isFinite(value.remoteness)
      ? ` in ${value.remoteness}`
      : ' (endless play)';
  return `${value.outcome}${margin}${when}`;
}
