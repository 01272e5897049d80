/**
 * A user's module whose default export is a `GameDefinition` takes
 * parameters as built-in ids do (`'./examples/strip.ts(n=12)'`): the values
 * equal an independent recursion written here from the rules (and Dawson's
 * Kayles, the same game built in as octal 0.07); docs/writing-a-game.md's
 * example runs as shown; bad parameters are one line each; solution files
 * keep the parameters and refuse other ones; threads reopen the game with
 * them.
 */

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatValue, type Value } from '../../src/core/value.js';
import { solve } from '../../src/solvers/index.js';
import { gamesFromRecipe } from '../../src/threads/recipe.js';
import { CHILD_LIMIT, ROOT } from '../helpers.js';
import { expectUserError, runCli } from '../run-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'yomi-module-params-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Dominoes on a strip of `n` empty cells, straight from the rules, by the lengths of the empty runs. */
function stripValue(runs: readonly number[], memo = new Map<string, Value>()): Value {
  const key = [...runs].sort((a, b) => a - b).join(' ');
  const known = memo.get(key);
  if (known !== undefined) return known;
  const children: Value[] = [];
  runs.forEach((run, r) => {
    for (let left = 0; left + 2 <= run; left++) {
      const rest = [...runs.slice(0, r), left, run - left - 2, ...runs.slice(r + 1)].filter((x) => x > 0);
      children.push(stripValue(rest, memo));
    }
  });
  const losing = children.filter((c) => c.outcome === 'lose');
  const value: Value =
    children.length === 0
      ? { outcome: 'lose', remoteness: 0 }
      : losing.length > 0
        ? { outcome: 'win', remoteness: 1 + Math.min(...losing.map((c) => c.remoteness)) }
        : { outcome: 'lose', remoteness: 1 + Math.max(...children.map((c) => c.remoteness)) };
  memo.set(key, value);
  return value;
}

/** A shell line as docs/writing-a-game.md writes it, with `yomi` the built CLI, in the repository. */
function shell(command: string): string {
  try {
    return execFileSync(
      'bash',
      ['-c', `yomi() { "${process.execPath}" bin/yomi.js "$@"; }\nexec 2>&1\n${command}`],
      {
        cwd: ROOT,
        encoding: 'utf8',
        ...CHILD_LIMIT,
      },
    );
  } catch (e) {
    return (e as { stdout?: string }).stdout ?? String(e);
  }
}

describe('a module with parameters', () => {
  it('solves each n to the value the rules give', () => {
    for (const n of [2, 5, 9, 12, 15]) {
      const r = runCli(['solve', `./examples/strip.ts(n=${n})`]);
      expect(r.stderr).toBe('');
      expect(r.stdout, `n=${n}`).toBe(`${formatValue(stripValue([n]))}\n`);
    }
    // Without parameters: the default, n=10.
    expect(runCli(['solve', 'examples/strip.ts']).stdout).toBe(`${formatValue(stripValue([10]))}\n`);
    // The built-in Dawson's Kayles is the same game.
    for (const n of [9, 12]) {
      const builtIn = runCli(['solve', `octal(code=0.07,heaps=${n})`]).stdout;
      expect(builtIn.startsWith(formatValue(stripValue([n])))).toBe(true);
    }
  });

  it("runs docs/writing-a-game.md's example as shown", () => {
    const doc = readFileSync(join(ROOT, 'docs/writing-a-game.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## 5. A game with parameters'));
    const block = /```console\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    const examples = block.split(/^\$ /m).filter((x) => x !== '');
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const example of examples) {
      const [command, ...output] = example.split('\n');
      expect(shell(command), command).toBe(output.join('\n'));
    }
  });

  it('refuses a bad parameter in one line', () => {
    expectUserError(
      runCli(['solve', './examples/strip.ts(n=1)']),
      'strip: parameter n=1: 1 is out of range (2 … 24)',
      true,
    );
    expectUserError(
      runCli(['solve', './examples/strip.ts(n=x)']),
      "strip: parameter n=x: 'x' is not an integer",
      true,
    );
    expectUserError(
      runCli(['solve', './examples/strip.ts(n)']),
      "'./examples/strip.ts(n)': parameter 'n' is not of the form key=value",
      true,
    );
    expectUserError(
      runCli(['solve', './examples/take-away.ts(stones=5)']),
      "take-away: unknown parameter 'stones' (parameters: none)",
      true,
    );
    expectUserError(
      runCli(['solve', './examples/nothing.ts(n=5)']),
      'no such file: ./examples/nothing.ts',
      true,
    );
    // A parameter check that throws is the module's mistake, named as such.
    const thrower = join(scratch, 'thrower.ts');
    writeFileSync(
      thrower,
      `import { defineGame, formatValue } from 'yomi';
export default defineGame({
  id: 'thrower',
  summary: 'a check that throws',
  params: [{ name: 'n', type: 'int', default: 1, description: 'n', check: () => { throw new Error('boom'); } }],
  load: () => [{ id: 'g', start: 0, moves: () => [], play: (p: number) => p, key: (p: number) => p }],
  answer: formatValue,
});
`,
    );
    expectUserError(
      runCli(['solve', `${thrower}(n=2)`]),
      /thrower\.ts: reading its parameters threw Error: boom$/,
    );
  });

  it('keeps its parameters in a solution file, and reads the file only for the same ones', () => {
    const file = join(scratch, 'strip8.yomi');
    expect(runCli(['solve', './examples/strip.ts(n=8)', '--save', file]).status).toBe(0);
    const expected = `${formatValue(stripValue([8]))}\n`;
    // The file names no code: the module is given, and takes the parameters the file records.
    expectUserError(runCli(['query', file]), /give the module with --game FILE/);
    expect(runCli(['query', file, '--game', './examples/strip.ts']).stdout).toBe(expected);
    const analysis = runCli(['analyze', './examples/strip.ts', '--db', file]);
    expect(analysis.stdout).toMatch(/^game {7}strip\(n=8\)$/m);
    expectUserError(
      runCli(['analyze', './examples/strip.ts(n=9)', '--db', file]),
      `${file} holds the solution of ./examples/strip.ts(n=8), not of ./examples/strip.ts(n=9)`,
      true,
    );
    expect(runCli(['analyze', './examples/strip.ts(n=8)', '--db', file]).status).toBe(0);
  });

  it('is opened again with its parameters by a thread', async () => {
    const [game] = await gamesFromRecipe({ spec: `${join(ROOT, 'examples/strip.ts')}(n=11)` });
    expect(game.id).toBe('strip(n=11)');
    expect(solve(game).value((game as { start: unknown }).start)).toEqual(stripValue([11]));
  });
});
