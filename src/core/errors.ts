/**
 * Errors that are the user's to fix: bad input, an unknown game, a budget
 * exceeded, a game the chosen solver cannot handle. The CLI prints their
 * message on one line and exits with code 2; anything else is a bug in yomi.
 *
 * A user's module that imports `yomi` runs its own copy of the library (the
 * CLI is a bundle of its own), so an error it throws — a derived board
 * game refusing a move, say — is of that copy's classes. `instanceof`
 * knows them too: each error carries a mark shared by every copy, and
 * matches a class of the same name on its prototype chain.
 */

/** The mark of yomi's errors, the same in every copy of the library. */
const YOMI_ERROR = Symbol.for('yomi.error');

/** A mistake that is the user's to fix (see the file's header): the CLI prints it as one line and exits with code 2. */
export class YomiError extends Error {
  override name = 'YomiError';
  readonly [YOMI_ERROR] = true;

  /** `e instanceof SomeYomiError`: of this class, or of the class of this name in another copy of yomi. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof asks about, a subclass too.
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (typeof value !== 'object' || value === null || !(YOMI_ERROR in value)) return false;
    for (let p = Object.getPrototypeOf(value); p !== null; p = Object.getPrototypeOf(p)) {
      // biome-ignore lint/complexity/noThisInStatic: as above.
      if (p.constructor?.name === this.name) return true;
    }
    return false;
  }
}

/** Malformed problem input; the message starts with where: `line 3, column 5:`. */
export class InputError extends YomiError {
  override name = 'InputError';
  constructor(
    readonly what: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(
      line === undefined ? what : `line ${line}${column === undefined ? '' : `, column ${column}`}: ${what}`,
    );
  }
}

/** Which budget a solve ran out of. */
export type BudgetLimit = 'positions' | 'memory' | 'time';

/** More positions, memory or time than the caller allowed or the machine has. */
export class BudgetError extends YomiError {
  override name = 'BudgetError';
  constructor(
    message: string,
    readonly limit: BudgetLimit = 'positions',
  ) {
    super(message);
  }
}

/** A game with a cycle met by a solver that needs an acyclic game. */
export class CycleError extends YomiError {
  override name = 'CycleError';
}

/** A game whose code contradicts itself (found by `yomi check` or a solver). */
export class GameError extends YomiError {
  override name = 'GameError';
}
