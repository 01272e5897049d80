/**
 * The input reader's fast paths for large inputs — many integers
 * (`intsInto`) and a grid (`grid`): the values they read, and, after them,
 * the line and column of every later token and of any mistake — the same as
 * reading each integer with `int` and each row with `row`; what follows a
 * grid reads as written, though the grid's rows were moved within the
 * input's bytes.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputReader } from '../../src/games/kit/input-reader.js';

describe('InputReader.intsInto', () => {
  it('reads what int reads, and leaves the reader at the same line and column', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 99999 }), fc.constantFrom(' ', '\n', '  ', ' \n\t')), {
          minLength: 1,
          maxLength: 20,
        }),
        (items) => {
          const text = `${items.map(([v, sep]) => `${v}${sep}`).join('')}x`;
          const fast = new InputReader(text);
          const out = new Int32Array(items.length);
          fast.intsInto(items.length, 0, 99999, out, 0, (k) => `a_${k + 1}`);
          const slow = new InputReader(text);
          expect(Array.from(out)).toEqual(items.map((_, k) => slow.int(`a_${k + 1}`, 0, 99999)));
          expect(fast.token('the end')).toEqual(slow.token('the end'));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads or refuses any text as int does, with the same message, line and column', () => {
    // Short texts of digits, whitespace and a few wrong characters, read into a small range.
    const textArb = fc
      .array(fc.constantFrom('0', '1', '2', '9', ' ', '\n', '\t', '\r', '+', '-', 'x', '0000000001'), {
        maxLength: 14,
      })
      .map((parts) => parts.join(''));
    const outcome = (read: (r: InputReader, out: Int32Array) => void, text: string) => {
      const r = new InputReader(text);
      const out = new Int32Array(3);
      try {
        read(r, out);
      } catch (e) {
        return { error: (e as Error).message };
      }
      return { values: Array.from(out), next: r.atEnd() ? 'end' : r.token('next') };
    };
    fc.assert(
      fc.property(textArb, fc.integer({ min: 1, max: 3 }), (text, count) => {
        const name = (k: number) => `a_${k + 1}`;
        const fast = outcome((r, out) => r.intsInto(count, 0, 2, out, 0, name), text);
        const slow = outcome((r, out) => {
          for (let k = 0; k < count; k++) out[k] = r.int(name(k), 0, 2);
        }, text);
        expect(fast).toEqual(slow);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads an integer with a sign by int, and goes on from there', () => {
    const reader = new InputReader('+1 0\n 1 z');
    const out = new Int32Array(3);
    reader.intsInto(3, 0, 1, out, 0, (k) => `t_${k + 1}`);
    expect(Array.from(out)).toEqual([1, 0, 1]);
    expect(reader.token('z')).toEqual({ text: 'z', line: 2, column: 4 });
  });

  it('names a malformed or out-of-range integer where it is', () => {
    const out = new Uint8Array(4);
    expect(() => new InputReader('0 1\n 1 7').intsInto(4, 0, 1, out, 0, (k) => `t_${k + 1}`)).toThrow(
      'line 2, column 4: t_4 = 7 is out of range (0 … 1)',
    );
    expect(() => new InputReader('1\n\n 0 1x 0').intsInto(4, 0, 1, out, 0, (k) => `t_${k + 1}`)).toThrow(
      "line 3, column 4: expected t_3 (an integer), found '1x'",
    );
  });
});

describe('InputReader.grid', () => {
  it('reads or refuses a grid as row does, row by row, characters beyond one byte included', () => {
    // 'ī' (U+012B) ends in the byte of '+', and 'ŭ' (U+016D) in that of '-': neither may pass for them.
    const textArb = fc
      .array(fc.constantFrom('+', '+', '-', '-', 'x', 'ī', 'ŭ', ' ', '\n', '\r\n'), { maxLength: 16 })
      .map((chars) => chars.join(''));
    const outcome = (read: (r: InputReader) => number[], text: string) => {
      const r = new InputReader(text);
      try {
        return { values: read(r), next: r.atEnd() ? 'end' : r.token('next') };
      } catch (e) {
        return { error: (e as Error).message };
      }
    };
    fc.assert(
      fc.property(
        textArb,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        (text, height, width) => {
          const fast = outcome((r) => Array.from(r.grid(height, width, '-+')), text);
          const slow = outcome((r) => {
            const rows = Array.from({ length: height }, (_, i) => r.row(`row ${i + 1}`, width, '-+'));
            return Array.from(rows.join(''), (c) => c.charCodeAt(0));
          }, text);
          expect(fast).toEqual(slow);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads every row of a well-formed grid, an odd number of squares too, and what follows it as written', () => {
    // What follows is read from the input's bytes, in which the grid's rows were moved together.
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.constantFrom('.', '#'), { minLength: 25, maxLength: 25 }),
        fc.constantFrom('\n', '\r\n', ' '),
        fc.array(fc.integer({ min: 0, max: 999 }), { maxLength: 6 }),
        (height, width, cells, separator, after) => {
          const rows = Array.from({ length: height }, (_, i) =>
            cells.slice(i * width, (i + 1) * width).join(''),
          );
          const r = new InputReader(`${height} ${width}\n${rows.join(separator)}\n${after.join(' ')}\n`);
          r.int('H', 1, 5);
          r.int('W', 1, 5);
          expect(String.fromCharCode(...r.grid(height, width, '.#'))).toBe(rows.join(''));
          const out = new Int32Array(after.length);
          r.intsInto(after.length, 0, 999, out, 0, (k) => `a_${k + 1}`);
          expect(Array.from(out)).toEqual(after);
          expect(r.atEnd()).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
