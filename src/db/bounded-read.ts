/**
 * Reading files that are not trusted to be small or even regular — a problem
 * input, a solution file, `/dev/zero`, a FIFO, standard input — never more
 * than the caller asks for. A path is opened without blocking, so a FIFO that
 * no program opens for writing within a few seconds reads as empty instead of
 * hanging, and one being written to is read as its data comes. Failures are one-line YomiErrors
 * naming the file. Node-only (the solution file format and the CLI use it).
 */

import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { now } from '../core/clock.js';
import { YomiError } from '../core/errors.js';
import { grouped } from '../core/grouped.js';
import { errorCode, errorMessage, errorReason } from '../core/unknown.js';

const CHUNK = 1 << 16;
/** How long to wait before reading again a FIFO or pipe whose writer has written nothing yet. */
const WAIT_MS = 5;
/** How long a FIFO that no program has opened for writing yet is waited for. */
export const FIFO_WAIT_MS = 5000;

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** An open file (or standard input) and what it is. */
export interface OpenedFile {
  fd: number;
  /** How errors name it: `'path'` or `standard input`. */
  name: string;
  stats: Stats;
  /** Some byte has been read (a FIFO is waited for only before its first byte). */
  started: boolean;
  close(): void;
}

/**
 * Opens `path` for reading (`undefined` or `-`: standard input), refusing a
 * folder and a name with a NUL byte; errors name it `shown` (default: the
 * path in quotes).
 */
export function openForReading(path: string | undefined, shown?: string): OpenedFile {
  const stdin = path === undefined || path === '-';
  const name = stdin ? 'standard input' : (shown ?? `'${path}'`);
  const fail = (why: string): never => {
    throw new YomiError(`cannot read ${name}: ${why}`);
  };
  if (!stdin && path.includes('\0')) fail('a file name cannot hold a NUL byte');
  let fd = 0;
  try {
    if (!stdin) fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    fail(errorReason(e));
  }
  const close = () => {
    if (!stdin) closeSync(fd);
  };
  let stats: Stats;
  try {
    stats = fstatSync(fd);
  } catch (e) {
    close();
    return fail(errorReason(e));
  }
  if (stats.isDirectory()) {
    close();
    fail('it is a folder');
  }
  return { fd, name, stats, started: false, close };
}

/**
 * Opens `path`, which must be a regular file: a file the command reads as
 * data it did not name as its problem input (a solution file, a tier file, a
 * manifest, a book, a module) is never a FIFO (which would wait for a writer),
 * a device (`/dev/zero` never ends) or a socket. Errors name it `shown`.
 */
export function openRegular(path: string, shown?: string): OpenedFile {
  const file = openForReading(path, shown ?? path);
  if (!file.stats.isFile()) {
    file.close();
    throw new YomiError(`cannot read ${file.name}: it is not a regular file (a FIFO, a device or a socket)`);
  }
  return file;
}

/** The whole of a regular file of at most `maxBytes` bytes (a longer one is refused, unread). */
export function readRegular(path: string, maxBytes: number, shown?: string): Buffer {
  const file = openRegular(path, shown);
  try {
    if (file.stats.size > maxBytes) {
      throw new YomiError(
        `cannot read ${file.name}: it holds ${grouped(file.stats.size)} bytes, more than the ${grouped(maxBytes)} such a file may hold`,
      );
    }
    const bytes = readUpTo(file, maxBytes + 1);
    // A file that grew while read (or whose size lies, as files in /proc do).
    if (bytes.length > maxBytes) {
      throw new YomiError(`cannot read ${file.name}: it holds more than ${grouped(maxBytes)} bytes`);
    }
    return bytes;
  } finally {
    file.close();
  }
}

/** Up to `n` bytes from the file's current position: fewer only at its end. */
export function readUpTo(file: OpenedFile, n: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  // Opened without blocking, a FIFO reads as ended until a writer opens it: wait a little for one.
  const waitUntil = file.stats.isFIFO() && !file.started ? now() + FIFO_WAIT_MS : 0;
  // A regular file is read into one buffer of its size and a byte more (files in /proc say 0: then chunks).
  let size = file.stats.isFile() && file.stats.size > 0 ? file.stats.size + 1 : CHUNK;
  while (total < n) {
    const chunk = Buffer.allocUnsafe(Math.min(size, n - total));
    size = CHUNK;
    let got: number;
    try {
      got = readSync(file.fd, chunk, 0, chunk.length, null);
    } catch (e) {
      const code = errorCode(e);
      if (code === 'EAGAIN') {
        sleep(WAIT_MS);
        continue;
      }
      if (code === 'EOF') break; // the end of a pipe, on Windows
      throw new YomiError(`cannot read ${file.name}: ${code ?? errorMessage(e)}`);
    }
    if (got === 0 && !file.started && now() < waitUntil) {
      sleep(WAIT_MS * 10);
      continue;
    }
    if (got === 0) break;
    file.started = true;
    chunks.push(chunk.subarray(0, got));
    total += got;
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
}
