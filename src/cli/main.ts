/**
 * The `yomi` command: sets up the subcommands and turns errors into exit
 * codes. A user's mistake (a YomiError) is one line on stderr and exit code 2;
 * anything else is a bug in yomi and keeps its stack trace (exit code 1).
 */

import { Command, CommanderError } from 'commander';
import { YomiError } from '../core/errors.js';
import { registerAnalyze } from './commands/analyze.js';
import { registerCheck } from './commands/check.js';
import { registerDemo } from './commands/demo.js';
import { registerList } from './commands/list.js';
import { registerPlay } from './commands/play.js';
import { registerServe } from './commands/serve.js';
import { registerSolve } from './commands/solve.js';

export async function main(argv: string[]): Promise<number> {
  const program = new Command('yomi')
    .description('Exact solver for two-player games: who wins, by how much, in how many moves, and how.')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text) })
    .showHelpAfterError('(run yomi --help for usage)');
  for (const register of [
    registerList,
    registerSolve,
    registerAnalyze,
    registerCheck,
    registerPlay,
    registerDemo,
    registerServe,
  ]) {
    register(program);
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (e instanceof YomiError) {
      process.stderr.write(`yomi: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}
