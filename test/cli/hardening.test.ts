/**
 * The command line against hostile input, each case first reproducing what
 * once crashed, hung or ran out of memory: every one now ends with one line
 * `yomi: …` on stderr, exit code 2 and nothing on stdout (or the right
 * answer). Inputs are read with a cap (`--max-input`), FIFOs do not hang,
 * solvers stop at the heap's limit instead of dying of it, `--max-seconds`
 * is for the whole run, error lines stay one printable line of bounded
 * length, a closed stdout ends the command quietly, and the small input
 * mistakes of the issue are reported or accepted as they should be. What
 * needs the search engine or Connect Four's input (being rewritten) is
 * listed as todo with its reason.
 */

import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_ERROR_LINE } from '../../src/core/error-line.js';
import { CHILD_LIMIT, ROOT } from '../helpers.js';
import { expectUserError, runCli } from '../run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'yomi-hard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A user's module holding `source`, in the test's folder. */
function moduleFile(name: string, source: string): string {
  const file = join(dir, name);
  writeFileSync(file, source);
  return file;
}

describe('inputs are read with a cap', () => {
  it('/dev/zero is refused after 16 MiB, at once', () => {
    const started = performance.now();
    expectUserError(
      runCli(['solve', 'abc201d', '/dev/zero']),
      "'/dev/zero' holds more than 16 MiB, the most an input may have; raise the limit with --max-input",
      true,
    );
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('a stream on stdin is refused past --max-input; exactly the cap is read', () => {
    const input = '2 4\n1 2\n';
    const padded = input + ' '.repeat(1000 - input.length);
    expect(runCli(['solve', 'edpc-k', '--max-input', '1000'], padded)).toMatchObject({
      status: 0,
      stdout: 'First\n',
    });
    expectUserError(
      runCli(['solve', 'edpc-k', '--max-input', '999'], padded),
      'standard input holds more than 999 bytes',
    );
    expectUserError(runCli(['solve', 'edpc-k', '--max-input', '1K'], '1\n'.repeat(600)), 'more than 1 KiB');
  });

  it('--max-input is stated in --help and checked', () => {
    for (const command of ['solve', 'analyze', 'check', 'play', 'query']) {
      expect(runCli([command, '--help']).stdout).toMatch(/--max-input <size> +largest problem input to read/);
    }
    expectUserError(
      runCli(['solve', 'edpc-k', '--max-input', 'lots']),
      /--max-input <size>' argument 'lots'/,
    );
  });

  it('yomi query /dev/zero is refused before any byte is read: a solution file is a regular file', () => {
    expectUserError(
      runCli(['query', '/dev/zero']),
      'cannot read /dev/zero: it is not a regular file (a FIFO, a device or a socket)',
      true,
    );
  });

  it('a folder is one line', () => {
    expectUserError(runCli(['solve', 'edpc-k', dir]), `cannot read '${dir}': it is a folder`, true);
  });

  it('a FIFO that no program writes to reads as empty after a few seconds; one being written is read', async () => {
    const fifo = join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expectUserError(runCli(['solve', 'edpc-k', fifo]), 'edpc-k: the input is empty', true);
    // A writer that comes after yomi opened the FIFO.
    const yomi = spawn(process.execPath, [join(ROOT, 'bin/yomi.js'), 'solve', 'edpc-k', fifo], { cwd: ROOT });
    let stdout = '';
    yomi.stdout.on('data', (d) => {
      stdout += d;
    });
    await new Promise((r) => setTimeout(r, 500));
    // Opened without blocking: until yomi has the FIFO open for reading this fails (ENXIO) instead of
    // waiting, which no test timeout could end.
    let writer: number | undefined;
    while (writer === undefined) {
      try {
        writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENXIO') throw e;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    writeSync(writer, '2 4\n1 2\n');
    closeSync(writer);
    const status = await new Promise((r) => yomi.on('close', r));
    expect({ status, stdout }).toEqual({ status: 0, stdout: 'First\n' });
  });

  it('a UTF-8 byte order mark is accepted by every problem game', () => {
    for (const id of ['abc201d', 'arc038b', 'arc038d', 'edpc-k', 'edpc-l', 'grid-duel', 'jag2015-d']) {
      const input = readFileSync(join(ROOT, 'problems', id, 'tests', '01.in'), 'utf8');
      const expected = readFileSync(join(ROOT, 'problems', id, 'tests', '01.out'), 'utf8');
      expect(runCli(['solve', id], `\uFEFF${input}`), id).toMatchObject({ status: 0, stdout: expected });
    }
  });
});

describe('memory: solvers stop at the heap limit instead of dying of it', () => {
  // A small heap makes the limit quick to reach: each position of this row lists up to 40,000 moves.
  const small = ['--max-old-space-size=128'];
  for (const solver of ['negamax', 'sweep']) {
    it(`nim with huge heaps, --solver ${solver}: one line naming the heap`, () => {
      expectUserError(
        runCli(['solve', 'nim(heaps=20000 20000)', '--solver', solver], '', small),
        /^yomi: nim\(heaps=20000 20000,play=normal\): the JS heap holds [\d,]+ MB after [\d,]+ positions, near its limit of [\d,]+ MB/,
      );
    });
  }

  it('an indexed module declaring 10^12 positions is refused before anything is allocated', () => {
    const file = moduleFile(
      'huge.ts',
      "export default { kind: 'indexed', id: 'huge', size: 1e12, start: 0, maxMoves: 1, order: 'descending', children: () => 0, primitive: () => -1 };\n",
    );
    expectUserError(runCli(['solve', file]), 'size is 1000000000000, not a count of positions');
  });

  it('a table larger than the memory available is refused with its estimate', () => {
    const file = moduleFile(
      'large.ts',
      "export default { kind: 'indexed', id: 'large', size: 2 ** 31, start: 0, maxMoves: 1, scoring: true, order: 'descending', children: () => 0, primitive: () => -1 };\n",
    );
    // 2^31 positions × 12 bytes = 24 GiB: more than this machine (or a CI machine) has free.
    expectUserError(
      runCli(['solve', file]),
      /sweeping the 2,147,483,648 positions of large needs about 24,576 MB, more than the [\d,]+ MB available/,
    );
  });

  it('alpha-beta bounds the moves its path holds: a position listing 2^25 + 1 moves is refused with one line (nim(heaps=1000000 1000000) stops so at ply 16, in 25 s)', () => {
    const file = moduleFile(
      'wide.ts',
      // A loop, not Array.from with a mapper: the list is made in 0.1 s, not 3.
      "export default { id: 'wide', start: 0, moves: (p: number) => { const m: number[] = []; if (p === 0) for (let i = 1; i <= 2 ** 25 + 1; i++) m.push(i); return m; }, play: (_p: number, m: number) => m, key: (p: number) => p };\n",
    );
    expectUserError(
      runCli(['solve', file, '--solver', 'alphabeta']),
      'wide: the positions on the search path list more than 33,554,432 moves (33,554,433 at ply 0); alpha-beta keeps them all and stops here (choose a smaller game)',
      true,
    );
  });
  it('alpha-beta bounds its path: a user game that never ends is refused with one line at 2^20 plies', () => {
    const file = moduleFile(
      'endless.ts',
      "export default { id: 'endless', start: 0, moves: () => [1, 2], play: (p: number, m: number) => p + m, key: (p: number) => p };\n",
    );
    // One thread: two would each walk the million plies (a thread's errors: thread-errors.test.ts).
    expectUserError(
      runCli(['solve', file, '--solver', 'alphabeta', '--threads', '1']),
      'endless: the search is 1,048,576 plies deep without reaching an end of the game; alpha-beta keeps the whole path and stops here (does every line of play end?)',
      true,
    );
  });
  it.todo(
    'echo | yomi solve connect4 --solver negamax is refused at 2^24 positions (tested in process: budgets.test.ts); a CLI test needs a minute and 1.2 GB — too slow for npm test',
  );
});

describe('time: --max-seconds is for the whole run', () => {
  it('three hard Connect Four lines with --max-seconds 1: the first gets the budget, the rest are not searched', () => {
    const started = performance.now();
    // Without the opening book, which answers the empty board at once.
    const r = runCli(['solve', 'connect4', '--no-book', '--max-seconds', '1'], '\n\n\n');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^between .* \(the time budget ran out after [\d,]+ nodes; these bounds are proven\)$/,
    );
    expect(lines.slice(1)).toEqual(
      Array(2).fill('not solved: the time budget (--max-seconds) was spent before this game'),
    );
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('a table solver stops with one line', () => {
    const file = moduleFile(
      'forever.ts',
      "export default { id: 'forever', start: 0, moves: () => [1, 2], play: (p: number, m: number) => p + m, key: (p: number) => p };\n",
    );
    expectUserError(
      runCli(['solve', file, '--solver', 'negamax', '--max-seconds', '0.5']),
      'forever was not solved within the time budget (--max-seconds)',
      true,
    );
  });

  it('1 MB of newlines into connect4 with --max-seconds 1: games are built as they are solved, one line each', () => {
    const started = performance.now();
    const r = spawnSync(
      'bash',
      [
        '-c',
        `head -c 1000000 /dev/zero | tr '\\0' '\\n' | "${process.execPath}" bin/yomi.js solve connect4 --max-seconds 1 | awk '{ n[$0]++ } END { for (l in n) print n[l], l }'; echo "status \${PIPESTATUS[2]}" >&2`,
      ],
      { cwd: ROOT, encoding: 'utf8', ...CHILD_LIMIT },
    );
    expect(r.stderr).toBe('status 0\n');
    // The empty board is answered from the opening book until the second is spent; the others are not solved.
    const counts = Object.fromEntries(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => /^\s*(\d+) (.*)$/.exec(l) as RegExpExecArray)
        .map((m) => [m[2], Number(m[1])]),
    );
    expect(Object.keys(counts).sort()).toEqual([
      '1',
      'not solved: the time budget (--max-seconds) was spent before this game',
    ]);
    expect(
      counts['1'] + counts['not solved: the time budget (--max-seconds) was spent before this game'],
    ).toBe(1_000_000);
    expect(performance.now() - started).toBeLessThan(120_000);
  });
});

describe('alpha-beta and --max-positions', () => {
  it('echo | yomi solve connect4 --no-book --max-positions 10 stops after 10 positions with the bounds proven', () => {
    const r = runCli(['solve', 'connect4', '--no-book', '--max-positions', '10'], '\n');
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toMatch(
      /^between -?\d+ and -?\d+ \(the position budget \(--max-positions\) ran out after 10 nodes; these bounds are proven\)\n$/,
    );
  });

  it('with the shipped opening book the empty board needs no search at all', () => {
    const r = runCli(['solve', 'connect4', '--max-positions', '10'], '\n');
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '1\n', '']);
  });
});

describe('error lines are one printable line', () => {
  it('commander mistakes', () => {
    expectUserError(runCli(['solve', '--bogus-flag']), "unknown option '--bogus-flag'");
    expectUserError(runCli(['solve', 'tic-tac-toe', '--max-positions', '0']), 'expected a positive integer');
    expectUserError(runCli(['serve', '--port', '70000']), 'expected a port 0 … 65535');
    expectUserError(runCli(['frobnicate']), "unknown command 'frobnicate'");
  });

  it('a newline in a game id, ESC and NUL bytes in the input are shown escaped', () => {
    expectUserError(runCli(['solve', 'tic\ntac']), "'tic\\ntac' is not a game id", false);
    const r = runCli(['solve', 'edpc-k'], '2 \u001b[31mred\u0000\n');
    expectUserError(r, "expected K (an integer), found '\\x1b[31mred\\x00'");
    const controls = [...r.stderr].filter((c) => c !== '\n' && c.charCodeAt(0) < 0x20);
    expect(controls).toEqual([]);
  });

  it('a 10 MB token is cut, keeping both ends of the line', () => {
    const r = runCli(['solve', 'edpc-k'], `${'x'.repeat(10_000_000)}\n`);
    expectUserError(
      r,
      /^yomi: line 1, column 1: expected N \(an integer\), found 'x+… \([\d,]+ characters left out\) …x+'$/,
    );
    expect(r.stderr.length).toBeLessThan(MAX_ERROR_LINE + 20);
  });

  it('--save with a 300-character name is refused before solving', () => {
    const name = join(dir, `${'a'.repeat(300)}.yomi`);
    expectUserError(runCli(['solve', 'tic-tac-toe', '--save', name]), /^yomi: cannot save .*: ENAMETOOLONG$/);
  });

  it('--save refuses a read-only file (even for root) and a folder that is a file, before solving', () => {
    const file = join(dir, 'read-only.yomi');
    writeFileSync(file, 'keep');
    chmodSync(file, 0o444);
    expectUserError(
      runCli(['solve', 'tic-tac-toe', '--save', file]),
      `cannot save ${file}: the file is read-only`,
      true,
    );
    expect(readFileSync(file, 'utf8')).toBe('keep');
    expectUserError(
      runCli(['solve', 'tic-tac-toe', '--save', join(file, 'x.yomi')]),
      `cannot save ${join(file, 'x.yomi')}: ${file} is not a folder`,
      true,
    );
  });

  it('--save never replaces a device', () => {
    expectUserError(
      runCli(['solve', 'tic-tac-toe', '--save', '/dev/null']),
      'cannot save /dev/null: it is not a regular file',
      true,
    );
  });

  it('yomi grundy … | head -2: the closed pipe ends yomi quietly', () => {
    const r = spawnSync(
      'bash',
      [
        '-c',
        `"${process.execPath}" bin/yomi.js grundy 0.77 --upto 1000000 | head -2; echo "status \${PIPESTATUS[0]}" >&2`,
      ],
      { cwd: ROOT, encoding: 'utf8', ...CHILD_LIMIT },
    );
    expect(r.stdout.split('\n').slice(0, 2)[0]).toBe('0.77: G(0) … G(1000000)');
    expect(r.stderr).toBe('status 0\n');
  });
});

describe('the small mistakes of the issue', () => {
  it('dodgem(__proto__=3) is an unknown parameter, not one given twice', () => {
    expectUserError(
      runCli(['solve', 'dodgem(__proto__=3)']),
      "dodgem: unknown parameter '__proto__' (parameters: size)",
      true,
    );
    expectUserError(runCli(['solve', 'dodgem(constructor=3)']), "unknown parameter 'constructor'");
  });

  it('edpc-k says that the a_i must increase', () => {
    expectUserError(
      runCli(['solve', 'edpc-k'], '2 4\n3 2\n'),
      'line 2, column 3: a_2 = 2 is not larger than a_1 = 3: the a_i must increase',
      true,
    );
  });

  it('jag2015-d with only its closing line holds no game', () => {
    expectUserError(
      runCli(['solve', 'jag2015-d'], '0 0 0 0\n'),
      'jag2015-d: the input holds no game to solve',
      true,
    );
  });

  it('grid-duel states that it reads m beyond the statement', () => {
    expect(runCli(['list']).stdout).toMatch(/1 ≤ m ≤ 16: beyond the statement’s m ≤ 5, on purpose/);
  });

  it('connect4 reads spaces and tabs around and between the columns of a line', () => {
    // A middle-game position (the game's example), which solves at once.
    const plain = runCli(['solve', 'connect4'], '212235554152144413\n');
    expect(plain.status, plain.stderr).toBe(0);
    const spaced = runCli(
      ['solve', 'connect4'],
      ' 212235554152144413 \n2122 3555 4152 1444 13\n\t212235554\t152144413\r\n',
    );
    expect([spaced.status, spaced.stderr]).toEqual([0, '']);
    expect(spaced.stdout).toBe(plain.stdout.repeat(3));
    // A bad line among several is that dataset's mistake: the others are answered, the exit code is 2.
    const bad = runCli(['solve', 'connect4'], '212235554152144413\n4 4 8\n');
    expect([bad.status, bad.stdout, bad.stderr]).toEqual([
      2,
      plain.stdout,
      "yomi: line 2, column 5: '8' is not a column (1 … 7)\n",
    ]);
    expectUserError(
      runCli(['solve', 'connect4'], '4 4 8\n'),
      "line 1, column 5: '8' is not a column (1 … 7)",
      true,
    );
  });

  it('connect4 refuses a sequence that ends in a win, and one that goes on after it', () => {
    // The first player's fourth stone in column 1 wins: nothing is left to solve.
    expectUserError(
      runCli(['solve', 'connect4'], '1212121\n'),
      'line 1, column 7: the last stone makes four in a row: the game is over, there is nothing to solve',
      true,
    );
    const r = runCli(['solve', 'connect4'], '212235554152144413\n12121212\n');
    expect([r.status, r.stderr]).toEqual([2, 'yomi: line 2, column 8: column 2: the game is already won\n']);
    expect(r.stdout.split('\n')).toHaveLength(2); // the first line's answer
  });
});
