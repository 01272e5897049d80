/**
 * Solution files on the command line: `yomi solve … --save FILE` writes one
 * after solving, and `yomi analyze --db FILE` answers from one instead of
 * solving (see src/db/solution-file.ts for the format). Kept apart from the
 * commands so that each of them needs one line to offer it.
 */

import { YomiError } from '../core/errors.js';
import type { AnyGame } from '../core/game.js';
import type { Solution } from '../core/solution.js';
import { loadSolution, saveSolution } from '../db/solution-file.js';
import { analyzePosition, formatAnalysis } from './commands/analyze.js';

export interface SolutionFileFlags {
  save?: string;
  db?: string;
  position?: string;
  json?: boolean;
}

/** `--save FILE`: writes the solution of the one game solved (a built-in game made from its parameters). */
export function saveIfAsked(
  flags: SolutionFileFlags,
  gameArg: string,
  games: readonly AnyGame[],
  game: AnyGame,
  solution: Solution<unknown, unknown>,
): void {
  if (flags.save === undefined) return;
  if (games.length !== 1)
    throw new YomiError(`--save keeps one game's solution; the input holds ${games.length}`);
  saveSolution(flags.save, gameArg, game, solution);
}

/** The game argument of a command that may also take its game from `--db`. */
export function requireGame(gameArg: string | undefined): string {
  if (gameArg === undefined)
    throw new YomiError('name a game (an id with parameters, or a module), or give --db FILE');
  return gameArg;
}

/**
 * `yomi analyze [game] --db FILE`: prints the analysis of the start (or
 * `--position`) from the file, and returns true; returns false without `--db`.
 * A game named as well must be the file's game.
 */
export function analyzeFromFile(gameArg: string | undefined, flags: SolutionFileFlags): boolean {
  if (flags.db === undefined) return false;
  const { game, solution } = loadSolution(flags.db, gameArg);
  const p = flags.position === undefined ? game.start : positionOf(solution, flags.position);
  const analysis = analyzePosition(solution, p);
  process.stdout.write(`${flags.json ? JSON.stringify(analysis, null, 2) : formatAnalysis(analysis)}\n`);
  return true;
}

/** A position written as the game writes positions. */
export function positionOf(solution: Solution<number, number>, text: string): number {
  const parse = solution.game.parsePosition;
  if (!parse) throw new YomiError(`${solution.game.id} cannot read positions`);
  return parse.call(solution.game, text);
}
