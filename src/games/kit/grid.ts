/**
 * What the grid problems (abc201d, arc038b) share: reading `H W` and H rows
 * of marks into one byte per square, the mark's character code (row-major,
 * square (i, j) at i·W + j; moved together in the input's bytes, then checked),
 * naming a square `(row,column)` counted from 1, and reading such a name back.
 */

import { InputError } from '../../core/errors.js';
import { InputReader, requireText } from './input-reader.js';

export interface Grid {
  height: number;
  width: number;
  /** Each square's mark, its character code, row by row. */
  marks: Uint8Array;
  /** Where row 1 starts in the input, for errors about its squares. */
  firstRow: { line: number; column: number };
}

/** Reads `H W` (each 1 … max) and H rows of `alphabet` characters; nothing may follow. */
export function readGrid(game: string, input: string | undefined, max: number, alphabet: string): Grid {
  const reader = new InputReader(requireText(input, game));
  const height = reader.int('H', 1, max);
  const width = reader.int('W', 1, max);
  const firstRow = reader.where();
  const marks = reader.grid(height, width, alphabet);
  reader.end();
  return { height, width, marks, firstRow };
}

/** `(2,3)`: row 2, column 3, counted from 1. */
export function squareName(p: number, width: number): string {
  return `(${Math.floor(p / width) + 1},${(p % width) + 1})`;
}

/** Reads a square written as `(2,3)`, `2,3` or `2 3` (row, column from 1). */
export function parseSquare(game: string, text: string, height: number, width: number): number {
  const m = /^\s*\(?\s*(\d+)\s*[, ]\s*(\d+)\s*\)?\s*$/.exec(text);
  if (!m) throw new InputError(`${game}: a position is a square (row,column), e.g. (1,1), not '${text}'`);
  const row = Number(m[1]);
  const column = Number(m[2]);
  if (row < 1 || row > height || column < 1 || column > width) {
    throw new InputError(`${game}: square (${row},${column}) is off the ${height}×${width} board`);
  }
  return (row - 1) * width + (column - 1);
}
