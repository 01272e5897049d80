/**
 * `yomi demo`: a short tour for a newcomer — solves tic-tac-toe and every
 * built-in problem game on its example input, and prints what yomi found.
 */

import type { Command } from 'commander';
import { GAMES } from '../../games/registry.js';
import { solve } from '../../solvers/index.js';
import { analyzePosition, formatAnalysis } from './analyze.js';

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description('solve a few built-in games and show what yomi reports')
    .action(() => {
      const out: string[] = [];
      for (const def of GAMES) {
        const defaults = Object.fromEntries(def.params.map((p) => [p.name, p.default]));
        const [game] = def.load(defaults, def.input?.example);
        const solution = solve(game);
        const header = `== ${def.id}: ${def.summary}`;
        const input = def.input
          ? `\ninput:\n${def.input.example.trimEnd()}\nanswer: ${def.answer(solution.value(solution.game.start), game)}`
          : '';
        out.push(`${header}${input}\n${formatAnalysis(analyzePosition(solution, solution.game.start))}`);
      }
      process.stdout.write(`${out.join('\n\n')}\n`);
    });
}
