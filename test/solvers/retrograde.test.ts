/**
 * Retrograde analysis against independent solvers: on random acyclic games it
 * must agree with memoized negamax; on random games with cycles (self-loops
 * and repeated moves included) with a slow fixpoint written here, round by
 * round straight from the definitions; with and without a declared loser of
 * endless play, with the game's parents as a list (`parents()`) or one at a
 * time (`parentCount`/`parentAt`) and from a reverse graph, and
 * through explore for a plain Game. The outcomes-only analysis
 * (`retrogradeRanks`) against the same fixpoint.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childIndex, type Game, type IndexedGame, type Primitive } from '../../src/core/game.js';
import { flipOutcome, type Outcome, outcomeCode } from '../../src/core/outcome.js';
import { formatValue, type Value } from '../../src/core/value.js';
import { tableValue } from '../../src/core/value-table.js';
import { DobutsuIndexed } from '../../src/games/dobutsu/index.js';
import { solve } from '../../src/solvers/index.js';
import { MemoizedNegamax } from '../../src/solvers/negamax.js';
import { retrograde, retrogradeRanks } from '../../src/solvers/retrograde.js';
import { edgeListGame, type ParentsForm } from './edge-list-game.js';
import { pathGame } from './fixtures.js';
import { asGame, asIndexed, graphArb, primitiveArb, primitiveValueOf } from './random-games.js';

interface Cyclic {
  /** edges[p]: children of p, in order (any index, repeats and self-loops allowed; ~c keeps the turn). */
  edges: number[][];
  primitives: (Primitive | undefined)[];
  /** Who loses endless play, per position (undefined: endless play is a draw). */
  endless?: Outcome[];
}

const cyclicArb = (withEndless: boolean): fc.Arbitrary<Cyclic> =>
  fc
    .record({
      size: fc.integer({ min: 1, max: 12 }),
      rows: fc.array(
        fc.record({
          targets: fc.array(fc.nat(), { maxLength: 4 }),
          keeps: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
          primitive: primitiveArb(withEndless ? ['win', 'lose', 'draw'] : ['win', 'lose', 'tie', 'draw']),
          side: fc.boolean(),
        }),
        { minLength: 12, maxLength: 12 },
      ),
      extraTurns: fc.boolean(),
    })
    .map(({ size, rows, extraTurns }) => {
      const used = rows.slice(0, size);
      const primitives = used.map((r) => r.primitive);
      if (!withEndless) {
        return {
          edges: used.map((r) =>
            r.targets.map((t, k) => (extraTurns && r.keeps[k] ? ~(t % size) : t % size)),
          ),
          primitives,
        };
      }
      // Endless play loses for one side (`side`), so it agrees along every move (Game.endless): a move
      // into a position that is not primitive passes the turn to the other side, or keeps it on the same.
      const side = used.map((r) => r.side);
      const edges = used.map((r, p) =>
        r.targets
          .map((t) => t % size)
          .filter((t) => primitives[t] !== undefined || side[t] !== side[p] || extraTurns)
          .map((t, k) =>
            primitives[t] === undefined ? (side[t] === side[p] ? ~t : t) : extraTurns && r.keeps[k] ? ~t : t,
          ),
      );
      return { edges, primitives, endless: side.map((s): Outcome => (s ? 'lose' : 'win')) };
    });

function cyclicIndexed(g: Cyclic, form: ParentsForm): IndexedGame {
  const game = edgeListGame('random-cyclic', g.edges, g.primitives, form);
  const endless = g.endless;
  if (endless) game.endless = (p) => outcomeCode(endless[p]);
  return game;
}

/**
 * The slow reference: synchronous rounds. After round k, a position is won /
 * lost / tied if that can be forced within k plies; its remoteness is the round
 * where it first was. Win/lose first to a fixpoint, then ties; the rest never
 * ends.
 */
