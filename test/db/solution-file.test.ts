/**
 * Solution files: a saved solution round-trips every position's value for
 * every kind of game a table solver solves — an indexed game (2- and 4-byte
 * values), a game explored with its symmetry (keys stored), a scoring game
 * (margins), a problem game (its input's hash), a user's module (its source's
 * hash); a flipped byte anywhere, a truncated file, a crafted header, a
 * payload that inflates past its declared size, made-up values with a valid
 * checksum, another game, another input and a changed module are refused
 * with one line; a failed save leaves no file behind. Through the library
 * and the real CLI (`yomi solve --save`, `yomi query`, `yomi analyze --db`).
 */

import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { formatValue } from '../../src/core/value.js';
import { savedSolution, saveSolution, sourceMismatch } from '../../src/db/saved-solution.js';
import { decodeSolutionFile, encodeSolutionFile, SolutionReader } from '../../src/db/solution-file.js';
import { Dodgem } from '../../src/games/dodgem.js';
import { openGame } from '../../src/games/open.js';
import { solve } from '../../src/solvers/index.js';
import { expectUserError, runCli } from '../run-cli.js';
import { pathGame } from '../solvers/fixtures.js';
import { forged } from './forge.js';

const dir = mkdtempSync(join(tmpdir(), 'yomi-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Saves the solution of `spec` (with `input`) and reads it back, comparing every solved position's value. */
function roundTrip(spec: string, input?: string, options = {}): SolutionReader {
  const opened = openGame(spec, input);
  const solution = solve(opened.games[0], options);
  const file = join(dir, `${spec.replace(/\W/g, '_')}.yomi`);
  saveSolution(file, { opened, dataset: 0 }, solution);
  const bytes = SolutionReader.open(file);
  const again = openGame(spec, input);
  expect(sourceMismatch(bytes.header, { opened: again, dataset: 0 }, file)).toBeUndefined();
  const back = savedSolution(bytes, { opened: again, dataset: 0 }, file);
  const solved = solution.solved;
  if (solved === undefined) throw new Error('not a table solution');
  for (let i = 0; i < solved.count; i++) {
    const p = solved.at(i);
    expect(formatValue(back.value(p)), `position ${i}`).toBe(formatValue(solution.value(p)));
    expect(back.value(p).margin).toBe(solution.value(p).margin);
  }
  return bytes;
}

describe('solution files', () => {
  it('round-trip every position of an indexed game (Dodgem 3×3)', () => {
    const { header } = roundTrip('dodgem(size=3)');
    expect(header).toMatchObject({ game: 'dodgem(size=3)', numbering: 'index', values: 'packed16' });
    expect(header.source).toEqual({ kind: 'builtin', id: 'dodgem', params: { size: 3 }, rules: 1 });
  });

  it('round-trip an explored game with its symmetry (tic-tac-toe: 765 classes, keys stored)', () => {
    const { header } = roundTrip('tic-tac-toe');
    expect(header).toMatchObject({ numbering: 'explored', positions: 765, keys: 'string' });
  });

  it('round-trip a scoring game with extra turns (Kalah: margins) and a row of heaps', () => {
    expect(roundTrip('kalah(pits=3,seeds=3)').header.values).toBe('margin');
    expect(roundTrip('nim(heaps=2 3 4)').header.numbering).toBe('explored');
  });

  it('round-trip a problem game, recording its input, and refuse another input', () => {
    const input = '3 3\n---\n+-+\n+--\n';
    const { header } = roundTrip('abc201d', input);
    expect(header.input).toMatchObject({ bytes: input.length, dataset: 0 });
    const other = openGame('abc201d', '3 3\n+++\n+-+\n+--\n');
    expect(sourceMismatch(header, { opened: other, dataset: 0 }, 'f')).toMatch(
      /solved for another input of abc201d/,
    );
  });

  it('pack remoteness beyond 2 bytes in 4', () => {
    // A path of 20 000 positions: the far end is won in 19 999 plies.
    const n = 20_000;
    const game = pathGame(n, false);
    const opened = { def: openGame('tic-tac-toe').def, params: {}, spec: 'path', given: {}, games: [game] };
    const file = join(dir, 'path.yomi');
    saveSolution(file, { opened, dataset: 0 }, solve(game, { solver: 'retrograde' }));
    const bytes = SolutionReader.open(file);
    expect(bytes.header.values).toBe('packed32');
    expect(savedSolution(bytes, { opened, dataset: 0 }, file).value(n - 1)).toEqual({
      outcome: 'win',
      remoteness: n - 1,
    });
  });

  const dodgem = join(dir, 'dodgem_size_3_.yomi');

  it('detect a flipped byte anywhere', () => {
    roundTrip('dodgem(size=3)');
    const bytes = readFileSync(dodgem);
    for (let i = 0; i < bytes.length; i += Math.max(1, Math.floor(bytes.length / 97))) {
      const bad = Buffer.from(bytes);
      bad[i] ^= 0x10;
      expect(() => decodeSolutionFile(bad, 'f'), `byte ${i}`).toThrow(/^f: /);
    }
  });

  it('refuse truncated files, other files, other versions and other games', () => {
    roundTrip('dodgem(size=3)');
    const bytes = readFileSync(dodgem);
    expect(() => decodeSolutionFile(bytes.subarray(0, bytes.length - 1), 'f')).toThrow(/f: truncated/);
    expect(() => decodeSolutionFile(bytes.subarray(0, 20), 'f')).toThrow(/f: truncated/);
    expect(() => decodeSolutionFile(bytes.subarray(0, 60), 'f')).toThrow(/f: truncated/);
    expect(() => decodeSolutionFile(Buffer.from('hello, world, this is text'), 'f')).toThrow(
      /not a yomi solution file/,
    );
    const v1 = Buffer.from(bytes);
    v1.writeUInt32LE(1, 8);
    expect(() => decodeSolutionFile(v1, 'f')).toThrow(
      'f: solution file format version 1; this yomi reads version 2',
    );
    const header = SolutionReader.open(dodgem).header;
    const four = openGame('dodgem(size=4)');
    expect(sourceMismatch(header, { opened: four, dataset: 0 }, 'f')).toMatch(
      /holds the solution of dodgem\(size=3\), not of dodgem\(size=4\)/,
    );
  });

  const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

  /** The header of the Dodgem 3×3 file with its values section made of `block` (declaring `raw` bytes). */
  function withBlock(block: Buffer, raw: number): object {
    const good = SolutionReader.open(dodgem).header;
    return {
      ...good,
      blockBytes: 1 << 20,
      sections: [{ bytes: raw, blocks: [{ bytes: block.length, sha256: sha(block) }] }],
    };
  }

  it('refuse crafted headers and blocks even with valid checksums', () => {
    const good = SolutionReader.open(dodgem).header;
    const raw = good.sections[0].bytes;
    const block = deflateSync(Buffer.alloc(raw));
    const base = withBlock(block, raw) as typeof good;
    const cases: [unknown, RegExp][] = [
      [null, /corrupt header: not an object/],
      [{ ...base, game: 7 }, /game is not a game/],
      [{ ...base, source: { kind: 'builtin', id: 3 } }, /source.id/],
      [{ ...base, positions: -1 }, /positions is not a count/],
      [{ ...base, values: 'float' }, /unknown value encoding/],
      [
        { ...base, sections: [{ bytes: 5, blocks: [{ bytes: block.length, sha256: sha(block) }] }] },
        /bytes of values for/,
      ],
      [{ ...base, sections: [{ bytes: raw, blocks: [] }] }, /wrong number of blocks/],
      [{ ...base, numbering: 'explored' }, /keys are given exactly when/],
    ];
    for (const [header, message] of cases) {
      expect(() => decodeSolutionFile(forged(header, [block]), 'f'), JSON.stringify(header)).toThrow(message);
    }
    const hello = Buffer.from('hello');
    expect(() => decodeSolutionFile(forged(withBlock(hello, raw), [hello]), 'f')).toThrow(/is not zlib data/);
    // A block that inflates far past its declared size is stopped at that size, not inflated whole.
    const bomb = deflateSync(Buffer.alloc(64 << 20));
    expect(() => decodeSolutionFile(forged(withBlock(bomb, raw), [bomb]), 'f')).toThrow(
      /inflates to more than/,
    );
  });

  it('refuse made-up values with valid checksums: they contradict the rules', () => {
    const raw = SolutionReader.open(dodgem).header.sections[0].bytes;
    const zeros = deflateSync(Buffer.alloc(raw)); // every position "lose in 0"
    const reader = SolutionReader.fromBytes(forged(withBlock(zeros, raw), [zeros]), 'f');
    const solution = savedSolution(reader, { opened: openGame('dodgem(size=3)'), dataset: 0 }, 'f');
    expect(() => solution.value(solution.game.start)).toThrow(/f: its values contradict the rules at/);
  });

  it('read one block of a large file, not the whole of it', () => {
    const values = new Uint8Array(3 << 20).map((_, i) => i % 7);
    const header = {
      game: 'big',
      source: { kind: 'builtin' as const, id: 'big', params: {}, rules: 1 },
      numbering: 'index' as const,
      positions: values.length,
      start: 0,
      values: 'wl8' as const,
      solver: 's',
      reason: 'r',
    };
    const file = join(dir, 'big.yomi');
    writeFileSync(file, encodeSolutionFile(header, [values]));
    const reader = SolutionReader.open(file);
    expect(reader.header.sections[0].blocks).toHaveLength(3);
    const at = (2 << 20) + 5;
    expect(Array.from(reader.bytesAt(0, at, 3))).toEqual([at % 7, (at + 1) % 7, (at + 2) % 7]);
    // A damaged block is found when it is read (and only then).
    const bytes = readFileSync(file);
    bytes[bytes.length - 10] ^= 1;
    writeFileSync(file, bytes);
    const damaged = SolutionReader.open(file);
    expect(damaged.bytesAt(0, 5, 1)[0]).toBe(5);
    expect(() => damaged.bytesAt(0, at, 1)).toThrow(/checksum does not match/);
  });

  it('leave nothing behind when the save fails', () => {
    const target = join(dir, 'a-directory');
    mkdirSync(target);
    const opened = openGame('dodgem(size=3)');
    expect(() => saveSolution(target, { opened, dataset: 0 }, solve(opened.games[0]))).toThrow(/cannot save/);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('encode what a file declares and nothing else', () => {
    const header = {
      game: 'x',
      source: { kind: 'builtin' as const, id: 'x', params: {}, rules: 1 },
      numbering: 'index' as const,
      positions: 1,
      start: 0,
      values: 'packed16' as const,
      solver: 's',
      reason: 'r',
    };
    const back = decodeSolutionFile(encodeSolutionFile(header, [Uint8Array.of(1, 2)]), 'f');
    expect(back.header).toMatchObject(header);
    expect(back.header.sections[0].bytes).toBe(2);
    expect(Array.from(back.sections[0])).toEqual([1, 2]);
  });
});

describe('solution files through the CLI', () => {
  const file = join(dir, 'cli.yomi');

  it('yomi solve --save, then yomi query and yomi analyze --db answer from the file', () => {
    const solved = runCli(['solve', 'dodgem(size=3)', '--save', file]);
    expect(solved).toMatchObject({ status: 0, stdout: 'win in 19\n', stderr: '' });
    expect(runCli(['query', file])).toMatchObject({ status: 0, stdout: 'win in 19\n' });
    const game = new Dodgem(3);
    const p = 'x../.x./.oo o';
    expect(runCli(['query', file, p]).stdout).toBe(
      `${formatValue(solve(game).value(game.parsePosition(p)))}\n`,
    );
    const analysis = runCli(['analyze', '--db', file]);
    expect(analysis.status).toBe(0);
    expect(analysis.stdout).toMatch(/^value +win in 19$/m);
    expect(analysis.stdout).toMatch(/^a3-b3 +win in 19 +← best$/m);
  });

  it('saves a user module, a problem game and an explored game, and refuses a changed module', () => {
    const module = join(dir, 'race.ts');
    const source = (last: number) =>
      `export default { id: 'race', start: 0, moves: (n: number) => (n >= ${last} ? [] : [1, 2]), play: (n: number, s: number) => n + s, key: (n: number) => n };\n`;
    writeFileSync(module, source(10));
    const saved = join(dir, 'race.yomi');
    expect(runCli(['solve', module, '--save', saved]).stdout).toBe('win in 7\n');
    expect(runCli(['query', saved, '--game', module]).stdout).toBe('win in 7\n');
    writeFileSync(module, source(11));
    expectUserError(
      runCli(['query', saved, '--game', module]),
      /was solved from a module with SHA-256 [0-9a-f]{12}… \(.*race\.ts when it was solved\), and .*race\.ts has SHA-256/,
    );

    const input = join(dir, 'grid.in');
    writeFileSync(input, '3 3\n---\n+-+\n+--\n');
    const grid = join(dir, 'grid.yomi');
    expect(runCli(['solve', 'abc201d', input, '--save', grid]).stdout).toBe('Takahashi\n');
    expect(runCli(['query', grid, '--input', input]).stdout).toBe('win by 2 in 4\n');
    expectUserError(runCli(['query', grid]), /for a problem input: give that input \(--input FILE\)/);
    expect(runCli(['analyze', 'abc201d', input, '--db', grid]).stdout).toMatch(/^value +win by 2 in 4$/m);

    const ttt = join(dir, 'ttt.yomi');
    expect(runCli(['solve', 'tic-tac-toe', '--save', ttt]).stdout).toBe('tie in 9\n');
    expect(runCli(['query', ttt, 'x...o...x']).stdout).toBe('tie in 6\n');
  });

  it('refuses bad files and bad saves with one line and exit code 2', () => {
    runCli(['solve', 'dodgem(size=3)', '--save', file]);
    const bad = Buffer.from(readFileSync(file));
    bad[bad.length >> 1] ^= 1;
    const flipped = join(dir, 'flipped.yomi');
    writeFileSync(flipped, bad);
    const cases: [string[], string | RegExp][] = [
      [['query', flipped], `${flipped}: corrupt: the checksum does not match`],
      [['query', join(dir, 'missing.yomi')], `cannot read ${join(dir, 'missing.yomi')}: ENOENT`],
      [
        ['analyze', 'dodgem(size=4)', '--db', file],
        `${file} holds the solution of dodgem(size=3), not of dodgem(size=4)`,
      ],
      [['query', file, 'nonsense'], /^yomi: dodgem\(size=3\): a position is 3 rows/],
      [
        ['solve', 'connect4', '--save', join(dir, 'c.yomi')],
        /no table of every position to keep .*--save needs one/,
      ],
      [
        ['solve', 'tic-tac-toe', '--save', join(dir, 'no-such-folder', 't.yomi')],
        /the folder .* does not exist/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = runCli(args, args[1] === 'connect4' ? '4444\n' : '');
      expectUserError(r, message, typeof message === 'string');
    }
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp') || f === 'c.yomi')).toEqual([]);
  });
});
