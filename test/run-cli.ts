/**
 * Runs the real `yomi` command (bin/yomi.js, on the built dist/) as a spawned
 * process, for end-to-end tests of output, stderr and exit codes.
 */

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import { CHILD_LIMIT, ROOT } from './helpers.js';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `yomi args` with `input` on stdin; `nodeArgs` go to node itself (e.g. a smaller heap). */
export function runCli(args: string[], input?: string, nodeArgs: string[] = []): CliResult {
  const r = spawnSync(process.execPath, [...nodeArgs, join(ROOT, 'bin/yomi.js'), ...args], {
    input: input ?? '',
    encoding: 'utf8',
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
    ...CHILD_LIMIT,
  });
  if (r.error) throw new Error(`yomi ${args.join(' ')}: ${r.error.message}`);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * A user's mistake as the CLI must report it: exit code 2, nothing on stdout,
 * one line `yomi: …` on stderr without a stack frame. A string must be the
 * whole message when `exact`, else a part of it; a RegExp must match the line.
 */
export function expectUserError(r: CliResult, message: string | RegExp, exact = false): void {
  expect(r.stdout, 'nothing on stdout').toBe('');
  expect(r.status, r.stderr).toBe(2);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^yomi: /);
  expect(lines[0]).not.toMatch(/\bat .*:\d+:\d+/); // no stack frame
  if (message instanceof RegExp) expect(lines[0]).toMatch(message);
  else if (exact) expect(r.stderr).toBe(`yomi: ${message}\n`);
  else expect(lines[0]).toContain(message);
}
