/**
 * Reads a problem's text input token by token, knowing the line and column of
 * every token, so each parser reports a mistake where it is: "line 3,
 * column 5: expected W = 4 characters, found 3". Shared by every built-in
 * problem game.
 */

import { InputError } from '../../core/errors.js';

/** Per byte: 0 for whitespace (space, tab, CR, LF), −1 for anything else (a digit is looked at before). */
const NOT_SPACE = Int8Array.from({ length: 256 }, (_, c) =>
  c === 32 || c === 9 || c === 13 || c === 10 ? 0 : -1,
);

export class InputReader {
  private line = 1;
  private column = 1;
  private at = 0;

  constructor(private readonly text: string) {}

  /** Skips spaces, tabs and (optionally) newlines. */
  private skip(newlines: boolean): void {
    const t = this.text;
    while (this.at < t.length) {
      const c = t.charCodeAt(this.at);
      if (c === 32 || c === 9 || c === 13) {
        this.at++;
        this.column++;
      } else if (c === 10 && newlines) {
        this.at++;
        this.line++;
        this.column = 1;
      } else {
        break;
      }
    }
  }

  /** The next whitespace-separated token, or an error naming what was expected. */
  token(what: string): { text: string; line: number; column: number } {
    this.skip(true);
    if (this.at >= this.text.length)
      throw new InputError(`expected ${what}, found the end of the input`, this.line);
    const start = this.at;
    const line = this.line;
    const column = this.column;
    const t = this.text;
    while (this.at < t.length) {
      const c = t.charCodeAt(this.at);
      if (c === 32 || c === 9 || c === 13 || c === 10) break;
      this.at++;
      this.column++;
    }
    return { text: t.slice(start, this.at), line, column };
  }

  /** An integer in [min, max]; `what` names it in errors (e.g. "H"). */
  int(what: string, min: number, max: number): number {
    const tok = this.token(`${what} (an integer)`);
    if (!/^[+-]?\d+$/.test(tok.text)) {
      throw new InputError(`expected ${what} (an integer), found '${tok.text}'`, tok.line, tok.column);
    }
    const n = Number(tok.text);
    if (n < min || n > max) {
      throw new InputError(`${what} = ${tok.text} is out of range (${min} … ${max})`, tok.line, tok.column);
    }
    return n;
  }

  /** `count` integers in [min, max], named `what_1`, `what_2`, … in errors. */
  ints(what: string, count: number, min: number, max: number): number[] {
    const out = new Array<number>(count);
    for (let i = 0; i < count; i++) out[i] = this.int(`${what}_${i + 1}`, min, max);
    return out;
  }

  /**
   * A row of exactly `width` characters from `alphabet` (a grid line); returns
   * the row as a string.
   */
  row(what: string, width: number, alphabet: string): string {
    const tok = this.token(what);
    if (tok.text.length !== width) {
      throw new InputError(
        `${what} should have ${width} characters, found ${tok.text.length}`,
        tok.line,
        tok.column,
      );
    }
    for (let i = 0; i < width; i++) {
      if (!alphabet.includes(tok.text[i])) {
        throw new InputError(
          `${what}: '${tok.text[i]}' is not one of '${alphabet.split('').join("', '")}'`,
          tok.line,
          tok.column + i,
        );
      }
    }
    return tok.text;
  }

  /**
   * `height` rows as `row` reads them (named `row 1`, `row 2`, … in errors),
   * for large grids: the rows are moved together within the input's bytes,
   * row after row (square (i, j) at i·width + j), with no array of their own
   * (a 4 MB grid's copy took its pages' first touch), and checked against
   * `alphabet` once after, four squares at a time through a table of every
   * pair of bytes. Nothing is decided per character while moving them; a
   * malformed grid is read again by `row`, which reports the first mistake
   * where it is.
   */
  grid(height: number, width: number, alphabet: string): Uint8Array {
    const size = height * width;
    const { at, line, column } = this;
    const squares = this.gatherRows(height, width);
    if (squares !== undefined && outsideAlphabet(squares, size, alphabet, this.pairTable(alphabet)) === 0) {
      return squares.subarray(0, size);
    }
    this.at = at;
    this.line = line;
    this.column = column;
    const out = new Uint8Array(size);
    for (let i = 0; i < height; i++) {
      const row = this.row(`row ${i + 1}`, width, alphabet);
      for (let j = 0; j < width; j++) out[i * width + j] = row.charCodeAt(j);
    }
    // An input all ASCII that row reads, gatherRows and the check read too.
    if (this.asciiBytes() !== null) throw new Error('InputReader: row accepted a grid that grid refused');
    return out;
  }

  /**
   * `grid`'s rows, moved to the start of the input's bytes: the whole words
   * of four bytes that hold them (a copy when the bytes have no room for
   * them), or undefined if the input is not all ASCII or a row is not
   * `width` characters before whitespace. Each row moves down, over bytes
   * already read; the reader reads on from the end of the grid.
   */
  private gatherRows(height: number, width: number): Uint8Array | undefined {
    const bytes = this.asciiBytes();
    if (bytes === null) return undefined;
    const words = (height * width + 3) & ~3; // whole words of four squares, for outsideAlphabet
    const inPlace = words <= bytes.length && bytes.byteOffset % 4 === 0;
    const squares = inPlace ? bytes.subarray(0, words) : new Uint8Array(words);
    for (let i = 0; i < height; i++) {
      this.skip(true);
      const start = this.at;
      const end = start + width;
      if (end > bytes.length || (end < bytes.length && NOT_SPACE[bytes[end]] !== 0)) return undefined;
      if (inPlace) bytes.copyWithin(i * width, start, end);
      else squares.set(bytes.subarray(start, end), i * width);
      this.at = end;
      this.column += width;
    }
    return squares;
  }

