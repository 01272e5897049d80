/**
 * `yomi query FILE [position]`: the value of a position (default: the start)
 * read from a solution file written by `yomi solve … --save FILE`, without
 * solving anything: one line such as `win in 19` or `draw` (`--json`: the
 * game, the position and the value). A file of a problem game needs that
 * input again (`--input FILE`); a file of a user's module needs that module
 * (`--game FILE`, checked against the SHA-256 the file records: the file
 * itself never names code to run).
 */

import type { Command } from 'commander';
import { writePosition } from '../../core/game.js';
import { jsonValue } from '../../core/json.js';
import { formatValue } from '../../core/value.js';
import { positionOf, solutionFromFile } from '../../host/solution-files.js';
import { examples, POSITIONS } from '../help.js';
import { addInputOption } from '../options.js';
import { printJson } from '../print-json.js';

export function registerQuery(program: Command): void {
  const command = program
    .command('query')
    .description('read the value of a position from a solution file (yomi solve … --save FILE)')
    .addHelpText(
      'after',
      examples(['yomi solve tic-tac-toe --save ttt.yomi', "yomi query ttt.yomi 'x...o...x'"], POSITIONS),
    )
    .argument('<file>', 'a solution file')
    .argument('[position]', 'a position as the game writes it (default: the start)')
    .option('--input <file>', "the problem input the file was solved for ('-': standard input)")
    .option('--game <module>', "the user's module the file was solved from (a built-in game needs none)")
    .option('--json', 'print JSON: the game, the position and its value');
  addInputOption(command).action(
    async (
      file: string,
      position: string | undefined,
      flags: { input?: string; game?: string; json?: boolean; maxInput?: number },
    ) => {
      const solution = await solutionFromFile(file, flags.game, flags.input, flags.maxInput);
      const { game } = solution;
      const p = position === undefined ? game.start : positionOf(solution, position);
      const value = solution.value(p);
      if (!flags.json) {
        process.stdout.write(`${formatValue(value)}\n`);
        return;
      }
      printJson({ game: game.id, position: writePosition(game, p), value: jsonValue(value) });
    },
  );
}
