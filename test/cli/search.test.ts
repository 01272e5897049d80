/**
 * The CLI on games solved by search: Connect Four scores one per line,
 * analyze showing every column's score, a spent budget printing proven
 * bounds (exit 0), every game solving with --solver alphabeta, bad input.
 */

import { describe, expect, it } from 'vitest';
import { BENCHMARK_POSITIONS } from '../games/connect4-positions.js';
import { runCli } from '../run-cli.js';

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
    const a = JSON.parse(r.stdout);
    expect(a.solver).toBe('alphabeta');
    expect(a.moves.map((m: { move: string }) => m.move)).toEqual(['3', '2', '4', '1', '5']);
    for (const m of a.moves) expect(m.value.answer).toMatch(/^-?\d+$/);
    const text = runCli(['analyze', 'connect4(width=5,height=4)'], '33\n').stdout;
    expect(text).toMatch(/^move {2}value +answer$/m);
  });

  it('reports the proven bounds when the budget runs out, not an error', () => {
    const r = runCli(['solve', 'connect4', '--max-nodes', '1000'], '\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /^between -?\d+ and -?\d+ \(the node budget ran out after 1,000 nodes; these bounds are proven\)\n$/,
    );
    const a = runCli(['analyze', 'connect4', '--max-seconds', '0.2'], '\n');
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

  it('names the line and character of an illegal sequence', () => {
    const r = runCli(['solve', 'connect4'], '44\n4444444\n');
    expect([r.status, r.stdout, r.stderr]).toEqual([2, '', 'yomi: line 2, column 7: column 4 is full\n']);
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
