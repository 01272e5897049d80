/**
 * The tier solver against the flat one: tiers solved one after another, each
 * reading its child tiers' values, must give every position the value that
 * retrograde analysis of the whole game as one table gives — on random games
 * cut into random tiers (cycles inside tiers, moves that keep the turn, ties,
 * draws, primitives decided before their end), and on Dodgem 3×3 and 4×4
 * tiered by the cars left, position by position. Also: the schedule puts
 * every tier after the tiers it reads and releases what no later tier
 * reads, and a cycle of tiers is refused.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childIndex, type IndexedGame, type Primitive } from '../../src/core/game.js';
import { indexedView } from '../../src/core/indexed-view.js';
import { decodeCompact } from '../../src/core/packed-value.js';
import { rangeTiers, type TierRange } from '../../src/core/tier-forms.js';
import { formatValue } from '../../src/core/value.js';
import { tableValue } from '../../src/core/value-table.js';
import { Dodgem } from '../../src/games/dodgem.js';
import { solve } from '../../src/solvers/index.js';
import { reachStats } from '../../src/solvers/reach.js';
import { retrograde } from '../../src/solvers/retrograde.js';
import {
  MemoryTierStore,
  solveTiers,
  storeLookup,
  tieredSolution,
  tierSchedule,
} from '../../src/solvers/tiers.js';
import { edgeListGame } from './edge-list-game.js';
import { primitiveArb } from './random-games.js';

interface Layered {
  /** The tier of each position: moves stay in the tier or go to a lower one. */
  tierOf: number[];
  edges: number[][];
  primitives: ReturnType<typeof primitiveArb> extends fc.Arbitrary<infer P> ? P[] : never;
}

/** Random games whose positions are sorted by tier (positions of tier k before those of tier k+1). */
const layeredArb: fc.Arbitrary<Layered> = fc
  .record({
    sizes: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }),
    rows: fc.array(
      fc.record({
        targets: fc.array(fc.nat(), { maxLength: 4 }),
        keeps: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        primitive: primitiveArb(['win', 'lose', 'tie', 'draw']),
      }),
      { minLength: 20, maxLength: 20 },
    ),
    extraTurns: fc.boolean(),
  })
  .map(({ sizes, rows, extraTurns }) => {
    const tierOf = sizes.flatMap((n, t) => Array.from({ length: n }, () => t));
    const n = tierOf.length;
    const firstOf = (t: number) => tierOf.indexOf(t);
    const edges = tierOf.map((t, p) => {
      // A move goes anywhere in its own tier or any lower one (so tiers never cycle).
      const reach = firstOf(t) + sizes[t];
      return rows[p].targets.map((x, k) => {
        const c = x % reach;
        return extraTurns && rows[p].keeps[k] ? ~c : c;
      });
    });
    return { tierOf, edges, primitives: tierOf.map((_, p) => rows[p % rows.length].primitive).slice(0, n) };
  });

function tiersOf(g: Layered): TierRange[] {
  const count = Math.max(...g.tierOf) + 1;
  return Array.from({ length: count }, (_, t) => ({
    start: g.tierOf.indexOf(t),
    size: g.tierOf.filter((x) => x === t).length,
    name: `t${t}`,
    children: Array.from({ length: t }, (_, c) => c),
  }));
}

