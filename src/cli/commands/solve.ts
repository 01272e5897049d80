/**
 * `yomi solve <game> [input]`: prints exactly the answer the game's problem
 * asks for, one line per dataset (for games without input: the start's value,
 * e.g. `tie in 9`); `--json` gives each answer with the value behind it, or
 * the proven bounds of a search that ran out of budget.
 */

import type { Command } from 'commander';
import type { QueueAddress } from '../../cluster/queue-url.js';
import { errorLine } from '../../core/error-line.js';
import { InputError, YomiError } from '../../core/errors.js';
import type { AnyGame } from '../../core/game.js';
import { type JsonValue, jsonValue } from '../../core/json.js';
import { SearchIncomplete } from '../../core/search.js';
import type { Solution } from '../../core/solution.js';
import { EVERY_VALUE } from '../../core/value.js';
import { lazyList } from '../../games/kit/lazy-list.js';
import { openGameArg } from '../../host/load.js';
import type { SolutionFileFlags } from '../../host/solution-files.js';
import { solve, solvesByTiers } from '../../solvers/index.js';
import { bookScores } from '../books.js';
import { examples } from '../help.js';
import { addSolveOptions, dbUptoOption, type SolveFlags, searchFlags, solveOptions } from '../options.js';
import { printDatasets } from '../print-json.js';
import { boundsJson, type JsonBounds, type JsonSkipped, timeSpentJson } from '../search-bounds.js';
import { searchSession, tableBytes } from '../search-session.js';

/** `--json`: one dataset's answer. */
interface SolveResult {
  game: string;
  /** The line `yomi solve` prints. */
  answer: string;
  /** The start's value. */
  value: JsonValue;
}

interface SolveCommandFlags extends SolutionFileFlags {
  queue?: string;
  dbUpto?: number;
}

/** Whether a --save target names one solution file (else, for a game solved by tiers: a directory of tier files). */
function namesSolutionFile(path: string): boolean {
  return path.endsWith('.yomi');
}

/** The queue's address (the cluster's modules are loaded only when one is given). */
async function queueAddress(url: string): Promise<QueueAddress> {
  const { parseQueueUrl } = await import('../../cluster/queue-url.js');
  return parseQueueUrl(url);
}

/** A queue solves by tiers into a directory that every worker reaches. */
function checkQueued(byTiers: boolean, tierDir: string | undefined, gameArg: string): void {
  if (!byTiers) {
    throw new YomiError(`--queue solves a game by tiers, and ${gameArg} is not solved by tiers`);
  }
  if (tierDir === undefined) {
    throw new YomiError(
      '--queue needs --save DIR: the tier directory the workers write into, which they all reach',
    );
  }
}

