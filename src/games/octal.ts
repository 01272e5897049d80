/**
 * Octal games, named by their code d0.d1d2…dt: a move removes k tokens from
 * one heap (k = 1 … t, or k = 0 when d0 = 4) and the digit dk says what may be
 * left of that heap: bit 1 — nothing (the whole heap was k tokens); bit 2 —
 * one non-empty heap; bit 4 — two non-empty heaps. Kayles is 0.77, Dawson's
 * Kayles 0.07, Dawson's chess 0.137; 4.07 also allows splitting a heap in two
 * without removing anything. d0 may only be 0 or 4 (bits 1 and 2 of d0 would
 * be a move that removes nothing and leaves the heap as it was).
 *
 * Values: G(n) = mex of the options' values (a split's value is the XOR of
 * its two heaps'), computed in rounds of doubling length; after each round the
 * periodicity theorem (octal-period.ts) is tried, and once a period is proven
 * every later value is copied from it — Kayles to 10^6 is then instant.
 * Without a period the cost is O(t·n²) for codes that split, O(t·n) otherwise.
 */

import { YomiError } from '../core/errors.js';
import {
  type GrundyValues,
  type HeapFamily,
  type HeapOption,
  PROGRESS_HEAPS,
  type ProgressReport,
} from './impartial/heap-family.js';
import { heapDefinition } from './impartial/heap-game.js';
import { markSplits, XorMarks } from './impartial/mex-marks.js';
import { extendByPeriod, findPeriod } from './impartial/octal-period.js';

/** An octal game's code, e.g. 0.77 (Kayles): what a move may take from a heap and leave of it. */
export interface OctalCode {
  /** The code as written, e.g. `0.77`. */
  text: string;
  /** digits[k] for k = 0 … t. */
  digits: Uint8Array;
  /** The largest number of tokens a move removes (the index of the last non-zero digit). */
  t: number;
}

/** The longest code accepted (digits after the point). */
export const MAX_CODE_DIGITS = 64;
/** The largest heap whose value `yomi grundy` and the octal games compute. */
export const OCTAL_MAX_HEAP = 1_000_000;

const CODE = /^([0-7])\.([0-7]+)$/;

/** Why `text` is not a valid octal code, or undefined if it is one. */
export function octalCodeProblem(text: string): string | undefined {
  const m = CODE.exec(text);
  if (!m) return `'${text}' is not an octal code: write d0.d1d2… with digits 0–7, e.g. 0.77 (Kayles)`;
  if (m[1] !== '0' && m[1] !== '4') {
    return `'${text}': the digit before the point must be 0 or 4 (4: a heap may be split in two without removing anything)`;
  }
  if (m[2].length > MAX_CODE_DIGITS) return `'${text}' has more than ${MAX_CODE_DIGITS} digits`;
  if (m[1] === '0' && /^0+$/.test(m[2])) return `'${text}' allows no move at all`;
  return undefined;
}

/** Reads an octal code (`0.77`, `4.07`); a code that is not valid is a `YomiError` naming why. */
export function parseOctalCode(text: string): OctalCode {
  const problem = octalCodeProblem(text);
  if (problem) throw new YomiError(problem);
  const [d0, rest] = text.split('.');
  const digits = Uint8Array.from([Number(d0), ...[...rest].map(Number)]);
  let t = digits.length - 1;
  while (t > 0 && digits[t] === 0) t--;
  return { text, digits: digits.slice(0, t + 1), t };
}

/** Every move on a heap of n tokens under `code`. */
export function octalOptions(code: OctalCode, n: number): HeapOption[] {
  const out: HeapOption[] = [];
  for (let k = 0; k <= Math.min(code.t, n); k++) {
    const d = code.digits[k];
    if (d & 1 && n === k) out.push({ take: k, parts: [] });
    if (d & 2 && n > k) out.push({ take: k, parts: [n - k] });
    if (d & 4) for (let a = 1; 2 * a <= n - k; a++) out.push({ take: k, parts: [a, n - k - a] });
  }
  return out;
}

/** G(0) … G(n), with the period once the theorem proves one. */
export function octalValues(code: OctalCode, n: number, onProgress?: ProgressReport): GrundyValues {
  const g = new Int32Array(n + 1);
  const { digits, t } = code;
  // seen[x] === m: value x is an option of heap m.
  const marks = new XorMarks();
  let computed = 0;
  for (;;) {
    const until = Math.min(n + 1, Math.max(2 * computed, 128));
    for (let m = computed; m < until; m++) {
      const seen = marks.seen;
      for (let k = 0; k <= t && k <= m; k++) {
        const d = digits[k];
        if (d & 1 && m === k) seen[0] = m;
        if (d & 2 && m > k) seen[g[m - k]] = m;
        if (d & 4) markSplits(g, seen, 1, (m - k) >> 1, m - k, m);
      }
      g[m] = marks.mex(m);
      if (onProgress !== undefined && m % PROGRESS_HEAPS === 0) {
        onProgress({ unit: 'heap sizes', done: m, total: n + 1 });
      }
    }
    computed = until;
    const period = findPeriod(g, computed, t);
    if (period) {
      extendByPeriod(g, computed, period);
      return { values: g, period, computed };
    }
    if (computed === n + 1) return { values: g, computed };
  }
}

/** The heap family of an octal game, with its values and proven period. */
export function octalFamily(code: OctalCode): HeapFamily {
  return {
    name: code.text,
    maxHeap: OCTAL_MAX_HEAP,
    periodTheorem: true,
    options: (n) => octalOptions(code, n),
    values: (n, onProgress) => octalValues(code, n, onProgress),
  };
}

export const octalDefinition = heapDefinition({
  id: 'octal',
  summary: 'octal game by its code (0.77 Kayles, 0.07 Dawson’s Kayles, 0.137, 4.07, …)',
  params: [
    {
      name: 'code',
      type: 'string',
      default: '0.77',
      description: 'the code d0.d1d2…: digit dk says what a move removing k tokens may leave',
      check: (v) => octalCodeProblem(v as string),
    },
  ],
  defaultHeaps: [10],
  maxHeap: OCTAL_MAX_HEAP,
  family: (params) => octalFamily(parseOctalCode(params.code)),
});
