/**
 * Heap games: impartial games played on heaps of tokens, where a move picks
 * one heap and replaces it by zero, one or two smaller heaps (Nim,
 * subtraction games, octal games, Grundy's game). A family says what a move
 * may do to one heap and computes the Grundy values G(0) … G(n) of a single
 * heap with a loop over typed arrays; a position of the game is then a row of
 * heaps, and its Grundy value is the XOR of the heaps' values (see
 * solvers/grundy-sum.ts).
 */

/** Called now and then while values are computed: how many are done, of how many. */
export type ProgressReport = (progress: { unit: string; done: number; total: number }) => void;

/** How many heap sizes pass between two progress reports. */
export const PROGRESS_HEAPS = 1 << 10;

/** What one move does to a heap: tokens taken and heaps left. */
export interface HeapOption {
  /** Tokens removed (0 for a split that removes nothing, as in Grundy's game). */
  take: number;
  /** The heaps left in place of the heap (none, one, or two non-empty heaps). */
  parts: readonly number[];
}

/** The sequence is periodic: G(n + length) = G(n) for every n ≥ start. */
export interface Period {
  start: number;
  length: number;
  /** The values up to this heap were computed directly to prove the period. */
  provenTo: number;
}

/** The Grundy values of one heap of each size, and the period that proves the rest. */
export interface GrundyValues {
  /** G(0) … G(n). */
  values: Int32Array;
  /** A proven period, when the family has a periodicity theorem and the values reached it. */
  period?: Period;
  /** Heaps whose values were computed from their options (the rest followed from the period). */
  computed: number;
}

/** A family of heap games (Nim, an octal game, a subtraction game …): the moves on one heap and its Grundy values. */
export interface HeapFamily {
  /** How the family is written: `0.77`, `subtraction(set=1 2 3)`, `grundys-game`, `nim`. */
  name: string;
  /** The largest heap the family accepts (its values are computed by a table up to the heap). */
  maxHeap: number;
  /** The family's values are tested for a period by the octal periodicity theorem. */
  periodTheorem: boolean;
  /** Every move on one heap of `n` tokens. */
  options(n: number): HeapOption[];
  /** G(0) … G(n) of a single heap; long computations report through `onProgress`. */
  values(n: number, onProgress?: ProgressReport): GrundyValues;
}

/** `7→2+4`, `5→0`: what a move leaves of a heap. */
export function formatOption(from: number, option: HeapOption): string {
  return `${from}→${option.parts.length === 0 ? '0' : option.parts.join('+')}`;
}
