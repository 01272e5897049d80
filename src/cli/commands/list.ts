/**
 * `yomi list`: every built-in game with a one-line description, its
 * parameters and defaults, and whether it reads a problem input.
 */

import type { Command } from 'commander';
import { GAMES } from '../../games/registry.js';
import { SOLVERS } from '../../solvers/index.js';
import { examples, POSITIONS } from '../help.js';

export function registerList(program: Command): void {
  program
    .command('list')
    .description('list the built-in games and solvers')
    .addHelpText('after', examples(['yomi list', "yomi solve 'nim(heaps=3 4 5)'"], POSITIONS))
    .action(() => {
      const width = Math.max(...GAMES.map((g) => g.id.length));
      const lines: string[] = ['games:'];
      for (const g of GAMES) {
        lines.push(`  ${g.id.padEnd(width)}  ${g.summary}`);
        for (const p of g.params) {
          const range = p.min !== undefined || p.max !== undefined ? ` (${p.min ?? ''}…${p.max ?? ''})` : '';
          lines.push(
            `  ${''.padEnd(width)}    ${p.name}=${Array.isArray(p.default) ? p.default.join(' ') : p.default}${range}: ${p.description}`,
          );
        }
        if (g.input) lines.push(`  ${''.padEnd(width)}    input: ${g.input.format}`);
      }
      lines.push('', 'solvers (--solver):');
      const solvers = [
        { name: 'auto', summary: 'explores the game and picks one of the below, saying which' },
        ...SOLVERS,
      ];
      const nameWidth = Math.max(...solvers.map((s) => s.name.length));
      for (const s of solvers) lines.push(`  ${s.name.padEnd(nameWidth)}  ${s.summary}`);
      lines.push('', POSITIONS);
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
