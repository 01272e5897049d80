/**
 * Solution files: the solved values of every position of an indexed game,
 * kept on disk so that `yomi query` and `yomi analyze --db` answer without
 * solving again.
 *
 * Layout (integers little-endian):
 *
 *   0    8 bytes   magic "YOMISOLN"
 *   8    u32       format version (1)
 *   12   u32       h, the length of the header
 *   16   h bytes   header, JSON (UTF-8): game (id with parameters), id,
 *                  params, positions, start, encoding, valueBytes,
 *                  payloadBytes, solver, reason
 *   16+h           payload: the values, zlib-compressed
 *   end−32         SHA-256 of everything before it
 *
 * Encodings: `packed16` / `packed32` — outcome and remoteness per position in
 * 2 or 4 bytes (see core/packed-value.ts). A file is checked whole before
 * use: a wrong magic, an unknown version, a length that does not add up
 * (truncated) or a checksum that does not match is refused with one line. A
 * save writes a temporary file next to the target and renames it, so a failed
 * save leaves nothing behind.
 */

import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { deflateSync, inflateSync } from 'node:zlib';
import { YomiError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import { isIndexed, type NumberedGame } from '../core/game.js';
import { indexedView } from '../core/indexed-view.js';
import { outcomeCode } from '../core/outcome.js';
import { maxPackedRemoteness, type PackedCodes, pack } from '../core/packed-value.js';
import type { Solution } from '../core/solution.js';
import type { Value } from '../core/value.js';
import { tableSolution } from '../core/value-table.js';
import type { Params } from '../games/kit/definition.js';
import { formatGameSpec, parseGameSpec, resolveParams } from '../games/kit/params.js';
import { findGame } from '../games/registry.js';

export const MAGIC = 'YOMISOLN';
export const FORMAT_VERSION = 1;
const CHECKSUM_BYTES = 32;
const FIXED_BYTES = 16;

export type Encoding = 'packed16' | 'packed32';

export interface SolutionHeader {
  /** The game id with its parameters, e.g. `dodgem(size=4)`. */
  game: string;
  id: string;
  params: Params;
  positions: number;
  start: number;
  encoding: Encoding;
  /** Bytes of values before compression. */
  valueBytes: number;
  /** Bytes of the compressed payload. */
  payloadBytes: number;
  solver: string;
  reason: string;
}

/** The game a spec names (a built-in game made from its parameters alone), and the canonical spec. */
export function gameFromSpec(spec: string): { game: NumberedGame; spec: string; id: string; params: Params } {
  const parsed = parseGameSpec(spec);
  const def = findGame(parsed.id);
  if (def.input) {
    throw new YomiError(
      `solution files hold games made from their id and parameters; ${def.id} reads a problem input`,
    );
  }
  const params = resolveParams(def, parsed.given);
  const [game] = def.load(params);
  if (!isIndexed(game)) {
    throw new YomiError(
      `solution files hold indexed games (positions 0 … size−1); ${def.id} is not one, so there is nothing to save by index`,
    );
  }
  return { game, spec: formatGameSpec(def.id, params), id: def.id, params };
}

/** The values of every position of `game` from `solution`, packed in 2 bytes each (4 if a remoteness needs it). */
export function packValues(game: AnyGame, solution: Solution<unknown, unknown>): PackedCodes {
  if (!isIndexed(game))
    throw new YomiError(`${game.id} is not an indexed game; its solution cannot be saved`);
  if (game.scoring) {
    throw new YomiError(`${game.id} is scored; solution files hold win/lose/tie/draw values with remoteness`);
  }
  const value = solution.value as (p: number) => Value;
  let longest = 0;
  for (let p = 0; p < game.size; p++) {
    const r = value(p).remoteness;
    if (Number.isFinite(r) && r > longest) longest = r;
  }
  const wide = longest > maxPackedRemoteness(14);
  const codes = wide ? new Uint32Array(game.size) : new Uint16Array(game.size);
  const shift = wide ? 30 : 14;
  for (let p = 0; p < game.size; p++) {
    const v = value(p);
    codes[p] = pack(outcomeCode(v.outcome), v.remoteness, shift);
  }
  return codes;
}

/** The bytes of a solution file. */
export function encodeSolutionFile(
  header: Omit<SolutionHeader, 'encoding' | 'valueBytes' | 'payloadBytes'>,
  codes: PackedCodes,
): Buffer {
  const raw = Buffer.from(codes.buffer, codes.byteOffset, codes.byteLength);
  const payload = deflateSync(raw);
  const full: SolutionHeader = {
    ...header,
    encoding: codes instanceof Uint16Array ? 'packed16' : 'packed32',
    valueBytes: raw.length,
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

/** Reads and checks a solution file's bytes; `name` names the file in errors. */
export function decodeSolutionFile(
  bytes: Buffer,
  name: string,
): { header: SolutionHeader; codes: PackedCodes } {
  const refuse = (why: string): never => {
    throw new YomiError(`${name}: ${why}`);
  };
  if (bytes.length < FIXED_BYTES || bytes.toString('latin1', 0, 8) !== MAGIC) {
    refuse(
      bytes.length < 8
        ? 'not a yomi solution file (too short)'
        : 'not a yomi solution file (no YOMISOLN magic)',
    );
  }
  const version = bytes.readUInt32LE(8);
  if (version !== FORMAT_VERSION) {
    refuse(`solution file format version ${version}; this yomi reads version ${FORMAT_VERSION}`);
  }
  const headerBytes = bytes.readUInt32LE(12);
  if (FIXED_BYTES + headerBytes + CHECKSUM_BYTES > bytes.length) {
    refuse(
      `truncated: the header alone needs ${FIXED_BYTES + headerBytes + CHECKSUM_BYTES} bytes, the file has ${bytes.length}`,
    );
  }
  let header: SolutionHeader;
  try {
    header = JSON.parse(bytes.toString('utf8', FIXED_BYTES, FIXED_BYTES + headerBytes)) as SolutionHeader;
  } catch {
    return refuse('corrupt: the header is not valid JSON');
  }
  const expected = FIXED_BYTES + headerBytes + Number(header.payloadBytes) + CHECKSUM_BYTES;
  if (!Number.isSafeInteger(expected)) refuse('corrupt: the header has no valid payload size');
  if (bytes.length < expected) refuse(`truncated: ${bytes.length} bytes, the header promises ${expected}`);
  if (bytes.length > expected)
    refuse(`corrupt: ${bytes.length - expected} bytes after the end of the solution`);
  const body = bytes.subarray(0, expected - CHECKSUM_BYTES);
  const sum = createHash('sha256').update(body).digest();
  if (!sum.equals(bytes.subarray(expected - CHECKSUM_BYTES))) refuse('corrupt: the checksum does not match');
  if (header.encoding !== 'packed16' && header.encoding !== 'packed32') {
    refuse(`unknown value encoding '${header.encoding}'`);
  }
  const raw = inflateSync(body.subarray(FIXED_BYTES + headerBytes));
  const width = header.encoding === 'packed16' ? 2 : 4;
  if (raw.length !== header.valueBytes || raw.length !== header.positions * width) {
    refuse(`corrupt: ${raw.length} bytes of values for ${header.positions} positions`);
  }
  const copy = new Uint8Array(raw.length);
  copy.set(raw);
  const codes = width === 2 ? new Uint16Array(copy.buffer) : new Uint32Array(copy.buffer);
  return { header, codes };
}

/** Writes `bytes` to `path` through a temporary file and a rename: all or nothing. */
export function writeAtomically(path: string, bytes: Uint8Array): void {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, bytes);
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw new YomiError(`cannot save ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** Saves the solution of the built-in game `spec` (every position's value) to `path`. */
export function saveSolution(
  path: string,
  spec: string,
  game: AnyGame,
  solution: Solution<unknown, unknown>,
): SolutionHeader {
  const named = gameFromSpec(spec);
  const codes = packValues(game, solution);
  const bytes = encodeSolutionFile(
    {
      game: named.spec,
      id: named.id,
      params: named.params,
      positions: codes.length,
      start: named.game.start,
      solver: solution.solver,
      reason: solution.reason,
    },
    codes,
  );
  writeAtomically(path, bytes);
  return decodeSolutionFile(Buffer.from(bytes), path).header;
}

export interface LoadedSolution {
  header: SolutionHeader;
  game: NumberedGame;
  solution: Solution<number, number>;
}

/**
 * Loads a solution file and the game it names; with `expected` (a game spec),
 * refuses a file of another game.
 */
export function loadSolution(path: string, expected?: string): LoadedSolution {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw new YomiError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const { header, codes } = decodeSolutionFile(bytes, path);
  const named = gameFromSpec(header.game);
  if (expected !== undefined) {
    const wanted = gameFromSpec(expected).spec;
    if (wanted !== named.spec)
      throw new YomiError(`${path} holds the solution of ${named.spec}, not of ${wanted}`);
  }
  if (named.game.size !== header.positions) {
    throw new YomiError(
      `${path}: ${header.positions} positions, but ${named.spec} has ${named.game.size} in this version of yomi`,
    );
  }
  const inRange = (p: number) => (Number.isInteger(p) && p >= 0 && p < named.game.size ? p : undefined);
  const solution = tableSolution(
    indexedView(named.game),
    inRange,
    { kind: 'packed', code: codes },
    {
      solver: header.solver,
      reason: `from ${path}; solved by ${header.solver} (${header.reason})`,
      stats: { positions: header.positions, ms: 0 },
    },
  );
  return { header, game: named.game, solution };
}
