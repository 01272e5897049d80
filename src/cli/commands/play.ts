/**
 * `yomi play <game> [input]`: a person against perfect play in the terminal.
 * The conversation itself is the PlaySession (play-session.ts); this command
 * solves the game, asks which side the person takes (unless `--first` or
 * `--second`), and connects the session to stdin and stdout.
 */

import { createInterface } from 'node:readline';
import { type Command, InvalidArgumentError } from 'commander';
import { YomiError } from '../../core/errors.js';
import { seededRandom } from '../../core/random.js';
import { parseGameSpec } from '../../games/params.js';
import { findGame } from '../../games/registry.js';
import { solve } from '../../solvers/index.js';
import { bookScores } from '../books.js';
import { loadGames } from '../load.js';
import { addSolveOptions, type SolveFlags, solveOptions } from '../options.js';
import { PlaySession } from '../play-session.js';

interface PlayFlags extends SolveFlags {
  first?: boolean;
  second?: boolean;
  seed?: number;
}

function seed(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('expected an integer ≥ 0');
  return n;
}

/** A built-in game that reads a problem input (its moves come from stdin, so the input must be a file). */
function readsInput(gameArg: string): boolean {
  try {
    return findGame(parseGameSpec(gameArg).id).input !== undefined;
  } catch {
    return false; // a module path or an unknown id: loadGames says what is wrong
  }
}

export function registerPlay(program: Command): void {
  addSolveOptions(
    program
      .command('play')
      .description('play a game against perfect play in the terminal')
      .argument('<game>', 'game id with optional parameters, or ./my-game.ts')
      .argument(
        '[input]',
        'problem input file (games that read one need it: standard input is for your moves)',
      )
      .option('--first', 'you move first')
      .option('--second', 'yomi moves first')
      .option('--seed <n>', 'seed for choosing among equally good moves (default: random)', seed),
  ).action(async (gameArg: string, input: string | undefined, flags: PlayFlags) => {
    if (flags.first && flags.second) throw new YomiError('choose one of --first and --second');
    if (input === undefined && readsInput(gameArg)) {
      throw new YomiError(
        `${gameArg} reads a problem input: give it as a file (standard input is for your moves)`,
      );
    }
    const { games } = await loadGames(gameArg, input);
    const { options, progress } = solveOptions(flags);
    let solution: ReturnType<typeof solve>;
    try {
      solution = solve(games[0], { ...options, known: bookScores(games[0], flags.book) });
    } finally {
      progress.stop();
    }
    const rl = createInterface({ input: process.stdin });
    rl.on('SIGINT', () => rl.close()); // Ctrl-C ends the game like the end of the input
    const lines = rl[Symbol.asyncIterator]();
    const ask = async (question: string): Promise<string | undefined> => {
      process.stdout.write(question);
      const next = await lines.next();
      return next.done ? undefined : next.value;
    };
    const say = (out: string[]) => process.stdout.write(`${out.join('\n')}\n`);
    try {
      if (games.length > 1) say([`The input holds ${games.length} games; playing the first.`]);
      let first = flags.first ? true : flags.second ? false : undefined;
      while (first === undefined) {
        const answer = await ask('Do you want to move first? [y/n] ');
        if (answer === undefined) return;
        if (/^y(es)?$/i.test(answer.trim())) first = true;
        else if (/^no?$/i.test(answer.trim())) first = false;
      }
      const session = new PlaySession(solution, first, seededRandom(flags.seed ?? Date.now()));
      say(session.start());
      while (!session.done) {
        const line = await ask(session.prompt());
        if (line === undefined) {
          say(['', 'End of input: the game stops here.']);
          return;
        }
        say(session.input(line));
      }
    } finally {
      rl.close();
    }
  });
}