describe('the tier solver', () => {
  it('gives every position of random tiered games the flat solve’s value', () => {
    fc.assert(
      fc.property(layeredArb, (g) => {
        const game: IndexedGame = edgeListGame('random-tiers', g.edges, g.primitives, 'list');
        const tiered = rangeTiers(game, tiersOf(g));
        const store = new MemoryTierStore();
        solveTiers(tiered, store);
        const flat = retrograde(game);
        const ranges = tiersOf(g);
        const locate = (p: number) => ({ tier: g.tierOf[p], index: p - ranges[g.tierOf[p]].start });
        const linked = {
          ...game,
          tiers: { game: tiered, locate, numberOf: (t: number, i: number) => ranges[t].start + i },
        };
        const solution = tieredSolution(linked, storeLookup(store), {
          solver: 'tiers',
          reason: 'test',
          positions: 0,
          ms: 0,
        });
        for (let p = 0; p < game.size; p++) {
          expect(formatValue(solution.value(p)), `position ${p}`).toBe(
            formatValue(tableValue(flat.table, p)),
          );
        }
        // Every child used lies in the tier itself or a child tier.
        for (let p = 0; p < game.size; p++) {
          for (const c of g.edges[p]) expect(g.tierOf[childIndex(c)]).toBeLessThanOrEqual(g.tierOf[p]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps one byte a value past 127 plies while wins fall in odd plies and losses in even ones', () => {
    // A path of 240 positions in four tiers of 60 (each step goes one down); with `broken`, position 240 is
    // won in 0 plies and 241 (in the first tier too) is lost in 1 — values parity8 cannot hold.
    for (const broken of [false, true]) {
      const edges = Array.from({ length: 240 }, (_, p) => (p === 0 ? [] : [p - 1]));
      const primitives: (Primitive | undefined)[] = edges.map((_, p) => (p === 0 ? 'lose' : undefined));
      if (broken) {
        edges.push([], [240]);
        primitives.push({ outcome: 'win', remoteness: 0 }, undefined);
      }
      const order = edges.map((_, p) => p);
      const tierOf = order.map((p) => (p >= 240 ? 0 : Math.floor(p / 60)));
      // Tier 0 holds 0–59 and the two extra positions: renumber so each tier's positions are consecutive.
      const sorted = order.slice().sort((a, b) => tierOf[a] - tierOf[b] || a - b);
      const number = new Int32Array(edges.length);
      sorted.forEach((p, i) => {
        number[p] = i;
      });
      const layered: Layered = {
        tierOf: sorted.map((p) => tierOf[p]),
        edges: sorted.map((p) => edges[p].map((c) => number[c])),
        primitives: sorted.map((p) => primitives[p]) as Layered['primitives'],
      };
      const game = edgeListGame('long-path', layered.edges, layered.primitives, 'slots');
      const store = new MemoryTierStore();
      solveTiers(rangeTiers(game, tiersOf(layered)), store);
      const flat = retrograde(game);
      expect(store.stats.map((s) => s.encoding)).toEqual(
        broken ? ['wl8', 'wl8', 'packed16', 'packed16'] : ['wl8', 'wl8', 'parity8', 'parity8'],
      );
      expect(flat.table.encoding.name).toBe(broken ? 'packed16' : 'parity8');
      const ranges = tiersOf(layered);
      for (let p = 0; p < game.size; p++) {
        const t = layered.tierOf[p];
        const v = store.get(t);
        const value = decodeCompact(v.encoding, v.values[p - ranges[t].start]);
        expect(formatValue(tableValue(flat.table, p)), `position ${p}`).toBe(formatValue(value));
      }
      expect(formatValue(tableValue(flat.table, number[239]))).toBe('win in 239');
    }
  });

  for (const n of [3, 4]) {
    it(`Dodgem ${n}×${n}: tiers by the cars left give every position the flat value`, () => {
      const game = new Dodgem(n);
      const tiered = solve(game);
      expect(tiered.solver).toBe('tiers');
      const flat = retrograde(game);
      for (let p = 0; p < game.size; p++) {
        const want = tableValue(flat.table, p);
        const got = tiered.value(p);
        if (got.outcome !== want.outcome || got.remoteness !== want.remoteness) {
          expect(formatValue(got), game.show(p)).toBe(formatValue(want));
        }
      }
    });
  }

  it('schedules every tier after the tiers it reads and releases each after its last reader', () => {
    const game = new Dodgem(4).tiers.game;
    const { order, lastUse } = tierSchedule(game);
    const place = new Map(order.map((t, i) => [t, i]));
    for (const t of order) {
      for (const c of game.childTiers(t)) {
        expect(place.get(c) as number).toBeLessThan(place.get(t) as number);
        expect(lastUse[c]).toBeGreaterThanOrEqual(place.get(t) as number);
      }
    }
    expect(order.map((t) => game.tierName(t)).slice(0, 3)).toEqual(['x0-o0', 'x0-o1', 'x0-o2']);
  });

  it('names in each progress report the tier it counts', () => {
    const tiered = new Dodgem(3).tiers.game;
    const details = new Set<string | undefined>();
    solveTiers(tiered, new MemoryTierStore(), { onProgress: (p) => details.add(p.detail) });
    const names = tierSchedule(tiered).order.map(
      (t, i, all) => `tier ${tiered.tierName(t)}, ${i + 1} of ${all.length}`,
    );
    expect([...details].sort()).toEqual(names.filter((n) => details.has(n)).sort());
    expect(details.size).toBeGreaterThan(1);
    expect(details.has(undefined)).toBe(false);
  });

  it('counts what is reachable from the start as a plain walk of the game does', () => {
    const game = new Dodgem(3);
    const tiered = game.tiers.game;
    const store = new MemoryTierStore();
    solveTiers(tiered, store);
    const stats = reachStats(tiered, storeLookup(store));
    // The walk: every position reached by play from the start, over the indexed form.
    const solution = solve(game, { solver: 'retrograde' });
    const view = indexedView(game);
    const seen = new Set([game.start]);
    const todo = [game.start];
    const tally = { win: 0, lose: 0, tie: 0, draw: 0 };
    let over = 0;
    let longest = -1;
    while (todo.length > 0) {
      const p = todo.pop() as number;
      const v = solution.value(p);
      tally[v.outcome]++;
      if (v.outcome === 'win') longest = Math.max(longest, v.remoteness);
      if (view.primitive?.(p) !== undefined) {
        over++;
        continue;
      }
      for (const m of view.moves(p)) {
        const c = view.play(p, m);
        if (!seen.has(c)) seen.add(c) && todo.push(c);
      }
    }
    expect(stats.positions).toBe(seen.size);
    expect(stats.wonOnTheMove + stats.lostOnTheMove).toBe(over);
    expect(stats.ongoing).toBe(seen.size - over);
    expect([stats.wins, stats.losses, stats.ties, stats.draws]).toEqual([
      tally.win,
      tally.lose,
      tally.tie,
      tally.draw,
    ]);
    expect(stats.longestWin).toBe(longest);
  });

  it('refuses tiers that form a cycle', () => {
    const game = edgeListGame('cycle', [[1], [0]], [undefined, undefined], 'list');
    const tiered = rangeTiers(game, [
      { start: 0, size: 1, name: 'a', children: [1] },
      { start: 1, size: 1, name: 'b', children: [0] },
    ]);
    expect(() => solveTiers(tiered, new MemoryTierStore())).toThrow(/the tiers form a cycle/);
  });
});
