/**
 * Scores a search proved, kept on disk: the exact score of each position,
 * keyed by the game's `key`, so that a server answering a game by search
 * (host/endgame-analyst.ts) starts again with everything it proved before —
 * the start of Kalah 6×4 takes minutes to prove, and then nothing. The file
 * is the opening books' container (container.ts: header, checksum, deflated
 * payload) of kind `scores`; the payload is JSON, `{ keys, scores }`, each
 * key written with its type (`s…` a string, `n…` a number, `b…` a bigint).
 * Nothing in it is code; a file that is not whole, or of another game, is
 * refused in one line naming it. Node-only (fs, zlib, crypto).
 */

import { YomiError } from '../core/errors.js';
import type { Key } from '../core/game.js';
import { isRecord } from '../core/unknown.js';
import { decodeContainer, encodeContainer } from './book-file.js';
import { readRegular } from './bounded-read.js';
import type { ContainerHeader } from './container.js';
import { writeAtomically } from './solution-file.js';

export const SCORE_BOOK_KIND = 'scores';

/** The largest score book read. */
const MAX_SCORE_BYTES = 1 << 28;

interface ScoreBookHeader extends ContainerHeader {
  kind: string;
  game: string;
  positions: number;
}

const keyText = (key: Key) => `${typeof key === 'string' ? 's' : typeof key === 'number' ? 'n' : 'b'}${key}`;

function keyOf(text: unknown): Key | undefined {
  if (typeof text !== 'string') return undefined;
  const rest = text.slice(1);
  if (text[0] === 's') return rest;
  if (text[0] === 'n' && rest !== '' && Number.isFinite(Number(rest))) return Number(rest);
  if (text[0] === 'b' && /^-?\d+$/.test(rest)) return BigInt(rest);
  return undefined;
}

/** Writes the scores of `game` (its canonical spec) to `path`, whole or not at all. */
export function saveScores(path: string, game: string, scores: ReadonlyMap<Key, number>): void {
  const payload = JSON.stringify({ keys: [...scores.keys()].map(keyText), scores: [...scores.values()] });
  const header = { kind: SCORE_BOOK_KIND, game, positions: scores.size };
  writeAtomically(path, encodeContainer(header, Buffer.from(payload)));
}

/** The scores of `game` in `path`, checked whole. */
export function loadScores(path: string, game: string): Map<Key, number> {
  const { header, raw } = decodeContainer<ScoreBookHeader>(readRegular(path, MAX_SCORE_BYTES), path);
  if (header.kind !== SCORE_BOOK_KIND) throw new YomiError(`${path}: not a file of proven scores`);
  if (header.game !== game) throw new YomiError(`${path}: the scores of ${header.game}, not of ${game}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new YomiError(`${path}: corrupt: the scores are not JSON`);
  }
  const keys = isRecord(parsed) ? parsed.keys : undefined;
  const values = isRecord(parsed) ? parsed.scores : undefined;
  if (!Array.isArray(keys) || !Array.isArray(values) || keys.length !== values.length) {
    throw new YomiError(`${path}: corrupt: no list of keys and scores of one length`);
  }
  const scores = new Map<Key, number>();
  keys.forEach((text, i) => {
    const key = keyOf(text);
    const score = values[i];
    if (key === undefined || !Number.isSafeInteger(score)) {
      throw new YomiError(`${path}: corrupt: entry ${i + 1} is not a key and an integer score`);
    }
    scores.set(key, score);
  });
  return scores;
}
