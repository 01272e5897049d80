/**
 * Users' own games through the CLI: the examples solve to the values an
 * independent recursion (written here, from the rules) finds, both forms of
 * the take-away example agree, both pass `yomi check` and its broken copy
 * fails it; a module anywhere on disk gets yomi's library by
 * `import … from 'yomi'`; and a module that exports no game, a missing file
 * and a syntax error each give one line and exit code 2.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import endCards, { ROW } from '../../examples/end-cards.js';
import { CARDS } from '../../examples/front-cards.js';
import { formatValue, type Value } from '../../src/core/value.js';
import { solve } from '../../src/solvers/index.js';
import { CHILD_LIMIT, ROOT } from '../helpers.js';
import { runCli } from '../run-cli.js';

/** Take-away with a twist, straight from its rules: take 1–3, never what the opponent just took. */
function takeAwayValue(stones: number, last: number): Value {
  const children: Value[] = [];
  for (const t of [1, 2, 3]) if (t <= stones && t !== last) children.push(takeAwayValue(stones - t, t));
  if (children.length === 0) return { outcome: 'lose', remoteness: 0 };
  const losing = children.filter((c) => c.outcome === 'lose');
  if (losing.length > 0)
    return { outcome: 'win', remoteness: 1 + Math.min(...losing.map((c) => c.remoteness)) };
  return { outcome: 'lose', remoteness: 1 + Math.max(...children.map((c) => c.remoteness)) };
}

/** Cards from the front: margin by the textbook recurrence, then remoteness (winner/tie hurries, loser delays). */
function frontCardsValue(taken: number): Value {
  if (taken === CARDS.length) return { outcome: 'tie', remoteness: 0, margin: 0 };
  const options = [1, 2]
    .filter((k) => taken + k <= CARDS.length)
    .map((k) => {
      const child = frontCardsValue(taken + k);
      const gain = CARDS.slice(taken, taken + k).reduce((a, b) => a + b, 0);
      return { margin: gain - (child.margin as number), remoteness: child.remoteness + 1 };
    });
  const margin = Math.max(...options.map((o) => o.margin));
  const rs = options.filter((o) => o.margin === margin).map((o) => o.remoteness);
  const remoteness = margin < 0 ? Math.max(...rs) : Math.min(...rs);
  return { outcome: margin > 0 ? 'win' : margin < 0 ? 'lose' : 'tie', remoteness, margin };
}

/** Cards from either end by the textbook recurrence: the best margin of the row ROW[l … r−1]. */
function endCardsMargin(l: number, r: number, memo = new Map<number, number>()): number {
  if (l === r) return 0;
  const key = l * 64 + r;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const best = Math.max(ROW[l] - endCardsMargin(l + 1, r, memo), ROW[r - 1] - endCardsMargin(l, r - 1, memo));
  memo.set(key, best);
  return best;
}

