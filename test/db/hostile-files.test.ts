/**
 * Crafted solution files, every checksum valid unless said otherwise: the
 * cases of the issue (a header of null, a game missing or a number, a block
 * that is empty or not zlib, values declared past 4 GiB, a 1 GiB block
 * promised by a short file, made-up values) and a few more (bigint keys that
 * are no integers, a NaN margin) are refused with one line, read from disk
 * header first: nothing is inflated or allocated beyond what the header
 * declares and the file holds.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { YomiError } from '../../src/core/errors.js';
import { savedSolution } from '../../src/db/saved-solution.js';
import { decodeSolutionFile, encodeSolutionFile, SolutionReader } from '../../src/db/solution-file.js';
import { openGame } from '../../src/games/open.js';
import { expectUserError, runCli } from '../run-cli.js';
import { forged, oneBlockEach } from './forge.js';

const dir = mkdtempSync(join(tmpdir(), 'yomi-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fields = {
  game: 'dodgem(size=3)',
  source: { kind: 'builtin', id: 'dodgem', params: { size: 3 }, rules: 1 },
  numbering: 'index',
  positions: 4,
  start: 0,
  values: 'packed16',
  solver: 'retrograde',
  reason: 'r',
};
const eight = oneBlockEach([Buffer.alloc(8)]);
const good = { ...fields, blockBytes: eight.blockBytes, sections: eight.sections };

function refusal(bytes: Buffer): string {
  try {
    decodeSolutionFile(bytes, 'f');
  } catch (e) {
    expect(e).toBeInstanceOf(YomiError);
    expect((e as Error).message).not.toContain('\n');
    return (e as Error).message;
  }
  throw new Error('accepted');
}

/** A header whose values section is the one block `block`, declaring `raw` bytes. */
const withBlock = (block: Buffer, raw = 8) => {
  const b = oneBlockEach([Buffer.alloc(raw)], [block]);
  return {
    header: { ...fields, positions: raw / 2, blockBytes: b.blockBytes, sections: b.sections },
    blocks: b.blocks,
  };
};

describe('crafted solution files are refused with one line', () => {
  const cases: [string, unknown, Buffer[], RegExp][] = [
    ['a header of null', null, eight.blocks, /^f: corrupt header: not an object$/],
    ['a header that is a list', [1], eight.blocks, /not an object/],
    ['no game', { ...good, game: undefined }, eight.blocks, /game is not a game/],
    ['a game that is a number', { ...good, game: 7 }, eight.blocks, /game is not a game/],
    ['an empty block', withBlock(Buffer.alloc(0)).header, [Buffer.alloc(0)], /a block is not zlib data/],
    [
      'a block that is not zlib',
      withBlock(Buffer.from('hello')).header,
      [Buffer.from('hello')],
      /a block is not zlib data/,
    ],
    [
      'a block that inflates past its declared size',
      withBlock(deflateSync(Buffer.alloc(1 << 20))).header,
      [deflateSync(Buffer.alloc(1 << 20))],
      /a block inflates to more than the 8 bytes/,
    ],
    [
      'values declared past 4 GiB',
      { ...good, positions: 2 ** 32, sections: [{ bytes: 2 ** 33, blocks: good.sections[0].blocks }] },
      eight.blocks,
      /the wrong number of blocks/,
    ],
    [
      'sections that do not add up',
      { ...good, sections: [good.sections[0], good.sections[0]] },
      eight.blocks,
      /sections are not the values/,
    ],
    ['a start outside the positions', { ...good, start: 4 }, eight.blocks, /start is not a position/],
  ];
  for (const [what, header, blocks, message] of cases) {
    it(what, () => {
      expect(refusal(forged(header, blocks))).toMatch(message);
    });
  }

  it('a 1 GiB block promised by a short file is refused before anything is read', () => {
    const file = join(dir, 'promise.yomi');
    const promise = {
      ...good,
      sections: [{ bytes: 8, blocks: [{ bytes: 2 ** 30, sha256: '0'.repeat(64) }] }],
    };
    writeFileSync(file, forged(promise, eight.blocks));
    expect(() => SolutionReader.open(file)).toThrow(/truncated: \d+ bytes, the header promises 1073742\d+/);
  });

  it('made-up values are refused when read against the rules', () => {
    const opened = openGame('dodgem(size=3)');
    const { size, start } = opened.games[0] as { size: number; start: number };
    const zeros = oneBlockEach([Buffer.alloc(2 * size)]);
    const header = {
      ...fields,
      positions: size,
      start,
      blockBytes: zeros.blockBytes,
      sections: zeros.sections,
    };
    const reader = SolutionReader.fromBytes(forged(header, zeros.blocks), 'f');
    const solution = savedSolution(reader, { opened, dataset: 0 }, 'f');
    expect(() => solution.value(solution.game.start)).toThrow(/^f: its values contradict the rules at/);
  });

  it('bigint keys that are no integers, and a NaN margin', () => {
    const keys = Buffer.from(JSON.stringify(['1n']));
    const explored = oneBlockEach([Buffer.alloc(2), keys]);
    const header = {
      ...fields,
      game: './g.ts',
      source: { kind: 'module', path: './g.ts', sha256: '0'.repeat(64) },
      numbering: 'explored',
      keys: 'bigint',
      positions: 1,
      blockBytes: explored.blockBytes,
      sections: explored.sections,
    };
    const file = SolutionReader.fromBytes(forged(header, explored.blocks), 'f');
    const race = {
      kind: 'game' as const,
      id: 'g',
      start: 0n,
      moves: () => [],
      play: (p: bigint) => p,
      key: (p: bigint) => p,
    };
    const opened = { def: {} as never, params: {}, spec: './g.ts', given: {}, games: [race] };
    expect(() => savedSolution(file, { opened: opened as never, dataset: 0 }, 'f')).toThrow(
      /^f: corrupt: the keys are not integers$/,
    );
    // edpc-l with one card: an indexed scoring game of 3 positions, values as margins (12 bytes each).
    const scoring = openGame('edpc-l', '1\n5\n');
    const { size, start } = scoring.games[0] as { size: number; start: number };
    const nan = Buffer.alloc(12 * size);
    nan.writeDoubleLE(Number.NaN, 0);
    const margins = oneBlockEach([nan]);
    const marginHeader = {
      ...fields,
      values: 'margin',
      positions: size,
      start,
      blockBytes: margins.blockBytes,
      sections: margins.sections,
    };
    const solution = savedSolution(
      SolutionReader.fromBytes(forged(marginHeader, margins.blocks), 'f'),
      { opened: scoring, dataset: 0 },
      'f',
    );
    expect(() => solution.value(0)).toThrow(/^f: corrupt: a margin is not a number$/);
  });

  it('through the CLI, one line each', () => {
    const file = join(dir, 'null.yomi');
    writeFileSync(file, forged(null, eight.blocks));
    expectUserError(runCli(['query', file]), `${file}: corrupt header: not an object`, true);
    const round = encodeSolutionFile(
      {
        game: 'x',
        source: { kind: 'builtin', id: 'x', params: {}, rules: 1 },
        numbering: 'index',
        positions: 1,
        start: 0,
        values: 'packed16',
        solver: 's',
        reason: 'r',
      },
      [Uint8Array.of(0, 0)],
    );
    const unknown = join(dir, 'unknown.yomi');
    writeFileSync(unknown, round);
    expectUserError(
      runCli(['query', unknown]),
      "records the game 'x', which is no built-in game of this yomi",
    );
  });
});
