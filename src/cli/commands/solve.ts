/**
 * `yomi solve <game> [input]`: prints exactly the answer the game's problem
 * asks for, one line per dataset (for games without input: the start's value,
 * e.g. `tie in 9`).
 */

import type { Command } from 'commander';
import { EVERY_VALUE } from '../../core/value.js';
import { SearchIncomplete } from '../../solvers/alphabeta.js';
import { solve } from '../../solvers/index.js';
import { openGameArg } from '../load.js';
import { addSolveOptions, type SolveFlags, solveOptions } from '../options.js';
import { boundsLine } from '../search-bounds.js';
import type { SolutionFileFlags } from '../solution-files.js';

export function registerSolve(program: Command): void {
  addSolveOptions(
    program
      .command('solve')
      .description('print the answer for a game (a built-in id, or a .ts/.js module exporting a Game)')
      .argument('<game>', "game id with optional parameters, e.g. 'nim(heaps=3 4 5)', or ./my-game.ts")
      .argument('[input]', "problem input file ('-' or absent: standard input)")
      .option('--save <file>', "also write every position's value to a solution file (for yomi query)"),
  ).action(async (gameArg: string, input: string | undefined, flags: SolveFlags & SolutionFileFlags) => {
    // Solution files (zlib, crypto) are loaded only for --save: most solves start faster without them.
    const files = flags.save === undefined ? undefined : await import('../solution-files.js');
    files?.checkSaveTarget(flags.save);
    const opened = await openGameArg(gameArg, input);
    const { def, games } = opened;
    const { options, progress } = solveOptions(flags);
    const lines: string[] = [];
    try {
      for (const game of games) {
        try {
          const save = flags.save !== undefined;
          // The answer line reads only part of the start's value; a solution file keeps every value.
          const need = save ? EVERY_VALUE : (def.answerNeeds ?? EVERY_VALUE);
          const solution = solve(game, { ...options, tableRequired: save, need });
          files?.saveIfAsked(flags, opened, solution);
          lines.push(def.answer(solution.value(solution.game.start), game));
        } catch (e) {
          // A spent search budget is an answer of its own: the proven bounds.
          if (!(e instanceof SearchIncomplete)) throw e;
          lines.push(boundsLine(e, def, game));
        }
      }
    } finally {
      progress.stop();
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  });
}
