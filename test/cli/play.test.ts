/**
 * `yomi play` as a spawned process, with the person's lines fed on stdin: a
 * whole game of tic-tac-toe, the side question, Connect Four from its empty
 * board, the end of the input, and bad uses.
 */

import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';

const CELLS = ['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'b3', 'c3'];

describe('yomi play', () => {
  it('plays a whole game of tic-tac-toe and never loses', () => {
    // The person tries the cells from c3 back to a1; taken ones are refused and the next line is read.
    const lines = [...CELLS, ...CELLS].reverse().join('\n');
    const r = runCli(['play', 'tic-tac-toe', '--second', '--seed', '4'], `${lines}\n`);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /^yomi moves first\.\n {3}a b c\n1 {2}\. \. \.\n2 {2}\. \. \.\n3 {2}\. \. \.\nyomi plays [abc][123]\n/,
    );
    expect(r.stdout).toMatch(/is not a move here/);
    expect(r.stdout).toMatch(/Game over after \d plies\. (yomi wins\.|A tie\.)\n$/);
    expect(r.stdout).not.toMatch(/You win/);
  });

  it('asks for a side, shows values, undoes and quits', () => {
    const r = runCli(['play', 'tic-tac-toe', '--seed', '1'], 'maybe\ny\n?\nb2\nu\nq\n');
    expect(r.status).toBe(0);
    const asked = r.stdout.split('Do you want to move first? [y/n] ').length - 1;
    expect(asked).toBe(2);
    expect(r.stdout).toContain('You move first.');
    expect(r.stdout).toContain('This position: tie in 9 for you.');
    expect(r.stdout).toContain('You play b2');
    expect(r.stdout).toContain('Took back your last move.');
    expect(r.stdout).toMatch(/You quit\.\n$/);
  });

  it('stops at the end of the input', () => {
    const r = runCli(['play', 'tic-tac-toe', '--first'], 'b2\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/End of input: the game stops here\.\n$/);
  });

  it('says so when the input ends after an answer it could not use', () => {
    expect(runCli(['play', 'tic-tac-toe'], 'maybe\n').stdout).toMatch(
      /End of input after 'maybe', which is not y or n: no game played\.\n$/,
    );
    expect(runCli(['play', 'tic-tac-toe', '--first'], 'b2\nzz\n').stdout).toMatch(
      /End of input after 'zz', which is not a move here: the game stops here\.\n$/,
    );
  });

  it('plays Connect Four from the empty board without an input file, columns by name', () => {
    const r = runCli(['play', 'connect4(width=5,height=4)', '--first', '--seed', '1'], '5\nq\n');
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^You move first\.\n(\.{5}\n){4}Your move \(1 2 3 4 5; /);
    expect(r.stdout).toContain('You play 5\n');
  });

  it('refuses --first with --second, and a problem game without an input file', () => {
    for (const args of [
      ['play', 'tic-tac-toe', '--first', '--second'],
      ['play', 'edpc-k'],
    ]) {
      const r = runCli(args, '');
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^yomi: /);
    }
  });
});
