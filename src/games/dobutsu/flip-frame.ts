/**
 * Ranks the children and parents of a decoded Dobutsu position without
 * building them: each is the decoded board with a square or two changed (and
 * perhaps a lion moved), seen by the other player — the board turned by a
 * half-turn, colours swapped.
 *
 * Seen by the other player, the free squares are read in the order of their
 * squares there (perfect-hash.ts FLIP_ORDER_A), or in that order's mirror
 * image (FLIP_ORDER_B) for a lion pair ranked as its mirror image; leaving
 * out the two lion squares, the first five digits are the left code and the
 * next five the right. With prefix sums of the twelve digits in both orders
 * (computed once per decoded board, when first needed), any placement of the
 * lions is two subtractions and two exact divisions, and each changed square
 * one multiply-add: O(1) per child or parent, no allocation.
 */

import { SQUARES } from './board.js';
import {
  type DobutsuLayout,
  FLIP,
  FLIP_DIGIT,
  FLIP_ORDER_A,
  FLIP_ORDER_B,
  HALF_CODES,
  MIRRORED,
  POW9,
  SELF,
} from './perfect-hash.js';

/** The square at each place of the two orders. */
const SQUARE_A = new Int32Array(SQUARES);
const SQUARE_B = new Int32Array(SQUARES);
for (let s = 0; s < SQUARES; s++) {
  SQUARE_A[FLIP_ORDER_A[s]] = s;
  SQUARE_B[FLIP_ORDER_B[s]] = s;
}

export class FlipFrame {
  private ready = false;
  private readonly prefixA = new Float64Array(SQUARES + 1);
  private readonly prefixB = new Float64Array(SQUARES + 1);
  /** `cells`: the decoded board (board.ts codes), which the owner changes and then calls reset(). */
  constructor(
    private readonly layout: DobutsuLayout,
    private readonly cells: Uint8Array,
  ) {}

  /** The board in `cells` is a new one. */
  reset(): void {
    this.ready = false;
  }

  /**
   * The index, seen by the other player, of the board with this frame's lions
   * on `own` and `opp` (a lion's old square counts as empty), square `a`
   * holding cell `ca` and square `b` holding `cb` (a or b < 0: no change),
   * and `hand` the other player's hand.
   */
  rank(own: number, opp: number, hand: number, a: number, ca: number, b: number, cb: number): number {
    if (!this.ready) this.prefix();
    const flip = FLIP[own * SQUARES + opp];
    const base = this.layout.pairBase[flip];
    if (MIRRORED[flip] === 1)
      return base + this.rest(this.prefixB, FLIP_ORDER_B, own, opp, hand, a, ca, b, cb);
    const rest = this.rest(this.prefixA, FLIP_ORDER_A, own, opp, hand, a, ca, b, cb);
    if (SELF[flip] === 0) return base + rest;
    // Both lions on file b: the smaller of the board's index and its mirror image's.
    return base + Math.min(rest, this.rest(this.prefixB, FLIP_ORDER_B, own, opp, hand, a, ca, b, cb));
  }

  private rest(
    prefix: Float64Array,
    order: Int32Array,
    own: number,
    opp: number,
    hand: number,
    a: number,
    ca: number,
    b: number,
    cb: number,
  ): number {
    const x = Math.min(order[own], order[opp]);
    const y = Math.max(order[own], order[opp]);
    // Digits before x keep their place, those between x and y move down one, those after y two.
    let code = prefix[x] + (prefix[y] - prefix[x + 1]) / 9 + (prefix[SQUARES] - prefix[y + 1]) / 81;
    const cells = this.cells;
    if (a >= 0) {
      const k = order[a];
      code += (FLIP_DIGIT[ca] - FLIP_DIGIT[cells[a]]) * POW9[k - +(k > x) - +(k > y)];
    }
    if (b >= 0) {
      const k = order[b];
      code += (FLIP_DIGIT[cb] - FLIP_DIGIT[cells[b]]) * POW9[k - +(k > x) - +(k > y)];
    }
    const right = Math.floor(code / HALF_CODES);
    return this.layout.restOf(code - right * HALF_CODES, right, hand);
  }

  /** Prefix sums of the board's digits seen by the other player, in both orders (lions are 0). */
  private prefix(): void {
    const cells = this.cells;
    const prefixA = this.prefixA;
    const prefixB = this.prefixB;
    let sumA = 0;
    let sumB = 0;
    for (let k = 0; k < SQUARES; k++) {
      sumA += FLIP_DIGIT[cells[SQUARE_A[k]]] * POW9[k];
      sumB += FLIP_DIGIT[cells[SQUARE_B[k]]] * POW9[k];
      prefixA[k + 1] = sumA;
      prefixB[k + 1] = sumB;
    }
    this.ready = true;
  }
}
