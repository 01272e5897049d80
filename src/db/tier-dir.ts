/**
 * A tier directory: a tiered solve kept on disk, one solution file per tier
 * (the format of solution-file.ts, its header naming the tier) and a
 * `manifest.json` naming the game — as `--save DIR` writes it and `yomi
 * query DIR` / `yomi analyze --db DIR` read it.
 *
 * Solving into a directory resumes: a tier whose file is there and whose
 * every block matches its checksum is not solved again (a file is only ever
 * written whole, by rename, so a killed solve leaves none half-written; a
 * damaged one is solved again). Only the tier being solved and the tiers it
 * reads are held in memory. A directory of another game, or of the same game
 * under other rules or another input, is refused; so is a missing or damaged
 * tier when reading.
 *
 * Workers on several machines may solve tiers into one directory (src/cluster/):
 * each writes only its tier files (`records: false`), and one process — the
 * coordinator — writes the manifest, so no entry is lost to a race.
 */

import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { familyName } from '../core/endgames.js';
import { YomiError } from '../core/errors.js';
import { type CompactCodes, decodeCompact, ENCODINGS, type Encoding } from '../core/packed-value.js';
import { failed, ok, type Result } from '../core/result.js';
import type { ReachStats } from '../core/solution.js';
import type { TierLayout } from '../core/tiered.js';
import { errorReason, isCount, isRecord } from '../core/unknown.js';
import type { SolvedTier } from '../solvers/retrograde/run-tier.js';
import type { TierLookup, TierStats, TierStore, TierValues } from '../solvers/tiers.js';
import { readRegular } from './bounded-read.js';
import { sha256 } from './lazy-node.js';
import { codeAt, type SavedGame, solutionSource, sourceMismatch } from './saved-solution.js';
import {
  encodeSolutionFile,
  parseRecord,
  SolutionReader,
  type SolvedRecord,
  writeAtomically,
} from './solution-file.js';

const MANIFEST = 'manifest.json';
const FORMAT = 1;

export interface TierManifest {
  format: number;
  game: string;
  tiers: { name: string; positions: number }[];
  /** The header fields every tier file repeats: the source and the input. */
  header: SolvedRecord;
  /** What solving each tier took, as far as it went. */
  stats: TierStats[];
  /** Once every tier is solved: the positions reachable from the start. */
  reach?: ReachStats;
  /** The ids of this directory's jobs on a queue begin with it (set by the first coordinator). */
  queueKey?: string;
  /** The tiers are a game family's endgame databases (core/endgames.ts), read by a search. */
  endgames?: true;
}

/** A tier's file name: its name made safe for any file system. */
const fileOf = (dir: string, name: string) => join(dir, `tier-${name.replace(/[^A-Za-z0-9_.-]/g, '_')}.yomi`);

/**
 * Whose tiers a directory holds: a game as the user opened it, or the family
 * of a game's endgame databases (core/endgames.ts), which several games share.
 */
export type TierOwner = SavedGame | { family: { id: string; params: Record<string, number> } };

/** The header fields a game's tier files carry. */
function headerOf(owner: TierOwner): TierManifest['header'] {
  if ('family' in owner) {
    const { id, params } = owner.family;
    return { game: familyName(owner.family), source: { kind: 'builtin', id, params, rules: 1 } };
  }
  const saved = owner;
  const input = saved.opened.input;
  return {
    game: saved.opened.spec,
    source: solutionSource(saved),
    ...(input === undefined
      ? {}
      : { input: { sha256: sha256(input), bytes: Buffer.byteLength(input), dataset: saved.dataset } }),
  };
}

/** Whether `dir` is a tier directory (it has a manifest), not a folder of solution files. */
export function isTierDirectory(dir: string): boolean {
  return existsSync(join(dir, MANIFEST));
}

/** The manifest of a tier directory (one line naming the problem when there is none). */
export function readTierManifest(dir: string): TierManifest {
  const m = readManifest(dir);
  if (m === undefined) throw new YomiError(`${dir} holds no tier directory (no ${MANIFEST})`);
  return m;
}

