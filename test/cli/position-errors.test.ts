/**
 * `--position` (and `yomi query`'s position) that was not solved: the error
 * names the position as the user wrote it — not a child of it, not the
 * game's multi-line drawing of it — on one line. In Kalah, `0 1 1 1 1 1` is
 * not reachable from the start and neither is any of its children.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Game } from '../../src/core/game.js';
import { openGame } from '../../src/games/open.js';
import { solve } from '../../src/solvers/index.js';
import { expectUserError, runCli } from '../run-cli.js';

const KALAH = 'kalah(pits=3,seeds=2)';
const UNREACHABLE = '0 1 1 1 1 1';

describe('an unsolved position given by the user', () => {
  const work = mkdtempSync(join(tmpdir(), 'yomi-position-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('is one that neither it nor its children were solved (the case where a child used to be named)', () => {
    const game = openGame(KALAH).games[0] as Game<unknown, unknown>;
    const solution = solve(game);
    const p = game.parsePosition?.(UNREACHABLE);
    expect(() => solution.value(p)).toThrow(/not reachable/);
    const children = game.moves(p).map((m) => game.play(p, m));
    expect(children.length).toBeGreaterThan(0);
    for (const c of children) expect(() => solution.value(c)).toThrow(/not reachable/);
  });

  it('analyze --position names it as given', () => {
    expectUserError(
      runCli(['analyze', KALAH, '--position', UNREACHABLE]),
      `${KALAH}: the position '${UNREACHABLE}' is not reachable from the start, so it was not solved`,
      true,
    );
  });

  it('query and analyze --db name it as given', () => {
    const file = join(work, 'kalah.yomi');
    expect(runCli(['solve', KALAH, '--save', file]).status).toBe(0);
    for (const args of [
      ['query', file, UNREACHABLE],
      ['analyze', '--db', file, '--position', UNREACHABLE],
    ]) {
      expectUserError(
        runCli(args),
        `${KALAH}: the position '${UNREACHABLE}' is not among the positions the file solved`,
        true,
      );
    }
  });
});

describe('a position written as people do not write it', () => {
  it('is refused in one line: heap sizes in decimal digits only, a range with nothing after it', () => {
    for (const text of ['0x10', '1e3', '-0', '3 +4']) {
      expectUserError(
        runCli(['analyze', 'nim(heaps=3 4 5)', '--position', text]),
        /: a position is a row of heap sizes 0 … \d+ separated by spaces/,
      );
    }
    expectUserError(
      runCli(['analyze', 'edpc-l', '--position', '1..4garbage'], '4\n10 80 90 30\n'),
      /edpc-l: a position is the part of the row left/,
    );
    expect(runCli(['analyze', 'edpc-l', '--position', ' 1..4 '], '4\n10 80 90 30\n').status).toBe(0);
    expect(runCli(['analyze', 'nim(heaps=3 4 5)', '--position', '1 2']).status).toBe(0);
  });
});
