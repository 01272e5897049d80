/**
 * `yomi completion bash|zsh|fish`: prints a shell completion script made
 * from the definitions of every command (cli/completion.ts), to be saved
 * where the shell looks for completions or sourced.
 */

import { Argument, Command } from 'commander';
import { GAMES } from '../../games/registry.js';
import { SOLVERS } from '../../solvers/index.js';
import { bashScript, completionSpec, fishScript, zshScript } from '../completion.js';

const SCRIPTS = { bash: bashScript, zsh: zshScript, fish: fishScript };

const INSTALL = `
To install:
  bash  yomi completion bash > ~/.local/share/bash-completion/completions/yomi
        (or: source <(yomi completion bash) in ~/.bashrc)
  zsh   yomi completion zsh > "\${fpath[1]}/_yomi"   (then start a new shell)
  fish  yomi completion fish > ~/.config/fish/completions/yomi.fish`;

/**
 * The `completion` command, given how to load every command's registration
 * (main.ts's list, passed in so that this module does not import main.ts).
 */
export function completionCommand(everyCommand: () => Promise<((program: Command) => void)[]>) {
  return (program: Command): void => registerCompletion(program, everyCommand);
}

function registerCompletion(
  program: Command,
  everyCommand: () => Promise<((program: Command) => void)[]>,
): void {
  program
    .command('completion')
    .description('print a shell completion script for bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'the shell').choices(Object.keys(SCRIPTS)))
    .addHelpText('after', INSTALL)
    .action(async (shell: keyof typeof SCRIPTS) => {
      // Every command's definition, registered on a program of their own.
      const all = new Command(program.name());
      for (const register of await everyCommand()) register(all);
      const spec = completionSpec(
        all,
        GAMES.map((g) => g.id),
        SOLVERS.map((s) => s.name),
      );
      process.stdout.write(SCRIPTS[shell](spec));
    });
}
