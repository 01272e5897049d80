/**
 * Files read as data are regular files of bounded size: a module path, an
 * opening book that is a FIFO or /dev/zero is one line, not a wait or gigabytes
 * read; a book whose scores lie beyond what a board allows is corrupt; a Redis
 * URL whose user name or password is not valid percent-encoding is one line
 * (without the password); `yomi play`'s moves from a stream without newlines
 * stop at a line's cap.
 */

import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Geometry } from '../../src/games/connect4/bitboard.js';
import { Connect4Book } from '../../src/games/connect4/book.js';
import { CHILD_LIMIT, ROOT } from '../helpers.js';
import { expectUserError, runCli } from '../run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'yomi-reads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('files read as data are regular files', () => {
  it('a module that is a FIFO or a device', () => {
    const fifo = join(dir, 'game.ts');
    execFileSync('mkfifo', [fifo]);
    expectUserError(runCli(['solve', fifo]), `cannot load ${fifo}: it is not a regular file`, true);
    expectUserError(runCli(['solve', '/dev/zero']), 'cannot load /dev/zero: it is not a regular file', true);
  });

  it('an opening book that is a FIFO or a device', () => {
    const fifo = join(dir, 'book.fifo');
    execFileSync('mkfifo', [fifo]);
    for (const book of [fifo, '/dev/zero']) {
      expectUserError(runCli(['solve', 'connect4', '--book', book], '4\n'), /it is not a regular file/);
    }
  });

  it('a book score beyond the board is corrupt', () => {
    for (const score of [100, 0x80]) {
      // One entry: key 1, its score.
      const raw = Uint8Array.from([1, 0, 0, 0, 1, score]);
      expect(() => Connect4Book.fromPayload(new Geometry(7, 6), 8, raw, 'b.book')).toThrow(
        /b\.book: corrupt: a score of -?\d+, beyond ±21 on a 7×6 board/,
      );
    }
  });

  it('a Redis URL that is not valid percent-encoding', () => {
    for (const [url, what] of [
      ['redis://:p%ZZ@127.0.0.1:1', 'password'],
      ['redis://u%ZZ:secret@127.0.0.1:1', 'user name'],
    ]) {
      const r = runCli(['worker', '--queue', url, '--save', dir]);
      expectUserError(r, `the ${what} of the Redis URL is not valid percent-encoding`);
      expect(r.stderr).not.toContain('secret');
    }
  });
});

describe('moves read by yomi play', () => {
  it('a stream without newlines (< /dev/zero) is one line once a line passes 64 KiB, not a heap filled', () => {
    const zero = openSync('/dev/zero', 'r');
    try {
      const r = spawnSync(process.execPath, [join(ROOT, 'bin/yomi.js'), 'play', 'tic-tac-toe', '--first'], {
        stdio: [zero, 'pipe', 'pipe'],
        encoding: 'utf8',
        ...CHILD_LIMIT,
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toBe('yomi: a line of the input is longer than 65,536 bytes\n');
    } finally {
      closeSync(zero);
    }
  });
});