function fixpoint(g: Cyclic): Value[] {
  const n = g.edges.length;
  const value: (Value | undefined)[] = Array.from({ length: n }, () => undefined);
  for (let p = 0; p < n; p++) {
    const declared = g.primitives[p];
    if (declared !== undefined || g.edges[p].length === 0) value[p] = primitiveValueOf(declared ?? 'lose');
  }
  // What each move of p is worth to p's mover, from the children's values known before round k.
  const moveOutcomes = (p: number, k: number): (Outcome | undefined)[] =>
    g.edges[p].map((c) => {
      const v = value[childIndex(c)];
      if (v === undefined || v.remoteness >= k) return undefined;
      return c < 0 ? v.outcome : flipOutcome(v.outcome);
    });
  const rounds = (step: (p: number, k: number) => Outcome | undefined) => {
    const last = Math.max(0, ...value.map((v) => (v && Number.isFinite(v.remoteness) ? v.remoteness : 0)));
    for (let k = 1; ; k++) {
      const settled: [number, Outcome][] = [];
      for (let p = 0; p < n; p++) {
        if (value[p] !== undefined) continue;
        const o = step(p, k);
        if (o) settled.push([p, o]);
      }
      for (const [p, o] of settled) value[p] = { outcome: o, remoteness: k };
      if (settled.length === 0 && k > last) return;
    }
  };
  rounds((p, k) => {
    const ms = moveOutcomes(p, k);
    if (ms.some((o) => o === 'win')) return 'win';
    if (ms.every((o) => o === 'lose')) return 'lose';
    return undefined;
  });
  if (!g.endless) rounds((p, k) => (moveOutcomes(p, k).some((o) => o === 'tie') ? 'tie' : undefined));
  return value.map(
    (v, p) => v ?? { outcome: g.endless ? g.endless[p] : 'draw', remoteness: Number.POSITIVE_INFINITY },
  );
}

const show = (vs: Value[]) => vs.map(formatValue);

