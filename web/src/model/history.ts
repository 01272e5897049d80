/**
 * The value-history series: the value of each position of the game so far,
 * drawn as GamesmanUni draws it — remoteness signed by who wins, seen from
 * the first player: above the centre line the first player wins, below it the
 * second player wins, on it a tie or a draw. A mistake shows as the point
 * where the line crosses the centre (or moves away from it).
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
  /** +remoteness when the first player wins, −remoteness when the second wins, 0 for a tie or draw. */
  y: number;
  remoteness: number;
}

/**
 * One point per position, from the values of the positions along the game
 * (values for the player to move) and who was to move at each.
 */
export function historySeries(values: readonly Value[], movers: readonly Mover[]): HistoryPoint[] {
  return values.map((value, ply) => {
    const mover = movers[ply] ?? ((ply % 2) as Mover);
    const forFirst: Outcome =
      mover === 0
        ? value.outcome
        : value.outcome === 'win'
          ? 'lose'
          : value.outcome === 'lose'
            ? 'win'
            : value.outcome;
    const r = Number.isFinite(value.remoteness) ? value.remoteness : 0;
    const y = forFirst === 'win' ? r : forFirst === 'lose' ? -r : 0;
    return { ply, mover, outcome: forFirst, y, remoteness: value.remoteness };
  });
}

/** The plies where the first player's outcome changed: the mistakes. */
export function turningPoints(series: readonly HistoryPoint[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < series.length; i++) if (series[i].outcome !== series[i - 1].outcome) out.push(i);
  return out;
}

/** The largest |y| of the series, at least 1 (the chart's scale). */
export function historyScale(series: readonly HistoryPoint[]): number {
  return series.reduce((m, p) => Math.max(m, Math.abs(p.y)), 1);
}
