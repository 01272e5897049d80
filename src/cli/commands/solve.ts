/**
 * `yomi solve <game> [input]`: prints exactly the answer the game's problem
 * asks for, one line per dataset (for games without input: the start's value,
 * e.g. `tie in 9`).
 */

import type { Command } from 'commander';
import { SearchIncomplete } from '../../core/search.js';
import { solve } from '../../solvers/index.js';
import { bookScores } from '../books.js';
import { loadGames } from '../load.js';
import { addSolveOptions, type SolveFlags, searchFlags, solveOptions } from '../options.js';
import { boundsLine } from '../search-bounds.js';
import { searchSession } from '../search-session.js';
import { type SolutionFileFlags, saveIfAsked } from '../solution-files.js';

export function registerSolve(program: Command): void {
  addSolveOptions(
    program
      .command('solve')
      .description('print the answer for a game (a built-in id, or a .ts/.js module exporting a Game)')
      .argument('<game>', "game id with optional parameters, e.g. 'nim(heaps=3 4 5)', or ./my-game.ts")
      .argument('[input]', "problem input file ('-' or absent: standard input)")
      .option('--save <file>', "also write every position's value to a solution file (for yomi query)"),
  ).action(async (gameArg: string, input: string | undefined, flags: SolveFlags & SolutionFileFlags) => {
    const { def, games, input: text } = await loadGames(gameArg, input);
    const { options, progress } = solveOptions(flags);
    const session = searchSession({ arg: gameArg, input: text }, games, searchFlags(flags), options);
    const lines: string[] = [];
    try {
      for (const [dataset, game] of games.entries()) {
        try {
          const known = bookScores(game, flags.book);
          const solution = session?.handles(game)
            ? await session.solve(game, dataset, known)
            : solve(game, { ...options, known });
          saveIfAsked(flags, gameArg, games, game, solution);
          lines.push(def.answer(solution.value(solution.game.start), game));
        } catch (e) {
          // A spent search budget is an answer of its own: the proven bounds.
          if (!(e instanceof SearchIncomplete)) throw e;
          lines.push(boundsLine(e, def, game));
        }
      }
    } finally {
      progress.stop();
      await session?.close();
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  });
}
