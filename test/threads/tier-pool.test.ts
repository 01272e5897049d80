/**
 * The parallel tier solver gives exactly the single-threaded values, code for
 * code: on random cyclic games cut into random tiers (moves that keep the
 * turn, ties, draws, primitives decided before their end), read by worker
 * threads from a user's module and its input as any user's game would be;
 * and on Dodgem 4×4. Workers run the sources here, bundled (threads/worker-script.ts).
 */

import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndexedGame } from '../../src/core/game.js';
import { Dodgem } from '../../src/games/dodgem.js';
import { openResolved } from '../../src/games/open.js';
import { resolveGameArg } from '../../src/host/load.js';
import { MemoryTierStore, solveTiers } from '../../src/solvers/tiers.js';
import { solveTiersInParallel, TierPool } from '../../src/threads/tier-pool.js';
import { ROOT } from '../helpers.js';
import { primitiveArb } from '../solvers/random-games.js';

const MODULE = resolve(ROOT, 'test/fixtures/edge-list-module.ts');

/** Random graphs as JSON lines the fixture module reads: positions sorted by tier, moves down or within. */
const graphArb = fc
  .record({
    sizes: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 }),
    rows: fc.array(
      fc.record({
        targets: fc.array(fc.nat(), { maxLength: 4 }),
        keeps: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        primitive: primitiveArb(['win', 'lose', 'tie', 'draw']),
      }),
      { minLength: 24, maxLength: 24 },
    ),
    extraTurns: fc.boolean(),
  })
  .map(({ sizes, rows, extraTurns }) => {
    const starts = sizes.map((_, t) => sizes.slice(0, t).reduce((a, b) => a + b, 0));
    const tierOf = sizes.flatMap((n, t) => Array.from({ length: n }, () => t));
    const edges = tierOf.map((t, p) =>
      rows[p].targets.map((x, k) => {
        const c = x % (starts[t] + sizes[t]);
        return extraTurns && rows[p].keeps[k] ? ~c : c;
      }),
    );
    const tiers = sizes.map((size, t) => ({
      start: starts[t],
      size,
      name: `t${t}`,
      children: Array.from({ length: t }, (_, c) => c),
    }));
    return JSON.stringify({ edges, primitives: tierOf.map((_, p) => rows[p].primitive ?? null), tiers });
  });

/** Every tier's codes, and their encodings, of a store. */
function codes(store: MemoryTierStore, tiers: number): string[] {
  return Array.from({ length: tiers }, (_, t) => {
    const v = store.get(t);
    return `${v.encoding.name}:${Array.from(v.values).join(',')}`;
  });
}

/** Every game of the module's `input` solved by tiers on this thread (`one`) and on a pool of 2 (`two`). */
async function bothWays(input: string) {
  const games = openResolved(await resolveGameArg(MODULE), input).games as IndexedGame[];
  const pool = new TierPool(2);
  try {
    const out = [];
    for (const [dataset, game] of games.entries()) {
      const tiered = game.tiers?.game;
      if (tiered === undefined) throw new Error('no tiers');
      const one = new MemoryTierStore();
      solveTiers(tiered, one);
      const two = new MemoryTierStore();
      await pool.solve(tiered, { spec: MODULE, input, dataset }, two);
      out.push({ dataset, one, two, tierCount: tiered.tierCount });
    }
    return out;
  } finally {
    await pool.close();
  }
}

describe('the parallel tier solver', () => {
  it('gives random tiered games (from a module and its input) the single-threaded codes', async () => {
    const lines = fc.sample(graphArb, { numRuns: 40, seed: 7 });
    const input = `${lines.join('\n')}\n`;
    for (const { dataset, one, two, tierCount } of await bothWays(input)) {
      expect(codes(two, tierCount), `graph ${dataset}: ${lines[dataset]}`).toEqual(codes(one, tierCount));
    }
  });

  it('holds values past 127 plies in one byte as the single thread does, or in two when their parity breaks', async () => {
    // Position 0 is lost in 0 plies (or, `broken`, won in 0 — so 1 is lost in 1 ply); 2 … 241 is a path.
    const longPath = (broken: boolean) =>
      JSON.stringify({
        edges: [[], [0], [], ...Array.from({ length: 239 }, (_, i) => [i + 2])],
        primitives: [
          broken ? { outcome: 'win', remoteness: 0 } : 'lose',
          null,
          'lose',
          ...Array(239).fill(null),
        ],
        tiers: [0, 1, 2, 3].map((t) => ({
          start: t === 0 ? 0 : 2 + 60 * t,
          size: t === 0 ? 62 : 60,
          name: `t${t}`,
          children: Array.from({ length: t }, (_, c) => c),
        })),
      });
    const input = `${longPath(false)}\n${longPath(true)}\n`;
    for (const { dataset, one, two, tierCount } of await bothWays(input)) {
      expect(codes(two, tierCount)).toEqual(codes(one, tierCount));
      expect(two.get(3).encoding.name).toBe(dataset === 0 ? 'parity8' : 'packed16');
    }
  });

  it('gives Dodgem 4×4 the single-threaded codes, tier by tier', async () => {
    const tiered = new Dodgem(4).tiers.game;
    const one = new MemoryTierStore();
    solveTiers(tiered, one);
    const two = new MemoryTierStore();
    await solveTiersInParallel(tiered, { spec: 'dodgem(size=4)', dataset: 0 }, two, { threads: 2 });
    expect(codes(two, tiered.tierCount)).toEqual(codes(one, tiered.tierCount));
  });
});
