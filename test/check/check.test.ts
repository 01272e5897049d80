/**
 * `checkGame`: every built-in game passes it, and deliberately broken games
 * are each caught by the right check, with the path that reached the fault.
 */

import { describe, expect, it } from 'vitest';
import { checkGame, formatReport } from '../../src/check/run.js';
import type { Game, IndexedGame } from '../../src/core/game.js';
import { NOT_PRIMITIVE } from '../../src/core/outcome.js';
import { GAMES } from '../../src/games/registry.js';
import { canonicalBoard, ticTacToe } from '../../src/games/tic-tac-toe.js';

describe('the built-in games pass yomi check', () => {
  for (const def of GAMES) {
    it(def.id, () => {
      const defaults = Object.fromEntries(def.params.map((p) => [p.name, p.default]));
      for (const game of def.load(defaults, def.input?.example)) {
        // Games that can go on forever (Teeko's move phase, Dodgem) are cut at 150 plies a play-out.
        const report = checkGame(game, { playouts: 30, maxPlies: 150 });
        expect(report.violation, formatReport(report)).toBeUndefined();
        expect(report.plies).toBeGreaterThan(0);
      }
    });
  }
});

/** A race to 10: from n you may add 1 or 2; whoever reaches 10 wins (the player to move at 10 has lost). */
function race(overrides: Partial<Game<number, number>> = {}): Game<number, number> {
  return {
    id: 'race',
    start: 0,
    moves: (n) => (n >= 10 ? [] : n === 9 ? [1] : [1, 2]),
    play: (n, step) => n + step,
    key: (n) => n,
    show: (n) => String(n),
    moveName: (_n, step) => `+${step}`,
    ...overrides,
  };
}

function violation(game: Game<unknown, unknown> | IndexedGame) {
  const report = checkGame(game, { playouts: 20, seed: 7 });
  expect(report.violation, 'a violation is found').toBeDefined();
  return { ...report.violation!, text: formatReport(report) };
}

