/**
 * yomi as its users get it: the package packed by `npm pack` (from the built
 * dist/, as `npm install` leaves it) and installed from the tarball into a
 * new project, where a user's TypeScript program importing 'yomi' type-checks
 * against the shipped declarations (with this repository's TypeScript, no
 * skipLibCheck) and runs, and the installed `yomi` command answers, loads the
 * user's own game module and prints its version.
 */

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

/** The user's files: a game module and a program that solves it and uses the heap-game API. */
const USER_FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'yomi-user', private: true, type: 'module' }),
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      lib: ['ES2022', 'DOM'], // console, without @types/node: yomi's declarations must not need Node's
      types: [],
      outDir: 'out',
      noEmitOnError: true,
    },
    include: ['*.ts'],
  }),
  // Race to 10: add 1 or 2, reaching 10 wins. 10 ≡ 1 (mod 3), so the first player wins by going to 1.
  'race.ts': `import type { Game } from 'yomi';

const race: Game<number, number> = {
  id: 'race-to-10',
  start: 0,
  moves: (n) => (n >= 10 ? [] : n === 9 ? [1] : [1, 2]),
  play: (n, step) => n + step,
  key: (n) => n,
};

export default race;
`,
  'main.ts': `import { analyzeSum, formatValue, type IndexedGame, NOT_PRIMITIVE, octalFamily, parseOctalCode, solve } from 'yomi';
import race from './race.js';

const solution = solve(race);
console.log(formatValue(solution.value(race.start)));
console.log(solution.best(race.start).join(' '));

// The fast form: six stones, take one or two; six is a multiple of three, a loss for the player to move.
const pile: IndexedGame = {
  kind: 'indexed', id: 'pile', size: 7, start: 6, maxMoves: 2, order: 'descending',
  primitive: () => NOT_PRIMITIVE,
  children(p, out) {
    let n = 0;
    for (const take of [1, 2]) if (take <= p) out[n++] = p - take;
    return n;
  },
};
console.log(solve(pile).solver, formatValue(solve(pile).value(pile.start)));

const kayles = octalFamily(parseOctalCode('0.77'));
console.log(analyzeSum(kayles, [10, 20, 30]).nimSum);
`,
};

/** Runs a command; a failure shows its output. */
function run(command: string, args: string[], cwd: string): string {
  // The npm that runs these tests sets npm_* variables (prefix, lifecycle…) that must not steer the user's npm.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  if (r.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${r.status}:\n${r.stdout}\n${r.stderr}`);
  }
  return r.stdout;
}

describe('the packed package, installed in a new project', () => {
  const work = mkdtempSync(join(tmpdir(), 'yomi-package-'));
  const user = join(work, 'user');
  const yomi = (...args: string[]) => run(join(user, 'node_modules/.bin/yomi'), args, user);

  beforeAll(() => {
    // Pack a copy: the browser tests rebuild dist/web meanwhile, so the playground is left out here, and
    // commands run by other tests may be writing the CLI's code cache (never packed: package.json's files).
    const stage = join(work, 'stage');
    for (const entry of ['package.json', 'README.md', 'bin', 'dist']) {
      cpSync(join(ROOT, entry), join(stage, entry), {
        recursive: true,
        filter: (src) => !src.startsWith(join(ROOT, 'dist', 'web')) && !/\.cache(\.\d+\.tmp)?$/.test(src),
      });
    }
    const [packed] = JSON.parse(
      run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], stage),
    ) as { filename: string }[];
    mkdirSync(user);
    for (const [name, text] of Object.entries(USER_FILES)) writeFileSync(join(user, name), text);
    run('npm', ['install', join(work, packed.filename), '--no-audit', '--no-fund', '--prefer-offline'], user);
  }, 120_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("type-checks and runs a program that imports from 'yomi'", () => {
    run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], user);
    expect(run(process.execPath, ['out/main.js'], user)).toBe('win in 7\n1\nsweep lose in 4\n4\n');
  });

  it("installs the yomi command, which solves a built-in game and the user's module", () => {
    expect(yomi('solve', 'tic-tac-toe')).toBe('tie in 9\n');
    expect(yomi('solve', 'race.ts')).toBe('win in 7\n');
    expect(yomi('--version')).toBe(`${version}\n`);
  });
});
