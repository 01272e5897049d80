// A vitest reporter that watches how many files the test process holds open (its threads run most
// test files, and a file a thread leaves open stays open for the whole run) and fails the run when
// the most it held passes OPEN_FILES_LIMIT. Many machines let a process open 1,024 files; past that,
// whatever opens a file next fails or waits forever. Threads that once ran the sources under tsx
// left files open as they ended, 1,670 at the peak of a run: on such a machine the run hung.
import { existsSync, readdirSync } from 'node:fs';
import type { Reporter } from 'vitest/node';

/** Half of the common 1,024, so a run that passes here passes there too. */
export const OPEN_FILES_LIMIT = Number(process.env.YOMI_TEST_OPEN_FILES ?? 512);
const SAMPLE_MS = 1000;

const openFiles = (): number => readdirSync('/proc/self/fd').length;
/** Where /proc is missing (not Linux) the files cannot be counted, and the reporter says nothing. */
const countable = existsSync('/proc/self/fd');

export default class OpenFilesReporter implements Reporter {
  private most = 0;
  private timer?: NodeJS.Timeout;

  private sample(): void {
    this.most = Math.max(this.most, openFiles());
  }

  onTestRunStart(): void {
    if (!countable) return;
    this.most = 0;
    this.sample();
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    this.timer.unref();
  }

  onTestModuleEnd(): void {
    if (countable) this.sample();
  }

  onTestRunEnd(): void {
    if (!countable) return;
    clearInterval(this.timer);
    this.sample();
    if (this.most <= OPEN_FILES_LIMIT) {
      process.stdout.write(
        `\nOpen files of the test process: at most ${this.most} (limit ${OPEN_FILES_LIMIT}).\n`,
      );
      return;
    }
    process.stderr.write(
      `\nThe test process held ${this.most} files open at once, more than ${OPEN_FILES_LIMIT}: something leaves files open (ls -l /proc/<pid>/fd during the run shows which).\n`,
    );
    process.exitCode = 1;
  }
}
