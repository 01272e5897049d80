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
  /** Scoring games: the first player's lead over the second so far (the value is then the final score's). */
  lead?: number;
  /** Scoring games that count what each player has (Kalah's stores). */
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
  lead?: number,
  scores?: readonly [number, number],
): string {
  if (lead !== undefined) {
    if (lead === 0) return `Game over: level${scores ? ` at ${scores[0]}–${scores[1]}` : ''}.`;
    const by = scores ? ` ${Math.max(...scores)}–${Math.min(...scores)}` : ` by ${Math.abs(lead)}`;
    return `Game over: ${sides[lead > 0 ? 0 : 1]} wins${by}.`;
  }
  if (!value) return 'Game over.';
  if (value.outcome === 'tie') return value.margin === undefined ? 'Game over: a tie.' : 'Game over: level.';
  if (value.outcome === 'draw') return 'Game over.';
  const winner = value.outcome === 'win' ? mover : mover === 0 ? 1 : 0;
  return `Game over: ${sides[winner]} wins.`;
}

/** What the players have made so far: each one's count, or who leads by how much. */
function soFar(sides: readonly [string, string], lead: number, scores?: readonly [number, number]): string {
  if (scores) return `Score so far: ${sides[0]} ${scores[0]}, ${sides[1]} ${scores[1]}.`;
  return lead === 0 ? 'Level so far.' : `So far ${sides[lead > 0 ? 0 : 1]} is ${Math.abs(lead)} ahead.`;
}

export function TurnLine({ sides, computer, mover, last, over, value, lead, scores }: Props) {
  const lastText = last ? `${sides[last.mover]}${who(computer, last.mover)} played ${last.name}. ` : '';
  const now = over
    ? endText(sides, mover, value, lead, scores)
    : `${sides[mover]}${who(computer, mover)} to move${value ? `: ${formatValue(value)} with best play${lead !== undefined ? ' (the final score)' : ''}` : ''}.`;
  return (
    <p class="turn" data-testid="turn" role="status" aria-live="polite">
      {lastText}
      <b>{now}</b>
      {lead !== undefined && !over && <span class="scores"> {soFar(sides, lead, scores)}</span>}
    </p>
  );
}
