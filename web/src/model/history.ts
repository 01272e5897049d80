/**
 * The value-history series: the value of each position of the game so far,
 * drawn as GamesmanUni draws it — remoteness signed by who wins, seen from
 * the first player: above the centre line the first player wins, below it the
 * second player wins, on it a tie or a draw. A win or loss by endless play
 * (no remoteness) is drawn apart, in a band beyond every remoteness. A
 * mistake shows as the point where the line crosses the centre (or moves
 * away from it).
 */

import type { Outcome } from '../../../src/core/outcome.js';
import type { Value } from '../../../src/core/value.js';
import type { Mover } from './turns.js';

export interface HistoryPoint {
  ply: number;
  /** Who is to move: 0 the first player, 1 the second. */
  mover: Mover;
  /** The outcome for the first player. */
  outcome: Outcome;
  /** +1 when the first player wins, −1 when the second wins, 0 for a tie or draw. */
  side: -1 | 0 | 1;
  /** A win or loss that comes from endless play (no remoteness). */
  endless: boolean;
  remoteness: number;
  /** Scoring games: the first player's margin (points ahead; negative: behind). */
  margin?: number;
}

const flip = (o: Outcome): Outcome => (o === 'win' ? 'lose' : o === 'lose' ? 'win' : o);

/**
 * One point per position whose value is known, from the values along the
 * game (for the player to move; undefined: not known) and who was to move.
 */
export function historySeries(
  values: readonly (Value | undefined)[],
  movers: readonly Mover[],
): HistoryPoint[] {
  const points: HistoryPoint[] = [];
  values.forEach((value, ply) => {
    if (value === undefined) return;
    const mover = movers[ply] ?? ((ply % 2) as Mover);
    const outcome = mover === 0 ? value.outcome : flip(value.outcome);
    const side = outcome === 'win' ? 1 : outcome === 'lose' ? -1 : 0;
    points.push({
      ply,
      mover,
      outcome,
      side,
      endless: side !== 0 && value.remoteness === Number.POSITIVE_INFINITY,
      remoteness: value.remoteness,
      ...(value.margin === undefined ? {} : { margin: mover === 0 ? value.margin : -value.margin }),
    });
  });
  return points;
}

/** The largest finite remoteness of a decided position, at least 1 (the chart's scale). */
export function historyScale(series: readonly HistoryPoint[]): number {
  return series.reduce(
    (m, p) => (p.side !== 0 && Number.isFinite(p.remoteness) ? Math.max(m, p.remoteness) : m),
    1,
  );
}

/** How far from the centre a game won and over (remoteness 0) is drawn: on the winner's side, off the tie line. */
export const OVER_HEIGHT = 0.4;

/**
 * Where a point is drawn, in units of remoteness: endless wins and losses one band beyond the scale;
 * a win or loss whose remoteness is not known (a search reading margin databases) at the scale's edge;
 * the end of a won game just off the centre, on the winner's side.
 */
export function historyHeight(p: HistoryPoint, scale: number): number {
  if (p.side === 0) return 0;
  if (p.endless) return p.side * (scale + 1);
  return p.side * (Number.isNaN(p.remoteness) ? scale : Math.max(p.remoteness, OVER_HEIGHT));
}