/** A manifest larger than this is not one of ours (one entry per tier: a few hundred bytes each). */
const MAX_MANIFEST_BYTES = 64 << 20;

function readManifest(dir: string): TierManifest | undefined {
  const path = join(dir, MANIFEST);
  if (!existsSync(path)) return undefined;
  // Bounded, and never a FIFO or a device (a manifest linked to /dev/zero is one line).
  const bytes = readRegular(path, MAX_MANIFEST_BYTES, `${dir}: ${MANIFEST}`);
  let m: unknown;
  try {
    m = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new YomiError(`${dir}: ${MANIFEST} is not valid JSON`);
  }
  const checked = parseManifest(m);
  if (!checked.ok) {
    throw new YomiError(`${dir}: ${MANIFEST} is not a yomi tier directory's manifest (${checked.error})`);
  }
  return checked.value;
}

const isName = (x: unknown): x is string => typeof x === 'string' && x.length <= 200;

/** Whether `s` is a tier's statistics as a manifest records them, every field checked. */
function isTierStats(s: unknown): s is TierStats {
  return (
    isRecord(s) &&
    isCount(s.tier) &&
    isName(s.name) &&
    isCount(s.positions) &&
    isCount(s.moves) &&
    typeof s.ms === 'number' &&
    s.ms >= 0 &&
    isName(s.encoding) &&
    typeof s.bytesPerPosition === 'number' &&
    (s.widened === undefined || isName(s.widened)) &&
    (s.resumed === undefined || typeof s.resumed === 'boolean')
  );
}

const REACH_COUNTS = [
  'positions',
  'wonOnTheMove',
  'lostOnTheMove',
  'ongoing',
  'wins',
  'losses',
  'ties',
  'draws',
  'longestWin',
  'depth',
] as const satisfies readonly (keyof ReachStats)[];

/** Whether `r` is the report of reachable positions a manifest records, every field checked. */
function isReach(r: unknown): r is ReachStats {
  return (
    isRecord(r) &&
    REACH_COUNTS.every((k) => typeof r[k] === 'number') &&
    (r.longestWinAt === undefined || typeof r.longestWinAt === 'string')
  );
}

const isTier = (t: unknown): t is TierManifest['tiers'][number] =>
  isRecord(t) && isName(t.name) && isCount(t.positions);

/** A parsed manifest, every field checked before any is used (what is wrong with it, else). */
function parseManifest(m: unknown): Result<TierManifest> {
  if (!isRecord(m)) return failed('not an object');
  if (m.format !== FORMAT) return failed('unknown format');
  const { game, queueKey, reach, endgames } = m;
  if (typeof game !== 'string') return failed('game is not a game');
  const header = parseRecord(m.header);
  if (!header.ok) return failed(`header: ${header.error}`);
  if (header.value.game !== game) return failed('header.game is not the game');
  const { tiers, stats } = m;
  if (!Array.isArray(tiers)) return failed('tiers is not a list');
  if (!tiers.every(isTier)) return failed('a tier is not { name, positions }');
  if (!Array.isArray(stats)) return failed('stats is not a list');
  if (!stats.every(isTierStats)) {
    return failed(
      "a tier's statistics are not { tier, name, positions, moves, ms, encoding, bytesPerPosition }",
    );
  }
  if (queueKey !== undefined && (typeof queueKey !== 'string' || !/^[0-9a-f]{12}$/.test(queueKey))) {
    return failed('queueKey is not a key');
  }
  if (reach !== undefined && !isReach(reach)) return failed('reach is not the reachable positions');
  if (endgames !== undefined && endgames !== true) return failed('endgames is not true');
  return ok({
    format: FORMAT,
    game,
    tiers,
    header: header.value,
    stats,
    ...(reach === undefined ? {} : { reach }),
    ...(queueKey === undefined ? {} : { queueKey }),
    ...(endgames === true ? { endgames } : {}),
  });
}

