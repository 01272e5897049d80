/**
 * A solution kept on disk and read back: every position's value, numbered as
 * the solver numbered them — the game's own numbers (indexed games), or the
 * order exploration met them, each position's key stored so that any
 * position can be found again. Any game whose solve produced a table can be
 * saved: built-in games (their id, parameters and rules version are kept), a
 * user's module (its path and the SHA-256 of its source) and problem games
 * (the SHA-256 of their input); a file is only read against the same game,
 * rules and input.
 *
 * Values: outcome games in 2 bytes per position (4 when a remoteness needs
 * it, core/packed-value.ts); scoring games as a Float64 margin and a Uint32
 * remoteness (all ones: never ends). Reading checks the values against the
 * rules where they are used: a position the rules end must hold the rules'
 * value, and any other must hold the best of its moves' values — a file with
 * a valid checksum but made-up values is refused, not answered.
 */

import { YomiError } from '../core/errors.js';
import {
  type AnyGame,
  classKeyOf,
  endedValue,
  type Game,
  isIndexed,
  isScoring,
  type Key,
  primitiveValue,
} from '../core/game.js';
import { playableView } from '../core/indexed-view.js';
import { outcomeCode } from '../core/outcome.js';
import { decodeCompact, ENCODINGS, type Encoding, maxPackedRemoteness, pack } from '../core/packed-value.js';
import { makeSolution, type Solution } from '../core/solution.js';
import { isCount } from '../core/unknown.js';
import {
  compareValues,
  formatValue,
  marginOutcome,
  moveValue,
  sameValue,
  type Value,
} from '../core/value.js';
import type { OpenedGame } from '../games/open.js';
import { endScoredView, STOPPED } from '../solvers/threshold.js';
import { sha256 } from './lazy-node.js';
import {
  encodeSolutionFile,
  type HeaderFields,
  type KeyEncoding,
  type SolutionReader,
  type SolutionSource,
  type SolvedRecord,
  type ValueEncoding,
  writeAtomically,
} from './solution-file.js';

/** A game opened for saving or reading, and which of its input's games. */
export interface SavedGame {
  opened: OpenedGame;
  dataset: number;
}

/** What a file records of where its game came from. */
export function solutionSource(saved: SavedGame): SolutionSource {
  const { def, params, module } = saved.opened;
  const plain = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'string' ? v : [...v]]),
  );
  if (module) {
    const source = { kind: 'module' as const, path: module.path, sha256: module.sha256 };
    return Object.keys(plain).length === 0 ? source : { ...source, params: plain };
  }
  return { kind: 'builtin', id: def.id, params: plain, rules: def.rules ?? 1 };
}

/** The game a solution's positions belong to, as queries see it (moves, play, names). */
function viewOf(game: AnyGame): Game<unknown, unknown> {
  if (game.kind === 'end-scored') return endScoredView(game);
  return playableView(game);
}

/** Saves every position's value of `solution`, the solution of game `saved.dataset` of `saved.opened`. */
export function saveSolution(
  path: string,
  saved: SavedGame,
  solution: Solution<unknown, unknown>,
): HeaderFields {
  const solved = solution.solved;
  if (solved === undefined) {
    throw new YomiError(
      `--save keeps a table of every position, and ${solution.solver} solves positions one at a time; solve with a table solver (auto picks one for a game that fits in memory)`,
    );
  }
  const game = saved.opened.games[saved.dataset];
  const scoring = isScoring(game) || game.kind === 'end-scored';
  // Values are read from the solution as they are encoded: no list of every position's value is kept.
  const valueAt = (i: number) => solution.value(solved.at(i));
  const encoded = scoring ? encodeMargins(solved.count, valueAt) : encodePacked(solved.count, valueAt);
  const sections: Uint8Array[] = [encoded.bytes];
  let keys: KeyEncoding | undefined;
  if (solved.numbering === 'explored') {
    const keyOf = classKeyOf(solution.game);
    const list: Key[] = [];
    for (let i = 0; i < solved.count; i++) list.push(keyOf(solved.at(i)));
    const k = encodeKeys(list);
    keys = k.encoding;
    sections.push(k.bytes);
  }
  const input = saved.opened.input;
  const header: HeaderFields = {
    game: saved.opened.spec,
    source: solutionSource(saved),
    ...(input === undefined
      ? {}
      : { input: { sha256: sha256(input), bytes: Buffer.byteLength(input), dataset: saved.dataset } }),
    numbering: solved.numbering,
    positions: solved.count,
    start: solved.start,
    values: encoded.encoding,
    ...(keys === undefined ? {} : { keys }),
    solver: solution.solver,
    reason: solution.reason,
  };
  writeAtomically(path, encodeSolutionFile(header, sections));
  return header;
}

