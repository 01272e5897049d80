/**
 * `yomi book connect4 --plies N --save FILE`: builds a Connect Four opening
 * book — the exact score of every position with at most N stones, up to
 * symmetry (games/connect4/book-builder.ts) — and writes it as a book file
 * (db/book-file.ts) that `solve`, `analyze` and `play` then read with
 * `--book FILE`. The positions with exactly N stones are solved by the
 * search threads, each thread taking the next position not taken yet on one
 * shared table (`--threads`, `--table-mb`); the shallower ones follow from
 * them. The file is written only once every score is in: an interrupted
 * build (Ctrl-C, --max-seconds, --max-nodes) writes nothing.
 */

import { type Command, Option } from 'commander';
import { YomiError } from '../../core/errors.js';
import { stopText } from '../../core/search.js';
import { saveBook } from '../../db/book-file.js';
import { BOOK_KEY_BITS } from '../../games/connect4/book.js';
import { backUp, bookPlan } from '../../games/connect4/book-builder.js';
import type { Connect4Game } from '../../games/connect4/index.js';
import { scoreBounds } from '../../games/connect4/position.js';
import { resolveSpec } from '../../games/open.js';
import { GAMES } from '../../games/registry.js';
import { SearchPool } from '../../threads/search-pool.js';
import { examples } from '../help.js';
import { decimalInteger, positiveNumber, tableMbOption, threadsOption } from '../options.js';
import { tableBytes } from '../search-session.js';
import { statusLine } from '../status-line.js';

interface BookFlags {
  plies: string;
  save: string;
  threads: number;
  tableMb?: number;
  maxSeconds?: number;
}

/** The deepest book this command builds (beyond it, the positions are far too many to solve). */
const MAX_PLIES = 16;

export function registerBook(program: Command): void {
  program
    .command('book')
    .description('build a Connect Four opening book: the score of every position up to N stones')
    .addHelpText(
      'after',
      examples([
        "yomi book 'connect4(width=5,height=4)' --plies 4 --save c4-5x4.book",
        "printf '33\\n' | yomi analyze 'connect4(width=5,height=4)' --book c4-5x4.book",
      ]),
    )
    .argument('<game>', "connect4 with optional parameters, e.g. 'connect4(width=7,height=6)'")
    .requiredOption('--plies <n>', `book every position with at most this many stones (0 … ${MAX_PLIES})`)
    .requiredOption('--save <file>', 'write the book to this file')
    .addOption(threadsOption('threads searching the positions together, on one shared table'))
    .addOption(tableMbOption())
    .addOption(
      new Option('--max-seconds <s>', 'give up (writing nothing) after this many seconds').argParser(
        positiveNumber,
      ),
    )
    .action(async (gameArg: string, flags: BookFlags) => {
      const resolved = resolveSpec(gameArg);
      if (resolved.def.book === undefined) {
        const withBooks = GAMES.filter((def) => def.book !== undefined).map((def) => def.id);
        throw new YomiError(`opening books are for ${withBooks.join(', ')}, not ${resolved.def.id}`);
      }
      const plies = decimalInteger(flags.plies) ?? -1;
      if (plies < 0 || plies > MAX_PLIES) {
        throw new YomiError(`--plies expects an integer from 0 to ${MAX_PLIES}, not '${flags.plies}'`);
      }
      const { maxSeconds } = flags;
      const arg = resolved.spec;
      const [game] = resolved.def.load(resolved.params, '\n') as Connect4Game[];
      const g = game.geometry;
      if (g.width * (g.height + 1) > BOOK_KEY_BITS) {
        throw new YomiError(
          `opening books hold boards of width × (height + 1) ≤ ${BOOK_KEY_BITS} bits, not ${arg}`,
        );
      }
      const started = performance.now();
      const plan = bookPlan(g, plies);
      const frontier = plan[plies];
      const pool = await SearchPool.start({
        threads: flags.threads,
        recipe: { spec: arg, input: '\n' },
        request: game.table,
        tableBytes: tableBytes(flags),
      });
      const status = statusLine(() => {
        const p = pool.progress();
        const done = pool.settledCount();
        const seconds = (performance.now() - started) / 1000;
        return `book ${arg}: ${done.toLocaleString('en-US')} of ${frontier.length.toLocaleString('en-US')} positions with ${plies} stones solved · ${(p.nodes / 1e6).toFixed(1)} M nodes · ${Math.round(seconds)} s`;
      });
      const interrupt = () => pool.stop('interrupted');
      process.on('SIGINT', interrupt);
      let result: Awaited<ReturnType<SearchPool['solveEach']>>;
      try {
        const bounds = frontier.map((p) => scoreBounds(g, p));
        result = await pool.solveEach(0, frontier, bounds, { maxSeconds });
      } finally {
        process.off('SIGINT', interrupt);
        status.stop();
        await pool.close();
      }
      const nodes = pool.progress().nodes;
      if (result.outOfBudget !== undefined) {
        const solved = result.scores.filter((s) => s !== undefined).length;
        const why = `no book written: ${stopText(result.outOfBudget)} after ${solved.toLocaleString('en-US')} of ${frontier.length.toLocaleString('en-US')} positions with ${plies} stones`;
        if (result.outOfBudget !== 'interrupted') throw new YomiError(why);
        process.stderr.write(`yomi: ${why}\n`);
        process.exitCode = 130;
        return;
      }
      const book = backUp(g, plan, result.scores as number[]);
      const seconds = (performance.now() - started) / 1000;
      saveBook(flags.save, book, { seconds, nodes });
      process.stdout.write(
        `${arg}: ${book.size.toLocaleString('en-US')} positions up to ${plies} stones (up to symmetry), ` +
          `${frontier.length.toLocaleString('en-US')} solved by search in ${seconds.toFixed(1)} s ` +
          `(${(nodes / 1e6).toFixed(1)} M nodes) → ${flags.save}\n`,
      );
    });
}
