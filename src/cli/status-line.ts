/**
 * One status line on stderr, redrawn five times a second with what a long
 * job reports (drawn with cli-progress, which hides the cursor meanwhile and
 * restores it on `stop()`), only when stderr is a terminal.
 */

import { createRequire } from 'node:module';
import type cliProgressModule from 'cli-progress';
import { stderrMayBeTerminal } from './progress.js';

export interface StatusLine {
  stop(): void;
}

export function statusLine(text: () => string): StatusLine {
  if (!stderrMayBeTerminal() || !process.stderr.isTTY) return { stop() {} };
  const cliProgress = createRequire(import.meta.url)('cli-progress') as typeof cliProgressModule;
  const bar = new cliProgress.SingleBar({
    stream: process.stderr,
    format: '{status}',
    hideCursor: true,
    fps: 5,
    linewrap: false,
    clearOnComplete: true,
  });
  bar.start(0, 0, { status: text() });
  const timer = setInterval(() => bar.update({ status: text() }), 200);
  return {
    stop() {
      clearInterval(timer);
      bar.stop();
    },
  };
}
