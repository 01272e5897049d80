/**
 * Reduced Dobutsu shogi solved by retrograde analysis over the perfect hash
 * and parents(), against a plain solver written here: the Game form's graph
 * (every position reached from every index's position, in real orientation,
 * mirror images apart), values iterated to a fixed point — a position is won
 * when a move reaches a lost one, lost when every move reaches a won one (or
 * the rules say so), and what never settles is a draw. Every index's outcome
 * must match. Then whole values, remoteness included: the real-orientation
 * form solved through its perfect hash against the same form explored by key
 * and symmetry alone.
 */

import { describe, expect, it } from 'vitest';
import { primitiveValue } from '../../src/core/game.js';
import {
  DobutsuIndexed,
  type DobutsuPosition,
  dobutsuGame,
  formatPosition,
} from '../../src/games/dobutsu/index.js';
import { solve } from '../../src/solvers/index.js';

type Outcome = 'win' | 'lose' | 'draw';

/** The outcome of every position of the Game form reachable from `from`, by iteration to a fixed point. */
function fixedPoint(pieces: string, from: DobutsuPosition[]): Map<string, Outcome> {
  const game = dobutsuGame(pieces);
  const id = new Map<string, number>();
  const positions: DobutsuPosition[] = [];
  const add = (p: DobutsuPosition): number => {
    const key = formatPosition(p);
    let i = id.get(key);
    if (i === undefined) {
      i = positions.length;
      id.set(key, i);
      positions.push(p);
    }
    return i;
  };
  for (const p of from) add(p);
  const edges: number[][] = [];
  const outcome: Outcome[] = [];
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i];
    const over = primitiveValue(game, p)?.outcome as 'win' | 'lose' | undefined;
    edges.push(over ? [] : game.moves(p).map((m) => add(game.play(p, m))));
    outcome.push(over ?? (edges[i].length === 0 ? 'lose' : 'draw'));
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < positions.length; i++) {
      if (outcome[i] !== 'draw') continue;
      const children = edges[i].map((c) => outcome[c]);
      const next = children.includes('lose') ? 'win' : children.every((o) => o === 'win') ? 'lose' : 'draw';
      if (next !== 'draw') {
        outcome[i] = next;
        changed = true;
      }
    }
  }
  return new Map([...id].map(([key, i]) => [key, outcome[i]]));
}

describe('reduced dobutsu solved by retrograde analysis agrees with a plain fixed point', () => {
  for (const pieces of ['', 'E', 'G', 'C']) {
    it(`pieces=${pieces || 'none'}: every index's outcome`, () => {
      const game = new DobutsuIndexed(pieces);
      const canonical: number[] = [];
      for (let i = 0; i < game.size; i++) if (game.rankOf(game.positionOf(i)) === i) canonical.push(i);
      const plain = fixedPoint(
        pieces,
        canonical.map((i) => game.positionOf(i)),
      );
      const solution = solve(game, { solver: 'retrograde' });
      const wrong: string[] = [];
      const tally = { win: 0, lose: 0, draw: 0 };
      for (const i of canonical) {
        const expected = plain.get(formatPosition(game.positionOf(i)))!;
        tally[expected]++;
        const got = solution.value(i).outcome;
        if (got !== expected) wrong.push(`${formatPosition(game.positionOf(i))}: ${got}, not ${expected}`);
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      // Every outcome occurs, so the comparison is not vacuous.
      if (pieces !== '') expect(Math.min(tally.win, tally.lose, tally.draw)).toBeGreaterThan(0);
    });
  }
});

describe('the real-orientation form and the perfect hash give the same values', () => {
  for (const pieces of ['C', 'E']) {
    it(`pieces=${pieces}: every position reachable from the start, remoteness included`, () => {
      const linked = dobutsuGame(pieces);
      // Explored by key and symmetry alone (no perfect hash): an independent numbering of the same rules.
      const explored = solve({ ...linked, indexed: undefined });
      const hashed = solve(linked);
      expect(hashed.solver).toBe('tiers');
      expect(explored.reason).toMatch(/explored/);
      const seen = new Set([linked.key(linked.start)]);
      const todo = [linked.start];
      let compared = 0;
      while (todo.length > 0) {
        const p = todo.pop() as DobutsuPosition;
        expect(hashed.value(p), String(linked.key(p))).toEqual(explored.value(p));
        compared++;
        for (const m of linked.moves(p)) {
          const c = linked.play(p, m);
          if (!seen.has(linked.key(c))) {
            seen.add(linked.key(c));
            todo.push(c);
          }
        }
      }
      expect(compared).toBeGreaterThan(1000);
    });
  }
});
