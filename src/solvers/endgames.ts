/**
 * Endgame databases built and read (core/endgames.ts): `buildEndgames`
 * solves a game's endgame tiers up to a size into a tier directory (the
 * margin tier solver, resumed when the directory holds some already), and
 * `openEndgames` loads a directory's solved tiers into memory for a search
 * to probe at every node: a position whose tier is solved gets its exact
 * value there, with no further search. The database counts its probes and
 * hits for the progress line and the reason line.
 */

import type { EndgameLink } from '../core/endgames.js';
import { YomiError } from '../core/errors.js';
import type { CompactCodes, Encoding } from '../core/packed-value.js';
import { decodeCompact } from '../core/packed-value.js';
import { tierOrder } from '../core/tiered.js';
import type { Value } from '../core/value.js';
import { TierDirectory } from '../db/tier-dir.js';
import { solveMarginTiers } from './margin-tiers.js';
import { checkMemory, megabytes, type SolverOptions } from './options.js';
import type { TierSolveOptions } from './tiers.js';

/** A game's endgame databases in memory, as a search reads them. */
export class EndgameDatabase<P> {
  /** Probes made and positions answered. */
  probes = 0;
  hits = 0;
  private readonly values: (CompactCodes | undefined)[];
  private readonly encodings: (Encoding | undefined)[];

  constructor(
    private readonly link: EndgameLink<P>,
    /** The solved tiers and their values. */
    tiers: readonly { tier: number; values: CompactCodes; encoding: Encoding }[],
    /** Where they were read from, for the reason line. */
    readonly dir: string,
  ) {
    this.values = [];
    this.encodings = [];
    for (const t of tiers) {
      this.values[t.tier] = t.values;
      this.encodings[t.tier] = t.encoding;
    }
    this.tierCount = tiers.length;
    this.remoteness = tiers.every((t) => t.encoding.margin === undefined);
    this.bytes = tiers.reduce((a, t) => a + t.values.byteLength, 0);
  }

  /** Whether the values hold remoteness (margin databases do not: values read through them have none). */
  readonly remoteness: boolean;
  /** How many tiers are solved, and their bytes in memory. */
  readonly tierCount: number;
  readonly bytes: number;

  /** The encoding of the code `code` last returned. */
  encoding: Encoding | undefined;

  /**
   * The code of `p`'s value when a solved tier holds it (its encoding then in
   * `encoding`), else −1: what a search reads at every node, allocating nothing.
   */
  code(p: P): number {
    this.probes++;
    const tier = this.link.tierOf(p);
    if (tier < 0) return -1;
    const values = this.values[tier];
    if (values === undefined) return -1;
    this.hits++;
    this.encoding = this.encodings[tier];
    return values[this.link.indexIn(p, tier)];
  }

  /** The value of `p` when a solved tier holds it, else undefined. */
  probe(p: P): Value | undefined {
    const code = this.code(p);
    return code < 0 ? undefined : decodeCompact(this.encoding as Encoding, code);
  }

  /** What the progress line says of them: `db 23 tiers, 523 MB, 26% of 12,345,678 probes hit`. */
  progressText(): string {
    const share = this.probes === 0 ? 0 : Math.round((100 * this.hits) / this.probes);
    return `db ${this.tierCount} tiers, ${megabytes(this.bytes)}, ${share}% of ${this.probes.toLocaleString('en-US')} probes hit`;
  }

  /** What the databases hold and did, in a few words. */
  describe(): string {
    const n = (x: number) => x.toLocaleString('en-US');
    return `endgame databases ${this.dir}: ${this.tierCount} tiers (${this.link.unit} ≤ ${this.tierCount - 1}), ${megabytes(this.bytes)}, ${n(this.probes)} probes, ${n(this.hits)} hits`;
  }
}

/**
 * Solves the endgame tiers of `link` up to `upto` units (`--db-upto N`)
 * into `dir`, creating it or going on from the tiers it holds.
 */
export function buildEndgames<P>(
  link: EndgameLink<P>,
  dir: string,
  upto: number,
  options: TierSolveOptions = {},
): void {
  const store = endgameDirectory(link, dir, false);
  solveMarginTiers(link.game, store, link.tiersUpTo(upto), options);
}

/** The directory of `link`'s databases, created when missing (`shared`: tiers in shared memory, for threads). */
export function endgameDirectory<P>(link: EndgameLink<P>, dir: string, shared: boolean): TierDirectory {
  return new TierDirectory(dir, link.game, { family: link.family }, { create: true, shared });
}

/**
 * The endgame databases of `link` in `dir`, loaded into memory: every tier
 * solved there, from the smallest up to the first one missing.
 */
export function openEndgames<P>(
  link: EndgameLink<P>,
  dir: string,
  options: SolverOptions = {},
): EndgameDatabase<P> {
  const store = new TierDirectory(dir, link.game, { family: link.family }, { create: false });
  const recorded = new Set(store.stats.map((s) => s.tier));
  const order = tierOrder(link.game);
  let count = 0;
  while (count < order.length && recorded.has(order[count])) count++;
  if (count === 0) throw new YomiError(`${dir} holds no solved tier of ${store.manifest.game}`);
  const held = order.slice(0, count);
  const bytes = held.reduce((a, t) => a + link.game.tierSize(t), 0);
  checkMemory(bytes, options, `the endgame databases in ${dir} (${count} tiers)`);
  const tiers = held.map((t) => {
    const v = store.get(t);
    store.release(t);
    return { tier: t, values: v.values, encoding: v.encoding };
  });
  return new EndgameDatabase(link, tiers, dir);
}
