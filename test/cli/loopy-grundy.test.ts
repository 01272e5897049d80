/**
 * The loopy token games on the command line: `yomi grundy` prints the
 * places' generalized Sprague–Grundy values in the notation 0, *, *2, ∞,
 * ∞(0,2) and decides a row of tokens as a sum (its winning moves checked
 * against retrograde analysis of the row); `--json` follows the schema and
 * agrees with the library; `yomi analyze --solver gsg` adds the values; bad
 * parameters are one line and exit code 2.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { digraphBoard } from '../../src/games/digraph.js';
import { tokenGame } from '../../src/games/impartial/token-game.js';
import { subtractionModBoard } from '../../src/games/subtraction-mod.js';
import { formatGsg, gsgAt, gsgValues } from '../../src/solvers/gsg.js';
import { solve } from '../../src/solvers/index.js';
import { ROOT } from '../helpers.js';
import { expectUserError, runCli } from '../run-cli.js';

const schema = JSON.parse(readFileSync(join(ROOT, 'docs/json-output.schema.json'), 'utf8'));
const ajv = new Ajv2020({ allErrors: true });
ajv.addSchema(schema);

function json(name: string, args: string[]): Record<string, unknown> {
  const r = runCli(args);
  expect(r.status, r.stderr).toBe(0);
  const out = JSON.parse(r.stdout);
  const validate = ajv.getSchema(`${schema.$id}#/$defs/${name}`);
  expect(validate?.(out), JSON.stringify(validate?.errors)).toBe(true);
  return out;
}

const DIGRAPH = 'digraph(edges=1>0 2>0 2>1 3>2 3>4 4>3 4>1 5>4 5>6 6>5 6>0 6>1 7>7 7>2)';

describe('yomi grundy on loopy games', () => {
  it('prints every place of the default digraph as a nimber or ∞(K)', () => {
    const r = runCli(['grundy', 'digraph']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      [
        `${DIGRAPH}: G(0) … G(7)`,
        '0: 0 * *2 ∞(2) ∞(1) ∞ ∞(0,1) ∞(2)',
        '8 places: 1 of value 0 (lost), 2 of a nimber > 0 (won), 1 ∞ with 0 in K (won), 4 other ∞ (drawn)',
        '',
      ].join('\n'),
    );
  });

  it('decides a row of tokens as a sum: a win through ∞(K), a draw, a loss', () => {
    const win = runCli(['grundy', 'subtraction-mod(n=12,set=2 3)', '--heaps', '6 9']);
    expect(win.stdout).toBe(
      [
        'subtraction-mod(n=12,set=2 3), heaps 6 9',
        '',
        ' heap  place  G',
        '    1      6  ∞(0)',
        '    2      9  0',
        '',
        'sum ∞(0): a win for the player to move (one component is ∞(K), the rest adds to 0, in K)',
        'winning moves (to value 0): 1',
        '  heap1:6→4  heap value ∞(0) → 0',
        '',
      ].join('\n'),
    );
    const draw = runCli(['grundy', 'digraph(tokens=3 5)']);
    expect(draw.stdout).toContain('sum ∞: a draw for the player to move (2 components are ∞)');
    const lose = runCli(['grundy', 'digraph', '--heaps', '1 1 0']);
    expect(lose.stdout).toContain('sum 0: a loss for the player to move (nim-sum 0)');
  });

  it('--json follows the schema and agrees with the library and with retrograde analysis of the row', () => {
    const spec = 'subtraction-mod(n=10,set=1 4)';
    const board = subtractionModBoard(10, [1, 4]);
    const table = gsgValues(board.component);
    const out = json('loopyGrundy', ['grundy', spec, '--upto', '9', '--heaps', '3 5 7', '--json']);
    const values = out.values as { values: { text: string }[]; places: number; levels: number };
    expect(values.values.map((v) => v.text)).toEqual(
      Array.from({ length: 10 }, (_, p) => formatGsg(gsgAt(board.component, table, p))),
    );
    const sum = out.sum as { outcome: string; winning: { move: string }[] };
    const row = tokenGame('row', board, [3, 5, 7]);
    const solved = solve(row, { solver: 'retrograde' });
    expect(sum.outcome).toBe(solved.value(row.start).outcome);
    const winning = solved.moves(row.start).filter((m) => m.value.outcome === 'win');
    expect(sum.winning.map((m) => m.move).sort()).toEqual(
      winning.map((m) => row.moveName?.(row.start, m.move)).sort(),
    );
  });

  it('rejects a bad graph, a token off the board and an unknown family in one line', () => {
    expectUserError(runCli(['grundy', 'digraph(edges=1-0)']), "'1-0' is not an arrow");
    expectUserError(
      runCli(['grundy', 'subtraction-mod(n=5,heaps=7)']),
      '7 is not a place of the board (0 … 4)',
    );
    expectUserError(
      runCli(['grundy', 'subtraction-mod(n=5)', '--heaps', '9']),
      '9 is not a place of the board',
    );
    expectUserError(runCli(['grundy', 'tic-tac-toe']), /subtraction-mod, digraph/);
  });
});

describe('yomi analyze --solver gsg', () => {
  it('shows G for the position and for what each move leaves', () => {
    const r = runCli(['analyze', 'digraph', '--solver', 'gsg']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('value      win in 5\nG          ∞(0)\n');
    expect(r.stdout).toContain('move        value     G\n');
    expect(r.stdout).toContain('token2:3→2  win in 5  0     ← best\n');
    expect(r.stdout).toContain('token1:2→0  draw      ∞(2)\n');
  });

  it('--json carries the values, as the schema says', () => {
    const { datasets } = json('analyzeOutput', [
      'analyze',
      'digraph(tokens=6)',
      '--solver',
      'gsg',
      '--json',
    ]) as {
      datasets: Record<string, unknown>[];
    };
    const out = datasets[0];
    expect(out.gsg).toEqual({ text: '∞(0,1)', nimber: null, options: [0, 1] });
    const moves = out.moves as { move: string; gsg: { text: string }; value: { outcome: string } }[];
    const board = digraphBoard('1>0 2>0 2>1 3>2 3>4 4>3 4>1 5>4 5>6 6>5 6>0 6>1 7>7 7>2');
    const table = gsgValues(board.component);
    expect(moves.map((m) => [m.move, m.gsg.text])).toEqual(
      [5, 0, 1].map((to) => [`token1:6→${to}`, formatGsg(gsgAt(board.component, table, to))]),
    );
    expect(moves.find((m) => m.gsg.text === '0')?.value.outcome).toBe('win');
  });

  it('refuses a game that is not in normal play', () => {
    expectUserError(
      runCli(['analyze', 'tic-tac-toe', '--solver', 'gsg']),
      /Sprague–Grundy values need normal play/,
    );
  });
});
