/**
 * The solution file format: bytes on disk, checked before anything in them is
 * used. What the sections mean (values per position, the keys of explored
 * positions) is saved-solution.ts's business; this file frames and verifies
 * them, and lets a reader inflate only the blocks it needs — a query of one
 * position in a file of a billion reads a few kilobytes.
 *
 * Layout (integers little-endian):
 *
 *   0    8 bytes   magic "YOMISOLN"
 *   8    u32       format version (2)
 *   12   u32       h, the length of the header
 *   16   32 bytes  SHA-256 of the header
 *   48   h bytes   header, JSON (UTF-8), see `SolutionHeader`
 *   48+h           blocks: each section cut into blocks of `blockBytes` raw
 *                  bytes (the last one shorter), each deflated on its own,
 *                  sections one after another
 *
 * The header lists every block's compressed size and SHA-256. Reading
 * refuses, with one line naming the file: a wrong magic, another version, a
 * header whose checksum does not match or that is not the expected shape
 * (every field is checked for its type and range before use), a file whose
 * length is not what the header adds up to (truncated, or bytes after the
 * end), a block whose checksum does not match, that does not inflate, or that
 * inflates to another size than declared (inflation stops at the declared
 * size, so a crafted block cannot make it allocate more). Writing goes
 * through a temporary file and a rename, so a failed save leaves nothing
 * behind.
 */

import { createHash } from 'node:crypto';
import { closeSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { deflateSync, inflateSync } from 'node:zlib';
import { YomiError } from '../core/errors.js';
import { ENCODINGS, type EncodingName } from '../core/packed-value.js';
import { openRegular } from './bounded-read.js';

export const MAGIC = 'YOMISOLN';
export const FORMAT_VERSION = 2;
const FIXED_BYTES = 48;
/** A header larger than this is not one of ours. */
const MAX_HEADER_BYTES = 64 << 20;
/** Raw bytes per block: large enough to compress well, small enough to read one cheaply. */
export const BLOCK_BYTES = 1 << 20;

/** How the values of the positions are kept: a compact encoding (core/packed-value.ts), or margins. */
export type ValueEncoding = EncodingName | 'margin';

/** Bytes per position of margins: a Float64 margin, then a Uint32 remoteness. */
const MARGIN_BYTES = 12;

/** Whether `x` names a value encoding: one of core/packed-value.ts's table, or margins. */
function isValueEncoding(x: unknown): x is ValueEncoding {
  return x === 'margin' || (typeof x === 'string' && Object.hasOwn(ENCODINGS, x));
}

/** Bytes per position of a value encoding. */
function valueWidth(encoding: ValueEncoding): number {
  return encoding === 'margin' ? MARGIN_BYTES : ENCODINGS[encoding].bytes;
}
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
      /** A module whose definition takes parameters: all of them written out. */
      params?: Record<string, number | string | number[]>;
    };

/** One section's blocks: raw bytes in all, and each block's compressed size and checksum. */
export interface SectionLayout {
  bytes: number;
  blocks: { bytes: number; sha256: string }[];
}

export interface SolutionHeader {
  /** The game as written on the command line: `dodgem(size=4)`, or a module's path. */
  game: string;
  source: SolutionSource;
  /** Problem games: the input the game was read from, and which of its datasets. */
  input?: { sha256: string; bytes: number; dataset: number };
  numbering: Numbering;
  positions: number;
  /** The row of the start position (tier files: the start's row if the start is in this tier, else −1). */
  start: number;
  values: ValueEncoding;
  /** Explored numbering: how the key of each position is stored. */
  keys?: KeyEncoding;
  /** A tier of a tiered solve: which one, and the largest remoteness of its wins/losses and of its ties. */
  tier?: { index: number; name: string; maxLevel: { wl: number; tie: number } };
  /** Raw bytes per block. */
  blockBytes: number;
  /** The values section, then the keys section when there are keys. */
  sections: SectionLayout[];
  solver: string;
  reason: string;
}

export type HeaderFields = Omit<SolutionHeader, 'sections' | 'blockBytes'>;

export interface SolutionBytes {
  header: SolutionHeader;
  /** The inflated sections. */
  sections: Uint8Array[];
}