describe('the example games', () => {
  it('end-cards: alpha-beta finds the margin of the textbook recurrence, on every row', () => {
    const solution = solve(endCards);
    expect(solution.solver).toBe('alphabeta');
    for (let l = 0; l <= ROW.length; l += 3) {
      for (let r = l; r <= ROW.length; r += 2) {
        const margin = endCardsMargin(l, r);
        const value = solution.value({ left: l, right: r });
        expect((value.margin as number) + 0, `${l}..${r}`).toBe(margin + 0); // (+ 0: -0 is 0 here)
        expect(value.remoteness).toBe(r - l);
      }
    }
    const analysis = JSON.parse(runCli(['analyze', 'examples/end-cards.ts', '--json']).stdout).datasets[0];
    expect(analysis.solver).toBe('alphabeta');
    expect(analysis.value.margin).toBe(endCardsMargin(0, ROW.length));
  });

  it('take-away solves to what the rules say', () => {
    const expected = formatValue(takeAwayValue(21, 0));
    const r = runCli(['solve', 'examples/take-away.ts']);
    expect(r).toEqual({ status: 0, stdout: `${expected}\n`, stderr: '' });
  });

  it('take-away as an IndexedGame gives the same value, by the sweep', () => {
    const r = runCli(['analyze', 'examples/take-away-indexed.ts', '--json']);
    expect(r.status).toBe(0);
    const analysis = JSON.parse(r.stdout).datasets[0];
    expect(analysis.solver).toBe('sweep');
    expect(analysis.value.text).toBe(formatValue(takeAwayValue(21, 0)));
  });

  it("a module outside the repository imports yomi's library by its name", () => {
    const dir = mkdtempSync(join(tmpdir(), 'yomi-own-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'viewed.ts');
    writeFileSync(
      file,
      [
        "import { indexedView } from 'yomi';",
        `import { indexed } from '${join(ROOT, 'examples/take-away.ts')}';`,
        'export default indexedView(indexed);',
        '',
      ].join('\n'),
    );
    expect(runCli(['solve', file])).toEqual({
      status: 0,
      stdout: `${formatValue(takeAwayValue(21, 0))}\n`,
      stderr: '',
    });
  });

  it("type-checks in the user's own folder with a paths entry to a built checkout, as writing-a-game.md says", () => {
    const dir = mkdtempSync(join(tmpdir(), 'yomi-types-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const tsconfig = (extra: string) =>
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          lib: ['ES2022'],
          types: [],
          paths: { yomi: [join(ROOT, 'dist/index.d.ts')] },
        },
        files: [`${extra}.ts`],
      });
    writeFileSync(join(dir, 'tsconfig.json'), tsconfig('race'));
    writeFileSync(
      join(dir, 'race.ts'),
      "import type { Game } from 'yomi';\nconst race: Game<number, number> = { id: 'race', start: 0, moves: (n) => (n >= 5 ? [] : [1, 2]), play: (n, s) => n + s, key: (n) => n };\nexport default race;\n",
    );
    const tsc = (project: string) =>
      spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], {
        cwd: dir,
        encoding: 'utf8',
        ...CHILD_LIMIT,
      });
    const ok = tsc('tsconfig.json');
    expect(ok.status, ok.stdout).toBe(0);
    // A type error is found there (the loader does not look for them: the module still runs).
    writeFileSync(join(dir, 'tsconfig.wrong.json'), tsconfig('wrong'));
    writeFileSync(
      join(dir, 'wrong.ts'),
      "import type { Game } from 'yomi';\nconst wrong: Game<number, number> = { id: 'wrong', start: 0, moves: () => [], play: (n) => n, key: (n) => String(n), show: (n) => n };\nexport default wrong;\n",
    );
    const bad = tsc('tsconfig.wrong.json');
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toMatch(/wrong\.ts.*error TS2322/);
    expect(runCli(['solve', join(dir, 'wrong.ts')]).status).toBe(0);
  });

  it('front-cards solves to what the recurrence says', () => {
    const expected = formatValue(frontCardsValue(0));
    const r = runCli(['solve', 'examples/front-cards.ts']);
    expect(r).toEqual({ status: 0, stdout: `${expected}\n`, stderr: '' });
    expect(expected).toMatch(/^win by \d+ in \d+$/);
  });

  it('both pass yomi check', () => {
    for (const file of ['examples/take-away.ts', 'examples/front-cards.ts']) {
      const r = runCli(['check', file, '--playouts', '30']);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/: ok, /);
    }
  });

  it('the broken take-away fails yomi check on its key', () => {
    const r = runCli(['check', 'examples/broken-take-away.ts']);
    expect([r.status, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(/^yomi: take-away: key agrees with equality: key collision: /);
  });
});

describe('modules that are not games', () => {
  const dir = mkdtempSync(join(tmpdir(), 'yomi-bad-module-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const cases: [string, string, RegExp][] = [
    ['no game export', write('not-a-game.ts', 'export default { hello: 1 };\n'), /does not export a game/],
    ['no default export', write('nothing.mjs', 'export const x = 1;\n'), /does not export a game/],
    ['a missing file', join(dir, 'missing.ts'), /no such file/],
    ['a syntax error', write('broken.ts', 'export default { id: "x", start: 0,, };\n'), /cannot load/],
  ];
  for (const [what, file, message] of cases) {
    it(`${what}: one line, exit 2`, () => {
      for (const command of ['solve', 'check']) {
        const r = runCli([command, file]);
        expect(r.status).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(/^yomi: /);
        expect(r.stderr).toMatch(message);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
      }
    });
  }
});
