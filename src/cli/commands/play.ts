/**
 * `yomi play <game> [input]`: a person against perfect play in the terminal.
 * The conversation itself is the PlaySession (play-session.ts); this command
 * solves the game, asks which side the person takes (unless `--first` or
 * `--second`: who moves at the start, or at `--position`), and connects the
 * session to stdin and stdout; when the input ends early it says where the
 * game stopped.
 */

import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { YomiError } from '../../core/errors.js';
import { seededRandom } from '../../core/random.js';
import { type OpenedGame, openResolved, type ResolvedSpec } from '../../games/open.js';
import { openWithInput, resolveGameArg } from '../../host/load.js';
import { checkPositionText, positionOf } from '../../host/solution-files.js';
import { solve } from '../../solvers/index.js';
import { bookScores } from '../books.js';
import { examples, POSITIONS } from '../help.js';
import { cappedLines } from '../line-cap.js';
import { addSolveOptions, integerAtLeast, type SolveFlags, solveOptions } from '../options.js';
import { PlaySession } from '../play-session.js';

interface PlayFlags extends SolveFlags {
  first?: boolean;
  second?: boolean;
  seed?: number;
  position?: string;
}

export function registerPlay(program: Command): void {
  addSolveOptions(
    program
      .command('play')
      .description('play a game against perfect play in the terminal')
      .addHelpText(
        'after',
        examples(
          ['yomi play tic-tac-toe --first', "yomi play tic-tac-toe --position 'x...o...x' --second"],
          POSITIONS,
        ),
      )
      .argument('<game>', 'game id with optional parameters, or ./my-game.ts')
      .argument(
        '[input]',
        'problem input file (games that read one need it: standard input is for your moves)',
      )
      .option('--first', 'you move first')
      .option('--second', 'yomi moves first')
      .option('--seed <n>', 'seed for choosing among equally good moves (default: random)', integerAtLeast(0))
      .option(
        '--position <text>',
        'start from this position: as the game writes positions, or, for a game that cannot read them (a boardgame.io game), the moves from the start separated by commas',
      ),
  ).action(async (gameArg: string, input: string | undefined, flags: PlayFlags) => {
    if (flags.first && flags.second) throw new YomiError('choose one of --first and --second');
    const resolved = await resolveGameArg(gameArg);
    const { games } = openForPlay(resolved, gameArg, input, flags.maxInput);
    // A malformed --position is one line before the solve, not after it.
    if (flags.position !== undefined) checkPositionText(games[0], flags.position);
    const { options, progress } = solveOptions(flags);
    let solution: ReturnType<typeof solve>;
    try {
      solution = solve(games[0], { ...options, known: bookScores(resolved.def, games[0], flags.book) });
    } finally {
      progress.stop();
    }
    const from = flags.position === undefined ? undefined : positionOf(solution, flags.position);
    // A person at a terminal types lines; a file or a pipe may hold one without end (< /dev/zero).
    const rl = createInterface({ input: process.stdin.isTTY ? process.stdin : cappedLines(process.stdin) });
    rl.on('SIGINT', () => rl.close()); // Ctrl-C ends the game like the end of the input
    const lines = rl[Symbol.asyncIterator]();
    const ask = async (question: string): Promise<string | undefined> => {
      process.stdout.write(question);
      const next = await lines.next();
      return next.done ? undefined : next.value;
    };
    // A search for a move may have drawn a status line (and watches the keys meanwhile): gone before the answer.
    const say = (out: string[]) => {
      progress.stop();
      process.stdout.write(`${out.join('\n')}\n`);
    };
    try {
      if (games.length > 1) say([`The input holds ${games.length} games; playing the first.`]);
      let first = flags.first ? true : flags.second ? false : undefined;
      let unclear: string | undefined;
      while (first === undefined) {
        const answer = await ask('Do you want to move first? [y/n] ');
        if (answer === undefined) {
          const after = unclear === undefined ? '' : ` after '${unclear}', which is not y or n`;
          say(['', `End of input${after}: no game played.`]);
          return;
        }
        if (/^y(es)?$/i.test(answer.trim())) first = true;
        else if (/^no?$/i.test(answer.trim())) first = false;
        else unclear = answer.trim();
      }
      const session = new PlaySession(solution, first, seededRandom(flags.seed ?? Date.now()), from);
      say(session.start());
      while (!session.done) {
        const line = await ask(session.prompt());
        if (line === undefined) {
          say(['', session.endOfInput()]);
          return;
        }
        say(session.input(line));
      }
    } finally {
      rl.close();
    }
  });
}

/**
 * The games to play. The moves come from standard input, so a problem input
 * must come from a file — except for a game whose input can be one empty
 * line, which then is its start (Connect Four's empty board).
 */
function openForPlay(
  resolved: ResolvedSpec,
  gameArg: string,
  input: string | undefined,
  maxInput: number | undefined,
): OpenedGame {
  if (input !== undefined || !resolved.def.input) return openWithInput(resolved, input, maxInput);
  try {
    const opened = openResolved(resolved, '\n');
    if (opened.games.length > 0) return opened;
  } catch (e) {
    if (!(e instanceof YomiError)) throw e;
  }
  throw new YomiError(
    `${gameArg} reads a problem input: give it as a file (standard input is for your moves)`,
  );
}
