/**
 * Whose turn it is, in the game's own words ("X to move — you"), what the
 * last move was, and how the game ended — a live region, so a screen reader
 * hears the computer's move and the end.
 */

import type { Value } from '../../../src/core/value.js';
import { formatValue } from '../../../src/core/value.js';
import type { Mover } from '../model/turns.js';
import { computerMoves } from '../model/turns.js';
import type { ComputerSide } from '../model/url.js';

interface Props {
  sides: readonly [string, string];
  computer: ComputerSide;
  mover: Mover;
  /** The player who made the last move and its name. */
  last?: { mover: Mover; name: string };
  over: boolean;
  /** The value of the position for the player to move, when shown. */
  value?: Value;
  /** Scoring games: what each player has so far (the value is then the final score's, with best play). */
  scores?: readonly [number, number];
}

/** "you", "the computer", or nothing when two people (or the computer alone) play. */
function who(computer: ComputerSide, mover: Mover): string {
  if (computer === 'none' || computer === 'both') return '';
  return computerMoves(computer, mover) ? ' (the computer)' : ' (you)';
}

/** The end of the game in words, from the value of the final position for the player to move there. */
export function endText(
  sides: readonly [string, string],
  mover: Mover,
  value: Value | undefined,
  scores?: readonly [number, number],
): string {
  if (scores) {
    if (scores[0] === scores[1]) return 'Game over: level.';
    return `Game over: ${sides[scores[0] > scores[1] ? 0 : 1]} wins.`;
  }
  if (!value) return 'Game over.';
  if (value.outcome === 'tie') return value.margin === undefined ? 'Game over: a tie.' : 'Game over: level.';
  if (value.outcome === 'draw') return 'Game over.';
  const winner = value.outcome === 'win' ? mover : mover === 0 ? 1 : 0;
  return `Game over: ${sides[winner]} wins.`;
}

export function TurnLine({ sides, computer, mover, last, over, value, scores }: Props) {
  const lastText = last ? `${sides[last.mover]}${who(computer, last.mover)} played ${last.name}. ` : '';
  const now = over
    ? endText(sides, mover, value, scores)
    : `${sides[mover]}${who(computer, mover)} to move${value ? `: ${formatValue(value)} with best play${scores ? ' (the final score)' : ''}` : ''}.`;
  return (
    <p class="turn" data-testid="turn" role="status" aria-live="polite">
      {lastText}
      <b>{now}</b>
      {scores && (
        <span class="scores">
          {' '}
          Score so far: {sides[0]} {scores[0]}, {sides[1]} {scores[1]}.
        </span>
      )}
    </p>
  );
}
