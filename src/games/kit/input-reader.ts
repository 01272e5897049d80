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
   * The same row as `row`, for large grids: writes each character's index in
   * `alphabet` into `out` from `at`, without a branch per character (what
   * could be wrong is or-ed into one sign bit). The text is read as it is,
   * not as bytes: a grid of 2000×2000 then needs no copy of 4 MB. A
   * malformed row is read again by `row`, which reports it.
   */
  rowInto(what: string, width: number, alphabet: string, out: Uint8Array, at: number): void {
    this.skip(true);
    const text = this.text;
    const codes = this.codes(alphabet);
    const start = this.at;
    if (start + width > text.length) this.rowError(what, width, alphabet);
    let bad = 0;
    for (let k = 0; k < width; k++) {
      const c = text.charCodeAt(start + k);
      const v = codes[c & 255];
      bad |= v | (255 - c); // negative once a character is not in the alphabet (or not one byte)
      out[at + k] = v;
    }
    const next = start + width < text.length ? text.charCodeAt(start + width) : 10;
    if (bad < 0 || (next !== 32 && next !== 9 && next !== 13 && next !== 10))
      this.rowError(what, width, alphabet);
    this.at += width;
    this.column += width;
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

  private codeTable?: { alphabet: string; codes: Int8Array };

  /** Byte → index in `alphabet`, or −1; the last table is kept. */
  private codes(alphabet: string): Int8Array {
    if (this.codeTable?.alphabet !== alphabet) {
      const codes = new Int8Array(256).fill(-1);
      for (let i = 0; i < alphabet.length; i++) codes[alphabet.charCodeAt(i)] = i;
      this.codeTable = { alphabet, codes };
    }
    return this.codeTable.codes;
  }

  private rowError(what: string, width: number, alphabet: string): never {
    this.row(what, width, alphabet);
    throw new Error(`InputReader: ${what} was rejected by rowInto but accepted by row`);
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
