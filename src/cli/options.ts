/**
 * Options shared by the commands that solve (`solve`, `analyze`, `play`):
 * `--solver`, `--max-positions`, alpha-beta's budgets `--max-nodes` /
 * `--max-seconds`, its search threads and table (`--threads`,
 * `--table-mb`) and Connect Four's opening books (`--book`, `--no-book`),
 * declared and read in one place.
 */

import { type Command, InvalidArgumentError, Option } from 'commander';
import { YomiError } from '../core/errors.js';
import type { SolveOptions } from '../solvers/index.js';
import type { BudgetOptions } from '../solvers/search-budget.js';
import { type ProgressSink, progressBar } from './progress.js';

export interface SolveFlags {
  solver: string;
  maxPositions?: number;
  maxNodes?: number;
  maxSeconds?: number;
  threads?: string;
  tableMb?: string;
  /** --book FILE, or false for --no-book. */
  book?: string | false;
}

function positiveInt(text: string): number {
  const n = Number(text.replace(/_/g, ''));
  if (!Number.isSafeInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive integer');
  return n;
}

function positiveNumber(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a positive number');
  return n;
}

export function addSolveOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--solver <name>', 'solver to use (auto chooses and says which)').default('auto'))
    .addOption(
      new Option('--max-positions <n>', 'stop with an error beyond this many positions').argParser(
        positiveInt,
      ),
    )
    .addOption(
      new Option(
        '--max-nodes <n>',
        'alpha-beta: stop after this many nodes and print the proven bounds',
      ).argParser(positiveInt),
    )
    .addOption(
      new Option(
        '--max-seconds <s>',
        'alpha-beta: stop after this many seconds and print the proven bounds',
      ).argParser(positiveNumber),
    )
    .addOption(new Option('--threads <n>', 'alpha-beta: threads searching together (default: all cores)'))
    .addOption(
      new Option(
        '--table-mb <n>',
        'alpha-beta: megabytes of transposition table (default: from free memory)',
      ),
    )
    .addOption(
      new Option('--book <file>', 'Connect Four: answer from this opening book (yomi book) where it can'),
    )
    .addOption(new Option('--no-book', 'Connect Four: search everything, without the shipped opening book'));
}

/** A flag that must be a positive integer, or a one-line error naming it. */
function positiveFlag(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new YomiError(`${name} expects a positive integer, not '${text}'`);
  return n;
}

/** The search flags as numbers: --threads and --table-mb checked. */
export function searchFlags(flags: SolveFlags): {
  solver: string;
  threads?: number;
  tableMb?: number;
} {
  return {
    solver: flags.solver,
    threads: positiveFlag('--threads', flags.threads),
    tableMb: positiveFlag('--table-mb', flags.tableMb),
  };
}

/** Solve options from the flags, with a progress bar on stderr when it is a terminal. */
export function solveOptions(flags: SolveFlags): {
  options: SolveOptions & BudgetOptions;
  progress: ProgressSink;
} {
  const progress = progressBar();
  return {
    options: {
      solver: flags.solver,
      maxPositions: flags.maxPositions,
      maxNodes: flags.maxNodes,
      maxSeconds: flags.maxSeconds,
      onProgress: progress.onProgress,
    },
    progress,
  };
}
