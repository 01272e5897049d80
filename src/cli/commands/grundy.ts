/**
 * `yomi grundy <family>`: Grundy values of a heap family — an octal code
 * (`0.77`), `grundys-game`, `nim`, or a family with parameters
 * (`subtraction(set=1 3 4)`, `octal(code=0.137)`).
 *
 * - `--upto N` prints G(0) … G(N), 20 to a row (a progress bar on stderr while
 *   long computations run, when it is a terminal), and for octal and subtraction
 *   games the period and pre-period when the periodicity theorem proves one
 *   (values past the proven point follow from the period);
 * - `--heaps 'a b c'` (or `heaps=` in the family) analyses that row of heaps
 *   as a sum: each heap's value, the nim-sum, the outcome for the player to
 *   move and every winning move (which heap, what it leaves).
 *
 * `--json` prints the same as data (`GrundyJson`). The loopy token games
 * (`subtraction-mod`, `digraph`) are answered by token-grundy.ts.
 */

import { type Command, InvalidArgumentError } from 'commander';
import { YomiError } from '../../core/errors.js';
import { grouped } from '../../core/grouped.js';
import type { GrundyValues, HeapFamily } from '../../games/impartial/heap-family.js';
import { formatSumMove, isHeapDefinition } from '../../games/impartial/heap-game.js';
import { analyzeSum, type SumAnalysis } from '../../games/impartial/heap-sum.js';
import { isTokenDefinition } from '../../games/impartial/token-game.js';
import { octalFamily, parseOctalCode } from '../../games/octal.js';
import { resolveSpec } from '../../games/open.js';
import { GAMES } from '../../games/registry.js';
import { examples } from '../help.js';
import { printJson } from '../print-json.js';
import { progressBar } from '../progress.js';
import { tokenBoardOf, tokenGrundy } from '../token-grundy.js';

interface GrundyFlags {
  upto?: number;
  heaps?: number[];
  json?: boolean;
}

/** `--json`: what `yomi grundy` prints, as data. */
export interface GrundyJson {
  family: string;
  /** With `--upto` (or no heaps): G(0) … G(upto) and the proven period. */
  values?: {
    upto: number;
    values: number[];
    /** null when none is proven (or the family has no period theorem). */
    period: { length: number; start: number; provenTo: number } | null;
    /** Values computed from their options; the rest follow from the period. */
    computed: number;
  };
  /** With `--heaps`: the row as a sum. */
  sum?: {
    heaps: number[];
    values: number[];
    nimSum: number;
    outcome: 'win' | 'lose';
    winning: { move: string; heap: number; size: number; before: number; after: number }[];
  };
}

const ROW = 20;
const MAX_LISTED_MOVES = 50;
/** Values computed at least, for families with a period theorem, so that short listings show the period. */
const PERIOD_PROBE = 2000;

function nonNegativeInt(text: string): number {
  const n = Number(text.replace(/_/g, ''));
  if (!/^[\d_]+$/.test(text) || !Number.isSafeInteger(n)) {
    throw new InvalidArgumentError('expected a non-negative integer');
  }
  return n;
}

function heapList(text: string): number[] {
  const parts = text.trim().split(/[\s,]+/);
  if (text.trim() === '') throw new InvalidArgumentError('expected heap sizes separated by spaces');
  return parts.map(nonNegativeInt);
}

/** The family named by `text`, and the heaps its parameters give (if any). */
export function resolveFamily(text: string): { family: HeapFamily; heaps?: number[] } {
  if (/^\d\.\d*$/.test(text.trim())) return { family: octalFamily(parseOctalCode(text.trim())) };
  const { def, params, given } = resolveSpec(text);
  if (!isHeapDefinition(def)) {
    const families = GAMES.filter((g) => isHeapDefinition(g) || isTokenDefinition(g)).map((g) => g.id);
    throw new YomiError(
      `${def.id} is not a heap game; Grundy values are computed for an octal code (e.g. 0.77) or ${families.join(', ')}`,
    );
  }
  if (params.play === 'misere') {
    throw new YomiError(
      `${def.id}: Grundy values are those of normal play (who cannot move loses), and misère play has none of this kind; solve the row itself: yomi solve '${def.id}(…,play=misere)'`,
    );
  }
  return {
    family: def.family(params),
    heaps: Object.hasOwn(given, 'heaps') ? [...(params.heaps as readonly number[])] : undefined,
  };
}

function checkHeap(family: HeapFamily, n: number, what: string): void {
  if (n > family.maxHeap) {
    throw new YomiError(
      `${family.name}: ${what} ${grouped(n)} is over the limit of ${grouped(family.maxHeap)}`,
    );
  }
}

export function formatValues(family: HeapFamily, upto: number, result: GrundyValues): string {
  const width = String(upto).length;
  const lines = [`${family.name}: G(0) … G(${upto})`];
  const values = result.values;
  for (let n = 0; n <= upto; n += ROW) {
    const row = Array.from(values.subarray(n, Math.min(upto + 1, n + ROW))).join(' ');
    lines.push(`${String(n).padStart(width)}: ${row}`);
  }
  if (family.periodTheorem) lines.push(describePeriod(result));
  return lines.join('\n');
}

