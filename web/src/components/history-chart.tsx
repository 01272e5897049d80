/**
 * The value-history chart: one point per position of the game so far, at
 * remoteness signed by who wins (above the centre: the first player, below:
 * the second; on it: a tie or a draw), coloured and lettered by outcome.
 */

import type { Value } from '../../../src/core/value.js';
import { historyScale, historySeries } from '../model/history.js';
import type { Mover } from '../model/turns.js';
import { OUTCOME_STYLES } from '../model/values.js';

const W = 320;
const H = 180;
const PAD = 24;
/** Room above and below the plot for the side labels. */
const EDGE = 22;

export function HistoryChart({ values, movers }: { values: readonly Value[]; movers: readonly Mover[] }) {
  const series = historySeries(values, movers);
  const scale = historyScale(series);
  const plies = Math.max(series.length - 1, 1);
  const x = (ply: number) => PAD + ((W - 2 * PAD) * ply) / plies;
  const y = (v: number) => H / 2 - ((H / 2 - EDGE) * v) / scale;
  return (
    <figure class="history">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="value history">
        <text x={PAD} y={11} font-size="10">
          ▲ first player wins
        </text>
        <text x={PAD} y={H - 3} font-size="10">
          ▼ second player wins
        </text>
        <line x1={PAD} x2={W - PAD} y1={H / 2} y2={H / 2} stroke="#888" stroke-dasharray="4 3" />
        <text x={W - PAD + 2} y={H / 2 + 3} font-size="9">
          0
        </text>
        <text x={W - PAD + 2} y={y(scale) + 3} font-size="9">
          {scale}
        </text>
        <polyline
          fill="none"
          stroke="#555"
          stroke-width="1.5"
          points={series.map((p) => `${x(p.ply)},${y(p.y)}`).join(' ')}
        />
        {series.map((p) => {
          const style = OUTCOME_STYLES[p.outcome];
          return (
            <g key={p.ply}>
              <circle cx={x(p.ply)} cy={y(p.y)} r={6} fill={style.colour} stroke="#222" stroke-width="0.5">
                <title>{`ply ${p.ply}: first player ${style.word}s, remoteness ${p.remoteness}`}</title>
              </circle>
              <text x={x(p.ply)} y={y(p.y) + 3} font-size="8" text-anchor="middle" fill={style.ink}>
                {style.symbol}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>Value history: remoteness, above the line when the first player wins.</figcaption>
    </figure>
  );
}
