/**
 * The stalled-file reporter (test/stalled-file-reporter.ts) ends a run whose
 * test file is blocked in a synchronous call: a vitest run of a file that
 * waits for a child that never ends stops after the silence allowed (here
 * 2 s), says which file and what the blocked process waits on, exits 1, and
 * leaves no child behind.
 */

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { ROOT } from './helpers.js';

/** Whether a process is gone (or a zombie waiting only to be reaped). */
const gone = (pid: number): boolean => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].startsWith('Z');
  } catch {
    return true;
  }
};

it('ends a run whose file is blocked, naming the file and the child it waits for, and kills that child', async () => {
  const dir = join(ROOT, 'test/fixtures/stall');
  const run = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.config.ts'],
    {
      cwd: dir,
      env: { ...process.env, YOMI_TEST_STALL_SECONDS: '2', NO_COLOR: '1' },
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
  let stderr = '';
  run.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  run.stdout.resume();
  const status = await new Promise<number | null>((resolve) => run.on('close', resolve));
  expect(status, stderr).toBe(1);
  expect(stderr).toMatch(/^blocked\.stall\.ts has reported nothing for \d+ s; the last it said: /m);
  expect(stderr).toContain('no test timeout can stop');
  const child = /^ {2}(\d+) \S+ in \S+: \S+ -e setInterval/m.exec(stderr);
  expect(child, stderr).not.toBeNull();
  expect(gone(Number(child?.[1]))).toBe(true);
});
