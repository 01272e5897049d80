/**
 * `yomi demo`: a guided tour for a newcomer, finished in well under a second.
 * Each stop says what it shows, the command that shows it, and what that
 * command prints — computed here by the same library calls and formatters
 * the command uses, on small built-in games — and is printed as soon as it
 * is ready. The tour ends with where to go next. Every stop's command is run
 * by the tests, which check that it prints what the tour shows.
 */

import type { Command } from 'commander';
import { analyzeSum } from '../../games/impartial/heap-sum.js';
import { octalFamily, parseOctalCode } from '../../games/octal.js';
import { openGame } from '../../games/open.js';
import { positionOf } from '../../host/solution-files.js';
import { solve } from '../../solvers/index.js';
import { examples } from '../help.js';
import { analyzePosition, formatAnalysis } from './analyze.js';
import { formatSum } from './grundy.js';

/** One stop of the tour. */
export interface TourStop {
  /** What the stop shows, in a sentence or two. */
  about: string;
  /** The command's arguments after `yomi`. */
  args: string[];
  /** What the command reads on standard input, if anything. */
  stdin?: string;
  /** What the command prints. */
  output(): string;
}

/** The start's answer of a built-in game, as `yomi solve` prints it. */
function answer(spec: string, input?: string): string {
  const { def, games } = openGame(spec, input);
  const solution = solve(games[0]);
  return def.answer(solution.value(solution.game.start), games[0]);
}

const EDPC_K = '2 4\n2 3\n';
const EDPC_L = '4\n10 80 90 30\n';

export const TOUR: readonly TourStop[] = [
  {
    about:
      'Who wins tic-tac-toe with best play? yomi solves every position; the answer is the value of the start: a tie, reached after 9 moves.',
    args: ['solve', 'tic-tac-toe'],
    output: () => answer('tic-tac-toe'),
  },
  {
    about:
      "The value of one position and of every move from it, for the player to move (x has a1 and c3, o has b2; o moves). Positions are written as the game's `show` writes them: here the nine cells row by row, . for an empty one.",
    args: ['analyze', 'tic-tac-toe', '--position', 'x...o...x'],
    output: () => {
      const { games } = openGame('tic-tac-toe');
      const solution = solve(games[0]);
      return formatAnalysis(analyzePosition(solution, positionOf(solution, 'x...o...x')));
    },
  },
  {
    about:
      'A problem game reads its usual input and prints the answer its problem asks for: EDPC K, a subtraction game (take 2 or 3 stones from a pile of 4), which the first player wins.',
    args: ['solve', 'edpc-k'],
    stdin: EDPC_K,
    output: () => answer('edpc-k', EDPC_K),
  },
  {
    about:
      'A scoring game: the value has a margin. EDPC L takes numbers from either end of a row; the first player wins by 10 by taking 30.',
    args: ['analyze', 'edpc-l'],
    stdin: EDPC_L,
    output: () => {
      const { def, games } = openGame('edpc-l', EDPC_L);
      const solution = solve(games[0]);
      return formatAnalysis(analyzePosition(solution, solution.game.start, (v) => def.answer(v, games[0])));
    },
  },
  {
    about:
      "Impartial games by Grundy values: Kayles (octal code 0.77) with heaps of 3, 5 and 7 is a sum of three games; the XOR of the heaps' values says who wins, and how.",
    args: ['grundy', '0.77', '--heaps', '3 5 7'],
    output: () => {
      const family = octalFamily(parseOctalCode('0.77'));
      const heaps = [3, 5, 7];
      return formatSum(family, heaps, analyzeSum(family, heaps));
    },
  },
];

/** A shell word as the tour prints it: quoted when it holds anything but plain characters. */
function shellWord(word: string): string {
  return /^[\w./=-]+$/.test(word) ? word : `'${word}'`;
}

/** The command line of a stop, as a person types it. */
export function commandLine(stop: TourStop): string {
  const command = `yomi ${stop.args.map(shellWord).join(' ')}`;
  if (stop.stdin === undefined) return command;
  return `printf '${stop.stdin.replace(/\n/g, '\\n')}' | ${command}`;
}

/** Text broken into lines of at most `width` characters, at spaces. */
function wrap(text: string, width = 100): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line].join('\n');
}

const NEXT = [
  'Where to go next:',
  '  yomi play tic-tac-toe      play against perfect play (? shows every move’s value)',
  '  yomi list                  every built-in game, its parameters and input, and the solvers',
  '  yomi solve ./my-game.ts    your own game: docs/writing-a-game.md',
  '  yomi <command> --help      each command’s options, with examples',
  '  npm start                  the web playground',
];

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description('a short guided tour: a few small built-in games, solved and analyzed in a second')
    .addHelpText('after', examples(['yomi demo']))
    .action(() => {
      process.stdout.write(
        `A short tour of yomi: ${TOUR.length} commands on small built-in games, and what each prints.\n`,
      );
      TOUR.forEach((stop, i) => {
        process.stdout.write(
          `\n${wrap(`${i + 1}. ${stop.about}`)}\n\n$ ${commandLine(stop)}\n${stop.output()}\n`,
        );
      });
      process.stdout.write(`\n${NEXT.join('\n')}\n`);
    });
}
