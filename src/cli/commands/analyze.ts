/**
 * `yomi analyze <game> [input]`: the value of a position (the start, or
 * `--position`) — outcome, margin, remoteness — the solver used, and a table
 * of every move with its value for the mover, best moves marked, plus a
 * principal variation; solved by generalized Sprague–Grundy values
 * (`--solver gsg`), the value `G` of the position and of what each move leaves.
 * `--json` prints the same as JSON.
 */

import type { Command } from 'commander';
import { YomiError } from '../../core/errors.js';
import { moveKeyAt, writeMove, writePosition } from '../../core/game.js';
import { grouped } from '../../core/grouped.js';
import { type JsonValue, jsonValue } from '../../core/json.js';
import { SearchIncomplete } from '../../core/search.js';
import type { ReachStats, Solution } from '../../core/solution.js';
import type { Value } from '../../core/value.js';
import { type EndgameBuild, isEndgameDirectory, searchWithEndgames } from '../../host/endgame-search.js';
import { openGameArg } from '../../host/load.js';
import {
  checkPositionText,
  positionOf,
  requireGame,
  type SolutionFileFlags,
  solutionFromFile,
} from '../../host/solution-files.js';
import { solveByTiers } from '../../host/tier-solve.js';
import { hasGsg } from '../../solvers/gsg.js';
import { solve, solvesByTiers } from '../../solvers/index.js';
import { formatReach } from '../../solvers/reach.js';
import type { GameRecipe } from '../../threads/recipe.js';
import { bookScores } from '../books.js';
import { type JsonGsg, jsonGsg } from '../gsg-json.js';
import { examples, POSITIONS } from '../help.js';
import { addSolveOptions, dbUptoOption, type SolveFlags, searchFlags, solveOptions } from '../options.js';
import { printDatasets } from '../print-json.js';
import { boundsJson, type JsonBounds, type JsonSkipped, timeSpentJson } from '../search-bounds.js';
import { searchSession, tableBytes } from '../search-session.js';

interface AnalyzeFlags extends SolveFlags, SolutionFileFlags {
  json?: boolean;
  position?: string;
  dbUpto?: number;
}

export interface Analysis {
  game: string;
  solver: string;
  reason: string;
  positions: number;
  ms: number;
  /** Search solvers: nodes searched and the transposition table's hit rate. */
  search?: { nodes: number; nodesPerSecond: number; tableHitRate: number };
  /** Strong solves in a tier directory: the positions reachable from the start. */
  reach?: ReachStats;
  position: string;
  value: JsonValue;
  moves: { move: string; value: JsonValue; best: boolean; gsg?: JsonGsg }[];
  line: string[];
  /** Solved by generalized Sprague–Grundy values (--solver gsg): the position's value; each move's is what it leaves. */
  gsg?: JsonGsg;
  /** Games with extra turns: for each move of the line, whether its player moves again after it. */
  again?: boolean[];
}

/** The analysis of one position of a solved game, in a form both for JSON and for the table. */
export function analyzePosition<P, M>(
  solution: Solution<P, M>,
  p: P,
  answerOf?: (v: Value) => string,
): Analysis {
  const game = solution.game;
  const name = (at: P, m: M) => writeMove(game, at, m);
  // The position's own value first: a position that was not solved is named itself, not by a child.
  const value = jsonValue(solution.value(p), answerOf);
  const moveKey = moveKeyAt(game, p);
  const best = new Set(solution.best(p).map(moveKey));
  const line: string[] = [];
  const again: boolean[] = [];
  let at = p;
  for (const m of solution.line(p, 200)) {
    line.push(name(at, m));
    again.push(game.keepsTurn?.(at, m) === true);
    at = game.play(at, m);
  }
  return {
    game: game.id,
    solver: solution.solver,
    reason: solution.reason,
    positions: solution.stats.positions,
    ...(solution.stats.reach === undefined ? {} : { reach: solution.stats.reach }),
    ms: Math.round(solution.stats.ms * 10) / 10,
    ...(solution.stats.nodes === undefined
      ? {}
      : {
          search: {
            nodes: solution.stats.nodes,
            nodesPerSecond: Math.round(solution.stats.nodes / Math.max(solution.stats.ms / 1000, 1e-6)),
            tableHitRate: Math.round((solution.stats.tableHitRate ?? 0) * 1000) / 1000,
          },
        }),
    position: writePosition(game, p),
    value,
    ...(hasGsg(solution) ? { gsg: jsonGsg(solution.gsg(p)) } : {}),
    moves: solution.moves(p).map((mv) => ({
      move: name(p, mv.move),
      value: jsonValue(mv.value, answerOf),
      best: best.has(moveKey(mv.move)),
      ...(hasGsg(solution) ? { gsg: jsonGsg(solution.gsg(game.play(p, mv.move))) } : {}),
    })),
    line,
    ...(game.keepsTurn === undefined ? {} : { again }),
  };
}

