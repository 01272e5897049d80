/**
 * Solution files: a saved solution round-trips every position's value (2-byte
 * and widened 4-byte values); a flipped byte anywhere, a truncated file, a
 * wrong magic or version and the wrong game are refused with one line; a
 * failed save leaves no file behind. Through the library and the real CLI
 * (`yomi solve --save`, `yomi query`, `yomi analyze --db`).
 */

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unpack } from '../../src/core/packed-value.js';
import { formatValue } from '../../src/core/value.js';
import {
  decodeSolutionFile,
  encodeSolutionFile,
  loadSolution,
  packValues,
  saveSolution,
} from '../../src/db/solution-file.js';
import { Dodgem } from '../../src/games/dodgem.js';
import { solve } from '../../src/solvers/index.js';
import { runCli } from '../run-cli.js';
import { pathGame } from '../solvers/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'yomi-db-'));

describe('solution files', () => {
  const game = new Dodgem(3);
  const solution = solve(game);
  const path = join(dir, 'dodgem3.yomi');
  saveSolution(path, 'dodgem(size=3)', game, solution);

  it('round-trip every position of Dodgem 3×3', () => {
    const loaded = loadSolution(path);
    expect(loaded.header).toMatchObject({
      game: 'dodgem(size=3)',
      positions: game.size,
      encoding: 'packed16',
    });
    for (let p = 0; p < game.size; p++) {
      expect(formatValue(loaded.solution.value(p))).toBe(formatValue(solution.value(p)));
    }
  });

  it('round-trip 4-byte values', () => {
    const codes = Uint32Array.from([0, 1, 2 ** 30 + 20_000, 2 ** 32 - 1]);
    const header = { game: 'x', id: 'x', params: {}, positions: 4, start: 0, solver: 's', reason: 'r' };
    const bytes = encodeSolutionFile(header, codes);
    const back = decodeSolutionFile(bytes, 'f');
    expect(back.header.encoding).toBe('packed32');
    expect(Array.from(back.codes)).toEqual(Array.from(codes));
  });

  it('pack remoteness beyond 2 bytes in 4', () => {
    // A path of 20 000 positions: the far end is won in 19 999 plies.
    const n = 20_000;
    const path = pathGame(n, false);
    const codes = packValues(path, solve(path, { solver: 'retrograde' }));
    expect(codes).toBeInstanceOf(Uint32Array);
    expect(unpack(codes[n - 1], 30)).toEqual({ outcome: 'win', remoteness: n - 1 });
    expect(packValues(game, solution)).toBeInstanceOf(Uint16Array);
  });

  it('detect a flipped byte anywhere', () => {
    const bytes = readFileSync(path);
    for (let i = 0; i < bytes.length; i += Math.max(1, Math.floor(bytes.length / 97))) {
      const bad = Buffer.from(bytes);
      bad[i] ^= 0x10;
      expect(() => decodeSolutionFile(bad, 'f'), `byte ${i}`).toThrow(/^f: /);
    }
  });

  it('refuse truncated files, other files, other versions and other games', () => {
    const bytes = readFileSync(path);
    expect(() => decodeSolutionFile(bytes.subarray(0, bytes.length - 1), 'f')).toThrow(/f: truncated/);
    expect(() => decodeSolutionFile(bytes.subarray(0, 20), 'f')).toThrow(/f: truncated/);
    expect(() => decodeSolutionFile(Buffer.from('hello, world, this is text'), 'f')).toThrow(
      /not a yomi solution file/,
    );
    const v2 = Buffer.from(bytes);
    v2.writeUInt32LE(2, 8);
    expect(() => decodeSolutionFile(v2, 'f')).toThrow(
      'f: solution file format version 2; this yomi reads version 1',
    );
    expect(() => loadSolution(path, 'dodgem(size=4)')).toThrow(
      /holds the solution of dodgem\(size=3\), not of dodgem\(size=4\)/,
    );
  });

  it('leave nothing behind when the save fails', () => {
    const target = join(dir, 'a-directory');
    mkdirSync(target);
    expect(() => saveSolution(target, 'dodgem(size=3)', game, solution)).toThrow(/cannot save/);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('solution files through the CLI', () => {
  const file = join(dir, 'cli.yomi');

  it('yomi solve --save, then yomi query and yomi analyze --db answer from the file', () => {
    const solved = runCli(['solve', 'dodgem(size=3)', '--save', file]);
    expect(solved).toMatchObject({ status: 0, stdout: 'win in 19\n', stderr: '' });
    expect(runCli(['query', file])).toMatchObject({ status: 0, stdout: 'win in 19\n' });
    expect(runCli(['query', file, 'x../.x./.oo o']).stdout).toBe(
      `${formatValue(solve(new Dodgem(3)).value(new Dodgem(3).parsePosition('x../.x./.oo o')))}\n`,
    );
    const analysis = runCli(['analyze', '--db', file]);
    expect(analysis.status).toBe(0);
    expect(analysis.stdout).toMatch(/^value +win in 19$/m);
    expect(analysis.stdout).toMatch(/^a3-b3 +win in 19 +← best$/m);
  });

  it('refuses bad files and bad saves with one line and exit code 2', () => {
    runCli(['solve', 'dodgem(size=3)', '--save', file]);
    const bad = Buffer.from(readFileSync(file));
    bad[bad.length >> 1] ^= 1;
    const flipped = join(dir, 'flipped.yomi');
    writeFileSync(flipped, bad);
    const cases: [string[], string][] = [
      [['query', flipped], `yomi: ${flipped}: corrupt: the checksum does not match\n`],
      [['query', join(dir, 'missing.yomi')], `yomi: cannot read ${join(dir, 'missing.yomi')}: ENOENT\n`],
      [
        ['analyze', 'dodgem(size=4)', '--db', file],
        `yomi: ${file} holds the solution of dodgem(size=3), not of dodgem(size=4)\n`,
      ],
      [
        ['query', file, 'nonsense'],
        expect.stringMatching(/^yomi: dodgem\(size=3\): a position is 3 rows/) as unknown as string,
      ],
      [
        ['solve', 'tic-tac-toe', '--save', join(dir, 't.yomi')],
        expect.stringMatching(/^yomi: solution files hold indexed games/) as unknown as string,
      ],
    ];
    for (const [args, stderr] of cases) {
      const r = runCli(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toEqual(stderr);
    }
    expect(existsSync(join(dir, 't.yomi'))).toBe(false);
  });
});
