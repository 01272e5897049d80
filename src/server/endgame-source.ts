/**
 * Endgame databases as a source of `yomi serve --db DIR`: a game whose
 * values no file holds (Kalah 6×4) answered by a search that reads the
 * databases at its leaves, on a thread of its own (threads/analysis-pool.ts)
 * so that the server keeps answering meanwhile. The games served are those
 * that offer these databases (`DatabaseOffer.endgames`, of the family the
 * directory records); a position is searched once, then answered from
 * memory. A search that takes longer than its budget is a 503 with the
 * bounds it proved, never a guess. Node-only (threads).
 */

import { basename } from 'node:path';
import type { DatabaseOffer } from '../core/builds.js';
import { familyName } from '../core/endgames.js';
import { YomiError } from '../core/errors.js';
import { readTierManifest } from '../db/tier-dir.js';
import { canonicalSpec, openGame } from '../games/open.js';
import { linkOf } from '../host/endgame-search.js';
import type { PositionAnswer } from '../host/position-answer.js';
import { AnalysisThread } from '../threads/analysis-pool.js';
import type { PositionSource, ServedGame } from './position-source.js';

/** How the searches of an endgame source are limited. */
export interface SearchLimits {
  /** The longest search for one position's answer. */
  seconds: number;
  /** The transposition table's bytes, kept between answers. */
  tableBytes: number;
}

/** The limits unless the server is told others: a minute per answer, a table of 256 MiB. */
export const DEFAULT_LIMITS: SearchLimits = { seconds: 60, tableBytes: 256 * 2 ** 20 };

/** Answers kept in memory at most; beyond, the oldest are dropped. */
const MAX_ANSWERS = 100_000;

/** The games of `offers` that search the databases of `family`. */
function gamesOf(family: string, offers: readonly DatabaseOffer[]): DatabaseOffer[] {
  return offers.filter((o) => {
    if (o.endgames === undefined) return false;
    const { link } = linkOf(openGame(o.spec).games[0]);
    return familyName(link.family) === family;
  });
}

/**
 * The endgame databases in `dir` as a source for the games that offer them,
 * loaded on the search thread before this returns (so a machine without the
 * memory for them says so at start, in one line).
 */
export async function endgameSource(
  dir: string,
  offers: readonly DatabaseOffer[],
  limits: SearchLimits,
): Promise<PositionSource> {
  const manifest = readTierManifest(dir);
  const served = gamesOf(manifest.game, offers);
  if (served.length === 0) {
    throw new YomiError(`--db ${dir}: no game is played from the endgame databases of ${manifest.game}`);
  }
  const thread = new AnalysisThread();
  const task = (spec: string) => ({ spec, dir, ...limits });
  let loaded: { positions: number; text: string };
  try {
    loaded = await thread.load(task(served[0].spec));
    for (const o of served.slice(1)) await thread.load(task(o.spec));
  } catch (e) {
    await thread.close();
    throw e;
  }
  const games: ServedGame[] = served.map((o) => ({
    game: canonicalSpec(o.spec),
    positions: loaded.positions,
    from: `endgame databases ${basename(dir)} (${loaded.text}) and a search`,
  }));
  const answers = new Map<string, Promise<PositionAnswer>>();
  return {
    games,
    lookup: (game, position) => {
      const offer = served.find((o) => canonicalSpec(o.spec) === game);
      if (offer === undefined) return Promise.resolve(undefined);
      const key = `${game}\n${position}`;
      let answer = answers.get(key);
      if (answer === undefined) {
        if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value ?? key);
        answer = thread.answer({ ...task(offer.spec), position });
        answers.set(key, answer);
        answer.catch(() => answers.delete(key));
      }
      return answer;
    },
    close: () => thread.close(),
  };
}
