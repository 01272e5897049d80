/**
 * Kalah's endgame databases and the search that reads them. Every board of
 * small tiers is checked against the independent reference
 * (kalah-reference.ts), the numbered moves against the game of strings, the
 * margin tier solver's refusal of a cycle, the tier directory's round trip
 * and resumption, and a search reading the databases against one that does
 * not, on positions of random games.
 */

import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { GameError } from '../../src/core/errors.js';
import { encodeMargin, LOSE, MARGIN8, TIE, WIN } from '../../src/core/packed-value.js';
import type { MarginTieredGame } from '../../src/core/tiered.js';
import { Kalah } from '../../src/games/kalah.js';
import { KalahEndgames } from '../../src/games/kalah-endgame.js';
import { buildEndgames, openEndgames } from '../../src/host/endgame-search.js';
import { alphaBeta } from '../../src/solvers/alphabeta.js';
import { solve } from '../../src/solvers/index.js';
import { solveMarginTiers } from '../../src/solvers/margin-tiers.js';
import { MemoryTierStore } from '../../src/solvers/tiers.js';
import { referenceOutcome } from './kalah-reference.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'yomi-endgames-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const marginOf = (code: number) => (code << 24) >> 24;

/** Every board of `seeds` seeds in 2P pits, in the order the tier numbers them. */
function boardsOf(game: KalahEndgames, seeds: number): number[][] {
  const out: number[][] = [];
  const size = game.tierSize(seeds);
  for (let i = 0; i < size; i++) {
    const text = game.show(seeds, i).split('\n');
    const top = text[0].trim().split(/\s+/).map(Number).reverse();
    const bottom = text[1].trim().split(/\s+/).map(Number);
    out.push([...bottom, ...top]);
  }
  return out;
}

