/**
 * A user's module sandboxed by error, through the real CLI: whatever its code
 * throws (an Error, a string, null) or answers out of contract (moves() as a
 * number, null, undefined or a Set; a child index out of range; a key that is
 * NaN; a load() that throws or returns junk), every command prints one line
 * naming the module, the method, the position and the moves that lead there
 * from the start, and exits with code 2 — `yomi check` included. A module
 * that does not load says where (line and column), and a solution file
 * cannot make `yomi query` run a module other than the one it was solved from.
 */

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectUserError, runCli } from '../run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'yomi-user-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function module(source: string, ext = 'ts'): string {
  const file = join(dir, `m${++files}.${ext}`);
  writeFileSync(file, source);
  return file;
}

/** A race from 3 down to 0, one step a move, whose methods can be replaced by broken ones. */
function race(overrides: Record<string, string>): string {
  const methods = {
    moves: '(p: number) => (p > 0 ? [1] : [])',
    play: '(p: number, m: number) => p - m',
    key: '(p: number) => p',
    moveName: "(_p: number, m: number) => 'step' + m",
    ...overrides,
  };
  const body = Object.entries(methods)
    .map(([k, v]) => `  ${k}: ${v},`)
    .join('\n');
  return module(`export default {\n  id: 'race',\n  start: 3,\n${body}\n} as any;\n`);
}

describe('a broken Game', () => {
  const broken: [string, Record<string, string>, string][] = [
    [
      'moves() throws an Error',
      { moves: "(p: number) => { if (p === 1) throw new Error('boom'); return p > 0 ? [1] : []; }" },
      'moves() threw Error: boom (at position 1, reached from the start by 2 moves: step1 step1)',
    ],
    [
      'moves() throws a string',
      { moves: "(p: number) => { if (p === 1) throw 'boom'; return p > 0 ? [1] : []; }" },
      "moves() threw 'boom' (at position 1, reached",
    ],
    [
      'moves() throws null',
      { moves: '(p: number) => { if (p === 1) throw null; return p > 0 ? [1] : []; }' },
      'moves() threw null (at position 1, reached',
    ],
    [
      'moves() returns a number',
      { moves: '(p: number) => (p > 1 ? [1] : 5)' },
      'moves() returned 5, not an array of moves (at position 1',
    ],
    [
      'moves() returns null',
      { moves: '(p: number) => (p > 1 ? [1] : null)' },
      'moves() returned null, not an array of moves',
    ],
    [
      'moves() returns undefined',
      { moves: '(p: number) => (p > 1 ? [1] : undefined)' },
      'moves() returned undefined, not an array of moves',
    ],
    [
      'moves() returns a Set',
      { moves: '(p: number) => (p > 1 ? [1] : new Set([1]))' },
      'moves() returned a Set, not an array of moves',
    ],
    [
      'play() throws',
      { play: "(p: number, m: number) => { if (p === 2) throw new Error('bad play'); return p - m; }" },
      'play() threw Error: bad play (at position 2, move step1, reached from the start by 1 move: step1)',
    ],
    [
      'key() returns NaN',
      { key: '(p: number) => (p === 0 ? NaN : p)' },
      'key() returned NaN, not a key (a string, a number or a bigint) (at position 0',
    ],
    [
      'primitive() returns junk',
      { primitive: "(p: number) => (p === 0 ? 'lost' : undefined)" },
      "primitive() returned the string 'lost'",
    ],
  ];
  for (const [what, overrides, message] of broken) {
    it(what, () => {
      const file = race(overrides);
      for (const command of ['solve', 'analyze']) {
        expectUserError(runCli([command, file]), `${file}: ${message}`);
      }
    });
  }

  it('yomi check reports a throw as a violation, on one line with the play-out', () => {
    const file = race({ moves: '(p: number) => (p > 1 ? [1] : null)' });
    expectUserError(
      runCli(['check', file]),
      /^yomi: race: .*moves\(\) returned null, not an array of moves .*; after 2 plies: step1 step1 \(play-out 1, seed 1\)$/,
    );
  });

  it('the start itself is named as the start', () => {
    const file = race({ moves: "() => { throw new Error('no moves at all'); }" });
    expectUserError(
      runCli(['solve', file]),
      'moves() threw Error: no moves at all (at position 3, the start)',
    );
  });

  it('a sound module still solves (the sandbox changes no answer)', () => {
    expect(runCli(['solve', race({})])).toEqual({ status: 0, stdout: 'win in 3\n', stderr: '' });
  });
});

