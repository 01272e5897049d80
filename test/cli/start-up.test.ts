/**
 * How `yomi` starts (bin/yomi.js): the built CLI is one CommonJS bundle run
 * with a V8 code cache beside it. A run that finds no cache writes one; a
 * damaged cache is rejected by V8, the command still answers, and the cache
 * is written again; a user's TypeScript module still loads (the bundle
 * requires jiti: a script run this way has no loader for import()). A
 * plain solve loads none of the Node modules only some commands need, and
 * the bundle is all ASCII. A command that is done exits at once, but not
 * before its output is written, however slowly a pipe is read, a
 * non-blocking one included, and only after a full collection of the heap
 * (which keeps Node's exit from hanging); a reader that stops reading ends
 * it quietly.
 */

import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
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

describe('what a command loads', () => {
  it("a solve that writes no file and starts no thread loads none of Node's crypto, zlib, worker_threads, tty, child_process or perf_hooks", () => {
    const r = runCli(['solve', 'tic-tac-toe'], '', [
      '--require',
      join(ROOT, 'test/fixtures/builtins-loaded.cjs'),
    ]);
    expect(r.stdout).toBe('tie in 9\n');
    const loaded = r.stderr.split('\n');
    expect(loaded).toContain('NativeModule fs'); // the list is there
    // perf_hooks: read for `performance`, which the clock (core/clock.ts) leaves alone in Node.
    for (const name of ['crypto', 'zlib', 'worker_threads', 'tty', 'child_process', 'perf_hooks']) {
      expect(loaded).not.toContain(`NativeModule ${name}`);
    }
  });

  it('the bundle is all ASCII, so V8 holds its source at one byte a character', () => {
    const source = readFileSync(BUNDLE);
    expect(source.findIndex((byte) => byte > 0x7f)).toBe(-1);
  });

  it("the bundle is one strict function of a module's parameters, compiled as it is read", () => {
    const source = readFileSync(BUNDLE, 'latin1');
    expect(
      source.startsWith("(function (exports, require, module, __filename, __dirname) {'use strict';"),
    ).toBe(true);
    // Run as a script, the text is one expression: the function, not yet called.
    const wrapper: unknown = new Script(source, { filename: BUNDLE }).runInThisContext();
    expect(typeof wrapper === 'function' && wrapper.length).toBe(5);
  });
});

describe('the end of a command', () => {
  it('collects the heap in full once its output is written, so that no compilation under way can hang the exit', () => {
    // host/process-exit.ts: a compile job waiting for a collection the exiting thread never makes hangs Node's exit.
    const r = runCli(['solve', 'tic-tac-toe'], '', ['--trace-gc']);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const answer = lines.indexOf('tie in 9');
    expect(answer, r.stdout).toBeGreaterThanOrEqual(0);
    expect(
      lines.slice(answer + 1).some((l) => /: Mark-Compact .*\bruntime\b/.test(l)),
      r.stdout,
    ).toBe(true);
  });

  it('a long output to a pipe that is read late arrives whole, with the exit code', async () => {
    // 1.3 MB of JSON, far more than a pipe holds: most of it is still on its way when the command ends.
    const child = spawn(
      process.execPath,
      [join(ROOT, 'bin/yomi.js'), 'grundy', 'nim', '--upto', '100000', '--json'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.pause();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stdout.resume();
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(status).toBe(0);
    const printed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { values: { values: number[] } };
    expect(printed.values.values).toHaveLength(100_001);
    expect(printed.values.values[100_000]).toBe(100_000);
  });

  // perl (Debian's perl-base, always there) hands yomi a pipe set non-blocking, as some programs do.
  it.runIf(existsSync('/usr/bin/perl'))(
    'a long output to a non-blocking pipe that fills up arrives whole, in order',
    async () => {
      // Once the pipe is full a write would block (EAGAIN): yomi must wait for the reader, not fail or drop output.
      const nonBlocking =
        'use Fcntl; my $f = fcntl(STDOUT, F_GETFL, 0); fcntl(STDOUT, F_SETFL, $f | O_NONBLOCK) or die; exec @ARGV';
      const child = spawn(
        '/usr/bin/perl',
        [
          '-e',
          nonBlocking,
          process.execPath,
          join(ROOT, 'bin/yomi.js'),
          'grundy',
          'nim',
          '--upto',
          '100000',
          '--json',
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout.pause();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const chunks: Buffer[] = [];
      const errors: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
      child.stdout.resume();
      const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(Buffer.concat(errors).toString('utf8')).toBe('');
      expect(status).toBe(0);
      const printed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { values: { values: number[] } };
      expect(printed.values.values).toHaveLength(100_001);
      expect(printed.values.values[100_000]).toBe(100_000);
    },
  );

  it('a reader that stops reading early ends the command quietly', async () => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'bin/yomi.js'), 'grundy', 'nim', '--upto', '100000', '--json'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const errors: Buffer[] = [];
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    // The first chunk read, the pipe is closed: yomi's next write meets EPIPE.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(Buffer.concat(errors).toString('utf8')).toBe('');
    expect(status).toBe(0);
  });
});
