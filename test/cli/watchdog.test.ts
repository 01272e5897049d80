/**
 * The watchdog: a run with `--max-seconds` that loads a user's module is
 * stopped with one line naming the call that never returned, and exit code 2,
 * shortly after its budget ran out: an endless loop in `moves()`, at a
 * module's top level, or in an indexed game's `children` on the tier
 * solver's threads. A watched run that ends in time answers as an unwatched
 * one does, a signal sent to it ends the child too, and a run without a
 * budget is not watched (no child process).
 */

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { expectUserError, runCli } from '../run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'yomi-watchdog-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function module(name: string, source: string): string {
  const path = join(dir, name);
  writeFileSync(path, `${source}\n`);
  return path;
}

/** A chain 0 → 1 → … → 5 whose `moves` loops forever at `stuckAt`. */
const chain = (stuckAt: number) =>
  `export default { id: 'chain', start: 0, moves(p) { if (p === ${stuckAt}) for (;;) {} return p < 5 ? [1] : []; }, play: (p, m) => p + m, key: (p) => p };`;

describe('the watchdog of runs with a time budget', () => {
  it('names a method that never returns', () => {
    const path = module('moves.mjs', chain(3));
    const started = Date.now();
    expectUserError(
      runCli(['solve', path, '--max-seconds', '0.5']),
      /moves\.mjs: moves\(\) did not return; stopped 2 s after the time budget \(--max-seconds 0\.5\) ran out$/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
  });

  it('names the loading of a module that never finishes loading', () => {
    const path = module('top.mjs', 'for (;;) {}\nexport default {};');
    expectUserError(
      runCli(['analyze', path, '--max-seconds', '0.5']),
      /top\.mjs: loading the module did not return/,
    );
  });

  it("stops a call that never returns on the tier solver's threads", () => {
    // 2^20 positions: solved by the tier solver, on threads; one position's children never return.
    const path = module(
      'threads.mjs',
      "export default { kind: 'indexed', id: 'wide', size: 2 ** 20, start: 2 ** 20 - 1, maxMoves: 1, tiers: { count: 2, of: (p) => (p < 2 ** 19 ? 0 : 1), }, primitive: (p) => (p === 0 ? 0 : -1), children(p, out) { if (p === 12345) for (;;) {} if (p === 0) return 0; out[0] = p - 1; return 1; } };",
    );
    const r = runCli(['solve', path, '--max-seconds', '0.5', '--threads', '2']);
    // The solver stops waiting for its threads at the deadline, or the watchdog names the call: one line either way.
    expectUserError(
      r,
      /threads\.mjs: children\(\) did not return|wide was not solved within the time budget/,
    );
  });

  it('answers as an unwatched run when the run ends in time, and reports its own errors', () => {
    const path = module('fine.mjs', chain(-1));
    const watched = runCli(['solve', path, '--max-seconds', '30']);
    expect(watched).toEqual({ ...runCli(['solve', path]), stderr: '' });
    expect(watched.stdout).toBe('win in 5\n');
    const throws = module(
      'throws.mjs',
      "export default { id: 't', start: 0, moves() { throw new Error('boom'); }, play: (p) => p, key: (p) => p };",
    );
    expectUserError(runCli(['solve', throws, '--max-seconds', '30']), /moves\(\) threw Error: boom/);
  });

  it('passes a signal on to the watched child, and ends as it does', async () => {
    const path = module('forever.mjs', chain(0));
    const parent = spawn(
      process.execPath,
      [join(ROOT, 'bin/yomi.js'), 'solve', path, '--max-seconds', '600'],
      {
        stdio: 'ignore',
      },
    );
    const running = () =>
      spawnSync('pgrep', ['-f', path], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean);
    // The child is up once a process of the module's command line has the watched child's environment:
    // between fork and exec it still looks like its parent, and a signal then may be lost.
    const environ = (pid: string) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1');
      } catch {
        return '';
      }
    };
    const childUp = () => running().some((pid) => environ(pid).includes('YOMI_WATCHDOG_FD=3'));
    while (!childUp()) await new Promise((resolve) => setTimeout(resolve, 50));
    parent.kill('SIGTERM');
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
      parent.on('exit', (...end) => resolve(end)),
    );
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGTERM' });
    while (running().length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  });
});