/** The tiers of a game in a directory: solved into it (and resumed), or read from it. */
export class TierDirectory implements TierStore {
  private readonly held = new Map<number, TierValues>();

  get stats(): readonly TierStats[] {
    return this.manifest.stats;
  }
  private readonly verified = new Set<number>();
  private readonly readers = new Map<number, SolutionReader>();
  readonly manifest: TierManifest;

  /**
   * Opens `dir` for `game` (the tiered form of `owner`): creates it when
   * `create`, else it must hold this game's solve. `shared`: tiers are loaded
   * into shared memory (for worker threads). `records: false`: solved tiers
   * are written, but the manifest is left to the one process that records
   * them (default: this one).
   */
  constructor(
    readonly dir: string,
    private readonly game: TierLayout,
    owner: TierOwner,
    options: { create: boolean; shared?: boolean; records?: boolean },
  ) {
    this.shared = options.shared === true;
    this.records = options.records !== false;
    const header = headerOf(owner);
    const tiers = Array.from({ length: game.tierCount }, (_, t) => ({
      name: game.tierName(t),
      positions: game.tierSize(t),
    }));
    if (existsSync(dir) && !statSync(dir).isDirectory())
      throw new YomiError(`${dir} is a file, not a tier directory`);
    const found = existsSync(dir) ? readManifest(dir) : undefined;
    if (found === undefined) {
      if (!options.create) throw new YomiError(`${dir} holds no tier directory (no ${MANIFEST})`);
      try {
        mkdirSync(dir, { recursive: true });
      } catch (e) {
        throw new YomiError(`cannot create ${dir}: ${errorReason(e)}`);
      }
      this.manifest = {
        format: FORMAT,
        game: header.game,
        tiers,
        header,
        stats: [],
        ...('family' in owner ? { endgames: true as const } : {}),
      };
      this.writeManifest();
      return;
    }
    const mismatch =
      'family' in owner
        ? JSON.stringify(found.header.source) === JSON.stringify(header.source)
          ? undefined
          : `${dir} holds ${found.header.game}, not ${header.game}`
        : sourceMismatch(found.header, owner, dir);
    if (mismatch !== undefined) throw new YomiError(mismatch);
    if (JSON.stringify(found.tiers) !== JSON.stringify(tiers)) {
      throw new YomiError(
        `${dir} holds other tiers than ${header.game} has in this version of yomi: solve again into a new directory`,
      );
    }
    this.manifest = found;
  }

  private readonly shared: boolean;
  private readonly records: boolean;

  private writeManifest(): void {
    writeAtomically(join(this.dir, MANIFEST), Buffer.from(JSON.stringify(this.manifest, null, 1)));
  }

  private reader(tier: number): SolutionReader {
    let r = this.readers.get(tier);
    if (r === undefined) {
      const path = fileOf(this.dir, this.game.tierName(tier));
      r = SolutionReader.open(path);
      const h = r.header;
      if (
        h.tier?.index !== tier ||
        h.tier.name !== this.game.tierName(tier) ||
        h.positions !== this.game.tierSize(tier) ||
        h.game !== this.manifest.game
      ) {
        throw new YomiError(`${path} is not tier ${this.game.tierName(tier)} of ${this.manifest.game}`);
      }
      this.readers.set(tier, r);
    }
    return r;
  }

  /** Whether the tier's file is there, whole and of this game (every block checked once). */
  has(tier: number): boolean {
    if (this.verified.has(tier) || this.held.has(tier)) return true;
    if (!this.fileExists(tier)) return false;
    try {
      const r = this.reader(tier);
      for (let s = 0; s < r.header.sections.length; s++) r.section(s);
    } catch (e) {
      // A damaged or foreign tier file is not trusted: the tier is solved again.
      if (!(e instanceof YomiError)) throw e;
      return false;
    } finally {
      this.closeReader(tier);
    }
    this.verified.add(tier);
    return true;
  }

  /** Whether the tier's file is there (written whole, by rename), without reading it. */
  fileExists(tier: number): boolean {
    return existsSync(fileOf(this.dir, this.game.tierName(tier)));
  }

