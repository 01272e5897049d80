/**
 * The `yomi` command: sets up the subcommands and `--version`, and turns
 * errors into exit codes. A user's mistake (a YomiError) is one line on stderr
 * (core/error-line.ts) and exit code 2, and so is running out of memory that no
 * estimate foresaw; anything else is a bug in yomi and keeps its stack trace
 * (exit code 1). A reader that stops reading early (`yomi … | head`) ends the
 * command quietly instead of failing it with EPIPE. A run with a time budget
 * that loads a user's module is run in a watched child (supervise.ts). V8's
 * helper threads run below the command's own (host/helper-priority.ts).
 */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { errorLine } from '../core/error-line.js';
import { YomiError } from '../core/errors.js';
import { lowerHelperPriority } from '../host/helper-priority.js';
import { exitProcess } from '../host/process-exit.js';
import { examples, POSITIONS } from './help.js';
import { supervise } from './supervise.js';

type Register = (program: Command) => void;

/**
 * Every command and how to load its module. Only the command being run is
 * loaded (none for the version, all of them for help or an unknown command),
 * so `yomi solve` does not pay for loading what `play` or `serve` need.
 */
export const COMMANDS: Record<string, () => Promise<Register>> = {
  list: async () => (await import('./commands/list.js')).registerList,
  solve: async () => (await import('./commands/solve.js')).registerSolve,
  analyze: async () => (await import('./commands/analyze.js')).registerAnalyze,
  check: async () => (await import('./commands/check.js')).registerCheck,
  play: async () => (await import('./commands/play.js')).registerPlay,
  demo: async () => (await import('./commands/demo.js')).registerDemo,
  serve: async () => (await import('./commands/serve.js')).registerServe,
  grundy: async () => (await import('./commands/grundy.js')).registerGrundy,
  query: async () => (await import('./commands/query.js')).registerQuery,
  completion: async () => (await import('./commands/completion.js')).completionCommand(everyCommand),
  worker: async () => (await import('./commands/worker.js')).registerWorker,
  book: async () => (await import('./commands/book.js')).registerBook,
};

/** Every command's registration (for `yomi completion`, which describes them all). */
function everyCommand(): Promise<Register[]> {
  return Promise.all(Object.values(COMMANDS).map((load) => load()));
}

/**
 * The version in yomi's package.json: the nearest package.json named yomi
 * above wherever this code runs (src, dist, the bundle). Read as a file:
 * resolving the package by its name cost every command about 1 ms.
 */
function version(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'yomi' && pkg.version !== undefined) return pkg.version;
  }
  throw new Error(`yomi's package.json was not found above ${fileURLToPath(import.meta.url)}`);
}

/**
 * A usage mistake that commander reports (`error: unknown option …`, maybe
 * with a second line) as one line `yomi: …`, pointing to the help of the
 * command being run (`yomi solve --help`), else to `yomi --help`.
 */
function usageError(text: string, command: string | undefined): string {
  const message = text
    .replace(/^error: /, '')
    .trim()
    .split(/\s*\n\s*/)
    .join(' ');
  const help = command === undefined ? 'yomi --help' : `yomi ${command} --help`;
  return `yomi: ${errorLine(message)} (run ${help} for usage)\n`;
}

/** What V8 throws when an allocation fails or a Map or Set is full. */
const OUT_OF_MEMORY =
  /allocation failed|Invalid typed array length|Invalid array length|maximum size exceeded/i;

/** Once the reader of stdout has gone, there is nothing left to do: exit at once, without an error. */
function exitWhenStdoutCloses(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    exitProcess();
  });
}

/** How bin/yomi.js ends a command once its output is written (host/process-exit.ts). */
export { exitProcess };

export async function main(argv: string[]): Promise<number> {
  lowerHelperPriority();
  const watched = await supervise(argv);
  if (watched !== undefined) return watched;
  const name = argv.find((arg) => !arg.startsWith('-'));
  const command = name !== undefined && Object.hasOwn(COMMANDS, name) ? name : undefined;
  const program = new Command('yomi')
    .description('Exact solver for two-player games: who wins, by how much, in how many moves, and how.')
    .version(`yomi ${version()}`, '-V, --version', 'print the name and version of yomi')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(usageError(text, command)) })
    .addHelpText(
      'after',
      examples(
        [
          'yomi demo',
          'yomi solve tic-tac-toe',
          "yomi analyze tic-tac-toe --position 'x...o...x'",
          'yomi solve --help',
        ],
        POSITIONS,
      ),
    );
  exitWhenStdoutCloses();
  try {
    const wanted =
      command !== undefined
        ? [command]
        : name === undefined && argv.some((arg) => arg === '-V' || arg === '--version')
          ? [] // the version needs no command
          : Object.keys(COMMANDS);
    for (const register of await Promise.all(wanted.map((n) => COMMANDS[n]()))) register(program);
    await program.parseAsync(argv, { from: 'user' });
    // A command may set its own exit code (an interrupted search: 130).
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (e instanceof YomiError) {
      process.stderr.write(`yomi: ${errorLine(e.message)}\n`);
      return 2;
    }
    if (e instanceof RangeError && OUT_OF_MEMORY.test(e.message)) {
      process.stderr.write(`yomi: out of memory (${errorLine(e.message)}); choose a smaller game\n`);
      return 2;
    }
    throw e;
  }
}