function encodePacked(
  n: number,
  valueAt: (i: number) => Value,
): { encoding: ValueEncoding; bytes: Uint8Array } {
  let longest = 0;
  for (let i = 0; i < n; i++) {
    const r = valueAt(i).remoteness;
    if (Number.isFinite(r) && r > longest) longest = r;
  }
  const wide = longest > maxPackedRemoteness(14);
  const codes = wide ? new Uint32Array(n) : new Uint16Array(n);
  const shift = wide ? 30 : 14;
  for (let i = 0; i < n; i++) {
    const v = valueAt(i);
    codes[i] = pack(outcomeCode(v.outcome), v.remoteness, shift);
  }
  return { encoding: wide ? 'packed32' : 'packed16', bytes: new Uint8Array(codes.buffer) };
}

const NEVER = 0xffffffff;

function encodeMargins(
  n: number,
  valueAt: (i: number) => Value,
): { encoding: ValueEncoding; bytes: Uint8Array } {
  const bytes = new Uint8Array(12 * n);
  const margins = new Float64Array(bytes.buffer, 0, n);
  const remoteness = new Uint32Array(bytes.buffer, 8 * n, n);
  for (let i = 0; i < n; i++) {
    const v = valueAt(i);
    margins[i] = v.margin ?? 0;
    remoteness[i] = Number.isFinite(v.remoteness) ? v.remoteness : NEVER;
  }
  return { encoding: 'margin', bytes };
}

function encodeKeys(keys: readonly Key[]): { encoding: KeyEncoding; bytes: Uint8Array } {
  if (keys.every((k): k is number => typeof k === 'number')) {
    return { encoding: 'number', bytes: new Uint8Array(Float64Array.from(keys).buffer) };
  }
  const encoding: KeyEncoding = keys.every((k) => typeof k === 'bigint') ? 'bigint' : 'string';
  if (encoding === 'string' && !keys.every((k) => typeof k === 'string')) {
    throw new YomiError('--save: the game mixes keys of several types (strings, numbers, bigints); use one');
  }
  return { encoding, bytes: Buffer.from(JSON.stringify(keys.map(String)), 'utf8') };
}

function decodeKeys(encoding: KeyEncoding, bytes: Uint8Array, count: number, name: string): Key[] {
  if (encoding === 'number') {
    if (bytes.byteLength !== 8 * count)
      throw new YomiError(`${name}: corrupt: the keys do not fit the positions`);
    return Array.from(new Float64Array(bytes.buffer, bytes.byteOffset, count));
  }
  let list: unknown;
  try {
    list = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw new YomiError(`${name}: corrupt: the keys are not a list`);
  }
  if (!Array.isArray(list) || list.length !== count || !list.every((k) => typeof k === 'string')) {
    throw new YomiError(`${name}: corrupt: the keys are not ${count} texts`);
  }
  if (encoding !== 'bigint') return list;
  if (!list.every((k) => /^-?\d+$/.test(k)))
    throw new YomiError(`${name}: corrupt: the keys are not integers`);
  return list.map((k) => BigInt(k));
}

/** Whether a file was solved from the game `saved` (the same source, rules and input); why not, else. */
export function sourceMismatch(header: SolvedRecord, saved: SavedGame, name: string): string | undefined {
  const ours = solutionSource(saved);
  const theirs = header.source;
  if (
    ours.kind !== theirs.kind ||
    (ours.kind === 'builtin' && theirs.kind === 'builtin' && ours.id !== theirs.id)
  ) {
    return `${name} holds the solution of ${header.game}, not of ${saved.opened.spec}`;
  }
  if (ours.kind === 'builtin' && theirs.kind === 'builtin') {
    if (JSON.stringify(ours.params) !== JSON.stringify(theirs.params)) {
      return `${name} holds the solution of ${header.game}, not of ${saved.opened.spec}`;
    }
    if (ours.rules !== theirs.rules) {
      return `${name} was solved under version ${theirs.rules} of ${ours.id}'s rules; this yomi has version ${ours.rules}: solve again`;
    }
  }
  if (ours.kind === 'module' && theirs.kind === 'module') {
    if (ours.sha256 !== theirs.sha256) {
      return `${name} was solved from another version of ${theirs.path} (its source has changed since): solve again`;
    }
    if (JSON.stringify(ours.params ?? {}) !== JSON.stringify(theirs.params ?? {})) {
      return `${name} holds the solution of ${header.game}, not of ${saved.opened.spec}`;
    }
  }
  const input = saved.opened.input;
  if ((header.input === undefined) !== (input === undefined)) {
    return header.input
      ? `${name} holds the solution of ${header.game} for a problem input: give the same input`
      : `${name} holds the solution of ${header.game}, which reads no input`;
  }
  if (header.input && input !== undefined) {
    if (header.input.sha256 !== sha256(input)) {
      return `${name} was solved for another input of ${header.game} (SHA-256 ${header.input.sha256.slice(0, 12)}…)`;
    }
    if (header.input.dataset !== saved.dataset) {
      return `${name} holds dataset ${header.input.dataset + 1} of its input, not dataset ${saved.dataset + 1}`;
    }
  }
  return undefined;
}

