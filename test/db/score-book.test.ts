/**
 * Files of proven scores (src/db/score-book.ts): every kind of key read back
 * as written, and a file that is cut short, flipped, of another game, of
 * another kind or with entries that are not scores refused in one line
 * naming it.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Key } from '../../src/core/game.js';
import { encodeContainer } from '../../src/db/book-file.js';
import { loadScores, SCORE_BOOK_KIND, saveScores } from '../../src/db/score-book.js';

const dir = mkdtempSync(join(tmpdir(), 'yomi-scores-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GAME = 'kalah(pits=6,seeds=4)';
const scores = new Map<Key, number>([
  ['\u0034\u0034\u0030', 10],
  [12, -3],
  [2n ** 70n, 2 ** 30 - 5],
  ['n5', 0],
]);

describe('files of proven scores', () => {
  it('read back every key and score as written', () => {
    const file = join(dir, 'good.yomi');
    saveScores(file, GAME, scores);
    expect(loadScores(file, GAME)).toEqual(scores);
  });

  it('refuse a damaged file, another game, another kind or entries that are not scores, in one line', () => {
    const file = join(dir, 'good.yomi');
    saveScores(file, GAME, scores);
    const bytes = readFileSync(file);
    const write = (name: string, b: Uint8Array) => {
      const path = join(dir, name);
      writeFileSync(path, b);
      return path;
    };
    const cut = write('cut.yomi', bytes.subarray(0, bytes.length - 10));
    expect(() => loadScores(cut, GAME)).toThrow(new RegExp(`^${cut}: `));
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 40] ^= 1;
    expect(() => loadScores(write('flipped.yomi', flipped), GAME)).toThrow(
      /: corrupt: the checksum does not match$/,
    );
    expect(() => loadScores(file, 'kalah(pits=6,seeds=5)')).toThrow(
      `${file}: the scores of ${GAME}, not of kalah(pits=6,seeds=5)`,
    );
    const other = write('other.yomi', encodeContainer({ kind: 'connect4', game: GAME }, Buffer.from('{}')));
    expect(() => loadScores(other, GAME)).toThrow(`${other}: not a file of proven scores`);
    const payload = (json: string) =>
      write(
        'bad.yomi',
        encodeContainer({ kind: SCORE_BOOK_KIND, game: GAME, positions: 1 }, Buffer.from(json)),
      );
    expect(() => loadScores(payload('[1'), GAME)).toThrow(/: corrupt: the scores are not JSON$/);
    expect(() => loadScores(payload('{"keys":["s1"],"scores":[]}'), GAME)).toThrow(
      /: corrupt: no list of keys and scores of one length$/,
    );
    expect(() => loadScores(payload('{"keys":["x1"],"scores":[1]}'), GAME)).toThrow(
      /: corrupt: entry 1 is not a key and an integer score$/,
    );
    expect(() => loadScores(payload('{"keys":["s1"],"scores":[0.5]}'), GAME)).toThrow(
      /: corrupt: entry 1 is not a key and an integer score$/,
    );
  });
});
