/**
 * The solution file format: bytes on disk, checked whole before anything in
 * them is used. What the sections mean (values per position, the keys of
 * explored positions) is saved-solution.ts's business; this file only frames
 * and verifies them.
 *
 * Layout (integers little-endian):
 *
 *   0    8 bytes   magic "YOMISOLN"
 *   8    u32       format version (2)
 *   12   u32       h, the length of the header
 *   16   h bytes   header, JSON (UTF-8), see `SolutionHeader`
 *   16+h           payload: the sections one after another, zlib-compressed
 *   end−32         SHA-256 of everything before it
 *
 * Reading refuses, with one line naming the file: a wrong magic, another
 * version, lengths that do not add up (truncated or trailing bytes), a
 * checksum that does not match, a header that is not the expected shape
 * (every field is checked for its type and range before use), a payload that
 * does not inflate, or inflates to more or fewer bytes than the header
 * declares (inflation stops at the declared size, so a crafted payload cannot
 * make it allocate more). From disk, the fixed part and the header are read
 * first: a file that is no solution file, or whose declared sizes it does not
 * have or the memory cannot hold, is refused before its payload is read.
 * Writing goes through a temporary file and a rename, so a failed save leaves
 * nothing behind.
 */

import { constants } from 'node:buffer';
import { createHash } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { deflateSync, inflateSync } from 'node:zlib';
import { YomiError } from '../core/errors.js';
import { checkMemory, type SolverOptions } from '../solvers/options.js';
import { openForReading, readUpTo } from './bounded-read.js';

export const MAGIC = 'YOMISOLN';
export const FORMAT_VERSION = 2;
const CHECKSUM_BYTES = 32;
const FIXED_BYTES = 16;
/** A header larger than this is not one of ours. */
const MAX_HEADER_BYTES = 1 << 20;
/** The largest buffer Node makes (4 GiB): a file or its values beyond it are refused, not attempted. */
const MAX_INFLATED_BYTES = constants.MAX_LENGTH;
/** The length of a stream (a FIFO, standard input), which is known only once it is read. */
const UNKNOWN_LENGTH = -1;

/** How the values of the positions are kept. */
export type ValueEncoding = 'packed16' | 'packed32' | 'margin';
/** How positions are numbered: the game's own numbers, or the order exploration met them (keys stored). */
export type Numbering = 'index' | 'explored';
/** How the keys of explored positions are stored. */
export type KeyEncoding = 'number' | 'string' | 'bigint';

/** What the file was solved from, so that a file is only ever read against the same rules. */
export type SolutionSource =
  | {
      kind: 'builtin';
      /** The game id. */
      id: string;
      /** The parameters, all of them written out. */
      params: Record<string, number | string | number[]>;
      /** The version of the game's rules and numbering (a file of other rules is refused). */
      rules: number;
    }
  | {
      kind: 'module';
      /** The module's path as given when solving. */
      path: string;
      /** SHA-256 of the module's source: a changed module is refused. */
      sha256: string;
    };

export interface SolutionHeader {
  /** The game as written on the command line: `dodgem(size=4)`, or a module's path. */
  game: string;
  source: SolutionSource;
  /** Problem games: the input the game was read from, and which of its datasets. */
  input?: { sha256: string; bytes: number; dataset: number };
  numbering: Numbering;
  positions: number;
  /** The row of the start position. */
  start: number;
  values: ValueEncoding;
  /** Explored numbering: how the key of each position is stored. */
  keys?: KeyEncoding;
  /** Raw (inflated) bytes of each section, in payload order: values, then keys when there are keys. */
  sections: number[];
  /** Bytes of the compressed payload. */
  payloadBytes: number;
  solver: string;
  reason: string;
}

export interface SolutionBytes {
  header: SolutionHeader;
  /** The inflated sections, as `header.sections` sizes them. */
  sections: Uint8Array[];
}

/** The bytes of a solution file whose sections are `sections`. */
export function encodeSolutionFile(
  header: Omit<SolutionHeader, 'sections' | 'payloadBytes'>,
  sections: readonly Uint8Array[],
): Buffer {
  const raw = Buffer.concat(sections.map((s) => Buffer.from(s.buffer, s.byteOffset, s.byteLength)));
  const payload = deflateSync(raw);
  const full: SolutionHeader = {
    ...header,
    sections: sections.map((s) => s.byteLength),
    payloadBytes: payload.length,
  };
  const json = Buffer.from(JSON.stringify(full), 'utf8');
  const fixed = Buffer.alloc(FIXED_BYTES);
  fixed.write(MAGIC, 0, 'latin1');
  fixed.writeUInt32LE(FORMAT_VERSION, 8);
  fixed.writeUInt32LE(json.length, 12);
  const body = Buffer.concat([fixed, json, payload]);
  return Buffer.concat([body, createHash('sha256').update(body).digest()]);
}