/** The solution a file holds for game `saved.dataset` of `saved.opened` (which `sourceMismatch` accepted). */
export function savedSolution(
  file: SolutionReader,
  saved: SavedGame,
  name: string,
): Solution<unknown, unknown> {
  const { header } = file;
  const game = saved.opened.games[saved.dataset];
  const view = viewOf(game);
  const n = header.positions;
  const refuse = (why: string): never => {
    throw new YomiError(`${name}: ${why}`);
  };
  let indexOf: (p: unknown) => number | undefined;
  if (header.numbering === 'index') {
    if (!isIndexed(game)) refuse(`numbered by index, but ${header.game} is not an indexed game`);
    if (isIndexed(game) && game.size !== n) {
      refuse(
        `${n} positions, but ${header.game} has ${isIndexed(game) ? game.size : 0} in this version of yomi`,
      );
    }
    indexOf = (p) => (isCount(p) && p < n ? p : undefined);
  } else {
    const encoding = header.keys ?? refuse('corrupt: explored positions without their keys');
    const keys = decodeKeys(encoding, file.section(1), n, name);
    const row = new Map<Key, number>();
    for (let i = 0; i < n; i++) row.set(keys[i], i);
    if (row.size !== n) refuse('corrupt: two positions share a key');
    const keyOf = classKeyOf(view);
    indexOf = (p) => row.get(keyOf(p));
  }
  const stored = storedValues(header.values, file, n, name);
  if (indexOf(view.start) !== header.start) refuse('the start of the game is not the start the file records');
  const raw = (p: unknown): Value => {
    if (p === STOPPED && game.kind === 'end-scored') return { outcome: 'tie', remoteness: 0, margin: 0 };
    const i = indexOf(p);
    if (i === undefined) {
      throw new YomiError(
        `${view.id}: ${view.show ? view.show(p) : 'this position'} is not among the positions the file solved`,
      );
    }
    return stored(i);
  };
  // Threshold search's remoteness is its probes' (not always one more than a move's): end-scored games compare margins.
  const exact = game.kind !== 'end-scored';
  const value = (p: unknown): Value => {
    const v = raw(p);
    const wrong = contradiction(view, p, v, raw, exact);
    if (wrong !== undefined)
      refuse(`its values contradict the rules at ${view.show ? view.show(p) : String(p)}: ${wrong}`);
    return v;
  };
  return makeSolution(view, value, {
    solver: header.solver,
    reason: `from ${name}; solved by ${header.solver} (${header.reason})`,
    stats: { positions: n, ms: 0 },
  });
}

/** The value of row i, read from the file's values section (only the blocks asked for are read). */
export function storedValues(
  encoding: ValueEncoding,
  file: SolutionReader,
  n: number,
  name: string,
): (i: number) => Value {
  if (encoding === 'margin') {
    return (i) => {
      const m = file.bytesAt(0, 8 * i, 8);
      const r = file.bytesAt(0, 8 * n + 4 * i, 4);
      const margin = new DataView(m.buffer, m.byteOffset, 8).getFloat64(0, true);
      // A margin is a number of points (±Infinity where threshold search found no stop); NaN is no value.
      if (Number.isNaN(margin)) throw new YomiError(`${name}: corrupt: a margin is not a number`);
      const remoteness = new DataView(r.buffer, r.byteOffset, 4).getUint32(0, true);
      return {
        outcome: marginOutcome(margin),
        remoteness: remoteness === NEVER ? Number.POSITIVE_INFINITY : remoteness,
        margin,
      };
    };
  }
  const e = ENCODINGS[encoding];
  return (i) => decodeCompact(e, codeAt(file, e, i));
}

/** The compact code of row i of a file's values section (reading only its block). */
export function codeAt(file: SolutionReader, e: Encoding, i: number): number {
  const b = file.bytesAt(0, e.bytes * i, e.bytes);
  if (e.bytes === 1) return b[0];
  if (e.bytes === 2) return b[0] | (b[1] << 8);
  return (b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)) >>> 0;
}

/** What is wrong with `v` as the value of `p` by the rules, one ply deep, or undefined. */
function contradiction(
  game: Game<unknown, unknown>,
  p: unknown,
  v: Value,
  stored: (p: unknown) => Value,
  withRemoteness: boolean,
): string | undefined {
  const same = (a: Value, b: Value) =>
    withRemoteness ? sameValue(a, b) : a.outcome === b.outcome && (a.margin ?? 0) === (b.margin ?? 0);
  const primitive = primitiveValue(game, p);
  const moves = primitive === undefined ? game.moves(p) : [];
  if (moves.length === 0) {
    const ended = endedValue(game, p);
    // An ended position's draw, like a tie in a scoring game, carries no remoteness worth comparing.
    return same(v, ended) || (ended.outcome === 'draw' && v.outcome === 'draw')
      ? undefined
      : `the game is over there (${formatValue(ended)}), the file says ${formatValue(v)}`;
  }
  const top = moves
    .map((m) => moveValue(stored(game.play(p, m)), game.points?.(p, m), game.keepsTurn?.(p, m) === true))
    .reduce((best, mv) => (compareValues(mv, best) > 0 ? mv : best));
  return same(top, v)
    ? undefined
    : `the best move is worth ${formatValue(top)}, the file says ${formatValue(v)}`;
}