describe('retrograde analysis', () => {
  it('equals memoized negamax on random acyclic games', () => {
    fc.assert(
      fc.property(graphArb(12), (g0) => {
        const g = {
          ...g0,
          scoring: false,
          edges: g0.edges.map((es) => es.map((e) => ({ ...e, points: 0 }))),
        };
        const indexed = { ...asIndexed(g, 'descending'), order: undefined };
        const { table } = retrograde(indexed);
        const search = new MemoizedNegamax(asGame(g));
        const got = g.edges.map((_, p) => formatValue(tableValue(table, p)));
        const want = g.edges.map((_, p) => formatValue(search.value(p)));
        expect(got).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  for (const form of ['list', 'slots', 'none'] as const) {
    for (const withEndless of [false, true]) {
      it(`equals a slow fixpoint on random cyclic games (parents: ${form === 'none' ? 'reverse graph' : form}, ${withEndless ? 'endless play declared' : 'draws'})`, () => {
        fc.assert(
          fc.property(cyclicArb(withEndless), (g) => {
            const { table } = retrograde(cyclicIndexed(g, form));
            const got = g.edges.map((_, p) => tableValue(table, p));
            expect(show(got)).toEqual(show(fixpoint(g)));
          }),
          { numRuns: 300 },
        );
      });

      it(`finds the same outcomes with the outcomes alone (parents: ${form === 'none' ? 'reverse graph' : form}, ${withEndless ? 'endless play declared' : 'draws'})`, () => {
        fc.assert(
          fc.property(cyclicArb(withEndless), (g) => {
            const { table } = retrogradeRanks(cyclicIndexed(g, form));
            const got = g.edges.map((_, p) => tableValue(table, p).outcome);
            expect(got).toEqual(fixpoint(g).map((v) => v.outcome));
          }),
          { numRuns: 300 },
        );
      });
    }
  }

  it('finds the outcomes of the full analysis with the outcomes alone where safeMoveCount leaves moves out (Dobutsu shogi with chicks)', () => {
    const game = new DobutsuIndexed('C');
    const full = retrograde(game).table;
    const ranks = retrogradeRanks(game).table;
    const differ: number[] = [];
    for (let p = 0; p < game.size; p++) {
      if (tableValue(full, p).outcome !== tableValue(ranks, p).outcome) differ.push(p);
    }
    expect(game.size).toBe(57_816);
    expect(differ).toEqual([]);
  });

  it('solves a plain Game with cycles through explore (auto picks it)', () => {
    fc.assert(
      fc.property(cyclicArb(false), (g) => {
        const game: Game<number, number> = {
          id: 'random-cyclic',
          start: 0,
          moves: (p) => g.edges[p].map((_, k) => k),
          play: (p, k) => childIndex(g.edges[p][k]),
          keepsTurn: (p, k) => g.edges[p][k] < 0,
          primitive: (p) => g.primitives[p],
          key: (p) => p,
        };
        const want = fixpoint(g);
        const solution = solve(game, { solver: 'retrograde' });
        const auto = solve(game);
        const explored = new Set<number>([0]);
        const todo = [0];
        while (todo.length > 0) {
          const p = todo.pop() as number;
          if (g.primitives[p] !== undefined) continue;
          for (const e of g.edges[p]) {
            const c = childIndex(e);
            if (!explored.has(c)) explored.add(c) && todo.push(c);
          }
        }
        for (const p of explored) {
          expect(formatValue(solution.value(p))).toBe(formatValue(want[p]));
          expect(formatValue(auto.value(p))).toBe(formatValue(want[p]));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps the declared loser of endless play through explore', () => {
    // Two positions passing the turn to each other forever; endless play loses for whoever is at 0.
    const game: Game<number, number> = {
      id: 'loop',
      start: 0,
      moves: () => [0],
      play: (p) => 1 - p,
      key: (p) => p,
      endless: (p) => (p === 0 ? 'lose' : 'win'),
    };
    const s = solve(game);
    expect(s.solver).toBe('retrograde');
    expect(formatValue(s.value(0))).toBe('lose (endless play)');
    expect(formatValue(s.value(1))).toBe('win (endless play)');
  });

  it('widens the values to 4 bytes when a remoteness outgrows 2', () => {
    // A path of 20 000 positions: the remoteness at the far end is 19 999.
    const n = 20_000;
    const path = pathGame(n, true);
    const r = retrograde(path);
    expect(r.widened).toBe(true);
    expect(r.table.code).toBeInstanceOf(Uint32Array);
    expect(tableValue(r.table, n - 1)).toEqual({ outcome: 'win', remoteness: n - 1 });
    expect(tableValue(r.table, 0)).toEqual({ outcome: 'lose', remoteness: 0 });
    const s = solve(path, { solver: 'retrograde' });
    expect(s.solver).toBe('retrograde');
    expect(s.reason).toMatch(/widened to 4 bytes/);
    expect(solve(path, { solver: 'tiers' }).reason).toMatch(/5 bytes per position/); // a 4-byte value and a counter
  });

  it('uses 1 byte per position for values of a win/lose game, 2 with ties', () => {
    const g: Cyclic = { edges: [[1], [0, 2], []], primitives: [undefined, undefined, undefined] };
    const r = retrograde(cyclicIndexed(g, 'slots'));
    expect(r.table.code).toBeInstanceOf(Uint8Array);
    expect(r.bytesPerPosition).toBe(2); // a value and a move counter
    const tied = retrograde(cyclicIndexed({ ...g, primitives: [undefined, undefined, 'tie'] }, 'list'));
    expect(tied.table.code).toBeInstanceOf(Uint16Array);
    expect(tableValue(tied.table, 0)).toEqual({ outcome: 'tie', remoteness: 2 });
    expect(show([0, 1, 2].map((p) => tableValue(r.table, p)))).toEqual([
      'lose in 2',
      'win in 1',
      'lose in 0',
    ]);
  });

  it('refuses a game too large to number before allocating anything', () => {
    const huge: IndexedGame = {
      ...cyclicIndexed({ edges: [[]], primitives: [undefined] }, 'none'),
      size: 2 ** 32,
    };
    expect(() => retrograde(huge)).toThrow(/4,294,967,296 positions \(about 8,192 MB\) are more than/);
  });

  it('refuses a declared loser of endless play that disagrees along a move', () => {
    // Three positions in a ring passing the turn: an odd ring cannot alternate who loses endless play.
    const game: Game<number, number> = {
      id: 'odd-ring',
      start: 0,
      moves: () => [0],
      play: (p) => (p + 1) % 3,
      key: (p) => p,
      show: (p) => `station ${p}`,
      endless: (p) => (p === 1 ? 'win' : 'lose'),
    };
    expect(() => solve(game)).toThrow(
      'odd-ring: endless() says lose at station 2 and lose after its move 0, which passes the turn; endless play from one is endless play from the other, lost by the same player, so endless() must say the opposite',
    );
  });

  it('refuses points per move and a tie in a game that declares endless play', () => {
    const g: Cyclic = { edges: [[1], []], primitives: [undefined, 'tie'], endless: ['lose', 'win'] };
    expect(() => retrograde(cyclicIndexed(g, 'none'))).toThrow(/cannot also end in a tie/);
    expect(() => retrograde({ ...cyclicIndexed(g, 'none'), scoring: true })).toThrow(/points per move/);
  });
});
