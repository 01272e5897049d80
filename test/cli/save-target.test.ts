/**
 * `--save` over an existing solution file: the same game's file is replaced,
 * another game's is refused before solving, in one line with exit code 2,
 * and left as it was.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectUserError, runCli } from '../run-cli.js';

describe('--save over an existing solution file', () => {
  const work = mkdtempSync(join(tmpdir(), 'yomi-save-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const file = join(work, 'game.yomi');

  it("replaces the same game's file and refuses another game's", () => {
    expect(runCli(['solve', 'tic-tac-toe', '--save', file]).status).toBe(0);
    expect(runCli(['solve', 'tic-tac-toe', '--save', file])).toEqual({
      status: 0,
      stdout: 'tie in 9\n',
      stderr: '',
    });
    const before = readFileSync(file);
    expectUserError(
      runCli(['solve', 'nim(heaps=1 2)', '--save', file]),
      `cannot save ${file}: it holds the solution of tic-tac-toe, not of nim(heaps=1 2,play=normal); remove it first or choose another name`,
      true,
    );
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(runCli(['query', file, 'x...o...x']).stdout).toBe('tie in 6\n');
  });
});
