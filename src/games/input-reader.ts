/**
 * Reads a problem's text input token by token, knowing the line and column of
 * every token, so each parser reports a mistake where it is: "line 3,
 * column 5: expected W = 4 characters, found 3". Shared by every built-in
 * problem game.
 */

import { InputError } from '../core/errors.js';

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
