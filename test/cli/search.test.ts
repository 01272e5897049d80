/**
 * The CLI on games solved by search: Connect Four scores one per line,
 * analyze showing every column's score, a spent budget printing proven
 * bounds (exit 0), every game solving with --solver alphabeta, bad input;
 * search threads (--threads, --table-mb), opening books (yomi book, --book,
 * --no-book) and Ctrl-C.
 */

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadBook } from '../../src/db/book-file.js';
import { positionOfKey } from '../../src/games/connect4/book.js';
import { connect4, connect4Score, parseMoves } from '../../src/games/connect4/index.js';
import { alphaBeta } from '../../src/solvers/alphabeta.js';
import { BENCHMARK_POSITIONS } from '../games/connect4-positions.js';
import { ROOT } from '../helpers.js';
import { expectUserError, runCli } from '../run-cli.js';

describe('connect4 through the CLI', () => {
  it('prints one score per line (benchmark positions with their known scores)', () => {
    const lines = ['Test_L3_R1', 'Test_L2_R1'].flatMap((set) => BENCHMARK_POSITIONS[set].slice(0, 5));
    const r = runCli(['solve', 'connect4'], lines.map((l) => l.split(' ')[0]).join('\n'));
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(lines.map((l) => `${l.split(' ')[1]}\n`).join(''));
  });

  it('solves small boards from the start', () => {
    const r = runCli(['solve', 'connect4(width=6,height=4)'], '\n');
    expect(r.stdout).toBe('-1\n');
  });

  it('analyze shows every column with its score', () => {
    const r = runCli(['analyze', 'connect4(width=5,height=4)', '--json'], '33\n');
    expect(r.status).toBe(0);
    const a = JSON.parse(r.stdout).datasets[0];
    expect(a.solver).toBe('alphabeta');
    expect(a.moves.map((m: { move: string }) => m.move)).toEqual(['3', '2', '4', '1', '5']);
    for (const m of a.moves) expect(m.value.answer).toMatch(/^-?\d+$/);
    const text = runCli(['analyze', 'connect4(width=5,height=4)'], '33\n').stdout;
    expect(text).toMatch(/^move {2}value +answer$/m);
  });

  it('reports the proven bounds when the budget runs out, not an error', () => {
    // The empty board is in the shipped book: --no-book makes it a search.
    const r = runCli(['solve', 'connect4', '--max-nodes', '1000', '--no-book'], '\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /^between -?\d+ and -?\d+ \(the node budget ran out after 1,000 nodes; these bounds are proven\)\n$/,
    );
    const a = runCli(['analyze', 'connect4', '--max-seconds', '0.2', '--no-book'], '\n');
    expect(a.status).toBe(0);
    expect(a.stdout).toMatch(
      /^value +between .* \(the time budget ran out after [\d,]+ nodes; these bounds are proven\)\n$/,
    );
  });

  it('says so when the start is valued but a move is not, within the budget', () => {
    const r = runCli(['analyze', 'connect4', '--max-nodes', '6000'], '212235554152144413\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /^value +not all moves valued: the node budget ran out after 6,000 nodes while valuing a position after the start \(proven there: between .* and .*\); raise the budget\n$/,
    );
  });

  it('names the line and character of an illegal sequence, and answers the other lines', () => {
    // As Connect Four solvers do; the exit code says that a line was refused. 44 is in the opening book.
    const r = runCli(['solve', 'connect4'], '44\n4444444\n4\n');
    expect([r.status, r.stdout, r.stderr]).toEqual([
      2,
      '1\n-1\n',
      'yomi: line 2, column 7: column 4 is full\n',
    ]);
    const w = runCli(['solve', 'connect4(width=8,height=8)'], '1\n');
    expect(w.status).toBe(2);
    expect(w.stderr).toMatch(
      /^yomi: connect4: parameters width=8,height=8: .* exceed the 64 of a bitboard\n$/,
    );
    const b = runCli(['solve', 'connect4', '--max-nodes', '0'], '1\n');
    expect(b.status).toBe(2);
  });
});

