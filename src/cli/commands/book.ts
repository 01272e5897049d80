/**
 * `yomi book connect4 --plies N --save FILE`: builds a Connect Four opening
 * book — the exact score of every position with at most N stones, up to
 * symmetry (games/connect4/book-builder.ts) — and writes it as a book file
 * (db/book-file.ts) that `solve`, `analyze` and `play` then read with
 * `--book FILE`. With `--lines M` the book also holds, up to M stones, the
 * positions a perfect player of either colour meets against any moves (the
 * playground's computer: every move's score where it chooses, every reply
 * of the opponent's), level by level. The positions to solve are solved by
 * the search threads, each thread taking the next position not taken yet on
 * one shared table (`--threads`, `--table-mb`); the shallower ones of the
 * full book follow from them.
 *
 * Resumable: `--from FILE` starts from a book already built (its scores are
 * not searched again), and the lines are written to `--save` after each
 * level and when the build stops (Ctrl-C, --max-seconds), with the scores
 * solved so far; running the same command with `--from` the saved file goes
 * on from there. The full book up to N stones is written only once every
 * score is in.
 */

import { type Command, Option } from 'commander';
import { now } from '../../core/clock.js';
import { YomiError } from '../../core/errors.js';
import { grouped } from '../../core/grouped.js';
import { type StopReason, stopText } from '../../core/search.js';
import { loadBook, saveBook } from '../../db/book-file.js';
import type { Geometry } from '../../games/connect4/bitboard.js';
import { BOOK_KEY_BITS, Connect4Book, canonicalKey } from '../../games/connect4/book.js';
import {
  advanceLines,
  backUp,
  bookPlan,
  floorBounds,
  LINES_START,
  linesLevel,
  type Reached,
} from '../../games/connect4/book-builder.js';
import type { Connect4Game } from '../../games/connect4/index.js';
import type { Connect4Position } from '../../games/connect4/position.js';
import { resolveSpec } from '../../games/open.js';
import { GAMES } from '../../games/registry.js';
import { SearchPool } from '../../threads/search-pool.js';
import { examples } from '../help.js';
import { decimalInteger, positiveNumber, tableMbOption, threadsOption } from '../options.js';
import { tableBytes } from '../search-session.js';
import { statusLine } from '../status-line.js';

interface BookFlags {
  plies?: string;
  lines?: string;
  from?: string;
  save: string;
  threads: number;
  tableMb?: number;
  maxSeconds?: number;
}

/** The deepest full book this command builds (beyond it, the positions are far too many to solve). */
const MAX_PLIES = 16;
/** The deepest lines (a level of n stones holds about 7^⌈n/2⌉ positions). */
const MAX_LINES = 20;

/** A depth flag's value: an integer from `least` to `most`. */
function depth(flag: string, text: string, least: number, most: number): number {
  const n = decimalInteger(text) ?? -1;
  if (n < least || n > most)
    throw new YomiError(`${flag} expects an integer from ${least} to ${most}, not '${text}'`);
  return n;
}

/** What a build has so far: scores by canonical key, and how far the full book and the lines are complete. */
interface Built {
  g: Geometry;
  plies: number;
  lines: number;
  scores: Map<number, number>;
  seconds: number;
  nodes: number;
}

function save(path: string, built: Built): Connect4Book {
  const book = Connect4Book.fromScores(built.g, built.plies, built.scores, built.lines);
  saveBook(path, book, { seconds: built.seconds, nodes: built.nodes });
  return book;
}

