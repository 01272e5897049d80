/**
 * The cyclic built-in games through the real `yomi` command (the problem
 * cases of jag2015-d and arc038d: solve-problems.test.ts): Dodgem's answers
 * and moves, and bad input — malformed datasets, a board size out of
 * range, a position budget too small (one line `yomi: …` naming what, exit
 * code 2, nothing on stdout).
 */

import { describe, expect, it } from 'vitest';
import { expectUserError, runCli } from '../run-cli.js';

const CELL = '1\n1 1\n1\n';

/** [game, input, what the one error line must contain] */
const BAD: [string, string, string][] = [
  ['jag2015-d', '', 'jag2015-d: the input is empty'],
  [
    'jag2015-d',
    `1 1 1 1\n${CELL}`,
    "line 5: expected H or the closing line '0 0 0 0' (an integer), found the end of the input",
  ],
  ['jag2015-d', '1 1 1 1\n1\n1 1\n', 'line 4: expected t_{2,1} (an integer), found the end of the input'],
  ['jag2015-d', `1 1 2 1\n${CELL}0 0 0 0\n`, 'line 1, column 5: R = 2 is out of range (1 … 1)'],
  ['jag2015-d', '1 1 1 1\n1\n1 2\n1\n0 0 0 0\n', 'line 3, column 3: s_{1,2} = 2 is out of range (0 … 1)'],
  ['jag2015-d', '501 1 1 1\n', 'line 1, column 1: H = 501 is out of range (0 … 500)'],
  ['jag2015-d', '0 0 0 1\n', 'line 1, column 7: C (0 on the closing line) = 1 is out of range (0 … 0)'],
  [
    'jag2015-d',
    `1 1 1 1\n${CELL}0 0 0 0\n5\n`,
    "line 6, column 1: unexpected '5' after the end of the input",
  ],
  ['arc038d', '', 'arc038d: the input is empty'],
  ['arc038d', '2 1\n1 x\n1 2\n', "line 2, column 3: expected X_2 (an integer), found 'x'"],
  ['arc038d', '2 1\n1 2\n1 3\n', 'line 3, column 3: B_1 = 3 is out of range (1 … 2)'],
  ['arc038d', '2 2\n1 2\n1 2\n', 'line 4: expected A_2 (an integer), found the end of the input'],
  ['arc038d', '100001 1\n', 'line 1, column 1: N = 100001 is out of range (1 … 100000)'],
  [
    'arc038d',
    '1 1\n1000000001\n1 1\n',
    'line 2, column 1: X_1 = 1000000001 is out of range (0 … 1000000000)',
  ],
];

describe('malformed cyclic problem input', () => {
  for (const [id, input, message] of BAD) {
    it(`${id}: ${message}`, () => {
      expectUserError(runCli(['solve', id], input), message, true);
    });
  }
});

describe('dodgem through the CLI', () => {
  it('answers the start: a first-player win on 3×3, a draw on 4×4', () => {
    expect(runCli(['solve', 'dodgem(size=3)'])).toMatchObject({
      status: 0,
      stdout: 'win in 19\n',
      stderr: '',
    });
    expect(runCli(['solve', 'dodgem(size=4)'])).toMatchObject({ status: 0, stdout: 'draw\n', stderr: '' });
  });

  it('lists the moves by name', () => {
    const r = runCli(['analyze', 'dodgem(size=3)']);
    expect(r.stdout).toMatch(/^a3-b3 +win in 19 +← best$/m);
    expect(r.stdout).toMatch(/^a2-a1 +lose in 16$/m);
  });

  for (const [args, message] of [
    [['solve', 'dodgem(size=6)'], 'yomi: dodgem: parameter size=6: 6 is out of range (3 … 5)\n'],
    [['solve', 'dodgem(size=2)'], 'yomi: dodgem: parameter size=2: 2 is out of range (3 … 5)\n'],
    [
      ['solve', 'dodgem(size=5)', '--max-positions', '1000000'],
      'yomi: dodgem(size=5) has more than 1,000,000 positions (--max-positions); raise the limit or choose a smaller game\n',
    ],
  ] as [string[], string][]) {
    it(`refuses ${args.join(' ')}`, () => {
      expect(runCli(args)).toMatchObject({ status: 2, stdout: '', stderr: message });
    });
  }
});

describe('yomi analyze on cyclic problems', () => {
  it('lists the stop move of arc038d with its score', () => {
    const r = runCli(['analyze', 'arc038d'], '4 5\n3 7 5 4\n1 2\n2 3\n3 1\n2 4\n4 4\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/solver +threshold/);
    expect(r.stdout).toMatch(/^to 2 +win by 4 in 3\b.*← best$/m);
    expect(r.stdout).toMatch(/^stop +win by 3 in 1\b/m);
  });

  it('names the loser of endless play in jag2015-d', () => {
    const r = runCli(['analyze', 'jag2015-d'], '2 2 1 1\n1 1\n1 0 1\n0 0\n1 0 1\n1 1\n0 0 0 0\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^value +lose \(endless play\)/m);
    expect(r.stdout).toMatch(/^right +lose \(endless play\)/m);
  });
});
