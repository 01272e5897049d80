/**
 * Solving by tiers through the real `yomi` command: `--save DIR` writes a
 * tier directory (one file per tier and a manifest) on one thread or two,
 * `yomi query DIR` and `yomi analyze --db DIR` answer from it, a solve into a
 * directory that holds some tiers solves only the missing ones, and a damaged
 * tier, a directory of another game, a file where a directory goes and a bad
 * `--threads` are refused with one line.
 */

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatValue } from '../../src/core/value.js';
import { Dodgem } from '../../src/games/dodgem.js';
import { solve } from '../../src/solvers/index.js';
import { expectUserError, runCli } from '../run-cli.js';

const root = mkdtempSync(join(tmpdir(), 'yomi-tiers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('tier directories through the CLI', () => {
  it('solves into a directory on two threads, and answers from it as a flat solve does', () => {
    const dir = join(root, 'd3');
    expect(runCli(['solve', 'dodgem(size=3)', '--save', dir, '--threads', '2'])).toMatchObject({
      status: 0,
      stdout: 'win in 19\n',
    });
    const files = readdirSync(dir).sort();
    expect(files).toContain('manifest.json');
    expect(files.filter((f) => f.startsWith('tier-'))).toHaveLength(9);
    const game = new Dodgem(3);
    const flat = solve(game, { solver: 'retrograde' });
    for (const text of ['x../.x./.oo o', 'x../x../.oo x', '.../.x./o.. o']) {
      const want = formatValue(flat.value(game.parsePosition(text)));
      expect(runCli(['query', dir, text]).stdout, text).toBe(`${want}\n`);
    }
    const analysis = runCli(['analyze', '--db', dir]);
    expect(analysis.stdout).toMatch(/^solver +tiers \(from .*d3: 9 tiers, [124] bytes per position\)$/m);
    expect(analysis.stdout).toMatch(/^positions +[\d,]+ solved in \d+ ms$/m);
    expect(analysis.stdout).toMatch(/^value +win in 19$/m);
  });

  it('resumes: only the tiers missing from the directory are solved again', () => {
    const dir = join(root, 'resume');
    runCli(['solve', 'dodgem(size=3)', '--save', dir, '--threads', '1']);
    const manifest = () =>
      JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
        stats: { name: string; ms: number }[];
      };
    const before = manifest()
      .stats.map((s) => s.name)
      .sort();
    const lost = readdirSync(dir).find((f) => f === 'tier-x2-o2.yomi') as string;
    rmSync(join(dir, lost));
    const kept = readFileSync(join(dir, 'tier-x0-o0.yomi'));
    expect(runCli(['solve', 'dodgem(size=3)', '--save', dir, '--threads', '1']).stdout).toBe('win in 19\n');
    expect(existsSync(join(dir, lost))).toBe(true);
    expect(readFileSync(join(dir, 'tier-x0-o0.yomi'))).toEqual(kept);
    expect(
      manifest()
        .stats.map((s) => s.name)
        .sort(),
    ).toEqual(before);
  });

  it('keeps one solution file instead when --save names a .yomi file', () => {
    const file = join(root, 'dodgem3.yomi');
    expect(runCli(['solve', 'dodgem(size=3)', '--save', file, '--threads', '2']).stdout).toBe('win in 19\n');
    expect(statSync(file).isFile()).toBe(true);
    expect(runCli(['query', file]).stdout).toBe('win in 19\n');
    const game = new Dodgem(3);
    const flat = solve(game, { solver: 'retrograde' });
    for (const text of ['x../.x./.oo o', '.../.x./o.. o']) {
      expect(runCli(['query', file, text]).stdout, text).toBe(
        `${formatValue(flat.value(game.parsePosition(text)))}\n`,
      );
    }
  });

  it('refuses a damaged tier, another game, a file where a directory goes, and bad --threads', () => {
    const dir = join(root, 'damaged');
    runCli(['solve', 'dodgem(size=3)', '--save', dir, '--threads', '1']);
    const tier = join(dir, 'tier-x2-o2.yomi');
    const bytes = readFileSync(tier);
    bytes[bytes.length - 3] ^= 0x40;
    writeFileSync(tier, bytes);
    expectUserError(runCli(['query', dir]), /tier-x2-o2\.yomi: corrupt: the checksum does not match/);
    expectUserError(
      runCli(['analyze', 'dodgem(size=4)', '--db', dir]),
      /holds the solution of dodgem\(size=3\), not of dodgem\(size=4\)/,
    );
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a directory');
    expectUserError(
      runCli(['solve', 'dodgem(size=3)', '--save', file]),
      /saved as a directory of tier files, and this is a file/,
    );
    expectUserError(runCli(['query', join(root, 'nothing-here')]), /cannot read .*nothing-here/);
    expectUserError(runCli(['solve', 'dodgem(size=3)', '--threads', '0']), /--threads/);
    expectUserError(runCli(['solve', 'dodgem(size=3)', '--threads', 'many']), /--threads/);
    // A resumed solve does not trust the damaged tier: it solves it again.
    expect(runCli(['solve', 'dodgem(size=3)', '--save', dir, '--threads', '1']).stdout).toBe('win in 19\n');
    expect(runCli(['query', dir]).stdout).toBe('win in 19\n');
  });
});
