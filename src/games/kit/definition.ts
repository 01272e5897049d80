/**
 * What a built-in game offers the CLI and the playground: its id, a one-line
 * summary, its parameters (as in `connect4(width=5,height=4)`), how it reads a
 * problem input, and how it writes the answer the problem asks for.
 */

import type { AnyGame } from '../../core/game.js';
import type { Value } from '../../core/value.js';

/** An int, a string, or a list of ints (written with spaces: `nim(heaps=3 4 5)`). */
export type ParamValue = number | string | readonly number[];

export interface ParamSpec {
  name: string;
  type: 'int' | 'string' | 'ints';
  default: ParamValue;
  description: string;
  /** For ints (and each int of a list): inclusive bounds. */
  min?: number;
  max?: number;
  /** For strings: the accepted values, or a check that returns an error message. */
  choices?: readonly string[];
  /** Any further check; returns an error message. */
  check?: (value: ParamValue) => string | undefined;
  /** For lists: bounds on the number of ints. */
  minLength?: number;
  maxLength?: number;
}

export type Params = Record<string, ParamValue>;

export interface GameDefinition {
  id: string;
  summary: string;
  params: readonly ParamSpec[];
  /**
   * Problem games read their usual text input (a file or stdin) and may hold
   * several datasets; games without input are made from their parameters.
   */
  input?: {
    /** One line saying what the input looks like, for `yomi list` and errors. */
    format: string;
    /** A small valid input, used by the demo and the playground. */
    example: string;
  };
  /** The games to solve: one per dataset of the input, or one made from the parameters. */
  load(params: Params, input?: string): AnyGame[];
  /** The answer line for one game, from its start's value (e.g. `Takahashi`, `First`, `win in 5`). */
  answer(value: Value, game: AnyGame): string;
}
