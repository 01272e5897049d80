/**
 * Positions of a game answered one after another by a search that reads the
 * game's endgame databases, as `yomi serve --db DIR` answers the playground
 * for Kalah 6×4: the databases are loaded once, and the transposition table
 * and every exact score proven so far are kept between answers, so a
 * position asked again (or one whose value an earlier answer proved, as the
 * move just played) costs nothing. Each answer has its own time budget; a
 * search that runs out of it is a `SearchTooLong`, never a guess.
 */

import { YomiError } from '../core/errors.js';
import type { AnyGame, Key } from '../core/game.js';
import { type SearchableGame, SearchIncomplete } from '../core/search.js';
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

export class EndgameAnalyst {
  private readonly game: SearchableGame<unknown, unknown>;
  private readonly endgames: EndgameDatabase<unknown>;
  private readonly table: AnyTable;
  private readonly proven = new Map<Key, number>();

  /** Loads the endgame databases of `game` in `dir` (checked against the machine's memory) and a table of about `tableBytes`. */
  constructor(game: AnyGame, dir: string, tableBytes: number) {
    const { game: searched, link } = linkOf(game);
    this.game = searched;
    this.endgames = openEndgames(link, dir);
    this.table = makeTable(searched.table, tableBytes);
  }

  /** The databases loaded: their positions, and in words (`25 tiers (seeds ≤ 24), 1,194 MB`). */
  held(): { positions: number; text: string } {
    return { positions: this.endgames.positions, text: this.endgames.held() };
  }

  /** The answer for `text` (`start`, or a position as the game writes it), searched for at most `seconds`. */
  analyze(text: string, seconds: number): PositionAnswer {
    const game = this.game;
    const solution = alphaBeta(game, {
      table: this.table,
      endgames: this.endgames,
      endsAt: performance.now() + seconds * 1000,
      deferStart: true,
      known: (p) => this.proven.get(game.key(p)),
    });
    try {
      const p = text === 'start' ? game.start : positionOf(solution, text);
      const answer = answerAt(solution, p);
      this.keep(solution, [p, ...game.moves(p).map((m) => game.play(p, m))]);
      return answer;
    } catch (e) {
      if (!(e instanceof SearchIncomplete)) throw e;
      throw new SearchTooLong(
        `${game.id}: the search of '${text.trim()}' ran past its ${seconds} s: ${e.message}`,
      );
    }
  }

  /** Keeps the exact scores of `positions` (all proven by the answer just given). */
  private keep(solution: AlphaBetaSolution<unknown, unknown>, positions: readonly unknown[]): void {
    if (this.proven.size > MAX_PROVEN) {
      let drop = this.proven.size / 2;
      for (const key of this.proven.keys()) {
        if (drop-- <= 0) break;
        this.proven.delete(key);
      }
    }
    for (const p of positions) {
      const b = solution.bounds(p);
      if (b.lower === b.upper) this.proven.set(this.game.key(p), b.lower);
    }
  }
}
