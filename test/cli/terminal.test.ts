/**
 * yomi in a real pseudo-terminal (tmux, driven with send-keys and read with
 * capture-pane): a long solve shows a live status line and leaves only its
 * answer on the screen; Ctrl-C during a search leaves the cursor visible and
 * line wrapping on, and during a table solve (synchronous) erases the line; `yomi play` draws tic-tac-toe as a board, and the empty
 * Connect Four board without an input file, with a column menu; a problem
 * input read from the terminal is announced; no colour is written, with or
 * without NO_COLOR. Runs where tmux is installed.
 */

import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_LIMIT, ROOT } from '../helpers.js';

const hasTmux = spawnSync('which', ['tmux']).status === 0;
const SOCKET = `yomi-test-${process.pid}`;
const SESSION = 'yomi';
const PROMPT = 'READY> ';
/** An SGR sequence (colour, bold …). */
const COLOUR = new RegExp(`${'\u001b'}\\[[\\d;]*m`);

function tmux(...args: string[]): string {
  const r = spawnSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8', ...CHILD_LIMIT });
  if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** The visible screen, without trailing blank lines (with escape sequences when `escapes`). */
const screen = (escapes = false): string =>
  tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', SESSION).replace(/\n+$/, '');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the screen satisfies `test` (or fails after `ms`). */
async function until(test: (s: string) => boolean, ms = 20_000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const s = screen();
    if (test(s)) return s;
    if (Date.now() > end) throw new Error(`timed out; the screen was:\n${s}`);
    await sleep(100);
  }
}

/** Waits until the terminal is in raw mode (keys are read as bytes, Ctrl-C is no signal). */
async function untilRaw(): Promise<void> {
  const tty = tmux('display', '-p', '-t', SESSION, '#{pane_tty}').trim();
  const end = Date.now() + 20_000;
  while (!/(^|\s)-isig(\s|$)/.test(spawnSync('stty', ['-F', tty, '-a'], { encoding: 'utf8' }).stdout)) {
    if (Date.now() > end) throw new Error(`the terminal ${tty} was never put in raw mode`);
    await sleep(20);
  }
}

/** Clears the screen, types a command line and presses Enter. */
async function run(line: string): Promise<void> {
  tmux('send-keys', '-t', SESSION, 'clear', 'Enter');
  await until((s) => s.trim() === PROMPT.trim());
  tmux('send-keys', '-t', SESSION, '-l', line);
  tmux('send-keys', '-t', SESSION, 'Enter');
}

/** The shell is back at its prompt after the command. */
const finished = (s: string) => s.trimEnd().endsWith(PROMPT.trim()) && s.split('\n').length > 1;

