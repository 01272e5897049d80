/**
 * The `yomi` command: sets up the subcommands and turns errors into exit
 * codes. A user's mistake (a YomiError) is one line on stderr and exit code 2;
 * anything else is a bug in yomi and keeps its stack trace (exit code 1).
 */

import { Command, CommanderError } from 'commander';
import { YomiError } from '../core/errors.js';

type Register = (program: Command) => void;

/**
 * Every command and how to load its module. Only the command being run is
 * loaded (all of them for help or an unknown command), so `yomi solve` does
 * not pay for loading what `play` or `serve` need.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  list: async () => (await import('./commands/list.js')).registerList,
  solve: async () => (await import('./commands/solve.js')).registerSolve,
  analyze: async () => (await import('./commands/analyze.js')).registerAnalyze,
  check: async () => (await import('./commands/check.js')).registerCheck,
  play: async () => (await import('./commands/play.js')).registerPlay,
  demo: async () => (await import('./commands/demo.js')).registerDemo,
  serve: async () => (await import('./commands/serve.js')).registerServe,
  grundy: async () => (await import('./commands/grundy.js')).registerGrundy,
  query: async () => (await import('./commands/query.js')).registerQuery,
  book: async () => (await import('./commands/book.js')).registerBook,
};

export async function main(argv: string[]): Promise<number> {
  const program = new Command('yomi')
    .description('Exact solver for two-player games: who wins, by how much, in how many moves, and how.')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text) })
    .showHelpAfterError('(run yomi --help for usage)');
  try {
    const name = argv.find((arg) => !arg.startsWith('-'));
    const wanted = name !== undefined && Object.hasOwn(COMMANDS, name) ? [name] : Object.keys(COMMANDS);
    for (const register of await Promise.all(wanted.map((n) => COMMANDS[n]()))) register(program);
    await program.parseAsync(argv, { from: 'user' });
    // A command may set its own exit code (an interrupted search: 130).
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (e instanceof YomiError) {
      process.stderr.write(`yomi: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}
