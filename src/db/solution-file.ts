/**
 * Solution files: the solved values of every position of an indexed game,
 * kept on disk so that `yomi query` and `yomi analyze --db` answer without
 * solving again.
 *
 * The file is a yomi container (container.ts: magic, version, JSON header,
 * zlib payload, SHA-256); the header holds game (id with parameters), id,
 * params, positions, start, encoding, valueBytes, payloadBytes, solver and
 * reason.
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
import { type IndexedGame, isIndexed } from '../core/game.js';
import { indexedView } from '../core/indexed-view.js';
import { outcomeCode } from '../core/outcome.js';
import { maxPackedRemoteness, type PackedCodes, pack } from '../core/packed-value.js';
import type { Solution } from '../core/solution.js';
import type { Value } from '../core/value.js';
import { tableSolution } from '../core/value-table.js';
import type { Params } from '../games/definition.js';
import { formatGameSpec, parseGameSpec, resolveParams } from '../games/params.js';
import { findGame } from '../games/registry.js';
import { type ContainerHeader, checkInflated, containerBody, splitContainer } from './container.js';

export type Encoding = 'packed16' | 'packed32';

export interface SolutionHeader extends ContainerHeader {
  /** The game id with its parameters, e.g. `dodgem(size=4)`. */
  game: string;
  id: string;
  params: Params;
  positions: number;
  start: number;
  encoding: Encoding;
  solver: string;
  reason: string;
}

/** The game a spec names (a built-in game made from its parameters alone), and the canonical spec. */
export function gameFromSpec(spec: string): { game: IndexedGame; spec: string; id: string; params: Params } {
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

/** A container's bytes with Node's zlib and SHA-256. */
export function encodeContainer(header: object, raw: Uint8Array): Buffer {
  const body = containerBody(header, raw.length, deflateSync(raw));
  return Buffer.concat([body, createHash('sha256').update(body).digest()]);
}

/** Reads and checks a container's bytes (checksum and payload size too); `name` names the file in errors. */
export function decodeContainer<H extends ContainerHeader>(
  bytes: Uint8Array,
  name: string,
): { header: H; raw: Buffer } {
  const parts = splitContainer<H>(bytes, name);
  const sum = createHash('sha256').update(parts.body).digest();
  if (!sum.equals(parts.checksum)) throw new YomiError(`${name}: corrupt: the checksum does not match`);
  const raw = inflateSync(parts.compressed);
  checkInflated(raw, parts.header, name);
  return { header: parts.header, raw };
}

/** The bytes of a solution file. */
export function encodeSolutionFile(
  header: Omit<SolutionHeader, 'encoding' | 'valueBytes' | 'payloadBytes'>,
  codes: PackedCodes,
): Buffer {
  const raw = new Uint8Array(codes.buffer, codes.byteOffset, codes.byteLength);
  return encodeContainer(
    { ...header, encoding: codes instanceof Uint16Array ? 'packed16' : 'packed32' },
    raw,
  );
}

/** Reads and checks a solution file's bytes; `name` names the file in errors. */
export function decodeSolutionFile(
  bytes: Buffer,
  name: string,
): { header: SolutionHeader; codes: PackedCodes } {
  const { header, raw } = decodeContainer<SolutionHeader>(bytes, name);
  if (header.encoding !== 'packed16' && header.encoding !== 'packed32') {
    throw new YomiError(`${name}: unknown value encoding '${header.encoding}'`);
  }
  const width = header.encoding === 'packed16' ? 2 : 4;
  if (raw.length !== header.positions * width) {
    throw new YomiError(`${name}: corrupt: ${raw.length} bytes of values for ${header.positions} positions`);
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
  game: IndexedGame;
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
