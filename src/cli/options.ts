/**
 * Options shared by the commands that solve (`solve`, `analyze`, `play`):
 * `--solver`, `--max-positions` and alpha-beta's budgets `--max-nodes` /
 * `--max-seconds`, declared and read in one place.
 */

import { availableParallelism } from 'node:os';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { SolveOptions } from '../solvers/index.js';
import type { BudgetOptions } from '../solvers/search-budget.js';
import { type ProgressSink, progressBar } from './progress.js';

/** The number of threads when `--threads` is not given: every core. */
export const DEFAULT_THREADS = availableParallelism();

export interface SolveFlags {
  solver: string;
  threads: number;
  maxPositions?: number;
  maxNodes?: number;
  maxSeconds?: number;
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
      new Option('--threads <n>', 'worker threads for the tier solver (default: every core)')
        .argParser(positiveInt)
        .default(DEFAULT_THREADS),
    )
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
    );
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
