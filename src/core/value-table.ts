/**
 * Values of positions 0 … size−1 in typed arrays, as the table solvers
 * (sweep, solvers on explored games) produce them, and the `Solution` that
 * answers queries from such a table.
 *
 * Outcome games keep one packed code per position (see value-code.ts).
 * Scoring games keep the margin and the remoteness; their outcome is the sign
 * of the margin. Retrograde analysis keeps 2 (or 4) bytes per position (see
 * packed-value.ts).
 */

import { YomiError } from './errors.js';
import type { Game } from './game.js';
import { type CompactCodes, decodeCompact, type Encoding } from './packed-value.js';
import { makeSolution, type Solution, type SolutionInfo } from './solution.js';
import { marginOutcome, type Value } from './value.js';
import { decode } from './value-code.js';

/** The values of positions 0 … size−1: packed outcome codes, or margins and remoteness (scoring games). */
export type ValueTable =
  | { kind: 'outcome'; code: Int32Array }
  | { kind: 'margin'; margin: Float64Array; remoteness: Int32Array }
  | { kind: 'packed'; code: CompactCodes; encoding: Encoding };

/** The values of retrograde analysis and of tier files: compact codes of one encoding. */
export type PackedTable = ValueTable & { kind: 'packed' };

/** The value of position `i` in a table. */
export function tableValue(table: ValueTable, i: number): Value {
  if (table.kind === 'outcome') return decode(table.code[i]);
  if (table.kind === 'packed') return decodeCompact(table.encoding, table.code[i]);
  const margin = table.margin[i];
  return { outcome: marginOutcome(margin), remoteness: table.remoteness[i], margin };
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
