/**
 * `yomi solve|analyze … --db DIR --db-upto N` as a user runs it: databases
 * built (on one thread and on two, the same files), resumed, read, and every
 * mistake — a flag without the other, a game without databases, a directory
 * of another family, a damaged tier file — one line and exit code 2.
 */

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectUserError, runCli } from '../run-cli.js';

const root = mkdtempSync(join(tmpdir(), 'yomi-endgames-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dir = (name: string) => join(root, name);

describe('yomi … --db DIR (endgame databases)', () => {
  it('builds the databases, searches with them, and answers the margin of every Kalah of those pits', () => {
    const one = runCli([
      'solve',
      'kalah(pits=3,seeds=3)',
      '--db',
      dir('one'),
      '--db-upto',
      '12',
      '--threads',
      '1',
    ]);
    expect(one.stderr).toBe('');
    expect(one.stdout).toBe('win by 2\n');
    // The same pits, more seeds: the databases serve it as they are.
    const more = runCli(['solve', 'kalah(pits=3,seeds=4)', '--db', dir('one')]);
    expect(more.stdout).toBe('win by 2\n');
    const analysis = runCli(['analyze', 'kalah(pits=3,seeds=3)', '--db', dir('one')]);
    expect(analysis.status).toBe(0);
    expect(analysis.stdout).toMatch(/endgame databases .*: 13 tiers \(seeds ≤ 12\)/);
    expect(analysis.stdout).toMatch(/^a +win by 2 +← best$/m);
    expect(analysis.stdout).toMatch(/^c +lose by 6$/m);
  });

  it('on two threads writes the same files as on one', () => {
    runCli(['solve', 'kalah(pits=4,seeds=3)', '--db', dir('a'), '--db-upto', '11', '--threads', '1']);
    const two = runCli([
      'solve',
      'kalah(pits=4,seeds=3)',
      '--db',
      dir('b'),
      '--db-upto',
      '11',
      '--threads',
      '2',
    ]);
    expect(two.stdout).toBe('win by 8\n');
    const tiers = readdirSync(dir('a')).filter((f) => f.startsWith('tier-'));
    expect(tiers).toHaveLength(12);
    for (const f of tiers)
      expect(readFileSync(join(dir('b'), f)), f).toEqual(readFileSync(join(dir('a'), f)));
  });

  it('keeps --max-seconds over building the databases and every search after it', () => {
    // Kalah(5,5) with databases of up to 8 seeds takes minutes: the budget stops it with the bounds proven.
    const r = runCli([
      'analyze',
      'kalah(pits=5,seeds=5)',
      '--db',
      dir('five'),
      '--db-upto',
      '8',
      '--max-seconds',
      '1',
      '--json',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const answer = JSON.parse(r.stdout) as { datasets: { bounds?: unknown; lower?: unknown }[] };
    expect(JSON.stringify(answer.datasets[0])).toMatch(/time budget|seconds/);
  });

  it('refuses every mistake with one line', () => {
    expectUserError(
      runCli(['solve', 'kalah(pits=3,seeds=3)', '--db-upto', '4']),
      '--db-upto N builds endgame databases into the --db directory',
    );
    expectUserError(
      runCli(['solve', 'tic-tac-toe', '--db', dir('ttt'), '--db-upto', '3']),
      'tic-tac-toe has no endgame databases',
    );
    expectUserError(
      runCli(['solve', 'kalah(pits=2,seeds=3)', '--db', dir('one')]),
      'holds kalah-endgames(pits=3), not kalah-endgames(pits=2)',
    );
    expectUserError(
      runCli(['solve', 'kalah(pits=3,seeds=3)', '--db', dir('one'), '--save', dir('x')]),
      'does not go with --save',
    );
    // Databases are not a solution to query or serve.
    expectUserError(runCli(['query', dir('one'), '1 1 1 / 1 1 1']), 'holds endgame databases');
    expectUserError(runCli(['analyze', '--db', dir('one')]), 'name the game to search');
    // A damaged tier: its checksum fails when it is read.
    const file = join(dir('one'), 'tier-seeds-12.yomi');
    const bytes = readFileSync(file);
    bytes[bytes.length - 3] ^= 0xff;
    writeFileSync(file, bytes);
    expectUserError(runCli(['solve', 'kalah(pits=3,seeds=3)', '--db', dir('one')]), /tier-seeds-12\.yomi/);
  });
});