describe('a broken IndexedGame', () => {
  const indexed = (fields: string) =>
    module(
      `export default { kind: 'indexed', id: 'ix', size: 4, start: 3, maxMoves: 1, primitive: () => -1, ${fields} };\n`,
    );

  it('a child out of range names the index and the position', () => {
    const file = indexed(
      'children: (p: number, out: Int32Array) => { if (p === 0) return 0; out[0] = p === 1 ? 9 : p - 1; return 1; }',
    );
    expectUserError(
      runCli(['solve', file]),
      `${file}: children() wrote 9 at [0], outside 0 … 3 (at position 1, reached from the start by 2 moves: →2 →1)`,
      true,
    );
  });

  it('a child against the declared order', () => {
    const file = indexed(
      "order: 'descending', children: (p: number, out: Int32Array) => { out[0] = 3; return p === 3 ? 0 : 1; }",
    );
    expectUserError(
      runCli(['solve', file]),
      "children() wrote child 3 at [0], against the declared order 'descending'",
    );
  });

  describe('parents one at a time', () => {
    const chain = (parentCount: string, parentAt: string) =>
      indexed(
        `maxParents: 1, children: (p: number, out: Int32Array) => { out[0] = p - 1; return p > 0 ? 1 : 0; }, parentCount: ${parentCount}, parentAt: ${parentAt}`,
      );

    it('solve as a list would', () => {
      const file = chain('(p: number) => (p < 3 ? 1 : 0)', '(p: number) => p + 1');
      expect(runCli(['solve', file])).toEqual({ status: 0, stdout: 'win in 3\n', stderr: '' });
    });

    it('more parents than maxParents, a parent out of range', () => {
      expectUserError(
        runCli(['solve', chain('() => 5', '(p: number) => p + 1')]),
        'parentCount() returned 5, not a count 0 … 1 (maxParents)',
      );
      expectUserError(
        runCli(['solve', chain('(p: number) => (p < 3 ? 1 : 0)', '() => 9')]),
        'parentAt() returned 9, not a position 0 … 3',
      );
    });
  });

  it('more children than maxMoves', () => {
    const file = indexed('children: () => 5');
    expectUserError(runCli(['solve', file]), 'children() returned 5, not a count 0 … 1 (maxMoves)');
  });

  it('a size that is no count, a start out of range', () => {
    expectUserError(
      runCli([
        'solve',
        module(
          "export default { kind: 'indexed', id: 'x', size: -1, start: 0, maxMoves: 1, children: () => 0, primitive: () => -1 };\n",
        ),
      ]),
      'size is -1, not a count of positions',
    );
    expectUserError(
      runCli([
        'solve',
        module(
          "export default { kind: 'indexed', id: 'x', size: 2, start: 7, maxMoves: 1, children: () => 0, primitive: () => -1 };\n",
        ),
      ]),
      'start is 7, not an index 0 … 1',
    );
  });
});

