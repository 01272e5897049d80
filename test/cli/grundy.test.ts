/**
 * `yomi grundy`, and the heap games through `yomi solve` / `yomi analyze`, as
 * spawned processes: values and proven periods, sums with their winning
 * moves, edpc-k with --solver grundy on every case, and each bad input as one
 * line on stderr with exit code 2.
 */

import { describe, expect, it } from 'vitest';
import { octalValues, parseOctalCode } from '../../src/games/octal.js';
import { problemCases } from '../helpers.js';
import { expectUserError, runCli } from '../run-cli.js';

/** The values printed by `yomi grundy … --upto N`, in order. */
function printedValues(stdout: string): number[] {
  return stdout
    .split('\n')
    .filter((line) => /^\s*\d+: /.test(line))
    .flatMap((line) => line.split(': ')[1].split(' ').map(Number));
}

function expectOneLineError(args: string[], message: string): void {
  expectUserError(runCli(args), message);
}

describe('yomi grundy', () => {
  it('prints the values of Kayles and its proven period', () => {
    const r = runCli(['grundy', '0.77', '--upto', '100']);
    expect(r.status).toBe(0);
    const expected = Array.from(octalValues(parseOctalCode('0.77'), 100).values);
    expect(printedValues(r.stdout)).toEqual(expected);
    expect(r.stdout).toContain('period 12, pre-period 71: G(n + 12) = G(n) for every n ≥ 71');
  });

  it("Dawson's Kayles to 10^6 from its period", () => {
    const r = runCli(['grundy', '0.07', '--upto', '1000000']);
    expect(r.status).toBe(0);
    const values = printedValues(r.stdout);
    expect(values).toHaveLength(1_000_001);
    expect(values[1_000_000]).toBe(values[53 + ((1_000_000 - 53) % 34)]);
    expect(r.stdout).toContain('period 34, pre-period 53');
    expect(r.stdout).toContain('follow from the period');
  });

  it('says when no period is proven, and prints none for families without the theorem', () => {
    expect(runCli(['grundy', '0.6', '--upto', '10']).stdout).toContain('period: none proven');
    const gg = runCli(['grundy', 'grundys-game', '--upto', '19']);
    expect(printedValues(gg.stdout).join(' ')).toBe('0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3');
    expect(gg.stdout).not.toContain('period');
  });

  it('analyses a sum: values, nim-sum and the winning moves', () => {
    const r = runCli(['grundy', 'nim', '--heaps', '3 4 5']);
    expect(r.stdout).toContain('nim-sum 2: a win for the player to move');
    expect(r.stdout).toContain('  heap1:3→1  heap value 3 → 1');
    const lost = runCli(['grundy', 'subtraction(set=1 2 3,heaps=4 8)']);
    expect(lost.stdout).toContain('nim-sum 0: a loss for the player to move');
    expect(lost.stdout).not.toContain('winning moves');
  });

  it('bad input: one line, exit 2', () => {
    expectOneLineError(['grundy', '0.8'], "'0.8' is not an octal code");
    expectOneLineError(['grundy', '1.77'], 'the digit before the point must be 0 or 4');
    expectOneLineError(['grundy', 'octal(code=0.9)'], "'0.9' is not an octal code");
    expectOneLineError(['grundy', 'subtraction(set=)'], 'the subtraction set is empty');
    expectOneLineError(['grundy', 'subtraction(set=0 2)'], 'every amount must be a positive integer');
    expectOneLineError(['grundy', 'subtraction(set=-1)'], 'every amount must be a positive integer');
    expectOneLineError(['grundy', '0.77', '--upto', '2000000'], 'over the limit of 1,000,000');
    expectOneLineError(['grundy', 'grundys-game', '--heaps', '300000'], 'over the limit');
    expectOneLineError(['solve', 'nim(heaps=3 2000000)'], '2000000 is out of range');
    expectOneLineError(['solve', 'octal(code=2.5)'], 'the digit before the point must be 0 or 4');
    expectOneLineError(['grundy', 'tic-tac-toe'], 'tic-tac-toe is not a heap game');
  });
});

describe('heap games through solve and analyze', () => {
  it('solve nim shows the value, the nim-sum and the winning moves', () => {
    const r = runCli(['solve', 'nim(heaps=3 4 5)']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^win in \d+; nim-sum 2; winning moves: heap1:3→1\n$/);
    expect(runCli(['solve', 'nim(heaps=1 2 3)', '--solver', 'grundy']).stdout).toMatch(
      /^lose in \d+; nim-sum 0; no winning move\n$/,
    );
  });

  it('analyze finds winning exactly the moves the nim-sum calls winning', () => {
    const r = runCli(['analyze', 'octal(code=0.77,heaps=4 6)', '--json']);
    const [a] = (
      JSON.parse(r.stdout) as {
        datasets: { moves: { move: string; best: boolean; value: { outcome: string } }[] }[];
      }
    ).datasets;
    const wins = a.moves.filter((m) => m.value.outcome === 'win').map((m) => m.move);
    expect(a.moves.filter((m) => m.best).every((m) => wins.includes(m.move))).toBe(true);
    const winning = runCli(['grundy', '0.77', '--heaps', '4 6'])
      .stdout.split('\n')
      .filter((l) => l.startsWith('  heap'))
      .map((l) => l.trim().split(/\s+/)[0]);
    expect(wins.sort()).toEqual(winning.sort());
  });

  it('misère Nim is solved by search', () => {
    expect(runCli(['solve', 'nim(heaps=1 1,play=misere)']).stdout).toBe('win in 2 (misère play)\n');
  });

  it('edpc-k with --solver grundy answers every case', () => {
    for (const c of problemCases('edpc-k')) {
      const r = runCli(['solve', 'edpc-k', '--solver', 'grundy'], c.input);
      expect(r.stdout, c.name).toBe(c.expected);
    }
  });
});
