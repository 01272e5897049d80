/**
 * `yomi query FILE [position]`: the value of a position (default: the start)
 * read from a solution file written by `yomi solve … --save FILE`, without
 * solving anything: one line such as `win in 19` or `draw`.
 */

import type { Command } from 'commander';
import { formatValue } from '../../core/value.js';
import { loadSolution } from '../../db/solution-file.js';
import { positionOf } from '../solution-files.js';

export function registerQuery(program: Command): void {
  program
    .command('query')
    .description('read the value of a position from a solution file (yomi solve … --save FILE)')
    .argument('<file>', 'a solution file')
    .argument('[position]', 'a position as the game writes it (default: the start)')
    .action((file: string, position: string | undefined) => {
      const { game, solution } = loadSolution(file);
      const p = position === undefined ? game.start : positionOf(solution, position);
      process.stdout.write(`${formatValue(solution.value(p))}\n`);
    });
}
