/**
 * `yomi check <game> [input]`: random play-outs that look for a game whose
 * code contradicts itself (see src/check). Prints one summary line and exits
 * 0 when every check holds; otherwise reports the first violation and the
 * moves that reached it on stderr, and exits 2.
 */

import type { Command } from 'commander';
import { checkGame, formatReport } from '../../check/run.js';
import { now } from '../../core/clock.js';
import { GameError } from '../../core/errors.js';
import { openGameArg } from '../../host/load.js';
import { examples } from '../help.js';
import { addInputOption, integerAtLeast, positiveNumber } from '../options.js';

interface CheckFlags {
  playouts: number;
  seed: number;
  maxPlies: number;
  maxSeconds?: number;
  maxInput?: number;
}

export function registerCheck(program: Command): void {
  const command = program
    .command('check')
    .description("look for contradictions in a game's code by random play-outs")
    .addHelpText(
      'after',
      examples(['yomi check examples/take-away.ts', 'yomi check ./my-game.ts --playouts 1000 --seed 7']),
    )
    .argument('<game>', 'game id with optional parameters, or ./my-game.ts')
    .argument('[input]', "problem input file ('-' or absent: standard input)")
    .option('--playouts <n>', 'number of random play-outs', integerAtLeast(1), 100)
    .option(
      '--seed <n>',
      'seed of the random moves (the same seed repeats the same play-outs)',
      integerAtLeast(0),
      1,
    )
    .option('--max-plies <n>', 'longest play-out', integerAtLeast(1), 1000)
    .option(
      '--max-seconds <s>',
      'stop after this many seconds, reporting the play-outs made so far',
      positiveNumber,
    );
  addInputOption(command).action(async (gameArg: string, input: string | undefined, flags: CheckFlags) => {
    const { games } = await openGameArg(gameArg, input, flags.maxInput);
    const started = now();
    const lines: string[] = [];
    for (const [i, game] of games.entries()) {
      const report = checkGame(game, {
        playouts: flags.playouts,
        seed: flags.seed,
        maxPlies: flags.maxPlies,
        // One budget for every dataset: what the games before this one left.
        ...(flags.maxSeconds === undefined
          ? {}
          : { maxSeconds: Math.max(0, flags.maxSeconds - (now() - started) / 1000) }),
      });
      const text = (games.length > 1 ? `dataset ${i + 1}: ` : '') + formatReport(report);
      if (report.violation) throw new GameError(text);
      lines.push(text);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  });
}
