/**
 * How auto decides from memory: it explores what fits the memory budget, and
 * a game too large for it is solved by its own Grundy values when theory
 * gives them (rows of heaps) — the outcome of every position and move agrees
 * with a full search of a small row — and says so to `onDecision`; a
 * misère row has no such values; a game past the caller's explore limit is
 * searched instead, to the values a full solve gives; `yomi solve` and
 * `yomi grundy` behave so through the real command.
 */

import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/core/game.js';
import { openGame } from '../../src/games/open.js';
import { EXPLORED_BYTES, exploreLimit, solve } from '../../src/solvers/index.js';
import { expectUserError, runCli } from '../run-cli.js';

describe('auto chooses by memory', () => {
  it('explores as many positions as the budget holds (and a JS Map can)', () => {
    expect(exploreLimit({})).toBe(5_000_000);
    expect(exploreLimit({ memoryBytes: 300 * EXPLORED_BYTES })).toBe(300);
    expect(exploreLimit({ memoryBytes: 1e12, heapBytes: 1000 * EXPLORED_BYTES })).toBe(1000);
    expect(exploreLimit({ memoryBytes: 1e15 })).toBe(2 ** 24 - 1);
    expect(exploreLimit({ exploreLimit: 7_000_000 })).toBe(7_000_000);
    expect(exploreLimit({ exploreLimit: 7_000_000, memoryBytes: 300 * EXPLORED_BYTES })).toBe(300);
  });

  it("searches a game larger than the caller's explore limit, to the values a full solve gives, with no cap on the search", () => {
    const game = openGame('kalah(pits=3,seeds=3)').games[0] as Game<string, number>;
    const full = solve(game);
    expect(full.solver).toMatch(/explore/);
    const notes: string[] = [];
    const searched = solve(game, { exploreLimit: 1000, onDecision: (why) => notes.push(why) });
    expect(searched.solver).toBe('alphabeta');
    expect(notes.join()).toMatch(
      /more than the 1,000 positions that fit in memory to explore; searching it by alpha-beta instead/,
    );
    // Along a whole game, every move's value as the full solve gives it: far more nodes in all than the
    // explore limit, which caps exploring only.
    let p = game.start;
    for (let ply = 0; game.moves(p).length > 0; ply++) {
      const byMove = (s: typeof full) => s.moves(p).map((m) => `${m.value.margin} ${m.value.outcome}`);
      expect(byMove(searched)).toEqual(byMove(full));
      const moves = game.moves(p);
      p = game.play(p, moves[ply % moves.length]);
    }
    expect(searched.stats.nodes).toBeGreaterThan(1000);
  });

  it('solves a row too large for the budget by its Grundy values, agreeing with search on every move', () => {
    for (const spec of [
      'nim(heaps=3 4 5)',
      'octal(code=0.77,heaps=3 5 6)',
      'subtraction(set=1 3 4,heaps=7 9)',
    ]) {
      const [game] = openGame(spec).games;
      const notes: string[] = [];
      const theory = solve(game, { memoryBytes: 10 * EXPLORED_BYTES, onDecision: (why) => notes.push(why) });
      expect(theory.solver).toBe('grundy-theory');
      expect(notes[0]).toMatch(/fit in memory; solved by its Grundy values/);
      const searched = solve(game);
      expect(searched.solver).not.toBe('grundy-theory');
      const start = searched.game.start;
      expect(theory.value(start).outcome).toBe(searched.value(start).outcome);
      expect(theory.moves(start).map((m) => m.value.outcome)).toEqual(
        searched.moves(start).map((m) => m.value.outcome),
      );
      expect(theory.best(start).length).toBeGreaterThan(0);
      // Every best move by theory is a winning move by search when the row is a win.
      const won = searched.value(start).outcome === 'win';
      for (const m of theory.best(start)) {
        const v = searched.moves(start).find((x) => x.move === m)?.value;
        expect(v?.outcome).toBe(won ? 'win' : 'lose');
      }
    }
  });

  it('keeps misère rows, which have no such values, to search', () => {
    const [game] = openGame('nim(heaps=2 2 1,play=misere)').games;
    const s = solve(game, { memoryBytes: 10 * EXPLORED_BYTES });
    expect(s.solver).not.toBe('grundy-theory');
  });

  it('through the command: a large sum is solved at once and says why on stderr; misère Grundy values are refused', () => {
    const r = runCli(['solve', 'nim(heaps=100 200 300 400)']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('win; nim-sum 16; winning moves: heap4:400→384\n');
    expect(r.stderr).toMatch(
      /^yomi: auto: about 2,450,351,001 positions, more than the .* that fit in memory; solved by its Grundy values/,
    );
    expect(runCli(['solve', 'octal(code=0.77,heaps=30 30 30)']).stdout).toMatch(
      /^win; nim-sum 7; winning moves: /,
    );
    expectUserError(runCli(['grundy', 'octal(code=0.77,play=misere)']), /misère play has none of this kind/);
  });
});
