/**
 * Crafted solution files, each with a valid checksum unless said otherwise:
 * the cases of the issue (a header of null, a game missing or a number, a
 * payload that is empty or not zlib, values declared past 4 GiB, a 1 GiB
 * payload promised by a short file, made-up values) and a few more (bigint
 * keys that are no integers, a NaN margin) are refused with one line, read
 * from disk header first: nothing is inflated or allocated beyond what the
 * header declares and the file holds.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { YomiError } from '../../src/core/errors.js';
import { savedSolution } from '../../src/db/saved-solution.js';
import { decodeSolutionFile, encodeSolutionFile, readSolutionFile } from '../../src/db/solution-file.js';
import { openGame } from '../../src/games/open.js';
import { expectUserError, runCli } from '../run-cli.js';
import { forged } from './forge.js';

const dir = mkdtempSync(join(tmpdir(), 'yomi-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const good = {
  game: 'dodgem(size=3)',
  source: { kind: 'builtin', id: 'dodgem', params: { size: 3 }, rules: 1 },
  numbering: 'index',
  positions: 4,
  start: 0,
  values: 'packed16',
  sections: [8],
  solver: 'retrograde',
  reason: 'r',
};
const payload = deflateSync(Buffer.alloc(8));

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

describe('crafted solution files are refused with one line', () => {
  const cases: [string, unknown, Buffer, RegExp][] = [
    ['a header of null', null, payload, /^f: corrupt header: not an object$/],
    ['a header that is a list', [1], payload, /not an object/],
    ['no game', { ...good, game: undefined }, payload, /game is not a game/],
    ['a game that is a number', { ...good, game: 7 }, payload, /game is not a game/],
    ['an empty payload', good, Buffer.alloc(0), /payload is not zlib data/],
    ['a payload that is not zlib', good, Buffer.from('hello'), /payload is not zlib data/],
    [
      'a payload that inflates past its declared size',
      good,
      deflateSync(Buffer.alloc(1 << 20)),
      /inflate to more than the 8 bytes/,
    ],
    [
      'values declared past 4 GiB',
      { ...good, positions: 2 ** 32, sections: [2 ** 33] },
      payload,
      /declares 8,589,934,592 bytes of values, more than this yomi can inflate/,
    ],
    ['sections that do not add up', { ...good, sections: [8, 8] }, payload, /sections are not the sizes/],
    ['a start outside the positions', { ...good, start: 4 }, payload, /start is not a position/],
  ];
  for (const [what, header, body, message] of cases) {
    it(what, () => {
      const h =
        header !== null && typeof header === 'object' && !Array.isArray(header)
          ? { ...header, payloadBytes: body.length }
          : header;
      expect(refusal(forged(h, body))).toMatch(message);
    });
  }

  it('a 1 GiB payload promised by a short file is refused before anything is read', () => {
    const file = join(dir, 'promise.yomi');
    writeFileSync(file, forged({ ...good, payloadBytes: 2 ** 30 }, payload));
    expect(() => readSolutionFile(file)).toThrow(/truncated: \d+ bytes, the header promises 1073742\d+/);
  });

  it('a file larger than the memory budget is refused before its payload is read', () => {
    const file = join(dir, 'big.yomi');
    writeFileSync(file, forged({ ...good, payloadBytes: payload.length }, payload));
    expect(() => readSolutionFile(file, { memoryBytes: 16 })).toThrow(
      /reading .* needs about 1 MB, more than the 1 MB available/,
    );
    expect(readSolutionFile(file).header.positions).toBe(4);
  });

  it('made-up values are refused when read against the rules', () => {
    const opened = openGame('dodgem(size=3)');
    const size = (opened.games[0] as { size: number }).size;
    const zeros = deflateSync(Buffer.alloc(2 * size));
    const header = {
      ...good,
      positions: size,
      start: (opened.games[0] as { start: number }).start,
      sections: [2 * size],
    };
    const bytes = decodeSolutionFile(forged({ ...header, payloadBytes: zeros.length }, zeros), 'f');
    const solution = savedSolution(bytes, { opened, dataset: 0 }, 'f');
    expect(() => solution.value(solution.game.start)).toThrow(/^f: its values contradict the rules at/);
  });

  it('bigint keys that are no integers, and a NaN margin', () => {
    const explored = {
      ...good,
      game: './g.ts',
      source: { kind: 'module', path: './g.ts', sha256: '0'.repeat(64) },
      numbering: 'explored',
      keys: 'bigint',
      positions: 1,
      sections: [2],
    };
    const keys = Buffer.from(JSON.stringify(['1n']));
    const raw = Buffer.concat([Buffer.alloc(2), keys]);
    const file = decodeSolutionFile(
      forged(
        { ...explored, sections: [2, keys.length], payloadBytes: deflateSync(raw).length },
        deflateSync(raw),
      ),
      'f',
    );
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
    const header = { ...good, values: 'margin', positions: size, start, sections: [12 * size] };
    const margins = decodeSolutionFile(
      forged({ ...header, payloadBytes: deflateSync(nan).length }, deflateSync(nan)),
      'f',
    );
    expect(() => savedSolution(margins, { opened: scoring, dataset: 0 }, 'f')).toThrow(
      /^f: corrupt: a margin is not a number$/,
    );
  });

  it('through the CLI, one line each', () => {
    const file = join(dir, 'null.yomi');
    writeFileSync(file, forged(null, payload));
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
    expectUserError(runCli(['query', unknown]), "unknown game 'x'");
  });
});
