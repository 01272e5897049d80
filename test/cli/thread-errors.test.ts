/**
 * A user's mistake inside the tier solver's threads reaches the user as the
 * same one line as on the main thread (exit code 2, no stack trace): a
 * `children()` that throws at one position of a game large enough for the
 * pool, a module that throws only when loaded in a thread, and one that calls
 * `process.exit` there.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { expectUserError, runCli } from '../run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'yomi-thread-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A walk down by one or two steps over 2^20 + 5 positions (the pool takes games of a million or more), `head` first. */
function walk(name: string, head: string, children = ''): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `${head}
const N = (1 << 20) + 5;
export default {
  kind: 'indexed', id: 'walk', size: N, start: N - 1, maxMoves: 2, maxParents: 2,
  children(p, out) { ${children} let n = 0; if (p >= 1) out[n++] = p - 1; if (p >= 2) out[n++] = p - 2; return n; },
  parents(p, out) { let n = 0; if (p + 1 < N) out[n++] = p + 1; if (p + 2 < N) out[n++] = p + 2; return n; },
  primitive: () => -1,
};
`,
  );
  return path;
}

describe('errors in the tier solver threads', () => {
  it('are the one line of the main thread', () => {
    const threads = ['--solver', 'tiers', '--threads', '2'];
    expectUserError(
      runCli(['solve', walk('throws.mjs', '', "if (p === 12345) throw new Error('boom');"), ...threads]),
      /throws\.mjs: children\(\) threw Error: boom \(at position 12345/,
    );
    const inThread =
      "import { isMainThread } from 'node:worker_threads';\nif (!isMainThread) throw new Error('only in a thread');";
    expectUserError(
      runCli(['solve', walk('in-thread.mjs', inThread), ...threads]),
      /cannot load .*in-thread\.mjs: .*only in a thread$/,
    );
    const exits = "import { isMainThread } from 'node:worker_threads';\nif (!isMainThread) process.exit(7);";
    expectUserError(
      runCli(['solve', walk('exits.mjs', exits), ...threads]),
      'a thread of the tier solver stopped: worker exited with code: 7',
    );
  });
});
