/**
 * Options shared by the commands that solve (`solve`, `analyze`, `play`):
 * `--solver` and `--max-positions`, declared and read in one place.
 */

import { type Command, InvalidArgumentError, Option } from 'commander';
import type { SolveOptions } from '../solvers/index.js';
import { type ProgressSink, progressBar } from './progress.js';

export interface SolveFlags {
  solver: string;
  maxPositions?: number;
}

function positiveInt(text: string): number {
  const n = Number(text.replace(/_/g, ''));
  if (!Number.isSafeInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive integer');
  return n;
}

export function addSolveOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--solver <name>', 'solver to use (auto chooses and says which)').default('auto'))
    .addOption(
      new Option('--max-positions <n>', 'stop with an error beyond this many positions').argParser(
        positiveInt,
      ),
    );
}

/** Solve options from the flags, with a progress bar on stderr when it is a terminal. */
export function solveOptions(flags: SolveFlags): { options: SolveOptions; progress: ProgressSink } {
  const progress = progressBar();
  return {
    options: { solver: flags.solver, maxPositions: flags.maxPositions, onProgress: progress.onProgress },
    progress,
  };
}
