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

import { closeSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { YomiError } from '../core/errors.js';
import { ENCODINGS, type EncodingName } from '../core/packed-value.js';
import { failed, ok, type Result } from '../core/result.js';
import { errorCode, errorReason, isCount, isInt, isRecord } from '../core/unknown.js';
import { openRegular } from './bounded-read.js';
import { sha256, sha256Digest, zlib } from './lazy-node.js';

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
      params: SavedParams;
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
      params?: SavedParams;
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

/** The bytes of a solution file whose sections are `sections`. */
export function encodeSolutionFile(fields: HeaderFields, sections: readonly Uint8Array[]): Buffer {
  const payload: Buffer[] = [];
  const layout: SectionLayout[] = sections.map((s) => {
    const blocks: SectionLayout['blocks'] = [];
    for (let at = 0; at < s.byteLength; at += BLOCK_BYTES) {
      const raw = new Uint8Array(s.buffer, s.byteOffset + at, Math.min(BLOCK_BYTES, s.byteLength - at));
      const packed = zlib().deflateSync(raw);
      payload.push(packed);
      blocks.push({ bytes: packed.length, sha256: sha256(packed) });
    }
    return { bytes: s.byteLength, blocks };
  });
  const header: SolutionHeader = { ...fields, blockBytes: BLOCK_BYTES, sections: layout };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const fixed = Buffer.alloc(FIXED_BYTES);
  fixed.write(MAGIC, 0, 'latin1');
  fixed.writeUInt32LE(FORMAT_VERSION, 8);
  fixed.writeUInt32LE(json.length, 12);
  sha256Digest(json).copy(fixed, 16);
  return Buffer.concat([fixed, json, ...payload]);
}

/** The files readers hold open, closed when the process exits (one listener for them all). */
const openFiles = new Set<() => void>();
let listening = false;

function closeAtExit(close: () => void): void {
  if (!listening) {
    listening = true;
    process.once('exit', () => {
      for (const c of openFiles) c();
      openFiles.clear();
    });
  }
  openFiles.add(close);
}

/** Reads blocks of a solution file: from its bytes in memory, or from disk as they are needed. */
export class SolutionReader {
  /** Byte offset in the file of each section's first block, and of each block within it. */
  private readonly blockAt: number[][];
  private readonly cache = new Map<string, Uint8Array>();

  private constructor(
    readonly header: SolutionHeader,
    /** The file as errors name it. */
    readonly name: string,
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
          throw new YomiError(`cannot read ${path}: ${errorReason(e)}`);
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
        openFiles.delete(close);
        close();
      });
      closeAtExit(close);
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
    if (sha256(packed) !== entry.sha256) this.refuse('corrupt: the checksum does not match');
    const rawBytes = Math.min(this.header.blockBytes, section.bytes - k * this.header.blockBytes);
    let raw: Buffer;
    try {
      // Never more than the header declares: a block that inflates further is refused, not allocated.
      raw = zlib().inflateSync(packed, { maxOutputLength: Math.max(1, rawBytes) });
    } catch (e) {
      const tooLong = e instanceof RangeError || errorCode(e) === 'ERR_BUFFER_TOO_LARGE';
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
  if (!sha256Digest(json).equals(fixed.subarray(16, 48))) {
    refuse('corrupt: the checksum does not match');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json.toString('utf8'));
  } catch {
    return refuse('corrupt: the header is not valid JSON');
  }
  const checked = parseHeader(parsed);
  if (!checked.ok) return refuse(`corrupt header: ${checked.error}`);
  const header = checked.value;
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

const isText = (x: unknown, max = 4096): x is string => typeof x === 'string' && x.length <= max;
const isHex = (x: unknown): x is string => typeof x === 'string' && /^[0-9a-f]{64}$/.test(x);

/** The parameters of a game as a file records them: numbers, texts and lists of numbers by name. */
type SavedParams = Record<string, number | string | number[]>;

const isParams = (x: unknown): x is SavedParams =>
  isRecord(x) &&
  Object.values(x).every(
    (v) =>
      typeof v === 'number' ||
      typeof v === 'string' ||
      (Array.isArray(v) && v.every((n) => typeof n === 'number')),
  );

function parseSource(s: unknown): Result<SolutionSource> {
  if (typeof s !== 'object' || s === null) return failed('source is not an object');
  const src: Partial<Record<string, unknown>> = s;
  if (src.kind === 'builtin') {
    if (!isText(src.id, 100)) return failed('source.id is not a game id');
    if (!isParams(src.params)) return failed('source.params is not an object');
    if (!isCount(src.rules)) return failed('source.rules is not a version number');
    return ok({ kind: 'builtin', id: src.id, params: src.params, rules: src.rules });
  }
  if (src.kind === 'module') {
    if (!isText(src.path)) return failed('source.path is not a path');
    if (!isHex(src.sha256)) return failed('source.sha256 is not a SHA-256');
    const { path, sha256, params } = src;
    if (params === undefined) return ok({ kind: 'module', path, sha256 });
    if (!isParams(params)) return failed('source.params is not an object');
    return ok({ kind: 'module', path, sha256, params });
  }
  return failed('source.kind is neither builtin nor module');
}

function parseSection(s: unknown, blockBytes: number): Result<SectionLayout> {
  if (typeof s !== 'object' || s === null) return failed('a section is not an object');
  const x: Partial<Record<string, unknown>> = s;
  if (!isCount(x.bytes) || !Array.isArray(x.blocks)) return failed('a section has no size and blocks');
  if (x.blocks.length !== Math.ceil(x.bytes / blockBytes))
    return failed('a section has the wrong number of blocks');
  const blocks: SectionLayout['blocks'] = [];
  for (const b of x.blocks) {
    if (!isRecord(b) || !isCount(b.bytes) || !isHex(b.sha256))
      return failed('a block is not { bytes, sha256 }');
    blocks.push({ bytes: b.bytes, sha256: b.sha256 });
  }
  return ok({ bytes: x.bytes, blocks });
}

/** The fields naming what was solved: a tier directory's manifest repeats them. */
export type SolvedRecord = Pick<SolutionHeader, 'game' | 'source' | 'input'>;

/** The fields naming what was solved (`game`, `source`, `input`), checked one by one. */
export function parseRecord(h: unknown): Result<SolvedRecord> {
  if (!isRecord(h)) return failed('not an object');
  if (!isText(h.game)) return failed('game is not a game');
  const source = parseSource(h.source);
  if (!source.ok) return source;
  const i = h.input;
  if (i === undefined) return ok({ game: h.game, source: source.value });
  if (typeof i !== 'object' || i === null) return failed('input is not { sha256, bytes, dataset }');
  const input: Partial<Record<string, unknown>> = i;
  if (!isHex(input.sha256) || !isCount(input.bytes) || !isCount(input.dataset)) {
    return failed('input is not { sha256, bytes, dataset }');
  }
  return ok({
    game: h.game,
    source: source.value,
    input: { sha256: input.sha256, bytes: input.bytes, dataset: input.dataset },
  });
}

/** A tier file's `tier` field, checked. */
function parseTier(t: unknown): SolutionHeader['tier'] | undefined {
  if (!isRecord(t) || !isCount(t.index) || !isText(t.name, 200) || !isRecord(t.maxLevel)) return undefined;
  const { wl, tie } = t.maxLevel;
  if (!isInt(wl) || !isInt(tie)) return undefined;
  return { index: t.index, name: t.name, maxLevel: { wl, tie } };
}

/** A parsed header, checked field by field (what is wrong with it, else). */
function parseHeader(h: unknown): Result<SolutionHeader> {
  if (!isRecord(h)) return failed('not an object');
  const record = parseRecord(h);
  if (!record.ok) return record;
  const { numbering, positions, start, values, keys, blockBytes, sections, solver, reason } = h;
  if (numbering !== 'index' && numbering !== 'explored')
    return failed(`unknown numbering ${JSON.stringify(numbering)}`);
  if (!isCount(positions)) return failed('positions is not a count');
  const tier = h.tier === undefined ? undefined : parseTier(h.tier);
  if (h.tier !== undefined && tier === undefined) return failed('tier is not { index, name, maxLevel }');
  const startOk = isInt(start) && start < positions && (start >= 0 || (tier !== undefined && start === -1));
  if (!startOk) return failed('start is not a position');
  if (!isValueEncoding(values)) return failed(`unknown value encoding ${JSON.stringify(values)}`);
  const keyed = numbering === 'explored';
  if (keyed !== (keys !== undefined)) return failed('keys are given exactly when positions were explored');
  if (keys !== undefined && keys !== 'number' && keys !== 'string' && keys !== 'bigint') {
    return failed(`unknown key encoding ${JSON.stringify(keys)}`);
  }
  if (!isCount(blockBytes) || blockBytes === 0 || blockBytes % 8 !== 0)
    return failed('blockBytes is not a block size');
  if (!Array.isArray(sections) || sections.length !== (keyed ? 2 : 1))
    return failed('sections are not the values (and keys)');
  const layout: SectionLayout[] = [];
  for (const s of sections) {
    const section = parseSection(s, blockBytes);
    if (!section.ok) return section;
    layout.push(section.value);
  }
  const width = valueWidth(values);
  const valueBytes = layout[0].bytes;
  if (valueBytes !== width * positions)
    return failed(`${valueBytes} bytes of values for ${positions} positions`);
  if (!isText(solver, 100) || !isText(reason)) return failed('solver and reason are not text');
  return ok({
    ...record.value,
    numbering,
    positions,
    start,
    values,
    ...(keys === undefined ? {} : { keys }),
    ...(tier === undefined ? {} : { tier }),
    blockBytes,
    sections: layout,
    solver,
    reason,
  });
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
    throw new YomiError(`cannot save ${path}: ${errorReason(e)}`);
  }
}
