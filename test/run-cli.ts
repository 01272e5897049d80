/**
 * Runs the real `yomi` command (bin/yomi.js, on the built dist/) as a spawned
 * process, for end-to-end tests of output, stderr and exit codes.
 */

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './helpers.js';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], input?: string): CliResult {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/yomi.js'), ...args], {
    input: input ?? '',
    encoding: 'utf8',
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
