/**
 * edpc-k (AtCoder Educational DP Contest K, "Stones"): one pile of K stones;
 * a move takes exactly x stones for some x in the set A (x ≤ the pile). A
 * player who cannot move loses. Taro moves first.
 *
 * As an `IndexedGame`: position = the number of stones left; move i takes
 * a_i stones (the amounts up to the pile, in increasing order). Every move
 * makes the pile smaller, so the sweep solves it in one pass from the empty
 * pile up.
 */

import { InputError } from '../core/errors.js';
import type { IndexedGame } from '../core/game.js';
import { childrenFromSlots } from '../core/move-slots.js';
import { NOT_PRIMITIVE } from '../core/outcome.js';
import type { Value } from '../core/value.js';
import { defineGame } from './kit/definition.js';
import { InputReader, requireText } from './kit/input-reader.js';

const NONE = NOT_PRIMITIVE; // a constant of this module, for the sweep's loop (see NOT_PRIMITIVE)

export class EdpcK implements IndexedGame {
  readonly kind = 'indexed' as const;
  readonly id = 'edpc-k';
  readonly size: number;
  readonly start: number;
  readonly maxMoves: number;
  readonly order = 'descending';
  /** The most stones a move takes. */
  readonly reach: number;
  /** Move i takes take[i] stones: it goes to p − take[i] from every pile. */
  readonly moveOffsets: Int32Array;
  private readonly take: Int32Array;

  constructor(
    /** The pile at the start. */
    stones: number,
    /** The amounts a move may take, increasing. */
    take: readonly number[],
  ) {
    this.size = stones + 1;
    this.start = stones;
    this.take = Int32Array.from(take);
    this.maxMoves = take.length;
    this.reach = take[take.length - 1];
    this.moveOffsets = this.take.map((t) => -t);
  }

  moveCount(p: number): number {
    const take = this.take;
    let n = take.length;
    if (p < take[n - 1]) {
      n = 0; // only the amounts up to p; the largest is more than p, so this stops inside the array
      while (take[n] <= p) n++;
    }
    return n;
  }

  childAt(p: number, i: number): number {
    return p - this.take[i];
  }

  children(p: number, out: Int32Array): number {
    return childrenFromSlots(this, p, out);
  }

  primitive(): number {
    return NONE; // no move = lose, which is what the sweep makes of a pile without children
  }

  show(p: number): string {
    return `${p} stones`;
  }

  moveName(_p: number, i: number): string {
    return `take ${this.take[i]}`;
  }

  parsePosition(text: string): number {
    const m = /^\s*(\d+)(\s+stones?)?\s*$/.exec(text);
    const p = m ? Number(m[1]) : Number.NaN;
    if (!(p <= this.start)) {
      throw new InputError(
        `${this.id}: a position is a pile of 0 … ${this.start} stones, e.g. '7', not '${text}'`,
      );
    }
    return p;
  }
}

export const edpcKDefinition = defineGame({
  id: 'edpc-k',
  summary: 'subtraction game: take x ∈ A stones from one pile; who cannot move loses (Taro first)',
  params: [],
  input: {
    format: 'N K, then a_1 < a_2 < … < a_N (1 ≤ N ≤ 100, 1 ≤ a_i ≤ K ≤ 100000)',
    example: '2 7\n2 3\n',
  },
  load(_params, input) {
    const reader = new InputReader(requireText(input, 'edpc-k'));
    const n = reader.int('N', 1, 100);
    const k = reader.int('K', 1, 100_000);
    const take: number[] = [];
    for (let i = 0; i < n; i++) {
      const at = reader.where();
      const a = reader.int(`a_${i + 1}`, 1, k);
      if (i > 0 && a <= take[i - 1]) {
        throw new InputError(
          `a_${i + 1} = ${a} is not larger than a_${i} = ${take[i - 1]}: the a_i must increase`,
          at.line,
          at.column,
        );
      }
      take.push(a);
    }
    reader.end();
    return [new EdpcK(k, take)];
  },
  answerNeeds: 'outcome',
  answer: (value: Value): string => (value.outcome === 'win' ? 'First' : 'Second'),
});