  /**
   * `count` integers in [min, max] (0 ≤ min) written into `out` from `at`, for
   * large inputs: one pass over the bytes, each a digit (added to the number
   * being read) or whitespace (which ends it), without making strings and
   * without a branch for what could be wrong: a number's range and length
   * and any other character are or-ed into one sign bit, looked at once at
   * the end. The lines passed are counted after. If anything was unusual (a
   * sign, a long or malformed number, a value out of range, any other
   * character), the same integers are read again by `int`, which reports the
   * first that is wrong where it is; `name(k)` names the k-th in errors.
   */
  intsInto(
    count: number,
    min: number,
    max: number,
    out: Uint8Array | Int32Array | Float64Array,
    at: number,
    name: (k: number) => string,
  ): void {
    if (count === 0) return;
    this.skip(true);
    const bytes = this.asciiBytes() ?? new Uint8Array(0);
    const end = bytes.length;
    const notSpace = NOT_SPACE;
    const start = this.at;
    let k = 0;
    let pos = start;
    let value = 0;
    let digits = 0;
    let bad = end - start - 1; // negative when nothing is left to read
    for (; pos < end; pos++) {
      const c = bytes[pos];
      const digit = c - 48;
      if (digit >= 0 && digit <= 9) {
        value = value * 10 + digit;
        digits++;
      } else {
        bad |= notSpace[c];
        if (digits !== 0) {
          bad |= (value - min) | (max - value) | (9 - digits);
          out[at + k++] = value;
          value = 0;
          digits = 0;
          if (k === count) break;
        }
      }
    }
    if (k < count) {
      // The input ended inside the last number.
      bad |= (value - min) | (max - value) | (9 - digits) | (digits - 1) | (k + 1 - count);
      out[at + k] = value;
    }
    if (bad < 0) {
      for (let i = 0; i < count; i++) out[at + i] = this.int(name(i), min, max);
      return;
    }
    // No character but digits and whitespace: the column and line from the newlines passed.
    let lastNewline = -1;
    for (let n = this.text.indexOf('\n', start); n !== -1 && n < pos; n = this.text.indexOf('\n', n + 1)) {
      this.line++;
      lastNewline = n;
    }
    this.column = lastNewline < 0 ? this.column + pos - start : pos - lastNewline;
    this.at = pos;
  }

  private bytes?: Uint8Array | null;

  /** The input as bytes, one per character, or null when it is not all ASCII. */
  private asciiBytes(): Uint8Array | null {
    if (this.bytes === undefined) {
      const bytes = new TextEncoder().encode(this.text);
      this.bytes = bytes.length === this.text.length ? bytes : null;
    }
    return this.bytes;
  }

  private pairs?: { alphabet: string; allowed: Int8Array };

  /** Per two bytes read as one 16-bit number (in either order): 0 if both are in `alphabet`, else −1. The last table is kept. */
  private pairTable(alphabet: string): Int8Array {
    if (this.pairs?.alphabet !== alphabet) {
      const allowed = new Int8Array(65536).fill(-1);
      for (const a of alphabet)
        for (const b of alphabet) allowed[a.charCodeAt(0) | (b.charCodeAt(0) << 8)] = 0;
      this.pairs = { alphabet, allowed };
    }
    return this.pairs.allowed;
  }

  /** Where the next token starts (for errors found after reading it, e.g. in a grid). */
  where(): { line: number; column: number } {
    this.skip(true);
    return { line: this.line, column: this.column };
  }

  /** True when only whitespace is left. */
  atEnd(): boolean {
    this.skip(true);
    return this.at >= this.text.length;
  }

  /** Fails if anything but whitespace is left. */
  end(): void {
    if (this.atEnd()) return;
    const tok = this.token('the end of the input');
    throw new InputError(`unexpected '${tok.text}' after the end of the input`, tok.line, tok.column);
  }
}

/** An empty input is a mistake of its own kind; every parser starts with this. */
export function requireText(text: string | undefined, game: string): string {
  if (text === undefined || text.trim() === '') throw new InputError(`${game}: the input is empty`);
  return text;
}

/**
 * 0 if the first `size` bytes of `squares` (its length a multiple of 4;
 * the spare bytes after `size` are overwritten) are all allowed, read four
 * at a time as two pairs: `allowed` is `pairTable`'s for `alphabet`. The
 * caller compares: after a loop V8 compiled on the fly (OSR), a compare it
 * has no type feedback for deoptimizes the function (at most runs of a
 * process solving grid after grid).
 */
function outsideAlphabet(squares: Uint8Array, size: number, alphabet: string, allowed: Int8Array): number {
  squares.fill(alphabet.charCodeAt(0), size);
  const words = new Uint32Array(squares.buffer, squares.byteOffset, squares.length >> 2);
  let bad = 0;
  for (let k = 0; k < words.length; k++) {
    const w = words[k];
    bad |= allowed[w & 0xffff] | allowed[w >>> 16];
  }
  return bad;
}
