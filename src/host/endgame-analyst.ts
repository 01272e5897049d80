/**
 * Positions of a game answered one after another by a search that reads the
 * game's endgame databases, as `yomi serve --db DIR` answers the playground
 * for Kalah 6×4: the databases are loaded once, and the transposition table
 * and every exact score proven so far are kept between answers, so a
 * position asked again (or one whose value an earlier answer proved, as the
 * move just played) costs nothing. The scores proven are kept on disk
 * too, beside the databases (db/score-book.ts), so a server started again
 * knows them at once. Each answer has its own time budget; a search that
 * runs out of it is a `SearchTooLong`, never a guess. A search made ahead
 * of time (`ponder`) has none, and stops when another thread asks it to.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { now } from '../core/clock.js';
import { YomiError } from '../core/errors.js';
import type { AnyGame, Key } from '../core/game.js';
import { type SearchableGame, SearchIncomplete, type StopReason } from '../core/search.js';
import { errorReason } from '../core/unknown.js';
import { loadScores, saveScores } from '../db/score-book.js';
import { type AlphaBetaSolution, alphaBeta } from '../solvers/alphabeta.js';
import type { EndgameDatabase } from '../solvers/endgames.js';
import { type AnyTable, makeTable } from '../solvers/transposition-table.js';
import { linkOf, openEndgames } from './endgame-search.js';
import { answerAt, type PositionAnswer } from './position-answer.js';
import { positionOf } from './solution-files.js';

/** A position whose search did not end within its time budget: the answer is not known yet. */
export class SearchTooLong extends YomiError {
  override name = 'SearchTooLong';
}

/** Exact scores kept at most; beyond, the oldest half is dropped. */
const MAX_PROVEN = 1 << 21;

/** Scores proven by answers in time are written at most this often (those made ahead, at once). */
const SAVE_EVERY_MS = 10_000;

/** The file of `spec`'s proven scores in the databases' directory. */
export const scoreFile = (dir: string, spec: string) =>
  join(dir, `scores-${spec.replace(/[^\w=,.-]/g, '_')}.yomi`);

/** How long one answer may search: `seconds`, or until `stopped` says so. */
export interface AnswerLimits {
  seconds?: number;
  stopped?: () => StopReason | undefined;
}

export class EndgameAnalyst {
  private readonly game: SearchableGame<unknown, unknown>;
  private readonly endgames: EndgameDatabase<unknown>;
  private readonly table: AnyTable;
  private readonly proven: Map<Key, number>;
  private readonly file: string;
  private savedAt = 0;
  private unsaved = false;
  /** Where saving failed, in one line (the server goes on without). */
  saveError?: string;

  /**
   * Loads the endgame databases of `game` (its canonical spec `spec`) in
   * `dir` (checked against the machine's memory), the scores proven before,
   * and a table of about `tableBytes`.
   */
  constructor(
    game: AnyGame,
    private readonly spec: string,
    dir: string,
    tableBytes: number,
  ) {
    const { game: searched, link } = linkOf(game);
    this.game = searched;
    this.endgames = openEndgames(link, dir);
    this.table = makeTable(searched.table, tableBytes);
    this.file = scoreFile(dir, spec);
    this.proven = existsSync(this.file) ? loadScores(this.file, spec) : new Map();
  }

  /** The databases loaded: their positions, and in words (`25 tiers (seeds ≤ 24), 1,194 MB`). */
  held(): { positions: number; text: string } {
    return { positions: this.endgames.positions, text: this.endgames.held() };
  }

  /** Scores proven so far. */
  get provenCount(): number {
    return this.proven.size;
  }

  /**
   * The answer for `text` (`start`, or a position as the game writes it),
   * searched within `limits`: past its seconds a SearchTooLong, stopped a
   * SearchIncomplete (interrupted).
   */
  analyze(text: string, limits: AnswerLimits): PositionAnswer {
    const game = this.game;
    const { seconds, stopped } = limits;
    const solution = alphaBeta(game, {
      table: this.table,
      endgames: this.endgames,
      ...(seconds === undefined ? {} : { endsAt: now() + seconds * 1000 }),
      stopped,
      deferStart: true,
      known: (p) => this.proven.get(game.key(p)),
    });
    try {
      const p = text === 'start' ? game.start : positionOf(solution, text);
      const answer = answerAt(solution, p);
      this.keep(solution, [p, ...game.moves(p).map((m) => game.play(p, m))], seconds === undefined);
      return answer;
    } catch (e) {
      if (!(e instanceof SearchIncomplete) || e.reason !== 'seconds') throw e;
      throw new SearchTooLong(
        `${game.id}: the search of '${text.trim().replace(/\s*\n\s*/g, ' / ')}' ran past its ${seconds} s: ${e.message}`,
      );
    }
  }

  /** Keeps the exact scores of `positions` (all proven by the answer just given), on disk now when `atOnce`. */
  private keep(
    solution: AlphaBetaSolution<unknown, unknown>,
    positions: readonly unknown[],
    atOnce: boolean,
  ): void {
    if (this.proven.size > MAX_PROVEN) {
      let drop = this.proven.size / 2;
      for (const key of this.proven.keys()) {
        if (drop-- <= 0) break;
        this.proven.delete(key);
      }
    }
    for (const p of positions) {
      const key = this.game.key(p);
      const b = solution.bounds(p);
      if (b.lower !== b.upper || this.proven.get(key) === b.lower) continue;
      this.proven.set(key, b.lower);
      this.unsaved = true;
    }
    if (this.unsaved && (atOnce || now() - this.savedAt > SAVE_EVERY_MS)) this.save();
  }

  /** Writes the scores proven to the file beside the databases (once failed, never again: one line says why). */
  save(): void {
    if (!this.unsaved || this.saveError !== undefined) return;
    try {
      saveScores(this.file, this.spec, this.proven);
      this.unsaved = false;
      this.savedAt = now();
    } catch (e) {
      this.saveError = `cannot keep the proven scores in ${this.file}: ${errorReason(e)}`;
    }
  }
}