function describePeriod(result: GrundyValues): string {
  const p = result.period;
  if (!p) {
    return `period: none proven from G(0) … G(${result.computed - 1}) (the octal periodicity theorem needs G(n + p) = G(n) for n0 ≤ n < 2·n0 + p + t)`;
  }
  const copied = result.values.length - result.computed;
  return [
    `period ${p.length}, pre-period ${p.start}: G(n + ${p.length}) = G(n) for every n ≥ ${p.start}`,
    `proven by the octal periodicity theorem from G(0) … G(${p.provenTo})` +
      (copied > 0 ? `; the values from G(${result.computed}) on follow from the period` : ''),
  ].join('\n');
}

/** The row of heaps as a sum, after checking every heap against the family's limit. */
function sumOf(family: HeapFamily, heaps: number[]): SumAnalysis {
  for (const n of heaps) checkHeap(family, n, 'a heap of');
  return analyzeSum(family, heaps);
}

export function formatSum(family: HeapFamily, heaps: number[], sum: SumAnalysis): string {
  const width = Math.max(4, ...heaps.map((n) => String(n).length));
  const lines = [`${family.name}, heaps ${heaps.join(' ')}`, '', `heap  ${'size'.padStart(width)}  G`];
  heaps.forEach((n, i) => {
    lines.push(`${String(i + 1).padStart(4)}  ${String(n).padStart(width)}  ${sum.values[i]}`);
  });
  lines.push(
    '',
    `nim-sum ${sum.nimSum}: ${sum.outcome === 'win' ? 'a win' : 'a loss'} for the player to move`,
  );
  if (sum.winning.length > 0) {
    lines.push(`winning moves (to nim-sum 0): ${sum.winning.length}`);
    const listed = sum.winning.slice(0, MAX_LISTED_MOVES);
    const moveWidth = Math.max(...listed.map((m) => formatSumMove(m).length));
    for (const m of listed) {
      lines.push(`  ${formatSumMove(m).padEnd(moveWidth)}  heap value ${m.before} → ${m.after}`);
    }
    if (sum.winning.length > MAX_LISTED_MOVES)
      lines.push(`  … ${sum.winning.length - MAX_LISTED_MOVES} more`);
  }
  return lines.join('\n');
}

export function registerGrundy(program: Command): void {
  program
    .command('grundy')
    .description(
      'Grundy values of a heap family, with its proven period; or a sum of heaps, with its winning moves',
    )
    .addHelpText(
      'after',
      examples(['yomi grundy 0.77 --upto 40', "yomi grundy 'subtraction(set=1 3 4)' --heaps '10 20 30'"]),
    )
    .argument(
      '<family>',
      "an octal code (0.77 Kayles, 0.07, 0.137, 4.07 …), grundys-game, nim, 'subtraction(set=1 3 4)', 'octal(code=0.6)', 'subtraction-mod(n=12,set=2 3)', digraph",
    )
    .option('--upto <n>', 'print G(0) … G(n) (default: 30 when no heaps are given)', nonNegativeInt)
    .option('--heaps <sizes>', "analyse this row of heaps as a sum, e.g. '10 20 30'", heapList)
    .option('--json', 'print JSON: the values and period, and the sum')
    .action((familyArg: string, flags: GrundyFlags) => {
      // The loopy token games (subtraction-mod, digraph) have generalized values: nimbers or ∞(K).
      const board = tokenBoardOf(familyArg);
      if (board !== undefined) return tokenGrundy(board, flags);
      const { family, heaps: fromSpec } = resolveFamily(familyArg);
      const heaps = flags.heaps ?? fromSpec;
      const blocks: string[] = [];
      const json: GrundyJson = { family: family.name };
      if (flags.upto !== undefined || heaps === undefined) {
        const upto = flags.upto ?? 30;
        checkHeap(family, upto, '--upto');
        // A few thousand values cost little and let the theorem prove the period of most codes.
        const probe = family.periodTheorem ? Math.min(family.maxHeap, Math.max(upto, PERIOD_PROBE)) : upto;
        const progress = progressBar();
        let result: GrundyValues;
        try {
          result = family.values(probe, progress.onProgress);
        } finally {
          progress.stop();
        }
        blocks.push(formatValues(family, upto, result));
        json.values = {
          upto,
          values: Array.from(result.values.subarray(0, upto + 1)),
          period: result.period ?? null,
          computed: result.computed,
        };
      }
      if (heaps !== undefined) {
        const sum = sumOf(family, heaps);
        blocks.push(formatSum(family, heaps, sum));
        json.sum = {
          heaps,
          values: sum.values,
          nimSum: sum.nimSum,
          outcome: sum.outcome,
          winning: sum.winning.map((m) => ({
            move: formatSumMove(m),
            heap: m.heap + 1,
            size: m.from,
            before: m.before,
            after: m.after,
          })),
        };
      }
      if (flags.json) printJson(json);
      else process.stdout.write(`${blocks.join('\n\n')}\n`);
    });
}