describe('broken games are caught', () => {
  it('a correct game passes', () => {
    expect(checkGame(race() as Game<unknown, unknown>).violation).toBeUndefined();
  });

  it('a play() that returns a Promise', () => {
    const v = violation(
      race({ play: (async (n: number, step: number) => n + step) as never }) as Game<unknown, unknown>,
    );
    expect(v.check).toBe('play returns a position, not a Promise');
    expect(v.message).toMatch(/returned a Promise/);
  });

  it('a grundy() that is not a nimber (−5, NaN, 1.5)', () => {
    for (const bad of [-5, Number.NaN, 1.5]) {
      const v = violation(race({ grundy: (n) => (n === 3 ? bad : n % 3) }) as Game<unknown, unknown>);
      expect(v.check).toBe('grundy is an integer ≥ 0');
      expect(v.message).toContain(`is ${String(bad)},`);
    }
  });

  it('non-deterministic play', () => {
    let calls = 0;
    const v = violation(
      race({ play: (n, step) => Math.min(10, n + step + (calls++ % 2)) }) as Game<unknown, unknown>,
    );
    expect(v.check).toBe('play is deterministic');
    expect(v.message).toMatch(/twice from .* gave different positions/);
    expect(v.path.length).toBeGreaterThan(0);
    expect(v.text).toMatch(/after \d+ plies: \+[12]/);
  });

  it('play that changes its input', () => {
    const game: Game<number[], number> = {
      id: 'mutating',
      start: [0],
      moves: (p) => (p[0] >= 10 ? [] : [1, 2]),
      play: (p, step) => {
        p.push(step);
        return [p[0] + step];
      },
      key: (p) => p.join(','),
    };
    const v = violation(game as Game<unknown, unknown>);
    expect(v.check).toBe('play does not change its input');
    expect(v.message).toMatch(/changed the position it was given/);
  });

  it('colliding keys', () => {
    const v = violation(race({ key: (n) => n % 4 }) as Game<unknown, unknown>);
    expect(v.check).toBe('key agrees with equality');
    expect(v.message).toMatch(/key collision/);
  });

  it('a key that folds the classes of a declared symmetry, and a symmetry that is not one', () => {
    // Tic-tac-toe's own key folded by its symmetry is accepted; a key folding what the symmetry does not is not.
    const folded = { ...ticTacToe, key: canonicalBoard };
    expect(checkGame(folded as Game<unknown, unknown>, { playouts: 200 }).violation).toBeUndefined();
    const tooMuch = { ...ticTacToe, key: (b: string) => canonicalBoard(b).replaceAll('o', 'x') };
    const v = violation(tooMuch as Game<unknown, unknown>);
    expect(v.check).toBe('key agrees with equality');
    expect(v.message).toMatch(/key collision/);
    // A "symmetry" that swaps the two top corners only is not one: the children differ.
    const swap = (b: string) => b[2] + b[1] + b[0] + b.slice(3);
    const wrong = { ...ticTacToe, canonical: (b: string) => (swap(b) < b ? swap(b) : b) };
    const w = violation(wrong as Game<unknown, unknown>);
    expect(w.check).toBe('canonical is an equivalent position');
  });

  it('equal positions with different keys', () => {
    // Each object is its own key, and play is deterministic (cached), so 0 +1 +1 and 0 +2 are
    // equal positions with different keys.
    const ids = new WeakMap<object, number>();
    let next = 0;
    const keyOf = (p: object): number => {
      if (!ids.has(p)) ids.set(p, next++);
      return ids.get(p) as number;
    };
    const played = new Map<string, { n: number }>();
    const game: Game<{ n: number }, number> = {
      id: 'object-keys',
      start: { n: 0 },
      moves: (p) => (p.n >= 6 ? [] : [1, 2]),
      play: (p, step) => {
        const k = `${keyOf(p)}:${step}`;
        if (!played.has(k)) played.set(k, { n: p.n + step });
        return played.get(k) as { n: number };
      },
      key: keyOf,
    };
    const v = violation(game as Game<unknown, unknown>);
    expect(v.check).toBe('key agrees with equality');
    expect(v.message).toMatch(/equal positions have different keys/);
  });

  it('points that are not finite', () => {
    const v = violation(race({ points: (n) => (n === 5 ? Number.NaN : 1) }) as Game<unknown, unknown>);
    expect(v.check).toBe('points are finite numbers');
  });

  it('a game that throws', () => {
    const v = violation(
      race({
        play: (n, step) => {
          if (n + step === 7) throw new Error('no seven');
          return n + step;
        },
      }) as Game<unknown, unknown>,
    );
    expect(v.check).toBe('game code');
    expect(v.message).toMatch(/play\(\) of \+[12] threw: no seven/);
  });

  it('endless play that disagrees along a move', () => {
    // A ring of 4 positions, one move each, passing the turn: endless play must alternate.
    const ring = (endless: (p: number) => 'win' | 'lose') =>
      race({ moves: () => [1], play: (n) => (n + 1) % 4, endless }) as Game<unknown, unknown>;
    expect(checkGame(ring((p) => (p % 2 ? 'win' : 'lose'))).violation).toBeUndefined();
    const v = violation(ring((p) => (p === 0 ? 'lose' : 'win')));
    expect(v.check).toBe('endless play agrees along moves');
    expect(v.message).toMatch(
      /endless\(\) says win at a position and win after its move \+1, which passes the turn/,
    );
  });

  it('duplicate move names', () => {
    const v = violation(race({ moveName: () => 'step' }) as Game<unknown, unknown>);
    expect(v.check).toBe('move names are distinct');
  });

  it('a start with 200,000 moves, two named alike: found in one pass, shown clipped, checked once', () => {
    let lists = 0;
    const wide: Game<number, number> = {
      id: 'wide',
      start: 0,
      moves: (p) => {
        if (p === 0) lists += 1;
        return p === 0 ? Array.from({ length: 200_000 }, (_, i) => i + 1) : [];
      },
      play: (_p, m) => m,
      key: (p) => p,
      moveName: (_p, m) => (m === 200_000 ? '1' : String(m)),
    };
    const v = violation(wide as Game<unknown, unknown>);
    expect(v.check).toBe('move names are distinct');
    expect(v.message).toBe(
      "two moves are both named '1' (moves: 1 2 3 4 5 6 7 8 9 10 11 12 … (200000 in all))",
    );
    // Its checks ran at the first play-out only; each play-out asks the start's moves once to pick one.
    lists = 0;
    checkGame({ ...wide, moveName: undefined }, { playouts: 20, seed: 1 });
    expect(lists).toBeLessThan(20 + 5);
  });
});

/** Positions 0 … 9, from p to p−1 and p−2 (0 is over); `tweak` breaks it. */
function ladder(tweak: (p: number, out: Int32Array, n: number) => number = (_p, _o, n) => n): IndexedGame {
  return {
    kind: 'indexed',
    id: 'ladder',
    size: 10,
    start: 9,
    maxMoves: 2,
    order: 'descending',
    children(p, out) {
      let n = 0;
      if (p >= 1) out[n++] = p - 1;
      if (p >= 2) out[n++] = p - 2;
      return tweak(p, out, n);
    },
    primitive: () => NOT_PRIMITIVE,
    moveName: (_p, k) => `-${k + 1}`,
  };
}

