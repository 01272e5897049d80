/**
 * `yomi check` as a spawned process: a summary line and exit 0 for a sound
 * game, the first violation with its path on one line of stderr and exit 2
 * for a broken one.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../run-cli.js';

describe('yomi check', () => {
  it('passes tic-tac-toe with a one-line summary', () => {
    const r = runCli(['check', 'tic-tac-toe', '--playouts', '20', '--seed', '3']);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(
      /^tic-tac-toe: ok, \d+ checks held over 20 play-outs \(\d+ plies, \d+ positions, seed 3\)\n$/,
    );
  });

  it('stops at --max-seconds and reports the play-outs made so far', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yomi-check-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'slow.mjs');
    // A walk that never ends, each move taking 5 ms: 1000 play-outs of 1000 plies would take hours.
    writeFileSync(
      file,
      `export default {
  id: 'slow-walk',
  start: 0,
  moves: () => [1, 2],
  play(n, step) { const until = Date.now() + 5; while (Date.now() < until); return (n + step) % 50; },
  key: (n) => n,
};
`,
    );
    const r = runCli(['check', file, '--playouts', '1000', '--max-seconds', '1']);
    expect(r.status, r.stderr).toBe(0);
    const m =
      /^slow-walk: ok, \d+ checks held over (\d+) play-outs \(\d+ plies, \d+ positions, seed 1; stopped by the time budget \(--max-seconds\)\)\n$/.exec(
        r.stdout,
      );
    expect(m, r.stdout).not.toBeNull();
    expect(Number(m?.[1])).toBeLessThan(1000);
  });

  it('reports a key collision in a module with the path that reached it, exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yomi-check-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'collide.mjs');
    writeFileSync(
      file,
      `export default {
  id: 'collide',
  start: 0,
  moves: (n) => (n >= 10 ? [] : [1, 2]),
  play: (n, step) => n + step,
  key: (n) => n % 4,
  moveName: (_n, step) => '+' + step,
};
`,
    );
    const r = runCli(['check', file, '--seed', '2']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^yomi: collide: key agrees with equality: key collision.*; after \d+ plies: (\+[12] ?)+ \(play-out \d+, seed 2\)$/,
    );
  });
});
