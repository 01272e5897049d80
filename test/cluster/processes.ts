/**
 * Real processes for the cluster tests: a `redis-server` of Debian's package
 * on a free port of 127.0.0.1 with a temporary directory (stopped, and
 * restarted on the same port and directory, on demand), and `yomi` commands
 * (bin/yomi.js on the built dist/) that run beside the test — coordinators
 * and workers — whose output the test watches as it comes.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { ROOT } from '../helpers.js';
import type { CliResult } from '../run-cli.js';

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

export interface RedisServer {
  port: number;
  password: string;
  /** The queue URL of database `db`, with the password. */
  url(db: number): string;
  /** Stops the server (SIGTERM: with `appendonly`, its data is on disk first). */
  stop(): Promise<void>;
  /** Starts it again on the same port and directory. */
  start(): Promise<void>;
  /** Stops it for good and removes its directory. */
  close(): Promise<void>;
}

/**
 * A redis-server for one test file. `appendonly`: its data survives a
 * restart (the test that restarts Redis in the middle of a solve needs the
 * queue back); without it nothing is written to disk.
 */
export async function startRedis(options: { appendonly: boolean; password: string }): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'yomi-redis-'));
  let server: ChildProcess | undefined;
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    options.appendonly ? 'yes' : 'no',
    '--requirepass',
    options.password,
  ];
  const start = async () => {
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    server = child;
    const started = Date.now();
    while (Date.now() - started < 10_000) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
      const client = new Redis({
        port,
        password: options.password,
        lazyConnect: true,
        retryStrategy: () => null,
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        if ((await client.ping()) === 'PONG') return;
      } catch {
        // not up yet
      } finally {
        client.disconnect();
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('redis-server did not answer PING within 10 s');
  };
  const stop = async () => {
    const child = server;
    if (child === undefined || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  };
  await start();
  return {
    port,
    password: options.password,
    url: (db) => `redis://:${encodeURIComponent(options.password)}@127.0.0.1:${port}/${db}`,
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A `yomi` process running beside the test. */
export interface YomiProcess {
  child: ChildProcess;
  /** The command line after `yomi`. */
  args: readonly string[];
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when ended by a signal) once the process has ended and its output is read. */
  exited: Promise<number | null>;
  /** Resolves when stdout or stderr matches, with the match. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
}

export function startYomi(args: string[], cwd = ROOT): YomiProcess {
  const child = spawn(process.execPath, [join(ROOT, 'bin/yomi.js'), ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const watchers: (() => void)[] = [];
  const notify = () => {
    for (const w of [...watchers]) w();
  };
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
    notify();
  });
  child.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
    notify();
  });
  // 'close', not 'exit': a process that writes and exits at once may end before its output is read.
  let ended = false;
  const exited = new Promise<number | null>((resolve) => {
    child.once('close', (code) => {
      ended = true;
      notify();
      resolve(code);
    });
  });
  const waitFor = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const m = `${out}\n${err}`.match(pattern);
        if (m) {
          done();
          resolve(m);
        } else if (ended) {
          done();
          reject(new Error(`yomi ${args.join(' ')} ended before ${pattern}:\n${out}\n${err}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(`no ${pattern} within ${timeoutMs} ms from yomi ${args.join(' ')}:\n${out}\n${err}`),
        );
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        watchers.splice(watchers.indexOf(check), 1);
      };
      watchers.push(check);
      check();
    });
  return { child, args, stdout: () => out, stderr: () => err, exited, waitFor };
}

/** Runs a `yomi` command to its end, as runCli does but without blocking the test (several can run at once). */
export async function runYomi(args: string[]): Promise<CliResult> {
  const p = startYomi(args);
  const status = await p.exited;
  return { status, stdout: p.stdout(), stderr: p.stderr() };
}

/** Stops processes that are still running (SIGTERM) and waits for them. */
export async function stopAll(processes: YomiProcess[]): Promise<void> {
  await Promise.all(
    processes.map((p) => {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
      return p.exited;
    }),
  );
}
