/**
 * `yomi query FILE [position]`: the value of a position (default: the start)
 * read from a solution file written by `yomi solve … --save FILE`, without
 * solving anything: one line such as `win in 19` or `draw`. A file of a
 * problem game needs that input again (`--input FILE`).
 */

import type { Command } from 'commander';
import { formatValue } from '../../core/value.js';
import { addInputOption } from '../options.js';
import { positionOf, solutionFromFile } from '../solution-files.js';

export function registerQuery(program: Command): void {
  const command = program
    .command('query')
    .description('read the value of a position from a solution file (yomi solve … --save FILE)')
    .argument('<file>', 'a solution file')
    .argument('[position]', 'a position as the game writes it (default: the start)')
    .option('--input <file>', "the problem input the file was solved for ('-': standard input)");
  addInputOption(command).action(
    async (file: string, position: string | undefined, flags: { input?: string; maxInput?: number }) => {
      const solution = await solutionFromFile(file, undefined, flags.input, flags.maxInput);
      const p = position === undefined ? solution.game.start : positionOf(solution, position);
      process.stdout.write(`${formatValue(solution.value(p))}\n`);
    },
  );
}
