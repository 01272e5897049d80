/**
 * Random small game graphs for the solver cross-checks: an acyclic graph on
 * positions 0 … n−1 where every move goes to a smaller position (repeated
 * edges allowed), optional points per move, optional moves that keep the
 * turn (extra turns), and optional primitives that declare win / lose / tie,
 * some of them decided a few plies before their end (a win in 1). The same
 * graph is built as a `Game` and as an `IndexedGame`, and solved by a plain
 * unmemoized recursion that serves as the independent reference.
 */

import fc from 'fast-check';
import type { Game, IndexedGame, Primitive } from '../../src/core/game.js';
import { NOT_PRIMITIVE, type Outcome, outcomeCode, primitiveCode } from '../../src/core/outcome.js';
import { compareValues, moveValue, type Value } from '../../src/core/value.js';

export interface Edge {
  to: number;
  points: number;
  /** The move keeps the turn (an extra turn). */
  keeps: boolean;
}

export interface RandomGraph {
  /** edges[p]: the moves of position p, in order; every `to` is below p. */
  edges: Edge[][];
  /** A declared primitive per position, or undefined. */
  primitives: (Primitive | undefined)[];
  scoring: boolean;
  /** Some moves keep the turn. */
  extraTurns: boolean;
}

/** A declared primitive: an outcome, or (outcome games only) a value decided 1 or 2 plies before its end. */
export const primitiveArb = (outcomes: readonly Outcome[]): fc.Arbitrary<Primitive | undefined> =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.constantFrom(...outcomes) },
    {
      weight: 1,
      arbitrary: fc.record({
        outcome: fc.constantFrom(...outcomes.filter((o) => o !== 'draw')),
        remoteness: fc.integer({ min: 1, max: 2 }),
      }),
    },
  );

/** A primitive as an `IndexedGame` writes it. */
export function primitiveCodeOf(p: Primitive | undefined): number {
  if (p === undefined) return NOT_PRIMITIVE;
  return typeof p === 'string' ? outcomeCode(p) : primitiveCode(outcomeCode(p.outcome), p.remoteness);
}

/** The value a declared primitive gives its position. */
export function primitiveValueOf(p: Primitive): Value {
  return typeof p === 'string' ? { outcome: p, remoteness: p === 'draw' ? Number.POSITIVE_INFINITY : 0 } : p;
}

/** Graphs of 1 … maxSize positions, with or without points. */
export function graphArb(maxSize = 10): fc.Arbitrary<RandomGraph> {
  return fc
    .record({
      size: fc.integer({ min: 1, max: maxSize }),
      scoring: fc.boolean(),
      withPrimitives: fc.boolean(),
      extraTurns: fc.boolean(),
      seed: fc.array(
        fc.record({
          targets: fc.array(fc.nat(), { maxLength: 3 }),
          points: fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 3, maxLength: 3 }),
          keeps: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
          primitive: primitiveArb(['win', 'lose', 'tie']),
        }),
        { minLength: maxSize, maxLength: maxSize },
      ),
    })
    .map(({ size, scoring, withPrimitives, extraTurns, seed }) => {
      const edges: Edge[][] = [];
      const primitives: (Primitive | undefined)[] = [];
      for (let p = 0; p < size; p++) {
        const s = seed[p];
        edges.push(
          p === 0
            ? []
            : s.targets.map((t, k) => ({
                to: t % p,
                points: scoring ? s.points[k] : 0,
                keeps: extraTurns && s.keeps[k],
              })),
        );
        // Scoring games end at margin 0 whatever they declare: their primitives stay plain outcomes.
        const primitive = scoring && typeof s.primitive === 'object' ? s.primitive.outcome : s.primitive;
        primitives.push(withPrimitives ? primitive : undefined);
      }
      return { edges, primitives, scoring, extraTurns };
    });
}

export const startOf = (g: RandomGraph): number => g.edges.length - 1;

/** The graph as a Game: a position is its number, a move is the ordinal of its edge. */
export function asGame(g: RandomGraph): Game<number, number> {
  const game: Game<number, number> = {
    id: 'random',
    start: startOf(g),
    moves: (p) => g.edges[p].map((_, k) => k),
    play: (p, k) => g.edges[p][k].to,
    primitive: (p) => g.primitives[p],
    key: (p) => p,
    show: (p) => `#${p}`,
  };
  if (g.scoring) game.points = (p, k) => g.edges[p][k].points;
  if (g.extraTurns) game.keepsTurn = (p, k) => g.edges[p][k].keeps;
  return game;
}

/**
 * The graph as an IndexedGame. 'descending' keeps the numbering (moves go
 * down); 'ascending' numbers position p as n−1−p (moves go up).
 */
export function asIndexed(g: RandomGraph, order: 'ascending' | 'descending'): IndexedGame {
  const n = g.edges.length;
  const map = (p: number) => (order === 'descending' ? p : n - 1 - p);
  return {
    kind: 'indexed',
    id: 'random',
    size: n,
    start: map(startOf(g)),
    maxMoves: Math.max(0, ...g.edges.map((e) => e.length)),
    order,
    scoring: g.scoring,
    extraTurns: g.extraTurns,
    children(i, out, points) {
      const edges = g.edges[map(i)];
      edges.forEach((e, k) => {
        out[k] = e.keeps ? ~map(e.to) : map(e.to);
        if (points) points[k] = e.points;
      });
      return edges.length;
    },
    primitive: (i) => primitiveCodeOf(g.primitives[map(i)]),
  };
}

/**
 * The reference: plain recursion, no memo, straight from the definitions.
 * A position is over when it declares an outcome or has no move; in a scoring
 * game it is then worth margin 0, else its declared outcome (default lose).
 */
export function referenceValue(g: RandomGraph, p: number): Value {
  const declared = g.primitives[p];
  if (declared !== undefined || g.edges[p].length === 0) {
    if (g.scoring) return { outcome: 'tie', remoteness: 0, margin: 0 };
    return primitiveValueOf(declared ?? 'lose');
  }
  let best: Value | undefined;
  for (const e of g.edges[p]) {
    const v = moveValue(referenceValue(g, e.to), g.scoring ? e.points : undefined, e.keeps);
    if (best === undefined || compareValues(v, best) > 0) best = v;
  }
  return best as Value;
}

/** Positions reachable from the start (explore-based solvers only know these). */
export function reachable(g: RandomGraph): number[] {
  const seen = new Set<number>([startOf(g)]);
  const todo = [startOf(g)];
  while (todo.length > 0) {
    const p = todo.pop() as number;
    if (g.primitives[p] !== undefined) continue;
    for (const e of g.edges[p]) {
      if (!seen.has(e.to)) {
        seen.add(e.to);
        todo.push(e.to);
      }
    }
  }
  return [...seen].sort((a, b) => a - b);
}
