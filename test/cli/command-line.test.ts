/**
 * The command line itself: `yomi --version` and `-V` print the name and the
 * package's version; every command's help has examples, and says how
 * positions are written where it takes one; the mistakes that commander
 * finds (an unknown command or option, a missing or surplus argument, an
 * option's bad value) are one line `yomi: …` on stderr with exit code 2,
 * like every other mistake, pointing to the help of the command run.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { expectUserError, runCli } from '../run-cli.js';

describe('yomi --version', () => {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

  for (const flag of ['--version', '-V']) {
    it(`${flag} prints yomi ${version}`, () => {
      expect(runCli([flag])).toEqual({ status: 0, stdout: `yomi ${version}\n`, stderr: '' });
    });
  }

  it('is listed in the help', () => {
    expect(runCli(['--help']).stdout).toMatch(/^ {2}-V, --version +print the name and version of yomi$/m);
  });
});

describe('help', () => {
  const COMMANDS = ['list', 'solve', 'analyze', 'check', 'play', 'demo', 'serve', 'grundy', 'query'];
  const POSITIONS = /^Positions \(analyze --position, play --position, query\) are written as analyze shows/m;

  it('shows examples for every command, and how positions are written where one is taken', () => {
    for (const command of [...COMMANDS, 'worker', 'book']) {
      const help = runCli([command, '--help']).stdout;
      expect(help, command).toMatch(/\nExamples:\n {2}\$ (yomi|printf) /);
    }
    for (const args of [
      ['--help'],
      ['list'],
      ['analyze', '--help'],
      ['play', '--help'],
      ['query', '--help'],
    ]) {
      expect(runCli(args).stdout, args.join(' ')).toMatch(POSITIONS);
    }
  });

  it('describes for worker and book only the threads they use, with one default', () => {
    const worker = runCli(['worker', '--help']).stdout;
    const book = runCli(['book', '--help']).stdout;
    for (const help of [worker, book]) {
      expect(help).not.toMatch(/\(default: [^)]*\)\s+\(default:/);
      expect(help).toMatch(/\(default: every core\)/);
    }
    expect(worker).not.toMatch(/alpha-beta/);
    expect(book).not.toMatch(/tier solver/);
  });
});

describe('usage mistakes', () => {
  const cases: [string[], string][] = [
    [['--versio'], "yomi: unknown option '--versio' (Did you mean --version?) (run yomi --help for usage)"],
    [['frobnicate'], "yomi: unknown command 'frobnicate' (run yomi --help for usage)"],
    [['solve'], "yomi: missing required argument 'game' (run yomi solve --help for usage)"],
    [
      ['solve', 'tic-tac-toe', 'a', 'b'],
      "yomi: too many arguments for 'solve'. Expected 2 arguments but got 3. (run yomi solve --help for usage)",
    ],
    [
      ['solve', 'tic-tac-toe', '--max-positions', 'x'],
      "yomi: option '--max-positions <n>' argument 'x' is invalid. expected a positive integer (run yomi solve --help for usage)",
    ],
    [['play', '--frob', 'tic-tac-toe'], "yomi: unknown option '--frob' (run yomi play --help for usage)"],
  ];
  for (const [args, line] of cases) {
    it(`yomi ${args.join(' ')}`, () => {
      expectUserError(runCli(args), line.replace(/^yomi: /, ''), true);
    });
  }
});

describe('--no-symmetry and the threads a small game gets', () => {
  it('solves tic-tac-toe as 765 classes, or as all 5,478 positions with --no-symmetry, to the same values', () => {
    const folded = runCli(['analyze', 'tic-tac-toe', '--position', 'x...o...x']);
    const plain = runCli(['analyze', 'tic-tac-toe', '--position', 'x...o...x', '--no-symmetry']);
    expect(folded.stdout).toMatch(/^positions +765 solved/m);
    expect(folded.stdout).toMatch(/one per symmetry class/);
    expect(plain.stdout).toMatch(/^positions +5,478 solved/m);
    const body = (s: string) => s.slice(s.indexOf('\nposition '));
    expect(body(plain.stdout)).toBe(body(folded.stdout));
  });

  it('solves a small tiered game on one thread unless --threads says otherwise', () => {
    expect(runCli(['analyze', 'dodgem(size=3)']).stdout).toMatch(/^solver +tiers \(9 tiers on 1 thread,/m);
    expect(runCli(['analyze', 'dodgem(size=3)', '--threads', '2']).stdout).toMatch(
      /^solver +tiers \(9 tiers on 2 threads,/m,
    );
  });
});
