// A vitest reporter that ends the run when a test file stops reporting. A test or hook that awaits
// too long fails at its timeout (45 s), but one whose thread is blocked in a synchronous call (a
// spawnSync whose child never ends, an open() of a FIFO nobody reads, a loop that never returns) can
// never time out: the run would wait until CI kills it, with nothing to say which file it was.
// When a running file has reported nothing for STALL_MS, this prints the file, what it was doing, the
// kernel calls this process's threads are waiting in and the processes below it, then ends the run
// (and those processes). YOMI_TEST_STALL_SECONDS sets the silence allowed (300).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestModule, TestSuite } from 'vitest/node';

/** Far beyond any test's or hook's timeout: only a blocked thread stays silent this long. */
const STALL_MS = Number(process.env.YOMI_TEST_STALL_SECONDS ?? 300) * 1000;
const CHECK_MS = Math.min(10_000, STALL_MS / 4);

/** What a file last said, and when. */
interface Activity {
  at: number;
  doing: string;
}

const read = (path: string): string => {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '?';
  }
};

/** A /proc stat line's fields after the command name (which may hold spaces): state is [0], parent [1]. */
export const statFields = (path: string): string[] => read(path).split(') ').pop()?.split(' ') ?? [];

/** This process's threads, counted by name, state, kernel wait and system call number. */
function threadWaits(): string[] {
  if (!existsSync('/proc/self/task')) return ['  (not readable here: no /proc)'];
  const counts = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const task = `/proc/self/task/${tid}`;
    const key = `${read(`${task}/comm`)} ${statFields(`${task}/stat`)[0]} in ${read(`${task}/wchan`)} (syscall ${read(`${task}/syscall`).split(' ')[0]})`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([key, n]) => `  ${n} × ${key}`);
}

/** The ids of every process below this one. */
function descendants(): number[] {
  if (!existsSync('/proc/self/task')) return [];
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (/^\d+$/.test(name)) parentOf.set(Number(name), Number(statFields(`/proc/${name}/stat`)[1]));
  }
  const below = (pid: number): boolean => {
    for (let p = parentOf.get(pid); p !== undefined && p > 1; p = parentOf.get(p))
      if (p === process.pid) return true;
    return false;
  };
  return [...parentOf.keys()].filter(below);
}

/** A process's id, state, kernel wait and command line. */
function described(pid: number): string {
  const command = read(`/proc/${pid}/cmdline`).replaceAll('\0', ' ').slice(0, 200);
  return `  ${pid} ${statFields(`/proc/${pid}/stat`)[0]} in ${read(`/proc/${pid}/wchan`)}: ${command}`;
}

export default class StalledFileReporter implements Reporter {
  private readonly running = new Map<string, Activity>();
  private timer?: NodeJS.Timeout;

  private heard(moduleId: string, doing: string): void {
    this.running.set(moduleId, { at: Date.now(), doing });
  }

  onTestRunStart(): void {
    this.timer = setInterval(() => this.check(), CHECK_MS);
    this.timer.unref();
  }

  onTestRunEnd(): void {
    clearInterval(this.timer);
  }

  onTestModuleStart(m: TestModule): void {
    this.heard(m.moduleId, 'it started');
  }

  onTestModuleCollected(m: TestModule): void {
    this.heard(m.moduleId, 'its tests were collected');
  }

  onTestSuiteReady(s: TestSuite): void {
    this.heard(s.module.moduleId, `"${s.fullName}" began`);
  }

  onTestSuiteResult(s: TestSuite): void {
    this.heard(s.module.moduleId, `"${s.fullName}" ended`);
  }

  onTestCaseReady(t: TestCase): void {
    this.heard(t.module.moduleId, `test "${t.fullName}" began`);
  }

  onTestCaseResult(t: TestCase): void {
    this.heard(t.module.moduleId, `test "${t.fullName}" ended`);
  }

  onTestModuleEnd(m: TestModule): void {
    this.running.delete(m.moduleId);
  }

  private check(): void {
    const now = Date.now();
    for (const [file, { at, doing }] of this.running) {
      if (now - at < STALL_MS) continue;
      const below = descendants();
      const lines = [
        '',
        `${file.replace(`${process.cwd()}/`, '')} has reported nothing for ${Math.round((now - at) / 1000)} s; the last it said: ${doing}.`,
        'Its thread is blocked in a synchronous call, which no test timeout can stop; the run ends here.',
        "This process's threads, by what they wait in:",
        ...threadWaits(),
        'The processes below this one (killed now, so that none outlives the run):',
        ...below.map(described),
        '',
      ];
      process.stderr.write(lines.join('\n'));
      for (const pid of below) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // ended meanwhile
        }
      }
      process.exit(1);
    }
  }
}
