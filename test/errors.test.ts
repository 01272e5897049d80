/**
 * yomi's errors are known by `instanceof` also when another copy of the
 * library threw them (a user's module imports its own `yomi`): by the mark
 * every copy shares and a class of the same name on the prototype chain —
 * never an unmarked error, and never a class the error is not of.
 */

import { describe, expect, it } from 'vitest';
import { BudgetError, GameError, InputError, YomiError } from '../src/core/errors.js';
import { UserCodeError } from '../src/host/guarded-game.js';

/** The classes of another copy of yomi, as its errors.ts makes them (the same names, the same mark). */
function otherCopy() {
  const mark = Symbol.for('yomi.error');
  class YomiError extends Error {
    readonly [mark] = true;
  }
  class GameError extends YomiError {}
  class UserCodeError extends GameError {}
  return { YomiError, GameError, UserCodeError };
}

describe("yomi's errors", () => {
  it('are known across copies of the library, by the class they are of and the classes it extends', () => {
    const other = otherCopy();
    const e = new other.GameError('a board has 2 moves');
    expect(e instanceof YomiError).toBe(true);
    expect(e instanceof GameError).toBe(true);
    expect(e instanceof BudgetError).toBe(false);
    expect(e instanceof InputError).toBe(false);
    expect(e instanceof UserCodeError).toBe(false);
    expect(new other.UserCodeError('threw') instanceof GameError).toBe(true);
    expect(new other.YomiError('x') instanceof GameError).toBe(false);
  });

  it('are not made of errors without the mark, whatever their names', () => {
    class GameError extends Error {}
    expect(new GameError('x') instanceof YomiError).toBe(false);
    expect(new Error('x') instanceof YomiError).toBe(false);
    // What a catch block may hold: anything.
    const thrown: unknown[] = [null, 'GameError', 42];
    for (const t of thrown) expect(t instanceof YomiError).toBe(false);
  });

  it('still work as classes in this copy', () => {
    const e = new BudgetError('too large', 'memory');
    expect(e instanceof BudgetError && e instanceof YomiError && !(e instanceof GameError)).toBe(true);
    expect(e.limit).toBe('memory');
    expect(new InputError('bad', 3, 5).message).toBe('line 3, column 5: bad');
  });
});
