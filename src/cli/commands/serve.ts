/**
 * `yomi serve [--port N] [--db FILE_OR_DIR …] [--build-dir DIR]`: serves the
 * built playground (dist/web, made by `npm run build:web`) on localhost and
 * prints its address. Without `--port` it takes 8080, or any free port when
 * 8080 is taken (and says so). `--db` also serves solution files through the
 * JSON API (src/server/api.ts), and the playground plays those games from
 * them. `--build-dir` lets the playground ask for the databases the games
 * offer (full Dobutsu shogi, Kalah 6×4's endgame databases), built there
 * (src/server/builds.ts). A directory of endgame databases given to `--db`
 * serves the games that offer them, answered by a search on a thread
 * (src/server/endgame-source.ts), within `--max-seconds` an answer, thinking
 * `--ahead` while nobody waits. At start it
 * says which of those databases are served and how to add the others.
 */

import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Command, InvalidArgumentError } from 'commander';
import { type DatabaseOffer, offerCommand, offerCost } from '../../core/builds.js';
import { YomiError } from '../../core/errors.js';
import { grouped } from '../../core/grouped.js';
import { canonicalSpec } from '../../games/open.js';
import { GAMES } from '../../games/registry.js';
import { openSources } from '../../server/db-sources.js';
import { DEFAULT_LIMITS } from '../../server/endgame-source.js';
import { PortInUse, type Serving, startServer } from '../../server/server.js';
import { examples } from '../help.js';
import { nonNegativeInt, positiveNumber, tableMbOption } from '../options.js';
import { tableBytes } from '../search-session.js';

/** dist/web, from both dist/cli/commands and src/cli/commands. */
export const WEB_ROOT = fileURLToPath(new URL('../../../dist/web/', import.meta.url));

export const DEFAULT_PORT = 8080;

interface ServeFlags {
  port?: number;
  db?: string[];
  game?: string[];
  buildDir?: string;
  maxSeconds?: number;
  ahead?: number | false;
  tableMb?: number;
}

function portNumber(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > 65535) throw new InvalidArgumentError('expected a port 0 … 65535');
  return n;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** The build folder, created when missing; one line when it cannot be. */
function buildFolder(dir: string): string {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new YomiError(
      `--build-dir ${dir}: cannot create the folder (${(e as NodeJS.ErrnoException).code})`,
    );
  }
  return dir;
}

/** What the start says of a database the games offer that is not served: how to add it. */
function notServed(offer: DatabaseOffer, buildDir: string | undefined): string {
  const cost = offerCost(offer);
  return buildDir === undefined
    ? `${offer.spec}: not served (${cost}); add it with ${offerCommand(offer)} and yomi serve --db DIR, or let the playground build it with yomi serve --build-dir DIR`
    : `${offer.spec}: not served yet (${cost}); the playground offers to build it in ${buildDir}`;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the web playground on localhost and print its address')
    .addHelpText(
      'after',
      examples([
        'yomi serve',
        'yomi serve --port 8080 --db solutions/',
        'yomi serve --build-dir databases',
        'yomi serve --db kalah6 --max-seconds 30',
      ]),
    )
    .option(
      '--port <n>',
      `port to listen on (0: any free port; default ${DEFAULT_PORT}, or a free one)`,
      portNumber,
    )
    .option(
      '--db <file-or-folder>',
      'also serve the solutions in a solution file or a folder of them, or the games played from a directory of endgame databases (Kalah 6×4) (repeatable)',
      collect,
    )
    .option(
      '--build-dir <folder>',
      'build the databases the games offer (full Dobutsu shogi, Kalah 6×4) in this folder when a player asks, and serve them',
    )
    .option(
      '--game <module>',
      "the user's module a --db file was solved from (repeatable; each file takes the one whose SHA-256 it records)",
      collect,
    )
    .option(
      '--max-seconds <s>',
      `the longest search for one position of a game played from endgame databases (default ${DEFAULT_LIMITS.seconds})`,
      positiveNumber,
    )
    .option(
      '--ahead <moves>',
      `a game played from endgame databases: answer its positions up to this many moves from the start ahead of time, while no player waits (default ${DEFAULT_LIMITS.ahead}; 0: the start alone)`,
      nonNegativeInt,
    )
    .option('--no-ahead', 'answer no position ahead of time')
    .addOption(tableMbOption())
    .action(async (flags: ServeFlags) => {
      const offers = GAMES.flatMap((def) => def.databases ?? []);
      const limits = {
        seconds: flags.maxSeconds ?? DEFAULT_LIMITS.seconds,
        tableBytes: tableBytes(flags),
        ...(flags.ahead === false ? {} : { ahead: flags.ahead ?? DEFAULT_LIMITS.ahead }),
      };
      const sources = await openSources(flags.db ?? [], flags.game ?? [], { offers, limits });
      const options = {
        root: WEB_ROOT,
        sources,
        ...(flags.buildDir === undefined
          ? {}
          : { builds: { dir: buildFolder(flags.buildDir), offers, limits } }),
      };
      let serving: Serving;
      try {
        serving = await startServer({ ...options, port: flags.port ?? DEFAULT_PORT });
      } catch (e) {
        if (!(e instanceof PortInUse) || flags.port !== undefined) throw e;
        serving = await startServer({ ...options, port: 0 });
        process.stdout.write(`port ${DEFAULT_PORT} is in use; serving on port ${serving.port} instead\n`);
      }
      process.stdout.write(`yomi playground: ${serving.url}\n`);
      for (const g of serving.games()) {
        process.stdout.write(`  ${g.game}: ${grouped(g.positions)} positions (${g.from})\n`);
      }
      const served = new Set(serving.games().map((g) => g.game));
      for (const offer of offers.filter((o) => !served.has(canonicalSpec(o.spec)))) {
        process.stdout.write(`  ${notServed(offer, flags.buildDir)}\n`);
      }
      process.stdout.write('(press Ctrl+C to stop)\n');
      // The command ends when the server does: yomi exits as soon as a command ends.
      await new Promise<void>((resolve) => serving.server.once('close', () => resolve()));
    });
}
