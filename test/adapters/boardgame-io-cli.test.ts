/**
 * The command line on modules that export a boardgame.io game: `solve`,
 * `analyze`, `check` and `play` work on them as on yomi's own games (the
 * values are the library's, checked in boardgame-io.test.ts), a move that
 * keeps the turn is played as an extra turn, and a game the adapter cannot
 * read is one line and exit code 2.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromBoardgameIO } from 'yomi/boardgame-io';
import { BonusPile } from '../../examples/boardgame-io/bonus-pile.js';
import { formatValue } from '../../src/core/value.js';
import { solve } from '../../src/solvers/index.js';
import { expectUserError, runCli } from '../run-cli.js';

const TIC_TAC_TOE = 'examples/boardgame-io/tic-tac-toe.ts';
const BONUS_PILE = 'examples/boardgame-io/bonus-pile.ts';

describe('yomi on a boardgame.io module', () => {
  const work = mkdtempSync(join(tmpdir(), 'yomi-bgio-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('solves, analyzes and checks the examples', () => {
    expect(runCli(['solve', TIC_TAC_TOE]).stdout).toBe('tie in 9\n');
    const game = fromBoardgameIO(BonusPile);
    const solution = solve(game);
    expect(runCli(['solve', BONUS_PILE]).stdout).toBe(`${formatValue(solution.value(game.start))}\n`);
    const analysis = JSON.parse(runCli(['analyze', BONUS_PILE, '--json']).stdout).datasets[0];
    expect(analysis.moves.map((m: { move: string }) => m.move)).toEqual([
      'choosePile 7',
      'choosePile 8',
      'choosePile 9',
    ]);
    expect(analysis.line[0]).toBe(game.moveName?.(game.start, solution.best(game.start)[0]));
    for (const path of [TIC_TAC_TOE, BONUS_PILE]) expect(runCli(['check', path]).stdout).toMatch(/: ok, /);
  });

  it('plays a game in which a player moves twice in a row', () => {
    const r = runCli(['play', BONUS_PILE, '--first', '--seed', '1'], 'choosePile 9\ntake 3\ntakeOne\n');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('You play choosePile 9; you move again');
    expect(r.stdout).toContain('You play take 3; you move again');
  });

  it('marks the best moves, though the adapter makes fresh move objects on every call', () => {
    const game = fromBoardgameIO(BonusPile);
    const solution = solve(game);
    const bestNames = solution.best(game.start).map((m) => game.moveName?.(game.start, m));
    expect(bestNames.length).toBeGreaterThan(0);
    const analysis = JSON.parse(runCli(['analyze', BONUS_PILE, '--json']).stdout).datasets[0];
    const marked = analysis.moves
      .filter((m: { best: boolean }) => m.best)
      .map((m: { move: string }) => m.move);
    expect(marked).toEqual(bestNames);
    expect(runCli(['analyze', BONUS_PILE]).stdout).toMatch(new RegExp(`${bestNames[0]} .*← best`));
  });

  it('shows the values of the moves on ? in play', () => {
    for (const path of [BONUS_PILE, TIC_TAC_TOE]) {
      const r = runCli(['play', path, '--first'], '?\n');
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/This position: \w+ in \d+ for you\./);
      expect(r.stdout).toContain('← best');
    }
  });

  it('refuses a boardgame.io game without ai.enumerate in one line', () => {
    const path = join(work, 'no-enumerate.ts');
    writeFileSync(path, "export default { name: 'bare', setup: () => ({}), moves: { pass: () => {} } };\n");
    expectUserError(
      runCli(['solve', path]),
      'bare: a boardgame.io game needs ai.enumerate (the legal moves) to be solved',
      true,
    );
  });
});