/**
 * The header of a solution file from its first bytes (the fixed part and the
 * header, or all of it) and the length of the whole file: checked field by
 * field, and the lengths it declares against the file's. `name` names the
 * file in errors.
 */
function headerOf(
  prefix: Buffer,
  fileBytes: number,
  name: string,
): { header: SolutionHeader; headerBytes: number; expected: number } {
  const refuse = (why: string): never => fail(name, why);
  if (prefix.length < FIXED_BYTES || prefix.toString('latin1', 0, 8) !== MAGIC) {
    refuse(
      prefix.length < 8
        ? 'not a yomi solution file (too short)'
        : 'not a yomi solution file (no YOMISOLN magic)',
    );
  }
  const version = prefix.readUInt32LE(8);
  if (version !== FORMAT_VERSION) {
    refuse(`solution file format version ${version}; this yomi reads version ${FORMAT_VERSION}`);
  }
  const headerBytes = prefix.readUInt32LE(12);
  if (headerBytes > MAX_HEADER_BYTES) refuse(`corrupt: a header of ${headerBytes} bytes`);
  const needed = FIXED_BYTES + headerBytes + CHECKSUM_BYTES;
  const known = fileBytes === UNKNOWN_LENGTH ? undefined : fileBytes;
  if (prefix.length < FIXED_BYTES + headerBytes || (known !== undefined && known < needed)) {
    refuse(`truncated: the header alone needs ${needed} bytes, the file has ${known ?? prefix.length}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(prefix.toString('utf8', FIXED_BYTES, FIXED_BYTES + headerBytes));
  } catch {
    return refuse('corrupt: the header is not valid JSON');
  }
  const problem = headerProblem(parsed);
  if (problem !== undefined) refuse(`corrupt header: ${problem}`);
  const header = parsed as SolutionHeader;
  const expected = FIXED_BYTES + headerBytes + header.payloadBytes + CHECKSUM_BYTES;
  if (fileBytes < expected) refuse(`truncated: ${fileBytes} bytes, the header promises ${expected}`);
  if (known !== undefined && known > expected)
    refuse(`corrupt: ${known - expected} bytes after the end of the solution`);
  return { header, headerBytes, expected };
}

/** Reads and checks a solution file's bytes; `name` names the file in errors. */
export function decodeSolutionFile(bytes: Buffer, name: string): SolutionBytes {
  const refuse = (why: string): never => fail(name, why);
  const { header, headerBytes, expected } = headerOf(bytes, bytes.length, name);
  const body = bytes.subarray(0, expected - CHECKSUM_BYTES);
  const sum = createHash('sha256').update(body).digest();
  if (!sum.equals(bytes.subarray(expected - CHECKSUM_BYTES))) refuse('corrupt: the checksum does not match');
  const total = header.sections.reduce((a, b) => a + b, 0);
  if (total > MAX_INFLATED_BYTES) {
    refuse(`declares ${total.toLocaleString('en-US')} bytes of values, more than this yomi can inflate`);
  }
  let raw: Buffer;
  try {
    // Never more than the header declares: a payload that inflates further is refused, not allocated.
    raw = inflateSync(body.subarray(FIXED_BYTES + headerBytes), { maxOutputLength: Math.max(1, total) });
  } catch (e) {
    const tooLong = e instanceof RangeError || (e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
    return refuse(
      tooLong
        ? `corrupt: the values inflate to more than the ${total} bytes the header declares`
        : 'corrupt: the payload is not zlib data',
    );
  }
  if (raw.length !== total) refuse(`corrupt: ${raw.length} bytes of values, the header declares ${total}`);
  const sections: Uint8Array[] = [];
  let at = 0;
  for (const size of header.sections) {
    // A copy of each section, aligned for the typed arrays read from it.
    const copy = new Uint8Array(size);
    copy.set(raw.subarray(at, at + size));
    sections.push(copy);
    at += size;
  }
  return { header, sections };
}

const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;
const isText = (x: unknown, max = 4096): x is string => typeof x === 'string' && x.length <= max;
const isHex = (x: unknown): x is string => typeof x === 'string' && /^[0-9a-f]{64}$/.test(x);

function sourceProblem(s: unknown): string | undefined {
  if (typeof s !== 'object' || s === null) return 'source is not an object';
  const src = s as Record<string, unknown>;
  if (src.kind === 'builtin') {
    if (!isText(src.id, 100)) return 'source.id is not a game id';
    if (typeof src.params !== 'object' || src.params === null || Array.isArray(src.params)) {
      return 'source.params is not an object';
    }
    if (!isCount(src.rules)) return 'source.rules is not a version number';
    return undefined;
  }
  if (src.kind === 'module') {
    if (!isText(src.path)) return 'source.path is not a path';
    if (!isHex(src.sha256)) return 'source.sha256 is not a SHA-256';
    return undefined;
  }
  return 'source.kind is neither builtin nor module';
}

/** What is wrong with a parsed header, field by field, or undefined. */
function headerProblem(h: unknown): string | undefined {
  if (typeof h !== 'object' || h === null || Array.isArray(h)) return 'not an object';
  const x = h as Record<string, unknown>;
  if (!isText(x.game)) return 'game is not a game';
  const source = sourceProblem(x.source);
  if (source !== undefined) return source;
  if (x.input !== undefined) {
    const i = x.input as Record<string, unknown>;
    if (typeof i !== 'object' || i === null || !isHex(i.sha256) || !isCount(i.bytes) || !isCount(i.dataset)) {
      return 'input is not { sha256, bytes, dataset }';
    }
  }
  if (x.numbering !== 'index' && x.numbering !== 'explored')
    return `unknown numbering ${JSON.stringify(x.numbering)}`;
  if (!isCount(x.positions)) return 'positions is not a count';
  if (!isCount(x.start) || (x.positions as number) <= (x.start as number)) return 'start is not a position';
  if (x.values !== 'packed16' && x.values !== 'packed32' && x.values !== 'margin') {
    return `unknown value encoding ${JSON.stringify(x.values)}`;
  }
  const keyed = x.numbering === 'explored';
  if (keyed !== (x.keys !== undefined)) return 'keys are given exactly when positions were explored';
  if (keyed && x.keys !== 'number' && x.keys !== 'string' && x.keys !== 'bigint') {
    return `unknown key encoding ${JSON.stringify(x.keys)}`;
  }
  const sections = x.sections;
  if (!Array.isArray(sections) || sections.length !== (keyed ? 2 : 1) || !sections.every(isCount)) {
    return 'sections are not the sizes of the values (and keys)';
  }
  const width = x.values === 'packed16' ? 2 : x.values === 'packed32' ? 4 : 12;
  if (sections[0] !== width * (x.positions as number)) {
    return `${sections[0]} bytes of values for ${x.positions} positions`;
  }
  if (!Number.isSafeInteger(sections.reduce((a: number, b: number) => a + b, 0))) return 'sections too large';
  if (!isCount(x.payloadBytes)) return 'payloadBytes is not a size';
  if (!isText(x.solver, 100) || !isText(x.reason)) return 'solver and reason are not text';
  return undefined;
}

/**
 * Reads a solution file from disk, or from any stream: the fixed part and
 * the header first, so that a file that is not one (`/dev/zero`), declares
 * lengths it does not have, or would need more memory than `options` allow
 * is refused before its payload is read. A missing or unreadable file is one
 * line.
 */
export function readSolutionFile(path: string, options: SolverOptions = {}): SolutionBytes {
  const file = openForReading(path, path);
  try {
    const fixed = readUpTo(file, FIXED_BYTES);
    const declared = fixed.length === FIXED_BYTES ? fixed.readUInt32LE(12) : 0;
    const prefix = Buffer.concat([fixed, readUpTo(file, Math.min(declared, MAX_HEADER_BYTES))]);
    // A stream's length is known only once read: its lengths are checked again then.
    const length = file.stats.isFile() ? file.stats.size : UNKNOWN_LENGTH;
    const { header, expected } = headerOf(prefix, length, path);
    const inflated = header.sections.reduce((a, b) => a + b, 0);
    if (expected > MAX_INFLATED_BYTES) fail(path, 'too large to be a solution file this yomi can read');
    // The file, the inflated values and their aligned copies.
    checkMemory(expected + 2 * inflated, options, `reading ${path}`);
    const rest = readUpTo(file, expected - prefix.length + 1);
    return decodeSolutionFile(Buffer.concat([prefix, rest]), path);
  } finally {
    file.close();
  }
}

function fail(name: string, why: string): never {
  throw new YomiError(`${name}: ${why}`);
}

/** The temporary file a save writes before renaming it to `path`. */
export function temporaryName(path: string): string {
  return `${path}.${process.pid}.tmp`;
}

/** Writes `bytes` to `path` through a temporary file and a rename: all or nothing. */
export function writeAtomically(path: string, bytes: Uint8Array): void {
  const temp = temporaryName(path);
  try {
    writeFileSync(temp, bytes, { flag: 'wx' });
    renameSync(temp, path);
  } catch (e) {
    try {
      rmSync(temp, { force: true });
    } catch {
      // The temporary file could not even be named (a name too long): there is nothing to remove.
    }
    throw new YomiError(`cannot save ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}
