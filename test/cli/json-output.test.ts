/**
 * `--json` output against its schema (docs/json-output.schema.json, checked
 * with Ajv) and against the library: `solve`, `analyze`, `query` and
 * `grundy` print what the schema says, with the values the library computes;
 * a search that ran out of budget prints bounds that hold the exact value.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { Value } from '../../src/core/value.js';
import { compareValues } from '../../src/core/value.js';
import { connect4 } from '../../src/games/connect4/index.js';
import { analyzeSum } from '../../src/games/impartial/heap-sum.js';
import { octalFamily, parseOctalCode } from '../../src/games/octal.js';
import { ticTacToe } from '../../src/games/tic-tac-toe.js';
import { solve } from '../../src/solvers/index.js';
import { ROOT } from '../helpers.js';
import { runCli } from '../run-cli.js';

const schema = JSON.parse(readFileSync(join(ROOT, 'docs/json-output.schema.json'), 'utf8'));
const ajv = new Ajv2020({ allErrors: true });
ajv.addSchema(schema);

/** The command's JSON, checked against the schema's definition `name`. */
function output(name: string, args: string[], input?: string): Record<string, unknown> {
  const r = runCli(args, input);
  expect(r.status, r.stderr).toBe(0);
  const json = JSON.parse(r.stdout);
  const validate = ajv.getSchema(`${schema.$id}#/$defs/${name}`);
  expect(validate?.(json), JSON.stringify(validate?.errors)).toBe(true);
  return json;
}

/** A value as the schema writes it, back as the library's. */
const asValue = (v: {
  outcome: Value['outcome'];
  remoteness: number | null;
  margin?: number | null;
}): Value => ({
  outcome: v.outcome,
  remoteness: v.remoteness ?? Number.POSITIVE_INFINITY,
  ...(v.margin === undefined ? {} : { margin: v.margin ?? (v.outcome === 'lose' ? -Infinity : Infinity) }),
});

describe('--json', () => {
  const work = mkdtempSync(join(tmpdir(), 'yomi-json-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const reference = solve(ticTacToe);

  it('solve: the answer and the value', () => {
    const json = output('solve', ['solve', 'tic-tac-toe', '--json']);
    expect(json).toEqual({
      game: 'tic-tac-toe',
      answer: 'tie in 9',
      value: { outcome: 'tie', remoteness: 9, text: 'tie in 9' },
    });
    const scoring = output('solve', ['solve', 'examples/front-cards.ts', '--json']);
    expect((scoring.value as { margin: number }).margin).toBe(15);
  });

  it('analyze: every move with its value', () => {
    const json = output('analysis', ['analyze', 'tic-tac-toe', '--position', 'x...o...x', '--json']);
    const moves = json.moves as { move: string; value: Value & { remoteness: number } }[];
    expect(moves.map((m) => asValue(m.value))).toEqual(reference.moves('x...o...x').map((m) => m.value));
  });

  it('analyze: extra turns in the line, and what is reachable in a tier directory', () => {
    const kalah = output('analysis', ['analyze', 'kalah(pits=3,seeds=3)', '--json']);
    const again = kalah.again as boolean[];
    expect(again).toHaveLength((kalah.line as string[]).length);
    expect(again).toContain(true);
    expect(output('analysis', ['analyze', 'tic-tac-toe', '--json']).again).toBeUndefined();
    const dir = join(work, 'dodgem3');
    expect(runCli(['solve', 'dodgem(size=3)', '--save', dir]).status).toBe(0);
    const tiers = output('analysis', ['analyze', '--db', dir, '--json']);
    const reach = tiers.reach as {
      positions: number;
      ongoing: number;
      wonOnTheMove: number;
      lostOnTheMove: number;
    };
    expect(reach.ongoing + reach.wonOnTheMove + reach.lostOnTheMove).toBe(reach.positions);
  });

  it('query: the value read from a solution file', () => {
    const file = join(work, 'ttt.yomi');
    expect(runCli(['solve', 'tic-tac-toe', '--save', file]).status).toBe(0);
    for (const position of ['x...o...x', 'xx.oo....', '.........']) {
      const json = output('query', ['query', file, position, '--json']);
      expect(asValue(json.value as Value)).toEqual(reference.value(position));
      expect(json.position).toBe(position);
    }
  });

  it('grundy: values, period and sum as the library computes them', () => {
    const kayles = octalFamily(parseOctalCode('0.77'));
    const json = output('grundy', ['grundy', '0.77', '--upto', '40', '--heaps', '10 20 30', '--json']);
    const values = json.values as { values: number[]; period: unknown };
    expect(values.values).toEqual(Array.from(kayles.values(40).values.subarray(0, 41)));
    expect(values.period).toEqual({ start: 71, length: 12, provenTo: 255 });
    const sum = json.sum as { nimSum: number; winning: unknown[] };
    const expected = analyzeSum(kayles, [10, 20, 30]);
    expect(sum.nimSum).toBe(expected.nimSum);
    expect(sum.winning).toHaveLength(expected.winning.length);
    const none = output('grundy', ['grundy', '0.6', '--upto', '5', '--json']);
    expect((none.values as { period: unknown }).period).toBeNull();
  });

  it('a search out of budget: proven bounds that hold the exact value', () => {
    const game = connect4(5, 4);
    const exact = solve(game).value(game.start);
    const json = output(
      'bounds',
      ['solve', 'connect4(width=5,height=4)', '--max-nodes', '2000', '--json'],
      '\n',
    );
    const lower = asValue(json.lower as Value);
    const upper = asValue(json.upper as Value);
    expect(compareValues(lower, exact)).toBeLessThanOrEqual(0);
    expect(compareValues(exact, upper)).toBeLessThanOrEqual(0);
    expect(json.text).toMatch(/^between -?\d+ and -?\d+ \(the node budget ran out after 2,000 nodes/);
    const analysis = output(
      'bounds',
      ['analyze', 'connect4(width=5,height=4)', '--max-nodes', '2000', '--json'],
      '\n',
    );
    expect(analysis.incomplete).toBe(true);
  });
});