/** The line as text: with extra turns, the moves of one turn joined by commas. */
function lineText(a: Analysis): string {
  return a.line
    .map((m, i) => `${m}${a.again?.[i] && i + 1 < a.line.length ? ',' : ' '}`)
    .join('')
    .trimEnd();
}

export function formatAnalysis(a: Analysis): string {
  const out = [
    `game       ${a.game}`,
    `solver     ${a.solver} (${a.reason})`,
    a.search === undefined
      ? `positions  ${grouped(a.positions)} solved in ${a.ms} ms`
      : `search     ${grouped(a.search.nodes)} nodes in ${a.ms} ms (${grouped(a.search.nodesPerSecond)} nodes/s, table hits ${Math.round(a.search.tableHitRate * 100)}%)`,
    ...(a.reach === undefined ? [] : formatReach(a.reach)),
    `position   ${a.position.includes('\n') ? `\n${a.position}` : a.position}`,
    `value      ${a.value.text}${a.value.answer === undefined ? '' : ` (answer: ${a.value.answer})`}`,
    ...(a.gsg === undefined ? [] : [`G          ${a.gsg.text}`]),
  ];
  if (a.moves.length === 0) {
    out.push('moves      none: the game is over');
  } else {
    const width = Math.max(4, ...a.moves.map((m) => m.move.length));
    const answers = a.value.answer !== undefined;
    const textWidth = Math.max(5, ...a.moves.map((m) => m.value.text.length));
    // With GSG values, a column of the value each move leaves.
    const g = (text: string) => (a.gsg === undefined ? '' : `  ${text}`);
    const gWidth = Math.max(1, ...a.moves.map((m) => m.gsg?.text.length ?? 0));
    const valueText = (text: string) => (a.gsg === undefined ? text : text.padEnd(textWidth));
    out.push(
      '',
      `${'move'.padEnd(width)}  ${answers ? `${'value'.padEnd(textWidth)}  answer` : valueText('value')}${g('G'.padEnd(gWidth))}`.trimEnd(),
    );
    for (const m of a.moves) {
      const text =
        (answers
          ? `${m.value.text.padEnd(textWidth)}  ${(m.value.answer ?? '').padStart(6)}`
          : valueText(m.value.text)) + g((m.gsg?.text ?? '').padEnd(gWidth));
      out.push(`${m.move.padEnd(width)}  ${text}${m.best ? '  ← best' : ''}`.trimEnd());
    }
    out.push('', `line       ${lineText(a)}`);
  }
  return out.join('\n');
}

