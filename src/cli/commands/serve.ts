/**
 * `yomi serve [--port N] [--db FILE_OR_DIR …]`: serves the built playground
 * (dist/web, made by `npm run build:web`) on localhost and prints its
 * address. Without `--port` it takes 8080, or any free port when 8080 is
 * taken (and says so). `--db` also serves solution files through the JSON
 * API (src/server/api.ts), and the playground plays those games from them.
 */

import { fileURLToPath } from 'node:url';
import { type Command, InvalidArgumentError } from 'commander';
import { PortInUse, type Serving, startServer } from '../../server/server.js';
import { openSources } from '../../server/solution-file-source.js';
import { examples } from '../help.js';

/** dist/web, from both dist/cli/commands and src/cli/commands. */
export const WEB_ROOT = fileURLToPath(new URL('../../../dist/web/', import.meta.url));

export const DEFAULT_PORT = 8080;

function portNumber(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > 65535) throw new InvalidArgumentError('expected a port 0 … 65535');
  return n;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the web playground on localhost and print its address')
    .addHelpText('after', examples(['yomi serve', 'yomi serve --port 8080 --db solutions/']))
    .option(
      '--port <n>',
      `port to listen on (0: any free port; default ${DEFAULT_PORT}, or a free one)`,
      portNumber,
    )
    .option(
      '--db <file-or-folder>',
      'also serve the solutions in a solution file or a folder of them (repeatable)',
      collect,
    )
    .option(
      '--game <module>',
      "the user's module a --db file was solved from (repeatable; each file takes the one whose SHA-256 it records)",
      collect,
    )
    .action(async (flags: { port?: number; db?: string[]; game?: string[] }) => {
      const sources = await openSources(flags.db ?? [], flags.game ?? []);
      let serving: Serving;
      try {
        serving = await startServer({ root: WEB_ROOT, port: flags.port ?? DEFAULT_PORT, sources });
      } catch (e) {
        if (!(e instanceof PortInUse) || flags.port !== undefined) throw e;
        serving = await startServer({ root: WEB_ROOT, port: 0, sources });
        process.stdout.write(`port ${DEFAULT_PORT} is in use; serving on port ${serving.port} instead\n`);
      }
      process.stdout.write(`yomi playground: ${serving.url}\n`);
      for (const g of sources.flatMap((s) => s.games)) {
        process.stdout.write(`  ${g.game}: ${g.positions.toLocaleString('en-US')} positions (${g.from})\n`);
      }
      process.stdout.write('(press Ctrl+C to stop)\n');
    });
}
