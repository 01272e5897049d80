/**
 * arc038d (AtCoder ARC 038 D): a piece on a directed graph; on a turn a
 * player moves it along an edge or stops the game, and the score is the
 * number on the vertex where it stops. The first player wants it high, the
 * second low. Play is cut off right after the second player's 10^9-th move,
 * which makes endless play count against the first player (see the spec).
 *
 * As an `EndScoredGame` (core/end-scored.ts), solved by threshold search:
 * position 2·v + side (side 0: the first player, the maximiser, to move);
 * moves follow the edges to 2·w + (1 − side); stopping at v scores X_v. The
 * edges are kept in compressed sparse rows both ways, so `parents()` needs no
 * reverse graph from the solver.
 */

import type { EndScoredGame } from '../core/end-scored.js';
import { InputError } from '../core/errors.js';
import { NOT_PRIMITIVE } from '../core/outcome.js';
import type { Value } from '../core/value.js';
import { defineGame } from './kit/definition.js';
import { InputReader, requireText } from './kit/input-reader.js';

const NONE = NOT_PRIMITIVE; // a constant of this module, for the sweep's loop (see NOT_PRIMITIVE)

const MAX_N = 100_000;
const MAX_M = 200_000;
const MAX_X = 1_000_000_000;

/** Compressed sparse rows: the neighbours of v are at[from[v] … from[v+1]−1], in input order. */
function rows(n: number, tails: Int32Array, heads: Int32Array): { from: Int32Array; at: Int32Array } {
  const from = new Int32Array(n + 1);
  for (let k = 0; k < tails.length; k++) from[tails[k] + 1]++;
  for (let v = 0; v < n; v++) from[v + 1] += from[v];
  const fill = from.slice(0, n);
  const at = new Int32Array(tails.length);
  for (let k = 0; k < tails.length; k++) at[fill[tails[k]]++] = heads[k];
  return { from, at };
}

export class Arc038d implements EndScoredGame {
  readonly kind = 'end-scored' as const;
  readonly id = 'arc038d';
  readonly size: number;
  readonly start = 0;
  readonly maxMoves: number;
  readonly maxParents: number;
  private readonly out: { from: Int32Array; at: Int32Array };
  private readonly into: { from: Int32Array; at: Int32Array };

  constructor(
    readonly values: Float64Array,
    /** Edge k goes from vertex tails[k] to heads[k] (0-based). */
    tails: Int32Array,
    heads: Int32Array,
  ) {
    const n = values.length;
    this.size = 2 * n;
    this.out = rows(n, tails, heads);
    this.into = rows(n, heads, tails);
    let maxOut = 0;
    let maxIn = 0;
    for (let v = 0; v < n; v++) {
      maxOut = Math.max(maxOut, this.out.from[v + 1] - this.out.from[v]);
      maxIn = Math.max(maxIn, this.into.from[v + 1] - this.into.from[v]);
    }
    this.maxMoves = maxOut;
    this.maxParents = maxIn;
  }

  children(p: number, out: Int32Array): number {
    return this.neighbours(this.out, p, out);
  }

  parents(p: number, out: Int32Array): number {
    return this.neighbours(this.into, p, out);
  }

  private neighbours(csr: { from: Int32Array; at: Int32Array }, p: number, out: Int32Array): number {
    const v = p >> 1;
    const other = (p & 1) ^ 1;
    const start = csr.from[v];
    const n = csr.from[v + 1] - start;
    for (let k = 0; k < n; k++) out[k] = 2 * csr.at[start + k] + other;
    return n;
  }

  primitive(): number {
    return NONE; // the game ends by a stop
  }

  maximizer(p: number): boolean {
    return (p & 1) === 0;
  }

  stopScore(p: number): number {
    return this.values[p >> 1];
  }

  show(p: number): string {
    return `${(p >> 1) + 1} ${p & 1 ? 'second' : 'first'}`;
  }

  moveName(p: number, k: number): string {
    return `to ${this.out.at[this.out.from[p >> 1] + k] + 1}`;
  }

  /** `3 first` (vertex 3, the first player to move) or `3 second`. */
  parsePosition(text: string): number {
    const m = /^\s*(\d+)\s+(first|second)\s*$/.exec(text);
    const v = m ? Number(m[1]) : 0;
    if (!m || v < 1 || v > this.values.length) {
      throw new InputError(
        `${this.id}: a position is 'vertex first|second' with a vertex 1 … ${this.values.length}, not '${text}'`,
      );
    }
    return 2 * (v - 1) + (m[2] === 'second' ? 1 : 0);
  }
}

export function parseArc038d(input: string | undefined): Arc038d {
  const reader = new InputReader(requireText(input, 'arc038d'));
  const n = reader.int('N', 1, MAX_N);
  const m = reader.int('M', 1, MAX_M);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = reader.int(`X_${i + 1}`, 0, MAX_X);
  const tails = new Int32Array(m);
  const heads = new Int32Array(m);
  for (let k = 0; k < m; k++) {
    tails[k] = reader.int(`A_${k + 1}`, 1, n) - 1;
    heads[k] = reader.int(`B_${k + 1}`, 1, n) - 1;
  }
  reader.end();
  return new Arc038d(values, tails, heads);
}

export const arc038dDefinition = defineGame({
  id: 'arc038d',
  summary: 'move a piece along an edge or stop; the score is the number where it stops (cyclic, end-scored)',
  params: [],
  input: {
    format: 'N M, then X_1 … X_N, then M edges A B (N ≤ 10^5, M ≤ 2·10^5, 0 ≤ X ≤ 10^9)',
    example: '4 5\n3 7 5 4\n1 2\n2 3\n3 1\n2 4\n4 4\n',
  },
  load: (_params, input) => [parseArc038d(input)],
  answer: (value: Value): string => String(value.margin),
});
