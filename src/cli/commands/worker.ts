/**
 * `yomi worker --queue URL --save DIR [--game FILE] [--threads N]`: a worker
 * of tier solves on many machines (src/cluster/worker.ts). It serves the solve
 * its directory records; a solve of a user's module needs that module given
 * (`--game FILE`): no job and no file names code for it to run. It runs until it is stopped
 * (SIGINT, SIGTERM; the tier it holds goes back to the queue) or finds that it
 * cannot serve the queue (its directory is another solve's: one line, exit
 * code 2). It logs each tier on stdout; connection troubles go to stderr.
 */

import { type Command, Option } from 'commander';
import { errorLine } from '../../core/error-line.js';
import { exitProcess } from '../../host/process-exit.js';
import { examples } from '../help.js';
import { positiveNumber, threadsOption } from '../options.js';

interface WorkerFlags {
  queue: string;
  save: string;
  threads: number;
  stallSeconds: number;
  game?: string;
}

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description(
      'take tier jobs from a queue (yomi solve … --queue) and solve them into the shared tier directory',
    )
    .addHelpText(
      'after',
      examples([
        "yomi solve 'dodgem(size=5)' --queue redis://10.0.0.2:6379 --save /shared/dodgem5   # the coordinator",
        'yomi worker --queue redis://10.0.0.2:6379 --save /shared/dodgem5 --threads 16',
      ]),
    )
    .requiredOption('--queue <url>', 'the queue: redis://[user:password@]host[:port][/db]')
    .requiredOption('--save <dir>', "the coordinator's tier directory, as this machine reaches it")
    .option(
      '--game <file>',
      "the user's module the directory's solve is of (checked against the SHA-256 the directory records); a built-in game needs none",
    )
    .addOption(threadsOption('worker threads of the tier solver'))
    .addOption(
      new Option(
        '--stall-seconds <s>',
        "a job's lock lasts this long unrenewed: the tier of a worker silent that long is taken again",
      )
        .argParser(positiveNumber)
        .default(30),
    )
    .action(async (flags: WorkerFlags) => {
      const { parseQueueUrl } = await import('../../cluster/queue-url.js');
      const address = parseQueueUrl(flags.queue);
      const { runWorker } = await import('../../cluster/worker.js');
      const exit = await runWorker({
        address,
        dir: flags.save,
        threads: flags.threads,
        stallSeconds: flags.stallSeconds,
        game: flags.game,
        print: (line) => process.stdout.write(`${line}\n`),
        warn: (line) => process.stderr.write(`yomi: ${errorLine(line)}\n`),
      });
      if (exit.reason !== undefined) process.stderr.write(`yomi: ${errorLine(exit.reason)}\n`);
      // Connections and solver threads end with the process.
      exitProcess(exit.code);
    });
}
