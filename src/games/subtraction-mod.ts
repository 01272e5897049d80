/**
 * The subtraction game played modulo n: places 0 … n−1 on a circle, a move
 * takes a token from place i to (i − s) mod n for some s in the set, and a
 * token on 0 has no move. Moves wrap past 0 (from 1, taking 2 leads to n−1),
 * so play can go round for ever: a loopy impartial game, valued by
 * generalized Sprague–Grundy values, nimbers or ∞(K). A row of tokens
 * (`heaps=…`) is their sum (token-game.ts).
 *
 * The board is an indexed game with `parents()` (the parents of c are
 * (c + s) mod n, except 0), so its values need no reverse graph: 10^7 places
 * take a few bytes each.
 */

import type { IndexedGame } from '../core/game.js';
import { NOT_PRIMITIVE } from '../core/outcome.js';
import { type TokenBoard, tokenDefinition } from './impartial/token-game.js';
import { subtractionSetProblem } from './subtraction.js';

/** The largest board. */
export const SUBTRACTION_MOD_MAX_N = 10_000_000;

/** The board of the subtraction game modulo `n` with these amounts. */
export function subtractionModBoard(n: number, amounts: readonly number[]): TokenBoard {
  const set = Int32Array.from(new Set(amounts)).sort();
  const name = `subtraction-mod(n=${n},set=${set.join(' ')})`;
  const component: IndexedGame = {
    kind: 'indexed',
    id: name,
    size: n,
    start: n - 1,
    maxMoves: set.length,
    maxParents: set.length,
    children(p, out) {
      if (p === 0) return 0;
      for (let k = 0; k < set.length; k++) out[k] = (((p - set[k]) % n) + n) % n;
      return set.length;
    },
    parents(c, out) {
      let k = 0;
      for (let i = 0; i < set.length; i++) {
        const p = (c + set[i]) % n;
        if (p !== 0) out[k++] = p;
      }
      return k;
    },
    primitive: () => NOT_PRIMITIVE,
    show: (p) => String(p),
    moveName: (_p, i) => `−${set[i]}`,
  };
  return { name, component, tokenName: 'heap' };
}

export const subtractionModDefinition = tokenDefinition({
  id: 'subtraction-mod',
  summary: 'subtraction game modulo n: move a token from i to (i − s) mod n, s in the set; 0 has no move',
  params: [
    {
      name: 'n',
      type: 'int',
      default: 12,
      min: 1,
      max: SUBTRACTION_MOD_MAX_N,
      description: 'the places 0 … n−1',
    },
    {
      name: 'set',
      type: 'ints',
      default: [2, 5],
      description: 'the amounts a move may take, separated by spaces',
      max: SUBTRACTION_MOD_MAX_N,
      check: (v) => subtractionSetProblem(v as number[]),
    },
  ],
  tokensParam: {
    name: 'heaps',
    description: 'the tokens’ places, separated by spaces',
    default: [7, 9],
    max: SUBTRACTION_MOD_MAX_N - 1,
  },
  board: (params) => subtractionModBoard(params.n, params.set),
});