export function registerBook(program: Command): void {
  program
    .command('book')
    .description('build a Connect Four opening book: the score of every position up to N stones')
    .addHelpText(
      'after',
      examples([
        "yomi book 'connect4(width=5,height=4)' --plies 4 --save c4-5x4.book",
        "printf '33\\n' | yomi analyze 'connect4(width=5,height=4)' --book c4-5x4.book",
        "yomi book 'connect4(width=5,height=4)' --from c4-5x4.book --lines 10 --save c4-5x4.book",
      ]),
    )
    .argument('<game>', "connect4 with optional parameters, e.g. 'connect4(width=7,height=6)'")
    .option(
      '--plies <n>',
      `book every position with at most this many stones (0 … ${MAX_PLIES}; with --from, the book's own by default)`,
    )
    .option(
      '--lines <m>',
      `and, up to this many stones (at most ${MAX_LINES}), the positions a perfect player of either colour meets against any moves`,
    )
    .option('--from <file>', 'start from this book: its scores are not searched again (resumes a build)')
    .requiredOption('--save <file>', 'write the book to this file (it may be the --from file)')
    .addOption(threadsOption('threads searching the positions together, on one shared table'))
    .addOption(tableMbOption())
    .addOption(
      new Option(
        '--max-seconds <s>',
        'stop after this many seconds (the lines solved so far are written; the full book only when whole)',
      ).argParser(positiveNumber),
    )
    .action(async (gameArg: string, flags: BookFlags) => {
      const resolved = resolveSpec(gameArg);
      if (resolved.def.book === undefined) {
        const withBooks = GAMES.filter((def) => def.book !== undefined).map((def) => def.id);
        throw new YomiError(`opening books are for ${withBooks.join(', ')}, not ${resolved.def.id}`);
      }
      const arg = resolved.spec;
      const [game] = resolved.def.load(resolved.params, '\n') as Connect4Game[];
      const g = game.geometry;
      if (g.width * (g.height + 1) > BOOK_KEY_BITS) {
        throw new YomiError(
          `opening books hold boards of width × (height + 1) ≤ ${BOOK_KEY_BITS} bits, not ${arg}`,
        );
      }
      const from = flags.from === undefined ? undefined : loadBook(flags.from);
      if (from && from.header.game !== game.id) {
        throw new YomiError(`${flags.from}: a book of ${from.header.game}, not of ${game.id}`);
      }
      if (flags.plies === undefined && from === undefined) {
        throw new YomiError('yomi book needs --plies N, or --from FILE to go on from a book');
      }
      const plies =
        flags.plies === undefined ? (from?.book.plies ?? 0) : depth('--plies', flags.plies, 0, MAX_PLIES);
      const lines = flags.lines === undefined ? plies : depth('--lines', flags.lines, plies, MAX_LINES);
      const started = now();
      const priorSeconds = from?.header.seconds ?? 0;
      const built: Built = {
        g,
        plies,
        lines: plies,
        scores: new Map(from ? from.book.entries() : []),
        seconds: priorSeconds,
        nodes: from?.header.nodes ?? 0,
      };
      const known = (p: Connect4Position) => built.scores.get(canonicalKey(g, p));
      let pool: SearchPool | undefined;
      let stopped: StopReason | undefined;
      const interrupt = () => pool?.stop('interrupted');
      process.on('SIGINT', interrupt);
      const elapsed = () => (now() - started) / 1000;
      /** Solves the positions not known yet into built.scores; false when the build stopped first. */
      const solveAll = async (
        positions: Connect4Position[],
        what: string,
        floors: readonly number[] = [],
      ): Promise<boolean> => {
        const left = positions.flatMap((p, i) => (known(p) === undefined ? [i] : []));
        const todo = left.map((i) => positions[i]);
        if (todo.length === 0) return true;
        pool ??= await SearchPool.start({
          threads: flags.threads,
          recipe: { spec: arg, input: '\n' },
          request: game.table,
          tableBytes: tableBytes(flags),
        });
        const threads = pool;
        const nodesBefore = threads.progress().nodes;
        const status = statusLine(() => {
          const done = grouped(threads.settledCount());
          const nodes = (threads.progress().nodes / 1e6).toFixed(1);
          return `book ${arg}: ${done} of ${grouped(todo.length)} ${what} solved · ${nodes} M nodes · ${Math.round(elapsed())} s`;
        });
        const maxSeconds =
          flags.maxSeconds === undefined ? undefined : Math.max(0.001, flags.maxSeconds - elapsed());
        try {
          const result = await threads.solveEach(
            0,
            todo,
            left.map((i) => floorBounds(g, positions[i], floors[i] ?? Number.NEGATIVE_INFINITY)),
            { maxSeconds },
          );
          result.scores.forEach((score, i) => {
            if (score !== undefined) built.scores.set(canonicalKey(g, todo[i]), score);
          });
          built.nodes += threads.progress().nodes - nodesBefore;
          stopped = result.outOfBudget;
          return stopped === undefined;
        } finally {
          status.stop();
        }
      };
      try {
        // The full book: the positions with exactly N stones by search, the shallower ones from them.
        const plan = bookPlan(g, plies);
        const frontier = plan[plies];
        if (!(await solveAll(frontier, `positions with ${plies} stones`))) {
          const solved = frontier.filter((p) => known(p) !== undefined).length;
          throw new YomiError(
            `no book written: ${stopText(stopped ?? 'interrupted')} after ${grouped(solved)} of ${grouped(frontier.length)} positions with ${plies} stones`,
          );
        }
        const frontierScores = frontier.map((p) => known(p) ?? Number.NaN);
        for (const [key, score] of backUp(g, plan, frontierScores).entries()) built.scores.set(key, score);
        // The lines, level by level, each written when it is whole (and what is solved when stopped).
        let reached: Reached = LINES_START;
        for (let n = 0; n < lines; n++) {
          const level = linesLevel(g, reached, known);
          const whole = await solveAll(
            level.positions,
            `positions on the lines with ${n + 1} stones`,
            level.floors,
          );
          built.seconds = priorSeconds + elapsed();
          if (!whole) {
            save(flags.save, built);
            throw new YomiError(
              `${stopText(stopped ?? 'interrupted')} on the lines with ${n + 1} stones; the scores solved so far are in ${flags.save}: go on with --from ${flags.save}`,
            );
          }
          reached = advanceLines(g, reached, known);
          built.lines = Math.max(built.lines, n + 1);
          if (n + 1 > plies) save(flags.save, built);
        }
      } catch (e) {
        if (e instanceof YomiError && stopped === 'interrupted') {
          process.stderr.write(`yomi: ${e.message}\n`);
          process.exitCode = 130;
          return;
        }
        throw e;
      } finally {
        process.off('SIGINT', interrupt);
        await pool?.close();
      }
      built.seconds = priorSeconds + elapsed();
      const book = save(flags.save, built);
      const linesText = lines > plies ? ` and a perfect player's lines up to ${lines}` : '';
      process.stdout.write(
        `${arg}: ${grouped(book.size)} positions up to ${plies} stones${linesText} (up to symmetry), ` +
          `in ${elapsed().toFixed(1)} s (${(built.nodes / 1e6).toFixed(1)} M nodes in all) → ${flags.save}\n`,
      );
    });
}
