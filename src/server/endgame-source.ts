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
import { writePosition } from '../core/game.js';
import { playableView } from '../core/indexed-view.js';
import { sameValue } from '../core/value.js';
import { readTierManifest } from '../db/tier-dir.js';
import { canonicalSpec, openGame } from '../games/open.js';
import { linkOf } from '../host/endgame-search.js';
import type { PositionAnswer } from '../host/position-answer.js';
import { type AnalysisTarget, AnalysisThread, type Loaded } from '../threads/analysis-pool.js';
import type { PositionSource, ServedGame } from './position-source.js';

/** How the searches of an endgame source are limited. */
export interface SearchLimits {
  /** The longest search for one position's answer. */
  seconds: number;
  /** The transposition table's bytes, kept between answers. */
  tableBytes: number;
  /** Positions up to this many moves from the start (0: the start alone) are answered ahead of time, while no player waits; absent: none. */
  ahead?: number;
}

/** The limits unless the server is told others: a minute per answer, a table of 256 MiB, three moves ahead. */
export const DEFAULT_LIMITS: SearchLimits = { seconds: 60, tableBytes: 256 * 2 ** 20, ahead: 3 };

/** Answers kept in memory at most; beyond, the oldest are dropped. */
const MAX_ANSWERS = 100_000;

/** The start of the game `spec`, as the game writes positions. */
const startText = (spec: string) => {
  const game = playableView(openGame(spec).games[0]);
  return writePosition(game, game.start);
};

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
 * memory for them says so at start, in one line). While no player waits, the
 * thread answers ahead of time the positions nearest the start, up to
 * `limits.ahead` moves in (scores kept beside the databases, so this is
 * done once); a player's request stops it at once.
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
  thread.onSaveError = (line) => process.stderr.write(`yomi serve: ${line}\n`);
  const target = (spec: string) => ({ spec: canonicalSpec(spec), dir, tableBytes: limits.tableBytes });
  let loaded: Loaded;
  try {
    loaded = await thread.load(target(served[0].spec));
    for (const o of served.slice(1)) await thread.load(target(o.spec));
  } catch (e) {
    await thread.close();
    throw e;
  }
  const games: ServedGame[] = served.map((o) => ({
    game: canonicalSpec(o.spec),
    positions: loaded.positions,
    from: `endgame databases ${basename(dir)} (${loaded.text})`,
    search: true,
  }));
  const answers = new Map<string, Promise<PositionAnswer>>();
  const remember = (game: string, position: string, answer: Promise<PositionAnswer>) => {
    const key = `${game}\n${position}`;
    if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value ?? key);
    answers.set(key, answer);
    answer.catch(() => answers.delete(key));
  };
  const ahead =
    limits.ahead === undefined
      ? undefined
      : new Ahead(thread, target, limits.ahead, remember, (game, position) =>
          answers.get(`${game}\n${position}`),
        );
  // Positions by the game's own text ('start' too), so that each has one answer.
  const starts = new Map(served.map((o) => [canonicalSpec(o.spec), startText(o.spec)]));
  for (const [game, start] of starts) ahead?.add(game, start, 0);
  ahead?.go();
  return {
    games,
    lookup: (game, position) => {
      if (!games.some((g) => g.game === game)) return Promise.resolve(undefined);
      const text = position === 'start' ? (starts.get(game) ?? position) : position;
      let answer = answers.get(`${game}\n${text}`);
      if (answer === undefined) {
        // The position searched ahead right now is waited for, not stopped and searched again.
        const working = ahead?.working(game, text);
        answer = working
          ? working.then((a) => a ?? thread.answer(target(game), text, limits.seconds))
          : thread.answer(target(game), text, limits.seconds);
        remember(game, text, answer);
      }
      // Once the player is answered, the thread goes on ahead: first where this game may go next.
      answer
        .then(
          (a) => ahead?.follow(game, a),
          () => undefined,
        )
        .finally(() => ahead?.go());
      return answer;
    },
    close: async () => {
      ahead?.stop();
      await thread.close();
    },
  };
}

/** A position to answer ahead of time; `follow`: 1 or 2 moves after the position a player asked for last. */
interface AheadItem {
  game: string;
  position: string;
  plies: number;
  follow?: 1 | 2;
}

/**
 * The positions answered ahead of time, one at a time and only while no
 * player waits: first where the game a player asked about last may go —
 * every move from there, then the best replies to each (the computer's
 * choice) —, then breadth first from the start, up to `plies` moves in. A
 * search a player stopped is taken up again first.
 */
class Ahead {
  private readonly queue: AheadItem[] = [];
  /** After the last player's answer: its moves, then their best replies. */
  private next: AheadItem[] = [];
  /** The position being searched now, and its answer to come (none: a player stopped it). */
  private current?: { item: AheadItem; answer: Promise<PositionAnswer | undefined> };
  private running = false;
  private stopped = false;

  constructor(
    private readonly thread: AnalysisThread,
    private readonly target: (game: string) => AnalysisTarget,
    private readonly plies: number,
    private readonly remember: (game: string, position: string, answer: Promise<PositionAnswer>) => void,
    private readonly cached: (game: string, position: string) => Promise<PositionAnswer> | undefined,
  ) {}

  add(game: string, position: string, plies: number): void {
    if (plies <= this.plies) this.queue.push({ game, position, plies });
  }

  /** The answer to come of `position` when it is the one being searched ahead now. */
  working(game: string, position: string): Promise<PositionAnswer | undefined> | undefined {
    const c = this.current;
    return c !== undefined && c.item.game === game && c.item.position === position ? c.answer : undefined;
  }

  /** A player was just given `answer`: where the game may go from there comes first (instead of where it went before). */
  follow(game: string, answer: PositionAnswer): void {
    this.next = answer.moves.map((m) => ({ game, position: m.position, plies: 0, follow: 1 }));
  }

  stop(): void {
    this.stopped = true;
  }

  /** Answers the positions ahead one after another, unless that is under way already, until a player waits or none is left. */
  go(): void {
    if (this.running || this.stopped) return;
    this.running = true;
    this.answerAhead().finally(() => {
      this.running = false;
    });
  }

  private async answerAhead(): Promise<void> {
    while (!this.stopped && !this.thread.busy) {
      const next = this.next.shift() ?? this.queue.shift();
      if (next === undefined) return;
      let answer = await this.cached(next.game, next.position)?.catch(() => undefined);
      if (answer === undefined) {
        const searched = this.thread.ahead(this.target(next.game), next.position);
        this.current = { item: next, answer: searched.catch(() => undefined) };
        try {
          answer = await searched;
        } catch {
          continue; // a position the thread cannot answer is skipped
        } finally {
          this.current = undefined;
        }
        if (answer === undefined) {
          // A player's answer stopped it: taken up again first, once the player is answered.
          (next.follow ? this.next : this.queue).unshift(next);
          return;
        }
        const given = Promise.resolve(answer);
        this.remember(next.game, next.position, given);
        this.remember(next.game, answer.position, given);
      }
      this.expand(next, answer);
    }
  }

  /** What comes after `item`, answered: from the start, every move; after a player's position, the best replies. */
  private expand(item: AheadItem, answer: PositionAnswer): void {
    if (item.follow === undefined) {
      for (const m of answer.moves) this.add(item.game, m.position, item.plies + 1);
    } else if (item.follow === 1) {
      for (const m of answer.moves.filter((m) => sameValue(m.value, answer.value))) {
        this.next.push({ game: item.game, position: m.position, plies: 0, follow: 2 });
      }
    }
  }
}
