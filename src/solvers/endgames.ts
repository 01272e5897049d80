/**
 * Endgame databases as a search reads them (core/endgames.ts): a game's
 * solved endgame tiers in memory, probed at every node — a position whose
 * tier is solved gets its exact value there, with no further search. The
 * database counts its probes and hits for the progress line and the reason
 * line. `endgamesInMemory` builds them here (the margin tier solver);
 * host/endgame-search.ts keeps them in a tier directory.
 */

import type { EndgameLink } from '../core/endgames.js';
import { grouped } from '../core/grouped.js';
import type { CompactCodes, Encoding } from '../core/packed-value.js';
import { MARGIN8 } from '../core/packed-value.js';
import { tierOrder } from '../core/tiered.js';
import { solveMarginTiers } from './margin-tiers.js';
import { megabytes } from './options.js';
import { MemoryTierStore, type TierSolveOptions } from './tiers.js';

/** A game's endgame databases in memory, as a search reads them. */
export class EndgameDatabase<P> {
  /** Probes made and positions answered. */
  probes = 0;
  hits = 0;
  private readonly values: (CompactCodes | undefined)[];
  private readonly encodings: Encoding[];

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
    this.positions = tiers.reduce((a, t) => a + t.values.length, 0);
  }

  /** Whether the values hold remoteness (margin databases do not: values read through them have none). */
  readonly remoteness: boolean;
  /** How many tiers are solved, their positions, and their bytes in memory. */
  readonly tierCount: number;
  readonly positions: number;
  readonly bytes: number;

  /** The encoding of the code `code` last returned. */
  encoding: Encoding = MARGIN8;

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

  /** What the progress line says of them: `db 23 tiers 523 MB, 26% hits`. */
  progressText(): string {
    const share = this.probes === 0 ? 0 : Math.round((100 * this.hits) / this.probes);
    return `db ${this.tierCount} tiers ${megabytes(this.bytes)}, ${share}% hits`;
  }

  /** What the databases hold and did, in a few words. */
  describe(): string {
    return `endgame databases ${this.dir}: ${this.held()}, ${grouped(this.probes)} probes, ${grouped(this.hits)} hits`;
  }

  /** What is held, in words: `25 tiers (seeds ≤ 24), 1,194 MB`. */
  held(): string {
    return `${this.tierCount} tiers (${this.link.unit} ≤ ${this.tierCount - 1}), ${megabytes(this.bytes)}`;
  }
}

/** The endgame databases of `link` up to `upto` units, solved in memory on this thread. */
export function endgamesInMemory<P>(
  link: EndgameLink<P>,
  upto: number,
  options: TierSolveOptions = {},
): EndgameDatabase<P> {
  const store = new MemoryTierStore();
  solveMarginTiers(link.game, store, link.tiersUpTo(upto), options);
  const tiers = tierOrder(link.game)
    .slice(0, link.tiersUpTo(upto))
    .map((t) => {
      const v = store.get(t);
      return { tier: t, values: v.values, encoding: v.encoding };
    });
  return new EndgameDatabase(link, tiers, 'memory');
}