export function registerAnalyze(program: Command): void {
  addSolveOptions(
    program
      .command('analyze')
      .description('show the value of a position and of every move from it')
      .addHelpText(
        'after',
        examples(
          [
            "yomi analyze tic-tac-toe --position 'x...o...x'",
            "printf '4\\n10 80 90 30\\n' | yomi analyze edpc-l --json",
          ],
          POSITIONS,
        ),
      )
      .argument('[game]', 'game id with optional parameters, or ./my-game.ts (optional with --db)')
      .argument('[input]', "problem input file ('-' or absent: standard input)")
      .option(
        '--position <text>',
        'analyze this position instead of the start: as the game writes positions, or, for a game that cannot read them (a boardgame.io game), the moves from the start separated by commas',
      )
      .option('--json', 'print JSON instead of a table')
      .option(
        '--db <file>',
        "answer from a solution file (yomi solve … --save) instead of solving; or search reading the game's endgame databases in this directory",
      )
      .addOption(dbUptoOption()),
  ).action(async (gameArg: string | undefined, input: string | undefined, flags: AnalyzeFlags) => {
    const endgameDir =
      flags.db !== undefined && (flags.dbUpto !== undefined || isEndgameDirectory(flags.db))
        ? flags.db
        : undefined;
    if (flags.dbUpto !== undefined && flags.db === undefined) {
      throw new YomiError('--db-upto N builds endgame databases into the --db directory: give --db DIR too');
    }
    if (endgameDir === undefined && (await analyzeFromFile(gameArg, input, flags))) return;
    if (endgameDir !== undefined && gameArg === undefined) {
      throw new YomiError(
        `${endgameDir} holds endgame databases, which a search reads as it goes: name the game to search (yomi analyze GAME --db ${endgameDir})`,
      );
    }
    const opened = await openGameArg(requireGame(gameArg), input, flags.maxInput);
    const { def, games } = opened;
    const { options, progress, remainingSeconds } = solveOptions(flags);
    const analyses: (Analysis | JsonBounds | JsonSkipped)[] = [];
    // A malformed --position is one line before any solving.
    if (flags.position !== undefined) for (const game of games) checkPositionText(game, flags.position);
    const recipe = { spec: opened.spec, input: opened.input };
    const session =
      endgameDir === undefined ? searchSession(recipe, games, searchFlags(flags), options) : undefined;
    try {
      for (const [i, game] of games.entries()) {
        // --max-seconds is for the whole run: each game gets what the ones before it left.
        const maxSeconds = remainingSeconds();
        if (maxSeconds !== undefined && maxSeconds <= 0) {
          analyses.push(timeSpentJson());
          continue;
        }
        try {
          const known = bookScores(def, game, flags.book);
          const searched = session?.handles(game)
            ? await session.solve(game, i, known, maxSeconds)
            : undefined;
          const solution =
            searched ??
            (endgameDir !== undefined
              ? await searchWithEndgames(game, endgameDir, endgameBuild(flags, recipe, i), {
                  ...options,
                  maxSeconds,
                  tableBytes: tableBytes(flags),
                })
              : solvesByTiers(game, flags.solver)
                ? await solveByTiers(opened, i, undefined, flags.threads, { ...options, maxSeconds })
                : solve(game, { ...options, maxSeconds, known }));
          const p = flags.position === undefined ? solution.game.start : positionOf(solution, flags.position);
          if (searched) await session?.settleAnalysis(searched, i, p);
          // Problem games also show each value as their answer (e.g. Connect Four scores), from their start.
          const answerOf =
            def.input && flags.position === undefined ? (v: Value) => def.answer(v, game) : undefined;
          analyses.push(analyzePosition(solution, p, answerOf));
        } catch (e) {
          // A spent search budget is not an error: it reports the proven bounds.
          if (!(e instanceof SearchIncomplete)) throw e;
          analyses.push(boundsJson(e, def, game));
        }
      }
    } finally {
      progress.stop();
      await session?.close();
    }
    if (flags.json) {
      printDatasets(opened.spec, games, analyses);
    } else {
      const blocks = analyses.map(
        (a, i) =>
          (analyses.length > 1 ? `dataset ${i + 1}\n` : '') +
          ('text' in a ? `value      ${a.text}` : formatAnalysis(a)),
      );
      process.stdout.write(`${blocks.join('\n\n')}\n`);
    }
  });
}

/** What `--db-upto N` asks to build first, for dataset `dataset`. */
function endgameBuild(flags: AnalyzeFlags, recipe: GameRecipe, dataset: number): EndgameBuild | undefined {
  return flags.dbUpto === undefined
    ? undefined
    : { upto: flags.dbUpto, recipe: { ...recipe, dataset }, threads: flags.threads };
}

/**
 * `yomi analyze [game] [input] --db FILE`: prints the analysis of the start
 * (or `--position`) from the file, and returns true; returns false without `--db`.
 */
async function analyzeFromFile(
  gameArg: string | undefined,
  inputPath: string | undefined,
  flags: SolutionFileFlags,
): Promise<boolean> {
  if (flags.db === undefined) return false;
  const solution = await solutionFromFile(
    flags.db,
    gameArg,
    inputPath,
    flags.maxInput,
    'the game argument (yomi analyze MODULE --db FILE)',
  );
  const p = flags.position === undefined ? solution.game.start : positionOf(solution, flags.position);
  const analysis = analyzePosition(solution, p);
  if (flags.json) printDatasets(gameArg ?? solution.game.id, [solution.game], [analysis]);
  else process.stdout.write(`${formatAnalysis(analysis)}\n`);
  return true;
}
