/**
 * Input read line by line (yomi play's moves) with a cap on a line's length:
 * a stream without newlines (`< /dev/zero`) would otherwise grow one line in
 * memory until the heap gives out. Past the cap the stream fails with one
 * line, as every bad input does.
 */

import { Transform, type TransformCallback } from 'node:stream';
import { InputError } from '../core/errors.js';
import { grouped } from '../core/grouped.js';

/** The longest line read: far beyond any move or position a person types. */
export const MAX_LINE_BYTES = 64 * 1024;

/** `input` passed on unchanged, failing once a line runs past `max` bytes without a newline. */
export function cappedLines(input: NodeJS.ReadableStream, max = MAX_LINE_BYTES): Transform {
  let sinceNewline = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      const last = chunk.lastIndexOf(10);
      sinceNewline = last < 0 ? sinceNewline + chunk.length : chunk.length - last - 1;
      if (sinceNewline > max) {
        done(new InputError(`a line of the input is longer than ${grouped(max)} bytes`));
        return;
      }
      done(null, chunk);
    },
  });
  input.pipe(cap);
  return cap;
}
