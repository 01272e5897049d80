/**
 * An `IndexedGame` over an explicit list of edges (edges[p] = the children of
 * p), optionally with `parents()` — the shape the random cyclic graphs of the
 * retrograde and threshold tests take.
 */

import type { IndexedGame } from '../../src/core/game.js';
import { NOT_PRIMITIVE, type Outcome, outcomeCode } from '../../src/core/outcome.js';

export function edgeListGame(
  id: string,
  edges: number[][],
  primitives: readonly (Outcome | undefined)[] | undefined,
  withParents: boolean,
): IndexedGame {
  const primitive = (p: number) => primitives?.[p];
  const game: IndexedGame = {
    kind: 'indexed',
    id,
    size: edges.length,
    start: 0,
    maxMoves: Math.max(0, ...edges.map((e) => e.length)),
    children(p, out) {
      edges[p].forEach((c, k) => {
        out[k] = c;
      });
      return edges[p].length;
    },
    primitive: (p) => {
      const o = primitive(p);
      return o === undefined ? NOT_PRIMITIVE : outcomeCode(o);
    },
  };
  if (withParents) {
    // A primitive position has no moves, so it is nobody's parent.
    const parents: number[][] = edges.map(() => []);
    edges.forEach((es, p) => {
      if (primitive(p) === undefined) for (const c of es) parents[c].push(p);
    });
    game.maxParents = Math.max(0, ...parents.map((l) => l.length));
    game.parents = (c, out) => {
      parents[c].forEach((p, k) => {
        out[k] = p;
      });
      return parents[c].length;
    };
  }
  return game;
}
