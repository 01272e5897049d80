/**
 * The one way to open a game from text: a built-in id with its parameters
 * (`dodgem(size=4)`, parsed and validated by kit/params.ts) and, for a game
 * that reads a problem input, that input. The CLI (which first loads a user's
 * module or reads a file), the playground, solution files and `yomi grundy`
 * all open games here, so a spec means the same thing everywhere and is
 * parsed once.
 */

import { InputError, YomiError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import type { GameDefinition, Params } from './kit/definition.js';
import { formatGameSpec, parseGameSpec, resolveParams } from './kit/params.js';
import { findGame } from './registry.js';

/** A definition with its validated parameters: what a spec names, before any game is built. */
export interface ResolvedSpec {
  def: GameDefinition;
  params: Params;
  /** The spec in canonical form (every parameter written out): `connect4(width=7,height=6)`. */
  spec: string;
  /** The parameters the text gave (not the defaults), as written. */
  given: Readonly<Record<string, string>>;
  /** A user's module: its path and the SHA-256 of its source (solution files record them). */
  module?: { path: string; sha256: string };
}

export interface OpenedGame extends ResolvedSpec {
  /** One game per dataset of the input, or the one game the parameters make. */
  games: AnyGame[];
  /** The problem input the games were read from (games that read one). */
  input?: string;
}

/** The built-in definition and parameters a spec names. */
export function resolveSpec(text: string): ResolvedSpec {
  const parsed = parseGameSpec(text);
  const def = findGame(parsed.id);
  const params = resolveParams(def, parsed.given);
  return { def, params, spec: formatGameSpec(def.id, params), given: parsed.given };
}

/** A spec with every parameter written out (`dodgem` → `dodgem(size=4)`), or the text itself when it names no built-in game. */
export function canonicalSpec(text: string): string {
  try {
    return resolveSpec(text).spec;
  } catch {
    return text;
  }
}

/** The games of a resolved definition. A game that reads an input needs one; a game made from its parameters alone refuses one. */
export function openResolved(resolved: ResolvedSpec, input?: string): OpenedGame {
  const { def } = resolved;
  if (!def.input && input !== undefined) {
    throw new YomiError(`${def.id} reads no input (it is set by its parameters), but an input was given`);
  }
  if (def.input && input === undefined) {
    throw new InputError(`${def.id} reads its input (${def.input.format}); none was given`);
  }
  // A byte order mark is accepted, as CRLF line ends and tabs are: it is not part of the text.
  const text = input?.startsWith(BOM) ? input.slice(BOM.length) : input;
  const games = def.load(resolved.params, text);
  if (games.length === 0) throw new InputError(`${def.id}: the input holds no game to solve`);
  return { ...resolved, games, input: text };
}

const BOM = '\uFEFF';

/** Opens a built-in game: `openGame('connect4(width=5,height=4)', '4453\n')`. */
export function openGame(text: string, input?: string): OpenedGame {
  return openResolved(resolveSpec(text), input);
}
