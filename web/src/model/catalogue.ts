/**
 * The games as the playground presents them: a name people read ("Connect
 * Four", "Kayles"), the rules in two lines, the players in the game's own
 * words, the board that draws it, and what it opens with (parameters that
 * solve in a browser, a problem input that leads to a real game). Several
 * entries may open one game id with other parameters (Kayles and Dawson's
 * Kayles are octal games); the URL keeps the spec, never the entry.
 */

import type { AnyGame, Game } from '../../../src/core/game.js';
import type { GameDefinition, Params } from '../../../src/games/kit/definition.js';
import { parseGameSpec } from '../../../src/games/kit/params.js';
import { canonicalSpec } from '../../../src/games/open.js';
import type { Board, MoveOf, PositionOf } from '../boards/board.js';
import type { Mover } from './turns.js';

export type Group = 'Games people know' | 'Heap games' | 'Contest problems';

export interface GameEntry {
  /** Unique among entries: the game id, or id:variant. */
  key: string;
  id: string;
  title: string;
  group: Group;
  /** Two short lines: how to move, how to win. */
  rules: readonly [string, string];
  /** The first and the second player, as the game calls them. */
  sides: readonly [string, string];
  /** The spec the entry opens (default: the id with its defaults). */
  spec: string;
  /** A problem input that leads to a real game (problem games only). */
  sample?: string;
  /** The input an empty input box stands for (Connect Four: the empty board). */
  blankInput?: string;
  board?: Board<unknown, unknown>;
  /**
   * Scoring games whose moves' points are net gains (Kalah: the mover's seeds into store minus the
   * opponent's): what each player has after the positions of a path, as the board shows it.
   */
  scores?: Scores<unknown>;
  /**
   * Set for a game too large to solve in a browser that is played from an opening book or a served
   * solution file: what to do when neither is there (the page then does not start solving).
   */
  needsBook?: string;
}

/** What each player (first, second) has after the positions of a path, who was to move at each given. */
export type Scores<P, M = unknown> = (
  game: Game<P, M>,
  path: readonly P[],
  movers: readonly Mover[],
) => readonly [number, number];

type EntryInfo<G extends AnyGame> = Omit<GameEntry, 'key' | 'id' | 'board' | 'spec' | 'scores'> & {
  key?: string;
  spec?: string;
  board?: Board<PositionOf<G>, MoveOf<G>, G>;
  scores?: Scores<PositionOf<G>, MoveOf<G>>;
};

/** An entry for a definition, its board typed by the definition's game. */
export function gameEntry<G extends AnyGame>(def: GameDefinition<G, Params>, info: EntryInfo<G>): GameEntry {
  const { board, scores, ...rest } = info;
  return {
    ...rest,
    key: info.key ?? def.id,
    id: def.id,
    spec: info.spec ?? def.id,
    // The one place a board's (and a score's) types are erased: the catalogue hands it only its own game's positions.
    ...(board ? { board: board as unknown as Board<unknown, unknown> } : {}),
    ...(scores ? { scores: scores as unknown as Scores<unknown> } : {}),
  };
}

/** The id a spec names (the text itself when it does not parse). */
export function specId(spec: string): string {
  try {
    return parseGameSpec(spec).id;
  } catch {
    return spec.replace(/\(.*$/s, '');
  }
}

/** The entry shown for a spec: the one opening the same game and parameters, else the first of its game. */
export function entryFor(entries: readonly GameEntry[], spec: string): GameEntry | undefined {
  const wanted = canonicalSpec(spec);
  return entries.find((e) => canonicalSpec(e.spec) === wanted) ?? entries.find((e) => e.id === specId(spec));
}

/**
 * Whether the page treats the game as a contest problem, with its input box and the problem's answer: a
 * game people know (Connect Four reads lines of moves, as solvers' benchmarks do) is only played.
 */
export function isProblem(entry: GameEntry | undefined, def: GameDefinition | undefined): boolean {
  return def?.input !== undefined && entry?.group !== 'Games people know';
}
