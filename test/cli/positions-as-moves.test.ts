/**
 * Games that do not write or read positions themselves: a game without
 * `show` is reported with a readable form of its positions and moves (JSON),
 * never `[object Object]`; a game without `parsePosition` — a user's module,
 * a boardgame.io game — takes `--position` as the moves from the start,
 * separated by commas, and a move that is not legal is one line saying what
 * the moves are and what to add to the module; `play --position` starts there.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BonusPile } from '../../examples/boardgame-io/bonus-pile.js';
import { fromBoardgameIO } from '../../src/adapters/boardgame-io/index.js';
import { formatValue } from '../../src/core/value.js';
import { playMoveLine } from '../../src/host/move-line.js';
import { solve } from '../../src/solvers/index.js';
import { expectUserError, runCli } from '../run-cli.js';

/** Race to 5 with object positions and object moves, neither shown nor named. */
const BARE_RACE = `export default {
  id: 'bare-race',
  start: { n: 0 },
  moves: (p: { n: number }) => (p.n >= 5 ? [] : [{ step: 1 }, { step: 2 }]),
  play: (p: { n: number }, m: { step: number }) => ({ n: p.n + m.step }),
  key: (p: { n: number }) => p.n,
};
`;

describe('positions of games that do not write or read them', () => {
  const work = mkdtempSync(join(tmpdir(), 'yomi-moves-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const race = join(work, 'bare-race.ts');
  writeFileSync(race, BARE_RACE);

  it('writes positions and moves as JSON, and marks the best move', () => {
    const r = runCli(['analyze', race]);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain('[object Object]');
    expect(r.stdout).toContain('position   {"n":0}\n');
    expect(r.stdout).toMatch(/\{"step":2\} {2}win in 3 {2}← best\n/);
    expect(r.stdout).toContain('line       {"step":2} {"step":1} {"step":2}\n');
  });

  it('reads --position as the moves from the start', () => {
    const r = runCli(['analyze', race, '--position', '{"step":1}, {"step":2}']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('position   {"n":3}\n');
    expect(r.stdout).toContain('value      win in 1\n');
  });

  it('says what the moves are and what to add to the module when a move is not one', () => {
    expectUserError(
      runCli(['analyze', race, '--position', '{"step":1}, {"step":3}']),
      `bare-race: '{"step":3}' is not a move after {"step":1} (the moves there: {"step":1}, {"step":2}); this game writes a position as the moves from the start, separated by commas (add parsePosition(text) to the game to read positions as show writes them)`,
      true,
    );
    expectUserError(
      runCli(['analyze', race, '--position', '{"step":2}, {"step":2}, {"step":1}, {"step":1}']),
      /the game is over after .*, but the position goes on with '\{"step":1\}'/,
    );
  });

  it('takes a boardgame.io position as its moves, with the values of the adapter', () => {
    const game = fromBoardgameIO(BonusPile);
    const solution = solve(game);
    const state = playMoveLine(game, 'choosePile 8, take 3');
    expect(state.G.stones).toBe(5);
    const r = runCli([
      'analyze',
      'examples/boardgame-io/bonus-pile.ts',
      '--position',
      'choosePile 8, take 3',
    ]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`value      ${formatValue(solution.value(state))}\n`);
    for (const { move, value } of solution.moves(state)) {
      expect(r.stdout).toMatch(new RegExp(`\\n${game.moveName?.(state, move)} +${formatValue(value)}\\b`));
    }
  });

  it('plays from --position', () => {
    // x to move; c1 completes the top row.
    const r = runCli(['play', 'tic-tac-toe', '--position', 'xx.oo....', '--first'], 'c1\n');
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^You move first\.\n {3}a b c\n1 {2}x x \.\n2 {2}o o \.\n/);
    expect(r.stdout).toMatch(/You play c1\n[\s\S]*Game over after 1 plies\. You win!\n$/);
    const bgio = runCli(
      ['play', 'examples/boardgame-io/bonus-pile.ts', '--position', 'choosePile 8', '--first'],
      'q\n',
    );
    expect(bgio.stdout).toMatch(/^You move first\.\n\{"stones":8\}\n/);
  });
});
