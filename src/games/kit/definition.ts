/**
 * What a built-in game offers the CLI and the playground: its id, a one-line
 * summary, its parameters (as in `connect4(width=5,height=4)`), how it reads a
 * problem input, how it writes the answer the problem asks for, and what
 * else it has (opening books). The command line and the playground go by
 * these declarations, never by a game's id.
 *
 * `defineGame` types a definition from its parameter specs: `load` receives
 * `{ width: number, height: number }` for two int parameters, and `answer`
 * the kind of game `load` returns, so no definition casts what it is given.
 */

import type { DatabaseOffer } from '../../core/builds.js';
import type { AnyGame } from '../../core/game.js';
import type { Value, ValueNeed } from '../../core/value.js';

/** The type of a parameter: an int, a string, or a list of ints. */
export type ParamType = 'int' | 'string' | 'ints';

/** The value of a parameter of each type: an int, a string, or a list of ints (`nim(heaps=3 4 5)`). */
export type ParamValueOf<T extends ParamType> = T extends 'int'
  ? number
  : T extends 'ints'
    ? readonly number[]
    : string;

/** The value of a parameter of any type. */
export type ParamValue = ParamValueOf<ParamType>;

/** A parameter a game takes: its name, type, default and bounds, checked in one place (params.ts). */
export interface ParamSpec<N extends string = string, T extends ParamType = ParamType> {
  name: N;
  type: T;
  default: ParamValueOf<T>;
  description: string;
  /** For ints (and each int of a list): inclusive bounds. */
  min?: number;
  max?: number;
  /** For strings: the accepted values. */
  choices?: readonly string[];
  /** Any further check; returns an error message. */
  check?: (value: ParamValueOf<T>) => string | undefined;
  /** For lists: bounds on the number of ints. */
  minLength?: number;
  maxLength?: number;
}

/** Parameters by name, as every definition receives them once validated. */
export type Params = Readonly<Record<string, ParamValue>>;

/** The parameters a list of specs describes, each with its own type. */
export type ParamsOf<S extends readonly ParamSpec[]> = {
  readonly [K in S[number] as K['name']]: ParamValueOf<K['type']>;
};

/** A game as yomi's built-in games are defined (and users' modules may be): see the file's header. */
export interface GameDefinition<G extends AnyGame = AnyGame, P extends Params = Params> {
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
  /**
   * The version of the game's rules and numbering (default 1): bump it when
   * either changes, so that solution files of the old version are refused.
   */
  rules?: number;
  /** The games to solve: one per dataset of the input, or one made from the parameters. */
  load(params: P, input?: string): G[];
  /** The answer line for one game, from its start's value (e.g. `Takahashi`, `First`, `win in 5`). */
  answer(value: Value, game: G): string;
  /**
   * What `answer` reads of the value (default: everything), so that `yomi
   * solve` asks the solver for no more: `First` needs the outcome alone.
   */
  answerNeeds?: ValueNeed;
  /**
   * The game reads opening books (the book files of db/book-file.ts, which
   * `yomi book` builds): the name of the book yomi ships for a game, in the
   * package's books/ folder (absent: none ships for this game).
   */
  book?: {
    /** The file name of the book for `game` in books/ (used when that file is there). */
    shipped(game: G): string;
  };
  /**
   * Databases of this game that a server may build when a player asks
   * (`yomi serve --build-dir`): the game solved whole by tiers into a tier
   * directory, with what that took when it was measured.
   */
  databases?: readonly DatabaseOffer[];
}

/** A definition typed from its parameter specs (their names and types are inferred as written). */
export function defineGame<const S extends readonly ParamSpec[], G extends AnyGame>(
  def: Omit<GameDefinition<G, ParamsOf<S>>, 'params'> & { params: S },
): GameDefinition<G, ParamsOf<S>> {
  return def;
}