describe('--solver alphabeta on other games', () => {
  it('solves tic-tac-toe like negamax', () => {
    const a = runCli(['solve', 'tic-tac-toe', '--solver', 'alphabeta']);
    const n = runCli(['solve', 'tic-tac-toe', '--solver', 'negamax']);
    expect(a.stdout).toBe('tie in 9\n');
    expect(a.stdout).toBe(n.stdout);
  });
});

describe('search threads, tables and books on the command line', () => {
  it('refuses --threads and --table-mb that are not positive integers, and tables beyond free memory', () => {
    expectUserError(
      runCli(['solve', 'connect4', '--threads', '0'], '\n'),
      "option '--threads <n>' argument '0' is invalid. expected a positive integer",
    );
    expectUserError(
      runCli(['solve', 'connect4', '--threads', 'two'], '\n'),
      "option '--threads <n>' argument 'two' is invalid. expected a positive integer",
    );
    expectUserError(
      runCli(['solve', 'connect4', '--table-mb', '0'], '1\n'),
      "option '--table-mb <n>' argument '0' is invalid. expected a positive integer",
    );
    expectUserError(
      runCli(['solve', 'connect4', '--no-book', '--table-mb', String(2 ** 30)], '4444\n'),
      /--table-mb 1073741824 asks for .* GiB, but only .* GiB of memory is free/,
    );
  });

  it('gives the same scores with one thread and with two, with the threads doing the work', () => {
    // Ten-stone positions that need more than the 500,000 nodes of the quick search on the command's thread.
    const lines = ['1134357316', '7224367153'];
    const expected = lines
      .map((moves) => {
        const game = connect4(7, 6, parseMoves(connect4().geometry, moves));
        return `${connect4Score(game, alphaBeta(game).value(game.start))}\n`;
      })
      .join('');
    for (const threads of ['1', '2']) {
      const r = runCli(['solve', 'connect4', '--threads', threads, '--table-mb', '64'], lines.join('\n'));
      expect([r.status, r.stderr, r.stdout], `--threads ${threads}`).toEqual([0, '', expected]);
    }
  });

  it('builds a book, answers from it, and refuses a book of another board or a bad depth', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yomi-cli-book-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, '54.book');
    const made = runCli([
      'book',
      'connect4(width=5,height=4)',
      '--plies',
      '4',
      '--table-mb',
      '16',
      '--save',
      file,
    ]);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^connect4\(width=5,height=4\): \d+ positions up to 4 stones .* → /);
    const withBook = runCli(['analyze', 'connect4(width=5,height=4)', '--book', file, '--json'], '33\n');
    const without = runCli(['analyze', 'connect4(width=5,height=4)', '--no-book', '--json'], '33\n');
    const moves = (r: { stdout: string }) => JSON.parse(r.stdout).datasets[0].moves;
    expect(moves(withBook)).toEqual(moves(without));
    expectUserError(
      runCli(['solve', 'connect4', '--book', file], '4\n'),
      `${file} is an opening book of connect4(width=5,height=4), not of connect4(width=7,height=6)`,
      true,
    );
    expectUserError(
      runCli(['book', 'connect4', '--plies', '99', '--save', file]),
      "--plies expects an integer from 0 to 16, not '99'",
      true,
    );
    expectUserError(
      runCli(['book', 'tic-tac-toe', '--plies', '2', '--save', file]),
      'opening books are for connect4, not tic-tac-toe',
      true,
    );
    expect(readdirSync(dir)).toEqual(['54.book']);
  });

  it("adds a perfect player's lines to a book, and goes on from what a stopped build wrote", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'yomi-cli-lines-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const at = (name: string) => join(dir, name);
    const entries = (file: string) => [...loadBook(file).book.entries()];
    const c54 = 'connect4(width=5,height=4)';
    // A table of 16 MB: these boards need no more, and a thread pool's table is touched page by page.
    const small = ['--table-mb', '16'];
    // In one run, and in two (the lines --from a book of depth 2): the same book.
    const whole = runCli(['book', c54, '--plies', '2', '--lines', '6', ...small, '--save', at('whole.book')]);
    expect(whole.status, whole.stderr).toBe(0);
    expect(whole.stdout).toMatch(/positions up to 2 stones and a perfect player's lines up to 6 /);
    expect(runCli(['book', c54, '--plies', '2', ...small, '--save', at('base.book')]).status).toBe(0);
    const two = ['--from', at('base.book'), '--lines', '6', ...small, '--save', at('two.book')];
    const resumed = runCli(['book', c54, ...two]);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(entries(at('two.book'))).toEqual(entries(at('whole.book')));
    expect(loadBook(at('two.book')).header.lines).toBe(6);
    // Every score, the lines' too (searched from their parents' floors), as a search from the stones
    // left alone finds it (the search itself is held to memoized negamax in connect4.test.ts).
    const game54 = connect4(5, 4);
    const plain = alphaBeta(game54, { deferStart: true, tableBytes: 2 ** 22 });
    const built = entries(at('whole.book'));
    expect(built.length).toBeGreaterThan(100);
    for (const [key, score] of built) {
      const p = positionOfKey(game54.geometry, key);
      expect(connect4Score(connect4(5, 4, p), plain.value(p)), `${key}`).toBe(score);
    }
    expectUserError(
      runCli(['book', c54, '--plies', '4', '--lines', '3', '--save', at('x.book')]),
      "--lines expects an integer from 4 to 20, not '3'",
      true,
    );
    // Stopped (Ctrl-C) on the lines of a larger board, once it has written a level: the scores solved
    // so far are in the file, exact, and --from it goes on.
    const c64 = 'connect4(width=6,height=4)';
    const partial = at('partial.book');
    const child = spawn(
      process.execPath,
      [join(ROOT, 'bin/yomi.js'), 'book', c64, '--plies', '1', '--lines', '16', ...small, '--save', partial],
      { cwd: ROOT },
    );
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const watch = setInterval(() => {
      if (!existsSync(partial)) return;
      clearInterval(watch);
      child.kill('SIGINT');
    }, 20);
    const code = await new Promise((resolve) => child.on('close', resolve));
    clearInterval(watch);
    expect(code, stderr).toBe(130);
    expect(stderr).toContain(`go on with --from ${partial}`);
    const stopped = loadBook(partial);
    expect(stopped.book.lines).toBeGreaterThanOrEqual(2);
    expect(stopped.book.lines).toBeLessThan(16);
    const game = connect4(6, 4);
    for (const [key, score] of [...stopped.book.entries()].filter((_, i) => i % 50 === 0)) {
      const p = positionOfKey(game.geometry, key);
      const from = connect4(6, 4, p);
      expect(connect4Score(from, alphaBeta(from, { tableBytes: 2 ** 22 }).value(p))).toBe(score);
    }
    const next = stopped.book.lines + 1;
    const more = runCli([
      'book',
      c64,
      '--from',
      partial,
      '--lines',
      String(next),
      ...small,
      '--save',
      partial,
    ]);
    expect(more.status, more.stderr).toBe(0);
    const done = loadBook(partial);
    expect(done.book.lines).toBe(next);
    const after = new Map(done.book.entries());
    for (const [key, score] of stopped.book.entries()) expect(after.get(key)).toBe(score);
  });

  it('stops at Ctrl-C with the bounds proven so far, exit code 130', async () => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'bin/yomi.js'), 'solve', 'connect4', '--no-book', '--table-mb', '64'],
      {
        cwd: ROOT,
      },
    );
    child.stdin.end('\n');
    let stdout = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    // Long enough to be past the quick search, on the threads.
    setTimeout(() => child.kill('SIGINT'), 3000);
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    expect(stdout).toMatch(
      /^between -?\d+ and -?\d+ \(interrupted after [\d,]+ nodes; these bounds are proven\)\n$/,
    );
  });
});