describe.skipIf(!hasTmux)('yomi in a terminal', () => {
  beforeAll(async () => {
    tmux(
      'new-session',
      '-d',
      '-s',
      SESSION,
      '-x',
      '110',
      '-y',
      '30',
      '-c',
      ROOT,
      `env -i PATH=${process.env.PATH} HOME=${process.env.HOME} TERM=xterm-256color PS1='${PROMPT}' bash --norc --noprofile`,
    );
    await until((s) => s.includes(PROMPT.trim()));
  });

  afterAll(() => {
    spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
  });

  it('shows a status line while a long search runs, and only the answer after it', async () => {
    // Without the opening book, which answers the empty board at once.
    await run('echo | node bin/yomi.js solve connect4 --no-book --max-seconds 3');
    const during = await until((s) => / M nodes, [\d,]+ k\/s · /.test(s));
    expect(during).toMatch(
      /^proven between .+ · testing .+ · [\d.]+ M nodes, [\d,]+ k\/s · table \d+% full · \d+:\d\d$/m,
    );
    const after = await until(finished);
    expect(after.split('\n')).toEqual([
      `${PROMPT}echo | node bin/yomi.js solve connect4 --no-book --max-seconds 3`,
      expect.stringMatching(
        /^between -?\d+ and -?\d+ \(the time budget ran out after [\d,]+ nodes; these bounds are proven\)$/,
      ),
      PROMPT.trim(),
    ]);
  });

  it('leaves the cursor visible and line wrapping on after Ctrl-C', async () => {
    await run('echo | node bin/yomi.js solve connect4 --no-book');
    await until((s) => / M nodes, /.test(s));
    tmux('send-keys', '-t', SESSION, 'C-c');
    await until(finished);
    expect(tmux('display', '-p', '-t', SESSION, '#{cursor_flag} #{wrap_flag}').trim()).toBe('1 1');
  });

  it('erases the status line of a table solve on Ctrl-C, also after Ctrl-Z and fg', async () => {
    // A table solve runs synchronously: the line is erased by the thread that reads the keys.
    await run("node bin/yomi.js solve 'dodgem(size=5)'");
    await until((s) => / positions /.test(s));
    await untilRaw();
    tmux('send-keys', '-t', SESSION, 'C-z');
    await until((s) => s.includes('Stopped'));
    expect(screen()).not.toMatch(/ positions /);
    tmux('send-keys', '-t', SESSION, '-l', 'fg');
    tmux('send-keys', '-t', SESSION, 'Enter');
    await until((s) => / positions /.test(s));
    await untilRaw();
    tmux('send-keys', '-t', SESSION, 'C-c');
    const after = await until(finished);
    expect(after).not.toMatch(/ positions /);
    expect(after).not.toContain('^C');
    tmux('send-keys', '-t', SESSION, '-l', 'echo "status $?"');
    tmux('send-keys', '-t', SESSION, 'Enter');
    await until((s) => s.includes('status 130'));
  });

  it('draws tic-tac-toe as a board in yomi play', async () => {
    await run('node bin/yomi.js play tic-tac-toe --first --seed 2');
    await until((s) => s.includes('Your move ('));
    tmux('send-keys', '-t', SESSION, '-l', 'b2');
    tmux('send-keys', '-t', SESSION, 'Enter');
    const s = await until((t) => t.split('Your move (').length > 2);
    expect(s).toContain('   a b c\n1  . . .\n2  . x .\n3  . . .');
    tmux('send-keys', '-t', SESSION, '-l', 'q');
    tmux('send-keys', '-t', SESSION, 'Enter');
    expect(await until(finished)).toContain('You quit.');
  });

  it('plays Connect Four from the empty board, its menu the columns', async () => {
    await run("node bin/yomi.js play 'connect4(width=5,height=4)' --first --seed 1");
    const s = await until((t) => t.includes('Your move ('));
    expect(s).toContain('.....\n.....\n.....\n.....\nYour move (1 2 3 4 5; ? values, u undo, q quit):');
    tmux('send-keys', '-t', SESSION, '-l', 'q');
    tmux('send-keys', '-t', SESSION, 'Enter');
    await until(finished);
  });

  it('says that it reads the problem input from the terminal, until Ctrl-D', async () => {
    await run('node bin/yomi.js solve edpc-k');
    await until((s) => s.includes('yomi: reading the problem input from standard input; end it with Ctrl-D'));
    for (const line of ['2 4', '2 3']) {
      tmux('send-keys', '-t', SESSION, '-l', line);
      tmux('send-keys', '-t', SESSION, 'Enter');
    }
    tmux('send-keys', '-t', SESSION, 'C-d');
    expect((await until(finished)).split('\n').slice(-2)).toEqual(['First', PROMPT.trim()]);
  });

  it('writes no colour, with or without NO_COLOR', async () => {
    for (const env of ['', 'NO_COLOR=1 ']) {
      await run(`${env}echo | node bin/yomi.js analyze 'connect4(width=5,height=4)' --max-seconds 1`);
      await until((s) => / nodes · /.test(s) || finished(s));
      expect(screen(true)).not.toMatch(COLOUR);
      await until(finished);
      expect(screen(true)).not.toMatch(COLOUR);
    }
  });
});
