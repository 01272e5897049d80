/**
 * Reduced Dobutsu shogi solved by retrograde analysis over the perfect hash
 * and parents(), against a plain solver written here: the Game form's graph
 * (every position reached from every index's position, in real orientation,
 * mirror images apart), values iterated to a fixed point — a position is won
 * when a move reaches a lost one, lost when every move reaches a won one (or
 * the rules say so), and what never settles is a draw. Every index's outcome
 * must match.
 *
 * Until the retrograde solver reads a primitive code's remoteness, it is
 * given the outcome alone (the win in 1 as a win in 0): outcomes are the same
 * either way, so only outcomes are compared.
 */

import { describe, expect, it } from 'vitest';
import type { IndexedGame } from '../../src/core/game.js';
import { primitiveOutcome } from '../../src/core/outcome.js';
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
    const over = game.primitive!(p) as 'win' | 'lose' | undefined;
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

/** The game as the retrograde solver of today reads it: the outcome of each primitive code. */
function outcomesOnly(game: DobutsuIndexed): IndexedGame {
  return {
    id: game.id,
    size: game.size,
    start: game.start,
    maxMoves: game.maxMoves,
    maxParents: game.maxParents,
    primitive: (p) => {
      const code = game.primitive(p);
      return code < 0 ? code : primitiveOutcome(code);
    },
    children: (p, out) => game.children(p, out),
    moveCount: (p) => game.moveCount(p),
    parents: (p, out) => game.parents(p, out),
  };
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
      const solution = solve(outcomesOnly(game), { solver: 'retrograde' });
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