describe('kalah endgame databases', () => {
  it('margin8 keeps every margin within ±126 and nothing else', () => {
    for (let m = -126; m <= 126; m++) {
      const code = encodeMargin(m);
      expect(MARGIN8.margin?.(code)).toBe(m);
      expect(MARGIN8.outcome(code)).toBe(m > 0 ? WIN : m < 0 ? LOSE : TIE);
    }
    expect(() => encodeMargin(127)).toThrow(RangeError);
    expect(() => encodeMargin(0.5)).toThrow(RangeError);
  });

  it('every board of up to 12 seeds (2 pits) and 9 seeds (3 pits) has the reference margin', () => {
    for (const [P, most] of [
      [1, 12],
      [2, 12],
      [3, 9],
    ]) {
      const game = new KalahEndgames(P);
      const store = new MemoryTierStore();
      solveMarginTiers(game, store, most + 1);
      const memo = new Map<string, number>();
      for (let s = 0; s <= most; s++) {
        const values = store.get(s).values;
        boardsOf(game, s).forEach((b, i) => {
          const own = b.slice(0, P).reduce((x, y) => x + y, 0);
          // No seed on the mover's row: no move, worth 0 (play ends before such a board).
          const want =
            own === 0
              ? 0
              : referenceOutcome({ ring: [...b.slice(0, P), 0, ...b.slice(P), 0], side: 0 }, P, memo);
          expect(marginOf(values[i]), `${P} pits, ${b.join(' ')}`).toBe(want);
        });
      }
    }
  });

  it("numbers every child as the game of strings plays it, with the move's points and extra turns", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 12, maxLength: 12 }),
        (P, seeds) => {
          const kalah = new Kalah(P, 6);
          const game = new KalahEndgames(P);
          const board = seeds.slice(0, 2 * P).map((x) => (P === 6 ? x % 3 : x));
          const p = kalah.parsePosition(board.join(' '));
          const tier = kalah.endgames.tierOf(p);
          const total = board.reduce((a, b) => a + b, 0);
          // Tiers end where their numbers would not fit an int32.
          expect(tier).toBe(total < game.tierCount ? total : -1);
          if (tier < 0) return;
          const index = kalah.endgames.indexIn(p, tier);
          const tiers = new Int32Array(P);
          const out = new Int32Array(P);
          const points = new Float64Array(P);
          const n = game.children(tier, index, tiers, out, points);
          const moves = kalah.moves(p);
          expect(n).toBe(moves.length);
          moves.forEach((m, k) => {
            const child = kalah.play(p, m);
            expect(tiers[k]).toBe(kalah.endgames.tierOf(child));
            const again = kalah.keepsTurn(p, m);
            expect(out[k]).toBe(
              again ? ~kalah.endgames.indexIn(child, tiers[k]) : kalah.endgames.indexIn(child, tiers[k]),
            );
            expect(points[k]).toBe(kalah.points(p, m));
            expect(game.moveName(tier, index, k)).toBe(kalah.moveName(p, m));
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stops with one line when a tier is not free of cycles', () => {
    // Two positions in one tier that move to each other.
    const loop: MarginTieredGame = {
      kind: 'margin-tiered',
      id: 'loop',
      tierCount: 1,
      startTier: 0,
      start: 0,
      maxMoves: 1,
      tierSize: () => 2,
      childTiers: () => [],
      tierName: () => 'only',
      marginBound: () => 1,
      children(_t, p, tiers, out, points) {
        tiers[0] = 0;
        out[0] = 1 - p;
        points[0] = 0;
        return 1;
      },
    };
    expect(() => solveMarginTiers(loop, new MemoryTierStore(), 1)).toThrow(GameError);
    expect(() => solveMarginTiers(loop, new MemoryTierStore(), 1)).toThrow(/comes back to position/);
  });

  it('are kept in a tier directory, resumed there, and refused for another number of pits', () => {
    const kalah = new Kalah(3, 3);
    const dir = tempDir();
    buildEndgames(kalah.endgames, dir, 6);
    const files = () => readdirSync(dir).filter((f) => f.startsWith('tier-'));
    expect(files()).toHaveLength(7);
    const before = statSync(join(dir, 'tier-seeds-6.yomi')).mtimeMs;
    buildEndgames(kalah.endgames, dir, 8);
    expect(files()).toHaveLength(9);
    // The tiers already there were not solved again.
    expect(statSync(join(dir, 'tier-seeds-6.yomi')).mtimeMs).toBe(before);
    const db = openEndgames(kalah.endgames, dir);
    expect(db.tierCount).toBe(9);
    expect(() => openEndgames(new Kalah(4, 3).endgames, dir)).toThrow(
      /holds kalah-endgames\(pits=3\), not kalah-endgames\(pits=4\)/,
    );
  });

  it('give every board of pits × seeds ≤ 16 the margin the plain solvers give', () => {
    // The plain solvers' margins (explore+sweep, or alpha-beta for 5×3 and 6×2: the README's table).
    const plain: Record<string, number> = {
      '2,5': 6,
      '2,6': 8,
      '3,3': 2,
      '3,4': 2,
      '3,5': 6,
      '4,3': 8,
      '4,4': 2,
      '5,2': 0,
      '5,3': 8,
      '6,2': 10,
    };
    for (let P = 1; P <= 6; P++) {
      const link = new Kalah(P, 1).endgames;
      const dir = tempDir();
      buildEndgames(link, dir, Math.min(10, link.game.tierCount - 1));
      const db = openEndgames(link, dir);
      for (let S = 1; S <= 6 && P * S <= 16; S++) {
        const game = new Kalah(P, S);
        const margin = alphaBeta(game, { endgames: db, deferStart: true, tableBytes: 1 << 22 }).value(
          game.start,
        ).margin;
        // The smallest are solved here by the plain solvers; the others' margins are theirs, recorded.
        const want = P * S <= 8 ? solve(game).value(game.start).margin : plain[`${P},${S}`];
        expect(want, `kalah(pits=${P},seeds=${S}) has a plain margin`).toBeDefined();
        expect(margin, `kalah(pits=${P},seeds=${S})`).toBe(want);
      }
    }
  });

  it('a search reading them gives every position of random games the value of a search without them', () => {
    const dir = tempDir();
    const small = new Kalah(4, 3);
    buildEndgames(small.endgames, dir, 10);
    const db = openEndgames(small.endgames, dir);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 20 }), (choices) => {
        const game = new Kalah(4, 3);
        let p = game.start;
        for (const c of choices) {
          const moves = game.moves(p);
          if (moves.length === 0) break;
          p = game.play(p, moves[c % moves.length]);
        }
        const plain = alphaBeta(game, { deferStart: true, tableBytes: 1 << 20 });
        const read = alphaBeta(game, { deferStart: true, endgames: db, tableBytes: 1 << 20 });
        expect(read.value(p).margin).toBe(plain.value(p).margin);
        for (const m of game.moves(p)) {
          const q = game.play(p, m);
          expect(read.value(q).margin).toBe(plain.value(q).margin);
        }
      }),
      { numRuns: 20 },
    );
    expect(db.hits).toBeGreaterThan(0);
  });
});
