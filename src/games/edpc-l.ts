/**
 * edpc-l (AtCoder Educational DP Contest L, "Deque"): a row of numbers; a
 * move removes the leftmost or the rightmost one and the mover scores its
 * value. A scoring game; the answer is Taro's X − Y with best play (Taro
 * moves first). It can exceed 32 bits; margins are doubles, exact to 2^53.
 *
 * As an `IndexedGame`: position = the row left, a[l … r−1] with
 * 0 ≤ l ≤ r ≤ N, numbered T(r) + (r − l) with T(r) = r(r+1)/2. Taking from
 * the left (move 0) leads to p − 1, taking from the right (move 1) to
 * p − r − 1: every move goes to a smaller index, so the sweep solves it in one
 * pass over (N+1)(N+2)/2 positions.
 */

import { InputError } from '../core/errors.js';
import type { IndexedGame } from '../core/game.js';
import { childrenFromSlots } from '../core/move-slots.js';
import { NOT_PRIMITIVE } from '../core/outcome.js';
import type { Value } from '../core/value.js';
import { defineGame } from './kit/definition.js';
import { InputReader, requireText } from './kit/input-reader.js';

const NONE = NOT_PRIMITIVE; // a constant of this module, for the sweep's loop (see NOT_PRIMITIVE)

const triangle = (r: number): number => (r * (r + 1)) / 2;

export class EdpcL implements IndexedGame {
  readonly kind = 'indexed' as const;
  readonly id = 'edpc-l';
  readonly size: number;
  readonly start: number;
  readonly maxMoves = 2;
  readonly order = 'descending';
  /** Taking from the right: from p to p − r − 1, r ≤ N. */
  readonly reach: number;
  readonly scoring = true;
  private readonly a: Float64Array;
  /** r of each position (a table: 2 bytes per position, cheaper than a square root per position). */
  private readonly right: Uint16Array;

  constructor(numbers: readonly number[]) {
    const n = numbers.length;
    this.a = Float64Array.from(numbers);
    this.size = triangle(n + 1);
    this.reach = n + 1;
    this.start = this.index(0, n);
    this.right = new Uint16Array(this.size);
    for (let r = 1; r <= n; r++) this.right.fill(r, triangle(r), triangle(r + 1));
  }

  /** The position where a[l … r−1] is left. */
  index(l: number, r: number): number {
    return triangle(r) + r - l;
  }

  /** [l, r] of position p. */
  bounds(p: number): [number, number] {
    const r = this.right[p];
    return [r - (p - triangle(r)), r];
  }

  moveCount(p: number): number {
    const r = this.right[p];
    return p === (r * (r + 1)) >> 1 ? 0 : 2; // l = r: the row is empty
  }

  childAt(p: number, i: number): number {
    return i === 0 ? p - 1 : p - this.right[p] - 1;
  }

  /** a_l from the left, a_(r−1) from the right. */
  pointsAt(p: number, i: number): number {
    const r = this.right[p];
    return i === 0 ? this.a[r - (p - ((r * (r + 1)) >> 1))] : this.a[r - 1];
  }

  children(p: number, out: Int32Array, points?: Float64Array): number {
    return childrenFromSlots(this, p, out, points);
  }

  primitive(): number {
    return NONE; // the empty row has no move: the game is over
  }

  show(p: number): string {
    const [l, r] = this.bounds(p);
    if (l === r) return 'empty';
    const shown = r - l <= 12 ? ` (${Array.from(this.a.subarray(l, r)).join(' ')})` : '';
    return `${l + 1}..${r}${shown}`;
  }

  moveName(p: number, i: number): string {
    const [l, r] = this.bounds(p);
    return i === 0 ? `left ${this.a[l]}` : `right ${this.a[r - 1]}`;
  }

  /** `2..3`: a_2 … a_3 are left (counted from 1); `empty`: none. */
  parsePosition(text: string): number {
    const n = this.a.length;
    if (/^\s*empty\s*$/.test(text)) return this.index(n, n);
    const m = /^\s*(\d+)\s*\.\.\s*(\d+)\s*$/.exec(text);
    const first = m ? Number(m[1]) : 0;
    const last = m ? Number(m[2]) : 0;
    if (!m || first < 1 || last > n || first > last) {
      throw new InputError(
        `${this.id}: a position is the part of the row left, first..last counted from 1 (1 ≤ first ≤ last ≤ ${n}) or 'empty', not '${text}'`,
      );
    }
    return this.index(first - 1, last);
  }
}

export const edpcLDefinition = defineGame({
  id: 'edpc-l',
  summary: 'take from either end of a row of numbers, scores add up; prints X − Y (Taro first)',
  params: [],
  input: {
    format: 'N, then a_1 … a_N (1 ≤ N ≤ 3000, 1 ≤ a_i ≤ 10^9)',
    example: '4\n10 80 90 30\n',
  },
  load(_params, input) {
    const reader = new InputReader(requireText(input, 'edpc-l'));
    const n = reader.int('N', 1, 3000);
    const a = reader.ints('a', n, 1, 1e9);
    reader.end();
    return [new EdpcL(a)];
  },
  answerNeeds: 'margin',
  answer: (value: Value): string => String(value.margin ?? 0),
});