describe('a broken GameDefinition', () => {
  const definition = (load: string, answer = 'String(v.outcome)') =>
    module(
      `export default { id: 'def', summary: 's', params: [], load: ${load}, answer: (v: any) => ${answer} };\n`,
    );
  const game = "{ id: 'g', start: 0, moves: () => [], play: (p: number) => p, key: (p: number) => p }";

  it('load() throws', () => {
    const file = definition("() => { throw new TypeError('no rules today'); }");
    expectUserError(runCli(['solve', file]), `${file}: load() threw TypeError: no rules today`, true);
  });

  it('load() returns junk', () => {
    expectUserError(runCli(['solve', definition('() => 5')]), 'load() returned 5, not a list of games');
    expectUserError(
      runCli(['solve', definition('() => []')]),
      'load() returned an array [], not a list of games',
    );
    expectUserError(runCli(['solve', definition('() => [5]')]), 'load() returned 5 as game 1, not a game');
  });

  it('answer() throws or returns no text', () => {
    expectUserError(
      runCli(['solve', definition(`() => [${game}]`, "(() => { throw 'x'; })()")]),
      "answer() threw 'x'",
    );
    expectUserError(
      runCli(['solve', definition(`() => [${game}]`, '42')]),
      'answer() returned 42, not a line of text',
    );
    expect(runCli(['solve', definition(`() => [${game}]`)]).stdout).toBe('lose\n');
  });
});

describe('a module that does not load', () => {
  it('a syntax error names its line and column', () => {
    const file = module("const g = {\n  id: 'x',\n  moves: () => [ ;\n};\nexport default g;\n");
    expectUserError(
      runCli(['solve', file]),
      /^yomi: cannot load .*\.ts: line 3, column \d+: .*Unexpected token/,
    );
  });

  it('a module that throws while loading names where', () => {
    const file = module("const x = 1;\nthrow new Error('not today');\nexport default x;\n", 'mjs');
    expectUserError(runCli(['solve', file]), /^yomi: cannot load .*\.mjs: line 2, column \d+: not today$/);
  });

  it('a module that throws null while loading', () => {
    const file = module('throw null;\nexport default 1;\n', 'mjs');
    expectUserError(runCli(['solve', file]), /^yomi: cannot load .*\.mjs: .*threw null/);
  });
});

describe('solution files and modules', () => {
  it('a file solved from another version of a module does not make yomi run the module', () => {
    const file = join(dir, 'runs.ts');
    const marker = join(dir, 'ran');
    const sound =
      "export default { id: 'r', start: 2, moves: (p: number) => (p > 0 ? [1] : []), play: (p: number, m: number) => p - m, key: (p: number) => p };\n";
    writeFileSync(file, sound);
    const saved = join(dir, 'r.yomi');
    expect(runCli(['solve', file, '--save', saved]).stdout).toBe('lose in 2\n');
    writeFileSync(
      file,
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\n${sound}`,
    );
    expectUserError(
      runCli(['query', saved]),
      /a file never names code to run: give the module with --game FILE/,
    );
    expectUserError(
      runCli(['query', saved, '--game', file]),
      /was solved from a module with SHA-256 [0-9a-f]{12}… \(.*runs\.ts when it was solved\), and .*runs\.ts has SHA-256 [0-9a-f]{12}…: give the module it was solved from/,
    );
    expect(existsSync(marker)).toBe(false);
  });
});

describe("yomi's own errors thrown in a user's module", () => {
  it('are one line and exit code 2, though the module runs its own copy of the library', () => {
    const file = module(`import { boardGame } from 'yomi';
// Drops on two cells, declared to have at most one move: the empty board has two.
export default boardGame({
  id: 'two-cells',
  layout: { rows: 1, cols: 2, kinds: 1, tiers: [{ counts: [0] }, { counts: [1] }, { counts: [2] }], changes: [[1]] },
  start: { cells: [0, 0], side: 0 },
  maxMoves: 1,
  moves: (b) => b.cells.flatMap((v, c) => (v === 0 ? [c] : [])),
  play: (b, c) => ({ cells: b.cells.map((v, i) => (i === c ? 1 : v)), side: 1 - b.side }),
});
`);
    for (const command of ['solve', 'analyze']) {
      expectUserError(
        runCli([command, file]),
        'two-cells: a board has 2 moves, more than maxMoves = 1',
        true,
      );
    }
  });
});
