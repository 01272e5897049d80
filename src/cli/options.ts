/**
 * Options shared by the commands that solve (`solve`, `analyze`, `play`):
 * `--solver`, `--max-positions` and alpha-beta's budgets `--max-nodes` /
 * `--max-seconds`, declared and read in one place.
 */

import { availableParallelism, freemem } from 'node:os';
import { getHeapStatistics } from 'node:v8';
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
  const heap = getHeapStatistics();
  return {
    options: {
      solver: flags.solver,
      maxPositions: flags.maxPositions,
      maxNodes: flags.maxNodes,
      maxSeconds: flags.maxSeconds,
      onProgress: progress.onProgress,
      // What this machine and this process can hold: tables outside the heap, objects inside it.
      memoryBytes: Math.floor(0.9 * freemem()),
      heapBytes: Math.floor(0.8 * (heap.heap_size_limit - heap.used_heap_size)),
      // A change of course (a game too large to explore) is said even when the output goes to a pipe.
      onDecision: (why) => {
        progress.stop();
        process.stderr.write(`yomi: ${why}\n`);
      },
    },
    progress,
  };
}
