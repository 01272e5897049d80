/**
 * Options shared by the commands that solve (`solve`, `analyze`, `play`):
 * `--solver`, `--max-positions`, the budgets `--max-nodes` / `--max-seconds`
 * and `--max-input`, the threads (`--threads`: the tier solver's workers,
 * alpha-beta's search threads), alpha-beta's table (`--table-mb`) and
 * Connect Four's opening books (`--book`, `--no-book`), declared and read in
 * one place; and the memory the machine can give a solve (machine-limits.ts).
 */

import { getHeapStatistics } from 'node:v8';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { now } from '../core/clock.js';
import { DEFAULT_THREADS, machineLimits } from '../host/machine-limits.js';
import { DEFAULT_MAX_INPUT, formatBytes, parseSize } from '../host/read-input.js';
import type { SolveOptions } from '../solvers/index.js';
import type { BudgetOptions } from '../solvers/search-budget.js';
import { TableCache } from '../solvers/transposition-table.js';
import { type ProgressSink, progressBar } from './progress.js';

export interface SolveFlags {
  solver: string;
  threads?: number;
  maxPositions?: number;
  maxNodes?: number;
  maxSeconds?: number;
  maxInput?: number;
  tableMb?: number;
  /** --book FILE, or false for --no-book. */
  book?: string | false;
  /** `--no-symmetry`: every position on its own, not one per class of a declared symmetry. */
  symmetry: boolean;
}

/**
 * An integer as people write it in decimal (`12`, `1_000_000`), or undefined:
 * JavaScript's `Number` also reads `''` (0), `0x10`, `1e3`, `-0` and ` 7 `,
 * none of which a flag takes.
 */
export function decimalInteger(text: string): number | undefined {
  if (!/^\d+(_\d+)*$/.test(text)) return undefined;
  const n = Number(text.replace(/_/g, ''));
  return Number.isSafeInteger(n) ? n : undefined;
}

/** An integer of at least `min`, for a flag's parser. */
export function integerAtLeast(min: number) {
  return (text: string): number => {
    const n = decimalInteger(text);
    if (n === undefined || n < min) throw new InvalidArgumentError(`expected an integer ≥ ${min}`);
    return n;
  };
}

function positiveInt(text: string): number {
  const n = decimalInteger(text);
  if (n === undefined || n <= 0) throw new InvalidArgumentError('expected a positive integer');
  return n;
}

/** A count that may be 0 (`--ahead 0`: none). */
export function nonNegativeInt(text: string): number {
  const n = decimalInteger(text);
  if (n === undefined || n < 0) throw new InvalidArgumentError('expected an integer 0 or more');
  return n;
}

/** `--db-upto N`: the endgame databases' tiers to build first (a count of the game's unit: Kalah's seeds). */
export function dbUptoOption(): Option {
  return new Option(
    '--db-upto <n>',
    "build the --db directory's endgame databases up to n first (Kalah: every board of up to n seeds), going on from what it holds",
  ).argParser((text) => {
    const n = decimalInteger(text);
    if (n === undefined || n < 0) throw new InvalidArgumentError('expected a non-negative integer');
    return n;
  });
}

export function positiveNumber(text: string): number {
  const n = Number(text);
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text) || !Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError('expected a positive number');
  return n;
}

/**
 * `--threads`: at most the machine's cores — more threads than cores only
 * share them, each with its own tables and start-up.
 */
function threadCount(text: string): number {
  const n = positiveInt(text);
  if (n > DEFAULT_THREADS) {
    throw new InvalidArgumentError(
      `this machine has ${DEFAULT_THREADS} core${DEFAULT_THREADS === 1 ? '' : 's'}: give at most ${DEFAULT_THREADS}`,
    );
  }
  return n;
}

function size(text: string): number {
  const n = parseSize(text);
  if (n === undefined)
    throw new InvalidArgumentError('expected a size in bytes, e.g. 1000000, 64K, 200M or 2G');
  return n;
}

