/**
 * The value-history chart: one point per position of the game so far
 * whose value is known (the line breaks where one is not), at
 * remoteness signed by who wins (above the centre: the first player, below:
 * the second; on it: a tie or a draw; endless play in a band of its own),
 * coloured and lettered by outcome (a long game: smaller dots, colour and
 * place only, each with its full text on hover). Before the first move it is
 * one line of text, not an empty box.
 */

import type { Value } from '../../../src/core/value.js';
import { type HistoryPoint, historyHeight, historyScale, historySeries } from '../model/history.js';
import type { Mover } from '../model/turns.js';
import { OUTCOME_STYLES } from '../model/values.js';

const W = 320;
const H = 170;
const PAD = 26;
/** Room on the right for the scale's labels, clear of the last point. */
const RIGHT = 40;
/** Room above and below the plot for the side labels. */
const EDGE = 20;

interface Props {
  /** Per ply; undefined where the value is not known (no point, and a break in the line). */
  values: readonly (Value | undefined)[];
  movers: readonly Mover[];
  sides: readonly [string, string];
}

/** A point's full text: "after 9 moves: South wins by 6 in 8". */
function pointTitle(p: HistoryPoint, first: string, word: string): string {
  const by = p.margin !== undefined && p.margin !== 0 ? ` by ${Math.abs(p.margin)}` : '';
  const when = p.endless ? ' (endless play)' : Number.isFinite(p.remoteness) ? ` in ${p.remoteness}` : '';
  return `after ${p.ply} moves: ${first} ${word}s${by}${when}`;
}

/** The series cut where a ply is missing: each run's points are at consecutive plies. */
function runs(series: readonly HistoryPoint[]): HistoryPoint[][] {
  const out: HistoryPoint[][] = [];
  for (const p of series) {
    const run = out[out.length - 1];
    if (run !== undefined && run[run.length - 1].ply === p.ply - 1) run.push(p);
    else out.push([p]);
  }
  return out;
}

export function HistoryChart({ values, movers, sides }: Props) {
  if (values.length < 2) {
    return <p class="history-empty muted">The value history is drawn here from the first move on.</p>;
  }
  const series = historySeries(values, movers);
  const scale = historyScale(series);
  const endless = series.some((p) => p.endless);
  const top = endless ? scale + 1 : scale;
  const plies = Math.max(values.length - 1, 1);
  const x = (ply: number) => PAD + ((W - PAD - RIGHT) * ply) / plies;
  // A long game keeps every point apart: smaller dots, lettered only while a letter fits.
  const r = Math.min(6, (0.45 * (W - PAD - RIGHT)) / plies);
  const lettered = r >= 4.5;
  const decided = series.some((p) => p.side !== 0 && !p.endless);
  const y = (v: number) => H / 2 - ((H / 2 - EDGE) * v) / top;
  return (
    <figure class="history">
      <figcaption>Value history (distance from the centre: moves to the end)</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="value history">
        <text x={PAD} y={12} font-size="10">
          ▲ {sides[0]} wins
        </text>
        <text x={PAD} y={H - 4} font-size="10">
          ▼ {sides[1]} wins
        </text>
        <line x1={PAD} x2={W - RIGHT} y1={H / 2} y2={H / 2} stroke="#888" stroke-dasharray="4 3" />
        <text x={W - RIGHT + 8} y={H / 2 + 3} font-size="10">
          0
        </text>
        {decided && (
          <text x={W - RIGHT + 8} y={y(scale) + 3} font-size="10">
            {scale}
          </text>
        )}
        {endless && (
          <>
            <line x1={PAD} x2={W - RIGHT} y1={y(scale + 0.5)} y2={y(scale + 0.5)} stroke="#ccc" />
            <line x1={PAD} x2={W - RIGHT} y1={y(-scale - 0.5)} y2={y(-scale - 0.5)} stroke="#ccc" />
            <text x={W - RIGHT + 8} y={y(top) + 3} font-size="10">
              ∞
            </text>
          </>
        )}
        {runs(series).map((run) => (
          <polyline
            key={run[0].ply}
            fill="none"
            stroke="#555"
            stroke-width="1.5"
            points={run.map((p) => `${x(p.ply)},${y(historyHeight(p, scale))}`).join(' ')}
          />
        ))}
        {series.map((p) => {
          const style = OUTCOME_STYLES[p.outcome];
          const cy = y(historyHeight(p, scale));
          return (
            <g key={p.ply}>
              <circle cx={x(p.ply)} cy={cy} r={r} fill={style.colour} stroke="#222" stroke-width="0.5">
                <title>{pointTitle(p, sides[0], style.word)}</title>
              </circle>
              {lettered && (
                <text x={x(p.ply)} y={cy + 3} font-size="8" text-anchor="middle" fill={style.ink}>
                  {style.symbol}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