describe('broken indexed games are caught', () => {
  it('a correct indexed game passes', () => {
    expect(checkGame(ladder()).violation).toBeUndefined();
  });

  it('a child out of range', () => {
    const v = violation(
      ladder((p, out, n) => {
        if (p === 3) out[0] = 10;
        return n;
      }),
    );
    expect(v.check).toBe('children in range');
    expect(v.message).toMatch(/child 0 of 3 is 10, outside 0 … 9/);
  });

  it('more children than maxMoves', () => {
    const v = violation(ladder((p, _out, n) => (p === 5 ? 3 : n)));
    expect(v.check).toBe('maxMoves holds');
  });

  it('a move against the declared order', () => {
    const v = violation(
      ladder((p, out, n) => {
        if (p === 4) out[1] = 6;
        return n;
      }),
    );
    expect(v.check).toBe('moves follow the declared order');
  });

  it('moves declared as fixed steps that are not', () => {
    // The ladder moves 1 then 2 down: offsets −1, −2 are right, −1, −3 are not.
    expect(checkGame({ ...ladder(), moveOffsets: Int32Array.of(-1, -2) }).violation).toBeUndefined();
    const v = violation({ ...ladder(), moveOffsets: Int32Array.of(-1, -3) });
    expect(v.check).toBe('childAt(), pointsAt() and moveOffsets agree with children()');
    expect(v.message).toMatch(
      /moveOffsets\[1\] is -3, so move 1 of (\d+) goes to \d+, but children\(\1\) wrote \d+/,
    );
  });

  it('a move further than the declared reach', () => {
    // The ladder moves 1 or 2 down: a reach of 1 is wrong.
    const v = violation({ ...ladder(), reach: 1 });
    expect(v.check).toBe('moves follow the declared order');
    expect(v.message).toMatch(/reach is 1, but \d+ has the child \d+, 2 away/);
    expect(checkGame({ ...ladder(), reach: 2 }).violation).toBeUndefined();
  });

  it('non-deterministic children', () => {
    let calls = 0;
    const v = violation(
      ladder((_p, out, n) => {
        if (n === 2 && calls++ % 2 === 1) [out[0], out[1]] = [out[1], out[0]];
        return n;
      }),
    );
    expect(v.check).toBe('children are deterministic');
  });

  it('a scoring game that leaves points unwritten', () => {
    const v = violation({ ...ladder(), scoring: true });
    expect(v.check).toBe('points are finite numbers');
  });

  it('endless play that disagrees along a move', () => {
    // From p, moves to p − 1 and p − 2, both passing the turn: no alternation by p's parity fits both.
    const v = violation({ ...ladder(), order: undefined, endless: (p: number) => p % 2 });
    expect(v.check).toBe('endless play agrees along moves');
    expect(v.message).toMatch(/which passes the turn; .* so it must say the opposite/);
  });

  it('a start out of range', () => {
    const v = violation({ ...ladder(), start: 12 });
    expect(v.check).toBe('start in range');
  });

  it('moves one at a time that disagree with children()', () => {
    const oneAtATime = (childAt: (p: number, i: number) => number): IndexedGame => ({
      ...ladder(),
      moveCount: (p) => Math.min(p, 2),
      childAt,
    });
    expect(checkGame(oneAtATime((p, i) => p - 1 - i)).violation).toBeUndefined();
    const v = violation(oneAtATime((p, i) => (p === 6 ? p - 2 + i : p - 1 - i)));
    expect(v.check).toBe('childAt(), pointsAt() and moveOffsets agree with children()');
    expect(v.message).toMatch(/childAt\(6, 0\) is 4, but children\(6\) wrote 5/);
    const points = violation({
      ...oneAtATime((p, i) => p - 1 - i),
      scoring: true,
      children(p: number, out: Int32Array, pts?: Float64Array) {
        const n = ladder().children(p, out);
        for (let i = 0; i < n; i++) if (pts) pts[i] = i;
        return n;
      },
      pointsAt: (_p: number, i: number) => 1 - i,
    });
    expect(points.message).toMatch(/pointsAt\(\d+, 0\) is 1, but children\(\d+\) wrote 0/);
  });
});
