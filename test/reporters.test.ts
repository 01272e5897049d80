/**
 * The reporters that guard a test run, on files that misbehave
 * (test/fixtures/reporters/): the stalled-file reporter ends a run whose file
 * is blocked in a synchronous call after the silence allowed (here 2 s),
 * says which file and what the blocked process waits on, exits 1 and leaves
 * no child behind; the open-files reporter passes a run that closes what it
 * opens and fails one whose process holds more files open than allowed.
 */

import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { ROOT } from './helpers.js';
import { statFields } from './stalled-file-reporter.js';

/** A vitest run of the fixture files matching `filter`, with `env` added; ended whole when the test ends. */
async function runFixtures(filter: string, env: Record<string, string>) {
  const run = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.config.ts', filter],
    {
      cwd: join(ROOT, 'test/fixtures/reporters'),
      env: { ...process.env, ...env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, ended whole if the reporter fails to end it
    },
  );
  onTestFinished(() => {
    try {
      process.kill(-(run.pid as number), 'SIGKILL');
    } catch {
      // the run and all it started have ended
    }
  });
  let stdout = '';
  let stderr = '';
  run.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  run.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const status = await new Promise<number | null>((resolve) => run.on('close', resolve));
  return { status, stdout, stderr };
}

/** Whether a process is gone (no /proc entry: its state reads '?') or a zombie waiting only to be reaped. */
const gone = (pid: number): boolean => ['?', 'Z'].includes(statFields(`/proc/${pid}/stat`)[0]);

it('a file blocked in a synchronous call ends the run, named with the child it waits for, which is killed', async () => {
  const r = await runFixtures('blocked', { YOMI_TEST_STALL_SECONDS: '2' });
  expect(r.status, r.stderr).toBe(1);
  expect(r.stderr).toMatch(/^blocked\.fixture\.ts has reported nothing for \d+ s; the last it said: /m);
  expect(r.stderr).toContain('no test timeout can stop');
  const child = /^ {2}(\d+) \S+ in \S+: \S+ -e setInterval/m.exec(r.stderr);
  expect(child, r.stderr).not.toBeNull();
  expect(gone(Number(child?.[1]))).toBe(true);
});

it('a run whose process holds more files open than allowed fails, and one that closes them passes', async () => {
  const closed = await runFixtures('leaky', { YOMI_TEST_OPEN_FILES: '100' });
  expect(closed.status, closed.stderr).toBe(0);
  expect(closed.stdout).toMatch(/^Open files of the test process: at most \d+ \(limit 100\)\.$/m);
  const leaky = await runFixtures('leaky', { YOMI_TEST_OPEN_FILES: '100', YOMI_TEST_LEAK: '150' });
  expect(leaky.status).toBe(1);
  expect(leaky.stderr).toMatch(/^The test process held \d+ files open at once, more than 100: /m);
});
