/**
 * A run with a time budget that loads a user's module runs in a child
 * process, watched: a call into the module that never returns blocks the
 * thread it runs on, and no thread of that process can then end it with
 * exit code 2. So this process starts the same command again as a child
 * with a watchdog (host/watchdog.ts) and waits; when the watchdog stopped the
 * child it says so on a pipe, and this process exits with 2 (its one line
 * already written). Otherwise the child's exit code, or the signal that ended
 * it, is this process's own. Terminal signals reach both; this one leaves
 * them to the child. Runs without `--max-seconds`, or of built-in games only,
 * are not watched and start no child.
 */

import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { startWatchdog } from '../host/watchdog.js';

/** The descriptor of the pipe to the parent, in a watched child. */
const WATCHED = 'YOMI_WATCHDOG_FD';
/** A module's file name (maybe with parameters): `./strip.ts`, `game.mjs(n=3)`. */
const MODULE = /\.(c|m)?(t|j)s(\(.*\))?$/s;

/** The budget and the module of a run that is watched, or undefined. */
function watchedRun(argv: string[]): { seconds: number; module: string } | undefined {
  let seconds: number | undefined;
  let module: string | undefined;
  argv.forEach((arg, i) => {
    const value =
      arg === '--max-seconds' ? argv[i + 1] : arg.startsWith('--max-seconds=') ? arg.slice(14) : undefined;
    if (value !== undefined && Number(value) > 0 && Number.isFinite(Number(value))) seconds = Number(value);
    else if (!arg.startsWith('-') && MODULE.test(arg)) module ??= arg;
  });
  return seconds === undefined || module === undefined ? undefined : { seconds, module };
}

/** Time after the budget before the watchdog stops a run: the solvers' own checks come first. */
const graceSeconds = (seconds: number) => Math.ceil(1 + seconds / 10);

/**
 * In the parent of a run to be watched: runs it in a child and returns the
 * exit code. In a watched child: starts its watchdog and returns undefined, as
 * when there is nothing to watch (the command then runs here).
 */
export async function supervise(argv: string[]): Promise<number | undefined> {
  const run = watchedRun(argv);
  if (run === undefined) return undefined;
  const report = Number(process.env[WATCHED]);
  if (!(Number.isInteger(report) && report > 2)) return runWatched(argv);
  startWatchdog({ ...run, graceSeconds: graceSeconds(run.seconds), report });
  return undefined;
}

async function runWatched(argv: string[]): Promise<number> {
  const bin = join(dirname(createRequire(import.meta.url).resolve('yomi/package.json')), 'bin/yomi.js');
  // Node's child_process, loaded here (process.getBuiltinModule): a run that is not watched does not pay for it.
  const child = process
    .getBuiltinModule('node:child_process')
    .spawn(process.execPath, [...process.execArgv, bin, ...argv], {
      stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
      env: { ...process.env, [WATCHED]: '3' },
    });
  let stopped = false;
  child.stdio[3]?.on('data', () => {
    stopped = true;
  });
  // Ctrl-C and the like reach the child from the terminal; a signal sent to this process alone is passed on.
  const passOn = (signal: NodeJS.Signals) => () => child.kill(signal);
  const handlers = (['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const).map((signal) => {
    const handler = signal === 'SIGINT' ? () => {} : passOn(signal);
    process.on(signal, handler);
    return () => process.off(signal, handler);
  });
  const [code, signal] = (await new Promise((resolve) => child.on('close', (...end) => resolve(end)))) as [
    number | null,
    NodeJS.Signals | null,
  ];
  for (const off of handlers) off();
  if (stopped) return 2;
  if (signal !== null) {
    process.kill(process.pid, signal); // ended as the child was
    return 128 + constants.signals[signal];
  }
  return code ?? 1;
}
