/**
 * A query asked before the page gets to its position. The computer chooses
 * its move as soon as the values are in, but plays it only after a pause (so
 * people see it come); the values of the position it leads to are asked for
 * at once, so that their search runs during the pause instead of after it.
 * The page takes that answer when it gets there; one asked of another source
 * (the game started again) is never taken, and one never taken is dropped
 * quietly (an undo during the pause).
 */

import type { Answer, ValueSource } from '../sources/value-source.js';

export class QueryAhead {
  private held: { key: string; from: ValueSource; answer: Promise<Answer> } | undefined;

  /** Holds the answer `from` was just asked for the position `key` names (the page's key of game and moves). */
  hold(key: string, from: ValueSource, answer: Promise<Answer>): void {
    answer.catch(() => {});
    this.held = { key, from, answer };
  }

  /** The answer asked ahead for `key` of `from`, if that is what was asked; nothing is held after. */
  take(key: string, from: ValueSource): Promise<Answer> | undefined {
    const held = this.held;
    this.held = undefined;
    return held?.key === key && held.from === from ? held.answer : undefined;
  }
}
