/**
 * Values of positions 0 … size−1 in typed arrays, as the table solvers
 * (sweep, solvers on explored games) produce them, and the `Solution` that
 * answers queries from such a table.
 *
 * Outcome games keep one packed code per position (see value-code.ts), or
 * only a one-byte rank when the solve needs no remoteness. Scoring games keep
 * the margin (in 2, 4 or 8 bytes, as the game's `marginBound` allows) and the
 * remoteness when it is needed; their outcome is the sign of the margin.
 * Retrograde analysis keeps 1, 2 or 4 bytes per position, in the encodings
 * of packed-value.ts. A remoteness that was not computed reads as NaN.
 */

import { YomiError } from './errors.js';
import type { Game } from './game.js';
import { OUTCOMES } from './outcome.js';
import { type CompactCodes, decodeCompact, type Encoding } from './packed-value.js';
import { makeSolution, type Solution, type SolutionInfo } from './solution.js';
import { marginOutcome, type Value } from './value.js';
import { DRAW_RANK, decode, RANK_OUTCOME } from './value-code.js';

/** Margins: exact integers in 2 or 4 bytes when the game bounds them, else doubles (exact to 2^53). */
export type MarginTable = Int16Array | Int32Array | Float64Array;

/** The values of positions 0 … size−1: packed outcome codes, or margins and remoteness (scoring games). */
export type ValueTable =
  | { kind: 'outcome'; code: Int32Array }
  | { kind: 'rank'; rank: Uint8Array }
  | { kind: 'margin'; margin: MarginTable; remoteness?: Int32Array }
  | { kind: 'packed'; code: CompactCodes; encoding: Encoding };

/** The values of retrograde analysis and of tier files: compact codes of one encoding. */
export type PackedTable = ValueTable & { kind: 'packed' };

/** The value of position `i` in a table. */
export function tableValue(table: ValueTable, i: number): Value {
  switch (table.kind) {
    case 'outcome':
      return decode(table.code[i]);
    case 'packed':
      return decodeCompact(table.encoding, table.code[i]);
    case 'rank': {
      const rank = table.rank[i];
      // A draw never ends, whatever was asked; other outcomes' remoteness was not computed.
      const remoteness = rank === DRAW_RANK ? Number.POSITIVE_INFINITY : Number.NaN;
      return { outcome: OUTCOMES[RANK_OUTCOME[rank]], remoteness };
    }
    case 'margin': {
      const margin = table.margin[i];
      const remoteness = table.remoteness === undefined ? Number.NaN : table.remoteness[i];
      return { outcome: marginOutcome(margin), remoteness, margin };
    }
  }
}

/**
 * A Solution over `view` whose values come from `table`; `indexOf` maps a
 * position to its row (undefined: not reachable from the start, not solved).
 */
export function tableSolution<P, M>(
  view: Game<P, M>,
  indexOf: (p: P) => number | undefined,
  table: ValueTable,
  info: SolutionInfo,
): Solution<P, M> {
  return makeSolution(
    view,
    (p) => {
      const i = indexOf(p);
      if (i === undefined) {
        const shown = view.show ? view.show(p) : 'this position';
        throw new YomiError(`${view.id}: ${shown} is not reachable from the start, so it was not solved`);
      }
      return tableValue(table, i);
    },
    info,
  );
}