const sha = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** The bytes of a solution file whose sections are `sections`. */
export function encodeSolutionFile(fields: HeaderFields, sections: readonly Uint8Array[]): Buffer {
  const payload: Buffer[] = [];
  const layout: SectionLayout[] = sections.map((s) => {
    const blocks: SectionLayout['blocks'] = [];
    for (let at = 0; at < s.byteLength; at += BLOCK_BYTES) {
      const raw = new Uint8Array(s.buffer, s.byteOffset + at, Math.min(BLOCK_BYTES, s.byteLength - at));
      const packed = deflateSync(raw);
      payload.push(packed);
      blocks.push({ bytes: packed.length, sha256: sha(packed) });
    }
    return { bytes: s.byteLength, blocks };
  });
  const header: SolutionHeader = { ...fields, blockBytes: BLOCK_BYTES, sections: layout };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const fixed = Buffer.alloc(FIXED_BYTES);
  fixed.write(MAGIC, 0, 'latin1');
  fixed.writeUInt32LE(FORMAT_VERSION, 8);
  fixed.writeUInt32LE(json.length, 12);
  createHash('sha256').update(json).digest().copy(fixed, 16);
  return Buffer.concat([fixed, json, ...payload]);
}

/** Reads blocks of a solution file: from its bytes in memory, or from disk as they are needed. */
export class SolutionReader {
  /** Byte offset in the file of each section's first block, and of each block within it. */
  private readonly blockAt: number[][];
  private readonly cache = new Map<string, Uint8Array>();

  private constructor(
    readonly header: SolutionHeader,
    private readonly name: string,
    private readonly read: (offset: number, length: number) => Buffer,
    headerEnd: number,
    private readonly release: () => void = () => {},
  ) {
    let at = headerEnd;
    this.blockAt = header.sections.map((s) =>
      s.blocks.map((b) => {
        const here = at;
        at += b.bytes;
        return here;
      }),
    );
  }

  /** A reader over a whole file in memory. */
  static fromBytes(bytes: Buffer, name: string): SolutionReader {
    const { header, end } = readHeader(name, bytes.length, (offset, length) =>
      bytes.subarray(offset, offset + length),
    );
    return new SolutionReader(header, name, (o, l) => bytes.subarray(o, o + l), end);
  }

