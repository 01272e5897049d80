/**
 * `yomi completion bash|zsh|fish`: the scripts complete what the command
 * definitions declare — every command, every option of each, `--solver`'s
 * solvers, the built-in games for a game argument, the shells for
 * `completion` — checked by running bash's completion function, fish's
 * `complete -C`, and zsh's parser (zsh and fish tests run where those shells
 * are installed).
 */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/main.js';
import { GAMES } from '../../src/games/registry.js';
import { SOLVERS } from '../../src/solvers/index.js';
import { CHILD_LIMIT, ROOT } from '../helpers.js';
import { expectUserError, runCli } from '../run-cli.js';

const has = (shell: string) => spawnSync('which', [shell]).status === 0;

/** Every command as the CLI defines it. */
async function definitions(): Promise<Command> {
  const program = new Command('yomi');
  for (const load of Object.values(COMMANDS)) (await load())(program);
  return program;
}

const work = mkdtempSync(join(tmpdir(), 'yomi-completion-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function script(shell: string): string {
  const r = runCli(['completion', shell]);
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

/** The script, saved once to a file for the shell to source. */
function saved(shell: string): string {
  const path = join(work, `yomi.${shell}`);
  if (!existsSync(path)) writeFileSync(path, script(shell));
  return path;
}

/** What bash's completion function offers for the words typed so far (the last one being completed). */
function bash(words: string[]): string[] {
  const typed = words.map((w) => `'${w}'`).join(' ');
  const r = spawnSync(
    'bash',
    [
      '-c',
      `source ${saved('bash')}; COMP_WORDS=(${typed}); COMP_CWORD=${words.length - 1}; _yomi_completion; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ],
    { encoding: 'utf8', cwd: ROOT, ...CHILD_LIMIT },
  );
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split('\n').filter((l) => l !== '');
}

describe('yomi completion', () => {
  it('bash: commands, options, solvers, games and shells, from the definitions', async () => {
    const program = await definitions();
    expect(bash(['yomi', ''])).toEqual(program.commands.map((c) => c.name()));
    for (const c of program.commands) {
      const longs = c.options.map((o) => o.long);
      expect(bash(['yomi', c.name(), '--']), c.name()).toEqual(longs);
    }
    expect(bash(['yomi', 'solve', '--solver', ''])).toEqual(['auto', ...SOLVERS.map((s) => s.name)]);
    expect(bash(['yomi', 'analyze', 'dod'])).toEqual(['dodgem']);
    expect(bash(['yomi', 'play', ''])).toEqual(expect.arrayContaining(GAMES.map((g) => g.id)));
    expect(bash(['yomi', 'solve', 'examples/take-a'])).toEqual(
      expect.arrayContaining(['examples/take-away.ts', 'examples/take-away-indexed.ts']),
    );
    expect(bash(['yomi', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
  });

  it('bash: paths after the options that name a file or folder', () => {
    for (const words of [
      ['yomi', 'solve', 'tic-tac-toe', '--save', 'examples/take-a'],
      ['yomi', 'analyze', '--db', 'examples/take-a'],
      ['yomi', 'query', 'x.yomi', '--input', 'examples/take-a'],
      ['yomi', 'solve', 'connect4', '--book', 'examples/take-a'],
      ['yomi', 'worker', '--save', 'examples/take-a'],
    ]) {
      expect(bash(words), words.join(' ')).toEqual(expect.arrayContaining(['examples/take-away.ts']));
    }
    expect(bash(['yomi', 'solve', 'tic-tac-toe', '--max-seconds', 'examples/take-a'])).toEqual([]);
  });

  it.skipIf(!has('fish'))('fish: complete -C offers the same', async () => {
    const program = await definitions();
    const complete = (line: string) => {
      const r = spawnSync('fish', ['-c', `source ${saved('fish')}; complete -C '${line}'`], {
        encoding: 'utf8',
        cwd: ROOT,
        ...CHILD_LIMIT,
      });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => l.split('\t')[0]);
    };
    expect(complete('yomi ').sort()).toEqual(program.commands.map((c) => c.name()).sort());
    expect(complete('yomi grundy --')).toEqual(expect.arrayContaining(['--upto', '--heaps', '--json']));
    expect(complete('yomi solve --solver ').sort()).toEqual(['auto', ...SOLVERS.map((s) => s.name)].sort());
    expect(complete('yomi solve kal')).toContain('kalah');
  });

  it.skipIf(!has('zsh'))('zsh: the script parses and names every option', async () => {
    const program = await definitions();
    const text = script('zsh');
    const r = spawnSync('zsh', ['-n'], { input: text, encoding: 'utf8', ...CHILD_LIMIT });
    expect(r.status, r.stderr).toBe(0);
    for (const c of program.commands) {
      expect(text).toContain(`(${c.name()})`);
      for (const o of c.options) expect(text).toContain(`${o.long}'[`);
    }
  });

  it('refuses another shell in one line', () => {
    expectUserError(runCli(['completion', 'powershell']), /'powershell' is invalid for argument 'shell'/);
  });
});
