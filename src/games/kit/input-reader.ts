/**
 * Reads a problem's text input token by token, knowing the line and column of
 * every token, so each parser reports a mistake where it is: "line 3,
 * column 5: expected W = 4 characters, found 3". Shared by every built-in
 * problem game.
 */

import { InputError } from '../../core/errors.js';

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
   * `alphabet` into `out` from `at`. An ASCII input is read as bytes, without
   * a branch per character; a malformed row is read again by `row`, which
   * reports it.
   */
  rowInto(what: string, width: number, alphabet: string, out: Uint8Array, at: number): void {
    this.skip(true);
    const bytes = this.asciiBytes();
    const codes = this.codes(alphabet);
    const start = this.at;
    if (bytes === null) {
      const row = this.row(what, width, alphabet);
      for (let k = 0; k < width; k++) out[at + k] = codes[row.charCodeAt(k)];
      return;
    }
    if (start + width > bytes.length) this.rowError(what, width, alphabet);
    let bad = 0;
    for (let k = 0; k < width; k++) {
      const v = codes[bytes[start + k]];
      bad |= v; // negative once any character is not in the alphabet
      out[at + k] = v;
    }
    const next = start + width < bytes.length ? bytes[start + width] : 10;
    if (bad < 0 || (next !== 32 && next !== 9 && next !== 13 && next !== 10))
      this.rowError(what, width, alphabet);
    this.at += width;
    this.column += width;
  }

  /**
   * `count` integers in [min, max] (0 ≤ min) written into `out` from `at`, for
   * large inputs: digits are read from the bytes without making strings.
   * `name(k)` names the k-th in errors; anything unusual (a sign, a long or
   * malformed number, a value out of range) is read again by `int`, which
   * reports it.
   */
  intsInto(
    count: number,
    min: number,
    max: number,
    out: Uint8Array | Int32Array | Float64Array,
    at: number,
    name: (k: number) => string,
  ): void {
    const bytes = this.asciiBytes() ?? new Uint8Array(0);
    const end = bytes.length;
    // The place, line and column in locals (written back before `int` reads again and at the end).
    let pos = this.at;
    let line = this.line;
    let column = this.column;
    for (let k = 0; k < count; k++) {
      // Spaces and newlines, as skip(true) does, inline.
      for (let c = bytes[pos]; c === 32 || c === 10 || c === 9 || c === 13; c = bytes[pos]) {
        pos++;
        if (c === 10) {
          line++;
          column = 1;
        } else column++;
      }
      let i = pos;
      let v = 0;
      const last = Math.min(end, pos + 10);
      while (i < last) {
        const d = bytes[i] - 48;
        if (d < 0 || d > 9) break;
        v = v * 10 + d;
        i++;
      }
      const next = i < end ? bytes[i] : 10;
      const digits = i - pos;
      if (
        digits === 0 ||
        digits === 10 ||
        v < min ||
        v > max ||
        (next !== 32 && next !== 10 && next !== 13 && next !== 9)
      ) {
        this.at = pos;
        this.line = line;
        this.column = column;
        out[at + k] = this.int(name(k), min, max);
        pos = this.at;
        line = this.line;
        column = this.column;
        continue;
      }
      out[at + k] = v;
      column += digits;
      pos = i;
    }
    this.at = pos;
    this.line = line;
    this.column = column;
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
