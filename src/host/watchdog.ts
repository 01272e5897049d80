/**
 * The watchdog of a run with a time budget: a thread that, if the process is
 * still running a while after the budget ran out, says so in one line and
 * ends it. The solvers honour `--max-seconds` themselves; what they cannot
 * stop is a call into a user's game that never returns (an endless loop in
 * `moves()`), which blocks the thread it runs on. The watchdog reads which
 * call that is from the slot the guard keeps (user-call.ts), names it, tells
 * the process that started this one (`report`, a pipe) that the run was
 * stopped, and kills the process: the parent turns that into exit code 2
 * (cli/supervise.ts).
 */

import { USER_CALLS, userCall } from './user-call.js';

export interface WatchdogOptions {
  /** The run's budget, as given (`--max-seconds`). */
  seconds: number;
  /** How long after the budget the run is stopped. */
  graceSeconds: number;
  /** The user's module the run loads, named in the line. */
  module: string;
  /** A descriptor told `stopped` before the process is killed. */
  report: number;
}

/** The watchdog itself, as source: a few lines with no imports of yomi's, which need no file next to the bundled CLI. */
const WATCHDOG = `
const { workerData: w } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const call = new Int32Array(w.slot);
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, w.ms);
const name = w.names[Atomics.load(call, 0)] || '';
const late = w.grace + ' s after the time budget (--max-seconds ' + w.seconds + ') ran out';
writeSync(2, w.erase + (name === ''
  ? 'yomi: stopped: still running ' + late + ' (a call into ' + w.module + ' on another thread that never returns?)\\n'
  : 'yomi: ' + w.module + ': ' + name + ' did not return; stopped ' + late + '\\n'));
try { writeSync(w.report, 'stopped\\n'); } catch {}
process.kill(w.pid, 'SIGKILL');
`;

/** Starts the watchdog; it holds nothing open, so a run that ends in time ends as usual. */
export function startWatchdog(options: WatchdogOptions): void {
  // Node's worker_threads, loaded here (process.getBuiltinModule): a run without a budget does not pay for it.
  const worker = new (process.getBuiltinModule('node:worker_threads').Worker)(WATCHDOG, {
    eval: true,
    workerData: {
      slot: userCall.buffer,
      names: USER_CALLS,
      ms: (options.seconds + options.graceSeconds) * 1000,
      seconds: options.seconds,
      grace: options.graceSeconds,
      module: options.module,
      report: options.report,
      pid: process.pid,
      // A status line may be on the screen.
      erase: process.stderr.isTTY ? '\r\u001b[K' : '',
    },
    stdout: false,
    stderr: false,
  });
  worker.unref();
}
