/**
 * An `IndexedGame` over an explicit list of edges (edges[p] = the children of
 * p, `~c` for a move to c that keeps the turn), optionally with its parents
 * as a list (`parents()`), one at a time (`parentCount`/`parentAt`) or both —
 * the shape the random cyclic graphs of the retrograde and threshold tests
 * take.
 */

import { childIndex, type IndexedGame, type Primitive } from '../../src/core/game.js';
import { primitiveCodeOf } from './random-games.js';

/** How the game gives its parents: not at all (a reverse graph is built), as a list, one at a time, or both. */
export type ParentsForm = 'none' | 'list' | 'slots' | 'both';

export function edgeListGame(
  id: string,
  edges: number[][],
  primitives: readonly (Primitive | undefined)[] | undefined,
  form: ParentsForm,
): IndexedGame {
  const primitive = (p: number) => primitives?.[p];
  const game: IndexedGame = {
    kind: 'indexed',
    id,
    size: edges.length,
    start: 0,
    maxMoves: Math.max(0, ...edges.map((e) => e.length)),
    extraTurns: edges.some((es) => es.some((c) => c < 0)),
    children(p, out) {
      edges[p].forEach((c, k) => {
        out[k] = c;
      });
      return edges[p].length;
    },
    primitive: (p) => primitiveCodeOf(primitive(p)),
  };
  if (form !== 'none') {
    // A primitive position has no moves, so it is nobody's parent; a move that keeps the turn lists ~p.
    const parents: number[][] = edges.map(() => []);
    edges.forEach((es, p) => {
      if (primitive(p) === undefined) for (const c of es) parents[childIndex(c)].push(c < 0 ? ~p : p);
    });
    game.maxParents = Math.max(0, ...parents.map((l) => l.length));
    if (form !== 'slots') {
      game.parents = (c, out) => {
        parents[c].forEach((p, k) => {
          out[k] = p;
        });
        return parents[c].length;
      };
    }
    if (form !== 'list') {
      game.parentCount = (c) => parents[c].length;
      game.parentAt = (c, i) => parents[c][i];
    }
  }
  return game;
}