/** `--max-input`: the cap on a problem input's size (read-input.ts). */
export function addInputOption(cmd: Command): Command {
  return cmd.addOption(
    new Option(
      '--max-input <size>',
      `largest problem input to read, in bytes or with K, M, G (default ${formatBytes(DEFAULT_MAX_INPUT)})`,
    ).argParser(size),
  );
}

/**
 * `--threads`. A solve leaves it unset by default (`undefined`): the tier
 * solver chooses by the game's size, a search takes every core. A command
 * that uses threads one way (`worker`: the tier solver's; `book`: a search's)
 * says which in `description` and defaults to every core.
 */
export function threadsOption(description?: string): Option {
  if (description === undefined) {
    return new Option(
      '--threads <n>',
      'worker threads of the tier solver, threads searching together in alpha-beta (default: every core; the tier solver: one for a game under a million positions)',
    ).argParser(threadCount);
  }
  return new Option('--threads <n>', description)
    .argParser(threadCount)
    .default(DEFAULT_THREADS, 'every core');
}

/** `--table-mb`: the size of alpha-beta's transposition table. */
export function tableMbOption(): Option {
  return new Option(
    '--table-mb <n>',
    'alpha-beta: megabytes of transposition table (default: from free memory)',
  ).argParser(positiveInt);
}

/** The search flags: the solver, the threads and the table size. */
export function searchFlags(flags: SolveFlags): { solver: string; threads?: number; tableMb?: number } {
  return { solver: flags.solver, threads: flags.threads, tableMb: flags.tableMb };
}

export function addSolveOptions(cmd: Command): Command {
  return addInputOption(
    cmd
      .addOption(new Option('--solver <name>', 'solver to use (auto chooses and says which)').default('auto'))
      .addOption(threadsOption())
      .addOption(
        new Option(
          '--no-symmetry',
          "solve every position on its own, not one per class of the game's declared symmetry",
        ),
      )
      .addOption(
        new Option(
          '--max-positions <n>',
          'stop with an error beyond this many positions (alpha-beta: after searching this many, printing the proven bounds)',
        ).argParser(positiveInt),
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
          'stop after this many seconds, for the whole run: a search prints the proven bounds, a table solver stops with an error',
        ).argParser(positiveNumber),
      )
      .addOption(tableMbOption())
      .addOption(
        new Option('--book <file>', 'Connect Four: answer from this opening book (yomi book) where it can'),
      )
      .addOption(
        new Option('--no-book', 'Connect Four: search everything, without the shipped opening book'),
      ),
  );
}

/**
 * Solve options from the flags, with the machine's memory as the budget and a
 * progress bar on stderr when it is a terminal. `remainingSeconds` spreads one
 * `--max-seconds` over all the games of a run.
 */
export function solveOptions(flags: SolveFlags): {
  options: SolveOptions & BudgetOptions;
  progress: ProgressSink;
  remainingSeconds: () => number | undefined;
} {
  const progress = progressBar();
  const started = now();
  const { maxSeconds } = flags;
  const heap = getHeapStatistics();
  return {
    options: {
      solver: flags.solver,
      maxPositions: flags.maxPositions,
      symmetry: flags.symmetry,
      maxNodes: flags.maxNodes,
      maxSeconds,
      onProgress: progress.onProgress,
      // The lines of one input share a table (Connect Four's by board size) for as long as the command runs.
      tables: new TableCache(),
      ...machineLimits(),
      // Objects (positions, Map entries) live in the heap, whose limit is often far below the memory.
      heapBytes: Math.floor(0.8 * (heap.heap_size_limit - heap.used_heap_size)),
      // A change of course (a game too large to explore) is said even when the output goes to a pipe.
      onDecision: (why) => {
        progress.stop();
        process.stderr.write(`yomi: ${why}\n`);
      },
    },
    progress,
    remainingSeconds: () => (maxSeconds === undefined ? undefined : maxSeconds - (now() - started) / 1000),
  };
}