  /** A reader of a file on disk that reads only the header now and each block when it is asked for. */
  static open(path: string): SolutionReader {
    // Never a FIFO or a device: a file of values is a regular file (a folder or a FIFO is one line, not a wait).
    const file = openRegular(path);
    const { fd } = file;
    const size = file.stats.size;
    const read = (offset: number, length: number): Buffer => {
      const buf = Buffer.alloc(length);
      let done = 0;
      while (done < length) {
        let n: number;
        try {
          n = readSync(fd, buf, done, length - done, offset + done);
        } catch (e) {
          // EIO (/proc/self/mem), a disk that fails: one line naming the file.
          throw new YomiError(
            `cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
          );
        }
        if (n === 0) break;
        done += n;
      }
      return buf.subarray(0, done);
    };
    try {
      const { header, end } = readHeader(path, size, read);
      const close = () => closeSync(fd);
      const reader = new SolutionReader(header, path, read, end, () => {
        process.removeListener('exit', close);
        close();
      });
      process.once('exit', close);
      return reader;
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }

  /** Closes the file (a reader of a file on disk); the reader must not be used after. */
  close(): void {
    this.release();
  }

  private refuse(why: string): never {
    throw new YomiError(`${this.name}: ${why}`);
  }

  /** Block `k` of section `s`, verified and inflated (kept for the next ask). */
  block(s: number, k: number): Uint8Array {
    const key = `${s}:${k}`;
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    const section = this.header.sections[s];
    const entry = section.blocks[k];
    const packed = this.read(this.blockAt[s][k], entry.bytes);
    if (packed.length !== entry.bytes)
      this.refuse(`truncated: block ${k + 1} of section ${s + 1} is cut short`);
    if (sha(packed) !== entry.sha256) this.refuse('corrupt: the checksum does not match');
    const rawBytes = Math.min(this.header.blockBytes, section.bytes - k * this.header.blockBytes);
    let raw: Buffer;
    try {
      // Never more than the header declares: a block that inflates further is refused, not allocated.
      raw = inflateSync(packed, { maxOutputLength: Math.max(1, rawBytes) });
    } catch (e) {
      const tooLong = e instanceof RangeError || (e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
      return this.refuse(
        tooLong
          ? `corrupt: a block inflates to more than the ${rawBytes} bytes the header declares`
          : 'corrupt: a block is not zlib data',
      );
    }
    if (raw.length !== rawBytes)
      this.refuse(`corrupt: a block inflates to ${raw.length} bytes, not ${rawBytes}`);
    // A copy aligned for the typed arrays read from it.
    const copy = new Uint8Array(rawBytes);
    copy.set(raw);
    if (this.cache.size > 64) this.cache.clear();
    this.cache.set(key, copy);
    return copy;
  }

  /** A whole section, every block verified. */
  section(s: number): Uint8Array {
    const section = this.header.sections[s];
    const out = new Uint8Array(section.bytes);
    section.blocks.forEach((_, k) => {
      out.set(this.block(s, k), k * this.header.blockBytes);
      this.cache.delete(`${s}:${k}`);
    });
    return out;
  }

  /** `count` bytes of section `s` from byte `offset` (within one block: values are aligned). */
  bytesAt(s: number, offset: number, count: number): Uint8Array {
    const k = Math.floor(offset / this.header.blockBytes);
    const within = offset - k * this.header.blockBytes;
    return this.block(s, k).subarray(within, within + count);
  }
}

/** Reads and checks a header; `end` is where the blocks begin. */
function readHeader(
  name: string,
  fileBytes: number,
  read: (offset: number, length: number) => Buffer,
): { header: SolutionHeader; end: number } {
  const refuse = (why: string): never => {
    throw new YomiError(`${name}: ${why}`);
  };
  const fixed = read(0, FIXED_BYTES);
  if (fixed.length < 8 || fixed.toString('latin1', 0, 8) !== MAGIC) {
    refuse(
      fixed.length < 8
        ? 'not a yomi solution file (too short)'
        : 'not a yomi solution file (no YOMISOLN magic)',
    );
  }
  if (fixed.length < FIXED_BYTES) refuse(`truncated: ${fileBytes} bytes, not even a header`);
  const version = fixed.readUInt32LE(8);
  if (version !== FORMAT_VERSION) {
    refuse(`solution file format version ${version}; this yomi reads version ${FORMAT_VERSION}`);
  }
  const headerBytes = fixed.readUInt32LE(12);
  if (headerBytes > MAX_HEADER_BYTES) refuse(`corrupt: a header of ${headerBytes} bytes`);
  if (FIXED_BYTES + headerBytes > fileBytes) {
    refuse(`truncated: the header alone needs ${FIXED_BYTES + headerBytes} bytes, the file has ${fileBytes}`);
  }
  const json = read(FIXED_BYTES, headerBytes);
  if (!createHash('sha256').update(json).digest().equals(fixed.subarray(16, 48))) {
    refuse('corrupt: the checksum does not match');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json.toString('utf8'));
  } catch {
    return refuse('corrupt: the header is not valid JSON');
  }
  const problem = headerProblem(parsed);
  if (problem !== undefined) refuse(`corrupt header: ${problem}`);
  const header = parsed as SolutionHeader;
  const end = FIXED_BYTES + headerBytes;
  const expected = header.sections.reduce((a, s) => a + s.blocks.reduce((b, k) => b + k.bytes, 0), end);
  if (fileBytes < expected) refuse(`truncated: ${fileBytes} bytes, the header promises ${expected}`);
  if (fileBytes > expected) refuse(`corrupt: ${fileBytes - expected} bytes after the end of the solution`);
  return { header, end };
}

/** Reads and checks a whole solution file's bytes (every block); `name` names the file in errors. */
export function decodeSolutionFile(bytes: Buffer, name: string): SolutionBytes {
  const reader = SolutionReader.fromBytes(bytes, name);
  return { header: reader.header, sections: reader.header.sections.map((_, s) => reader.section(s)) };
}

const isInt = (x: unknown): x is number => Number.isSafeInteger(x);
const isCount = (x: unknown): x is number => isInt(x) && x >= 0;
const isText = (x: unknown, max = 4096): x is string => typeof x === 'string' && x.length <= max;
const isHex = (x: unknown): x is string => typeof x === 'string' && /^[0-9a-f]{64}$/.test(x);

const isParams = (x: unknown): boolean => typeof x === 'object' && x !== null && !Array.isArray(x);

function sourceProblem(s: unknown): string | undefined {
  if (typeof s !== 'object' || s === null) return 'source is not an object';
  const src = s as Record<string, unknown>;
  if (src.kind === 'builtin') {
    if (!isText(src.id, 100)) return 'source.id is not a game id';
    if (!isParams(src.params)) return 'source.params is not an object';
    if (!isCount(src.rules)) return 'source.rules is not a version number';
    return undefined;
  }
  if (src.kind === 'module') {
    if (!isText(src.path)) return 'source.path is not a path';
    if (!isHex(src.sha256)) return 'source.sha256 is not a SHA-256';
    if (src.params !== undefined && !isParams(src.params)) return 'source.params is not an object';
    return undefined;
  }
  return 'source.kind is neither builtin nor module';
}

function sectionProblem(s: unknown, blockBytes: number): string | undefined {
  if (typeof s !== 'object' || s === null) return 'a section is not an object';
  const x = s as Record<string, unknown>;
  if (!isCount(x.bytes) || !Array.isArray(x.blocks)) return 'a section has no size and blocks';
  if (x.blocks.length !== Math.ceil(x.bytes / blockBytes)) return 'a section has the wrong number of blocks';
  for (const b of x.blocks as unknown[]) {
    const k = b as Record<string, unknown>;
    if (typeof b !== 'object' || b === null || !isCount(k.bytes) || !isHex(k.sha256))
      return 'a block is not { bytes, sha256 }';
  }
  return undefined;
}

/** What is wrong with the fields naming what was solved (`game`, `source`, `input`; a tier directory's manifest repeats them), or undefined. */
export function recordProblem(h: unknown): string | undefined {
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
  return undefined;
}

/** What is wrong with a parsed header, field by field, or undefined. */
function headerProblem(h: unknown): string | undefined {
  if (typeof h !== 'object' || h === null || Array.isArray(h)) return 'not an object';
  const x = h as Record<string, unknown>;
  const record = recordProblem(x);
  if (record !== undefined) return record;
  if (x.numbering !== 'index' && x.numbering !== 'explored')
    return `unknown numbering ${JSON.stringify(x.numbering)}`;
  if (!isCount(x.positions)) return 'positions is not a count';
  const tier = x.tier as Record<string, unknown> | undefined;
  if (tier !== undefined) {
    const m = tier?.maxLevel as Record<string, unknown> | undefined;
    if (
      typeof tier !== 'object' ||
      tier === null ||
      !isCount(tier.index) ||
      !isText(tier.name, 200) ||
      typeof m !== 'object' ||
      m === null ||
      !Number.isSafeInteger(m.wl) ||
      !Number.isSafeInteger(m.tie)
    ) {
      return 'tier is not { index, name, maxLevel }';
    }
  }
  const startOk =
    isInt(x.start) && x.start < x.positions && (x.start >= 0 || (tier !== undefined && x.start === -1));
  if (!startOk) return 'start is not a position';
  const values = x.values;
  if (!isValueEncoding(values)) return `unknown value encoding ${JSON.stringify(values)}`;
  const keyed = x.numbering === 'explored';
  if (keyed !== (x.keys !== undefined)) return 'keys are given exactly when positions were explored';
  if (keyed && x.keys !== 'number' && x.keys !== 'string' && x.keys !== 'bigint') {
    return `unknown key encoding ${JSON.stringify(x.keys)}`;
  }
  if (!isCount(x.blockBytes) || x.blockBytes === 0 || x.blockBytes % 8 !== 0)
    return 'blockBytes is not a block size';
  const sections = x.sections;
  if (!Array.isArray(sections) || sections.length !== (keyed ? 2 : 1))
    return 'sections are not the values (and keys)';
  for (const s of sections) {
    const problem = sectionProblem(s, x.blockBytes);
    if (problem !== undefined) return problem;
  }
  const width = valueWidth(values);
  const valueBytes = (sections[0] as SectionLayout).bytes;
  if (valueBytes !== width * x.positions) return `${valueBytes} bytes of values for ${x.positions} positions`;
  if (!isText(x.solver, 100) || !isText(x.reason)) return 'solver and reason are not text';
  return undefined;
}

/** Reads a whole solution file from disk, every block verified. */
export function readSolutionFile(path: string): SolutionBytes {
  const reader = SolutionReader.open(path);
  return { header: reader.header, sections: reader.header.sections.map((_, s) => reader.section(s)) };
}

/** The temporary file a save of `path` writes before its rename. */
export function temporaryName(path: string): string {
  // The host too: processes of several machines may write into one shared directory.
  return `${path}.${hostname().replace(/[^A-Za-z0-9_-]/g, '_')}.${process.pid}.tmp`;
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
