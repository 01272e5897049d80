/**
 * How `yomi` starts (bin/yomi.js): the built CLI is one CommonJS bundle run
 * with a V8 code cache beside it. A run that finds no cache writes one; a
 * damaged cache is rejected by V8, the command still answers, and the cache
 * is written again; a user's TypeScript module still loads (the bundle
 * requires jiti: a script run this way has no loader for import()).
 */

import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { runCli } from '../run-cli.js';

const BUNDLE = join(ROOT, 'dist/cli/bundle/main.cjs');

/** The cache bin/yomi.js keeps for the bundle as built now. */
function cacheFile(): string {
  const built = statSync(BUNDLE);
  return `${BUNDLE}.${built.size}-${Math.round(built.mtimeMs)}.cache`;
}

describe('start-up with a code cache', () => {
  it('the CLI is built as one bundle, newer than the compiled modules it was made from', () => {
    expect(existsSync(BUNDLE)).toBe(true);
    expect(statSync(BUNDLE).mtimeMs).toBeGreaterThanOrEqual(statSync(join(ROOT, 'dist/cli/main.js')).mtimeMs);
  });

  it('a run without a cache answers and writes one', () => {
    rmSync(cacheFile(), { force: true });
    expect(runCli(['solve', 'tic-tac-toe'])).toEqual({ status: 0, stdout: 'tie in 9\n', stderr: '' });
    expect(existsSync(cacheFile())).toBe(true);
  });

  it('a damaged cache is rejected: the command answers and the cache is written again', () => {
    const garbage = Buffer.alloc(4096, 7);
    writeFileSync(cacheFile(), garbage);
    expect(runCli(['solve', 'tic-tac-toe'])).toEqual({ status: 0, stdout: 'tie in 9\n', stderr: '' });
    expect(readFileSync(cacheFile()).equals(garbage)).toBe(false);
  });

  it("with the cache in place, a user's TypeScript module loads and a mistake is still one line", () => {
    runCli(['--version']);
    expect(existsSync(cacheFile())).toBe(true);
    expect(runCli(['solve', 'examples/take-away.ts'])).toEqual({
      status: 0,
      stdout: 'win in 11\n',
      stderr: '',
    });
    const r = runCli(['solve', 'abc201d'], '2 x\n');
    expect(r).toEqual({
      status: 2,
      stdout: '',
      stderr: "yomi: line 1, column 3: expected W (an integer), found 'x'\n",
    });
  });
});
