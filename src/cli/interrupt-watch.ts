/**
 * Ctrl-C while the main thread is busy and a status line is on screen.
 *
 * A table solve runs synchronously: no JavaScript signal handler can run until
 * it ends, so a Ctrl-C kills the process at once and the status line stays on
 * the screen above the shell's prompt. While a line is drawn by such work, the
 * terminal is put in raw mode (Ctrl-C arrives as a byte instead of a signal)
 * and a small thread reads it: on Ctrl-C it erases the line and then sends
 * the process the SIGINT the terminal would have sent, so the shell sees the
 * usual ending (exit status 130, "^C" behaviour, the terminal's modes restored
 * by Node on the way out). Ctrl-\ and Ctrl-Z are passed on the same way
 * (SIGQUIT, SIGTSTP). Other keys typed meanwhile are not echoed and are
 * dropped, as raw mode reads them.
 *
 * Used only when stderr and the controlling terminal are terminals and nobody
 * handles SIGINT (work that listens for it can stop its own line); anywhere
 * else `watchInterrupts` does nothing.
 */

import { constants, openSync } from 'node:fs';
import type { ReadStream } from 'node:tty';

export interface InterruptWatch {
  /** Gives the terminal back its modes and ends the thread. */
  stop(): void;
}

/**
 * The watching thread, as source: it is small, has no imports of yomi's, and
 * so needs no file of its own next to the bundled CLI. It polls the terminal
 * (opened non-blocking) every 50 ms until flag 0 is raised, and raises flag 1
 * once it has closed it. After a stop (Ctrl-Z) and `fg` it puts the terminal
 * back in raw mode.
 */
const WATCHER = `
const { workerData } = require('node:worker_threads');
const { constants, openSync, readFileSync, readSync, writeSync } = require('node:fs');
const { ReadStream } = require('node:tty');
const flags = new Int32Array(workerData.flags);
const fd = openSync('/dev/tty', constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
const terminal = new ReadStream(fd);
const raw = () => { terminal.setRawMode(false); terminal.setRawMode(true); };
const cooked = () => { terminal.setRawMode(true); terminal.setRawMode(false); };
// Whether this process group has the terminal (after fg, not after bg); where /proc is missing, assumed.
const foreground = () => {
  try {
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ').pop().split(' ');
    return f[2] === f[5];
  } catch { return true; }
};
const bytes = Buffer.alloc(256);
const SIGNALS = { 3: 'SIGINT', 28: 'SIGQUIT', 26: 'SIGTSTP' };
let reassert = 0;
while (Atomics.load(flags, 0) === 0) {
  let n = 0;
  try { n = readSync(fd, bytes, 0, bytes.length, null); } catch (e) { if (e.code !== 'EAGAIN') break; }
  const key = bytes.subarray(0, n).find((b) => SIGNALS[b] !== undefined);
  if (key !== undefined) {
    writeSync(2, workerData.erase);
    cooked();
    process.kill(workerData.pid, SIGNALS[key]);
    // The shell gives the terminal its own modes while the process is stopped (Ctrl-Z) and
    // does not restore ours at fg, which may come at any moment: raw again, every 5 ms for 2 s.
    reassert = 400;
  } else if (reassert > 0 && foreground()) {
    reassert -= 1;
    raw();
  }
  Atomics.wait(flags, 0, 0, reassert > 0 ? 5 : 50);
}
terminal.destroy();
Atomics.store(flags, 1, 1);
Atomics.notify(flags, 1);
`;

/** Starts watching the terminal for Ctrl-C, Ctrl-\ and Ctrl-Z; `erase` is written to stderr before the signal. */
export function watchInterrupts(erase: string): InterruptWatch {
  if (process.stderr.isTTY !== true || process.listenerCount('SIGINT') > 0) return { stop() {} };
  // Node's tty and worker_threads, loaded here (process.getBuiltinModule): a command that draws no line does not pay for them.
  const { Worker } = process.getBuiltinModule('node:worker_threads');
  let terminal: ReadStream;
  try {
    terminal = new (process.getBuiltinModule('node:tty').ReadStream)(
      openSync('/dev/tty', constants.O_RDONLY | constants.O_NOCTTY),
    );
  } catch {
    return { stop() {} }; // no controlling terminal
  }
  // Raw at once, on this thread: a Ctrl-C while the watcher starts must not slip through. A terminal
  // already raw (yomi play's line editor) is left as it is, and stays raw after.
  const wasRaw = process.stdin.isTTY === true && process.stdin.isRaw;
  if (!wasRaw) terminal.setRawMode(true);
  const flags = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(WATCHER, {
    eval: true,
    workerData: { flags: flags.buffer, erase, pid: process.pid },
    stdout: false,
    stderr: false,
  });
  worker.unref();
  return {
    stop() {
      Atomics.store(flags, 0, 1);
      Atomics.notify(flags, 0);
      Atomics.wait(flags, 1, 0, 1000);
      void worker.terminate();
      if (!wasRaw) terminal.setRawMode(false);
      terminal.destroy();
    },
  };
}
