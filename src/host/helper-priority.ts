/**
 * Runs V8's helper threads below the command's own thread. Node starts four
 * of them whatever the machine (its `--v8-pool-size`, which a program cannot
 * change once started); V8 compiles hot functions there with TurboFan, one
 * job a thread. On a machine with two cores, a command whose functions turn
 * hot together then shares its core with up to four compilations: the solve
 * runs at half speed, and the exit waits for the compilations under way.
 * Niced, the helpers take the spare core and what the command leaves.
 *
 * Linux alone: a nice value belongs to each thread there, and the process's
 * threads are listed in /proc/self/task, the command's own under the
 * process's id. Threads started later (a solve's workers, libuv's pool) are
 * started by the command's thread and keep its priority. Elsewhere, or where
 * /proc cannot be read, nothing changes.
 */

import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** How far below the command's thread: a tenth of its share when both want one core. */
export const HELPER_NICENESS = 10;

/** Lowers the priority of every thread of this process but the one it started with, as they are now. */
export function lowerHelperPriority(): void {
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    return; // not Linux, or no /proc
  }
  for (const name of threads) {
    const thread = Number(name);
    if (thread === process.pid) continue;
    try {
      setPriority(thread, HELPER_NICENESS);
    } catch {
      // A thread that has ended since it was listed.
    }
  }
}