  /** The value encoding of a tier's file. */
  encodingOf(tier: number): string {
    const values = this.reader(tier).header.values;
    this.closeReader(tier);
    return values;
  }

  private closeReader(tier: number): void {
    this.readers.get(tier)?.close();
    this.readers.delete(tier);
  }

  get(tier: number): TierValues {
    const known = this.held.get(tier);
    if (known !== undefined) return known;
    const r = this.reader(tier);
    const h = r.header;
    const encoding = compactEncoding(r);
    let bytes: Uint8Array;
    try {
      bytes = r.section(0);
    } finally {
      // The values are in memory now: the file is not kept open (a long solve reads many).
      this.closeReader(tier);
    }
    const buffer = this.shared ? new SharedArrayBuffer(bytes.byteLength) : new ArrayBuffer(bytes.byteLength);
    new Uint8Array(buffer).set(bytes);
    const values = codesOver(encoding, buffer, h.positions);
    const t: TierValues = { tier, values, encoding, maxLevel: h.tier?.maxLevel ?? { wl: -1, tie: -1 } };
    this.held.set(tier, t);
    return t;
  }

  put(solved: SolvedTier, stats: TierStats): void {
    const { game } = this;
    const tier = solved.tier;
    const v = solved.values;
    const bytes = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    const header = this.manifest.header;
    writeAtomically(
      fileOf(this.dir, game.tierName(tier)),
      encodeSolutionFile(
        {
          ...header,
          numbering: 'index',
          positions: game.tierSize(tier),
          start: tier === game.startTier ? game.start : -1,
          values: solved.encoding.name,
          tier: { index: tier, name: game.tierName(tier), maxLevel: solved.maxLevel },
          solver: 'tiers',
          reason: solved.encoding.margin
            ? 'margins of the tier, solved forward'
            : stats.widened
              ? `retrograde analysis of the tier; ${stats.widened}`
              : 'retrograde analysis of the tier',
        },
        [bytes],
      ),
    );
    this.verified.add(tier);
    this.held.set(tier, solved);
    if (this.records) this.record(stats);
  }

  /** Records what solving a tier took in the manifest. */
  record(stats: TierStats): void {
    this.manifest.stats = [...this.manifest.stats.filter((s) => s.tier !== stats.tier), stats];
    this.writeManifest();
  }

  release(tier: number): void {
    this.held.delete(tier);
    this.closeReader(tier);
  }

  /** The key of this directory's jobs on a queue, made and recorded when first asked. */
  queueKey(): string {
    if (this.manifest.queueKey === undefined) {
      // Node's crypto, loaded here (process.getBuiltinModule): a command that solves no tiers does not pay for it.
      this.manifest.queueKey = process.getBuiltinModule('node:crypto').randomBytes(6).toString('hex');
      this.writeManifest();
    }
    return this.manifest.queueKey;
  }

  /** Records what is reachable from the start (after the last tier). */
  setReach(reach: ReachStats): void {
    this.manifest.reach = reach;
    this.writeManifest();
  }

  /** Values read a block at a time, for queries (nothing held in memory but the blocks read). */
  lookup(): TierLookup {
    return (tier, index) => {
      const r = this.reader(tier);
      const e = compactEncoding(r);
      return decodeCompact(e, codeAt(r, e, index));
    };
  }
}

/** The compact encoding of a tier file's values: a tier's values are never kept as margins. */
function compactEncoding(r: SolutionReader): Encoding {
  const { values } = r.header;
  if (values === 'margin') throw new YomiError(`${r.name}: a tier's values are not margins`);
  return ENCODINGS[values];
}

function codesOver(e: Encoding, buffer: ArrayBufferLike, n: number): CompactCodes {
  return e.bytes === 1
    ? new Uint8Array(buffer, 0, n)
    : e.bytes === 2
      ? new Uint16Array(buffer, 0, n)
      : new Uint32Array(buffer, 0, n);
}
