/**
 * Errors that are the user's to fix: bad input, an unknown game, a budget
 * exceeded, a game the chosen solver cannot handle. The CLI prints their
 * message on one line and exits with code 2; anything else is a bug in yomi.
 */

export class YomiError extends Error {
  override name = 'YomiError';
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