export function registerSolve(program: Command): void {
  addSolveOptions(
    program
      .command('solve')
      .description('print the answer for a game (a built-in id, or a .ts/.js module exporting a Game)')
      .addHelpText(
        'after',
        examples([
          'yomi solve tic-tac-toe',
          "printf '3 3\\n---\\n+-+\\n+--\\n' | yomi solve abc201d",
          'yomi solve examples/take-away.ts --save take-away.yomi',
        ]),
      )
      .argument('<game>', "game id with optional parameters, e.g. 'nim(heaps=3 4 5)', or ./my-game.ts")
      .argument('[input]', "problem input file ('-' or absent: standard input)")
      .option(
        '--save <path>',
        "also keep every position's value: a solution file (for yomi query), or, for a game solved by tiers and a path not ending in .yomi, a directory of tier files (resumed when it holds some)",
      )
      .option('--json', 'print JSON: the answer and the value of each dataset, or the proven bounds')
      .option(
        '--db <dir>',
        "search reading the game's endgame databases in this directory (Kalah: every board of few seeds, solved ahead)",
      )
      .addOption(dbUptoOption())
      .option(
        '--queue <url>',
        'solve the tiers on the workers of a queue (yomi worker) on Redis, redis://[user:password@]host[:port][/db], into the --save directory',
      ),
  ).action(async (gameArg: string, input: string | undefined, flags: SolveFlags & SolveCommandFlags) => {
    checkDbFlags(flags);
    const address = flags.queue === undefined ? undefined : await queueAddress(flags.queue);
    const opened = await openGameArg(gameArg, input, flags.maxInput);
    const { def, games } = opened;
    const bad = badDatasets(games);
    // A queue, or a --save path that is not a solution file, keeps tiers: a game with a tiered form is solved by tiers.
    const keepsTiers = address !== undefined || (flags.save !== undefined && !namesSolutionFile(flags.save));
    const byTiers =
      flags.db === undefined && games.length === 1 && solvesByTiers(games[0], flags.solver, keepsTiers);
    // Solution files (zlib, crypto) and the tier solver's files are loaded only when used: most solves start faster without them.
    const files = flags.save === undefined ? undefined : await import('../../host/solution-files.js');
    const tiers = byTiers ? await import('../../host/tier-solve.js') : undefined;
    // A game solved by tiers keeps them in a directory, unless the target names a solution file.
    const tierDir =
      tiers && flags.save !== undefined && !namesSolutionFile(flags.save) ? flags.save : undefined;
    files?.checkSaveTarget(flags.save, tierDir !== undefined, opened.spec);
    if (address !== undefined) checkQueued(byTiers, tierDir, gameArg);
    const { options, progress, remainingSeconds } = solveOptions(flags);
    // The answer line reads only part of the start's value; a solution file and --json keep every value.
    const need = flags.save !== undefined || flags.json ? EVERY_VALUE : (def.answerNeeds ?? EVERY_VALUE);
    const results: (SolveResult | JsonBounds | JsonSkipped | JsonInvalid)[] = [];
    const recipe = { spec: gameArg, input: opened.input };
    // --save needs a table of every position: solve() refuses a searched game with one line.
    const session =
      byTiers || flags.save !== undefined || flags.db !== undefined
        ? undefined
        : searchSession(recipe, readable(games, bad), searchFlags(flags), options);
    try {
      for (let i = 0; i < games.length; i++) {
        const error = bad.get(i);
        if (error !== undefined) {
          process.stderr.write(`yomi: ${errorLine(error.message)}\n`);
          results.push({ invalid: true, error: error.message });
          continue;
        }
        // --max-seconds is for the whole run: each game gets what the ones before it left.
        const maxSeconds = remainingSeconds();
        if (maxSeconds !== undefined && maxSeconds <= 0) {
          results.push(timeSpentJson());
          continue;
        }
        // Read only when it is solved: a game of an input of millions of lines may be built on demand.
        const game = games[i];
        try {
          let solution: Solution<unknown, unknown>;
          if (address !== undefined) {
            const { solveOnQueue } = await import('../../cluster/coordinator.js');
            const print = (line: string) => process.stderr.write(`${line}\n`);
            solution = await solveOnQueue(opened, { address, save: tierDir as string, print }, options);
          } else if (flags.db !== undefined) {
            const { searchWithEndgames } = await import('../../host/endgame-search.js');
            const build =
              flags.dbUpto === undefined
                ? undefined
                : { upto: flags.dbUpto, recipe: { ...recipe, dataset: i }, threads: flags.threads };
            solution = await searchWithEndgames(game, flags.db, build, {
              ...options,
              maxSeconds,
              tableBytes: tableBytes(flags),
            });
          } else if (tiers) {
            solution = await tiers.solveByTiers(opened, i, tierDir, flags.threads, {
              ...options,
              maxSeconds,
            });
          } else {
            const known = bookScores(def, game, flags.book);
            solution = session?.handles(game)
              ? await session.solve(game, i, known, maxSeconds)
              : solve(game, {
                  ...options,
                  maxSeconds,
                  tableRequired: flags.save !== undefined,
                  need,
                  // Printed: the start's value alone, unless a solution file keeps every position's.
                  startOnly: flags.save === undefined,
                  known,
                });
          }
          if (tierDir === undefined) files?.saveIfAsked(flags, opened, solution);
          const value = solution.value(solution.game.start);
          results.push({ game: game.id, answer: def.answer(value, game), value: jsonValue(value) });
        } catch (e) {
          // A spent search budget is an answer of its own: the proven bounds.
          if (!(e instanceof SearchIncomplete)) throw e;
          results.push(boundsJson(e, def, game));
        }
      }
    } finally {
      progress.stop();
      await session?.close();
    }
    if (flags.json) printDatasets(opened.spec, games, results);
    else writeLines(results.flatMap((r) => ('invalid' in r ? [] : 'text' in r ? [r.text] : [r.answer])));
    if (bad.size > 0) process.exitCode = 2;
  });
}

/** `--db` searches with endgame databases: not with a queue or --save, and `--db-upto` only with it. */
function checkDbFlags(flags: SolveCommandFlags): void {
  if (flags.dbUpto !== undefined && flags.db === undefined) {
    throw new YomiError('--db-upto N builds endgame databases into the --db directory: give --db DIR too');
  }
  if (flags.db !== undefined && (flags.save !== undefined || flags.queue !== undefined)) {
    throw new YomiError('--db searches with endgame databases; it does not go with --save or --queue');
  }
}

/** `--json`: a dataset whose input is not a game (reported on stderr too). */
interface JsonInvalid {
  invalid: true;
  /** The mistake, naming its line and column. */
  error: string;
}

/**
 * The datasets of an input of several whose game cannot be read (a Connect
 * Four line that is not a legal sequence: its game is read when it is
 * solved), with their mistakes. As Connect Four solvers do, each is reported
 * on stderr and the others are answered; the exit code is then 2. An input of
 * one dataset keeps the usual rule: its mistake is the command's.
 */
function badDatasets(games: readonly AnyGame[]): Map<number, InputError> {
  const bad = new Map<number, InputError>();
  if (games.length < 2) return bad;
  for (let i = 0; i < games.length; i++) {
    try {
      void games[i];
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      bad.set(i, e);
    }
  }
  return bad;
}

/** The games that can be read. */
function readable(games: readonly AnyGame[], bad: Map<number, InputError>): readonly AnyGame[] {
  if (bad.size === 0) return games;
  const good: number[] = [];
  for (let i = 0; i < games.length; i++) if (!bad.has(i)) good.push(i);
  return lazyList(good.length, (k) => games[good[k]]);
}

/** Lines written in pieces: the answers to millions of games would not fit in one string. */
function writeLines(lines: readonly string[]): void {
  const piece = 1 << 16;
  for (let i = 0; i < lines.length; i += piece) {
    process.stdout.write(`${lines.slice(i, i + piece).join('\n')}\n`);
  }
}
