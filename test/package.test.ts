/**
 * yomi as its users get it: the package packed by `npm pack` (from the built
 * dist/, as `npm install` leaves it) and installed from the tarball into a
 * new project, where a user's TypeScript program importing 'yomi' type-checks
 * against the shipped declarations (with this repository's TypeScript, no
 * skipLibCheck) and runs, and the installed `yomi` command answers, loads the
 * user's own game module and prints its version; with boardgame.io installed
 * beside it, `yomi/boardgame-io` does the same for a boardgame.io game.
 */

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_LIMIT, ROOT } from './helpers.js';

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
    include: ['main.ts', 'race.ts'],
  }),
  // boardgame.io's own declarations do not compile without skipLibCheck (ts-toolbelt's types are too deep).
  'tsconfig.adapter.json': JSON.stringify({
    extends: './tsconfig.json',
    compilerOptions: { skipLibCheck: true },
    include: ['adapter.ts', 'race-bgio.ts'],
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
  // A boardgame.io game (race to three steps: the third step wins), read through 'yomi/boardgame-io'.
  'race-bgio.ts': `import type { Game } from 'boardgame.io';

const race: Game<{ steps: number }> = {
  name: 'race-bgio',
  setup: () => ({ steps: 0 }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: { step: ({ G }) => { G.steps++; } },
  endIf: ({ G, ctx }) => (G.steps >= 3 ? { winner: ctx.currentPlayer } : undefined),
  ai: { enumerate: () => [{ move: 'step' }] },
};

export default race;
`,
  'adapter.ts': `import { formatValue, solve } from 'yomi';
import { fromBoardgameIO, SolverBot } from 'yomi/boardgame-io';
import race from './race-bgio.js';

const game = fromBoardgameIO(race);
console.log(formatValue(solve(game).value(game.start)));
const bot = new SolverBot({ game: race, seed: 1 });
bot.play(game.start, '0').then(({ action, metadata }) => console.log(action.payload.type, metadata.text));
`,
};

/** The boardgame.io the adapter's tests use, installed beside yomi as its peer dependency. */
const BOARDGAME_IO = `boardgame.io@${
  (
    JSON.parse(readFileSync(join(ROOT, 'node_modules/boardgame.io/package.json'), 'utf8')) as {
      version: string;
    }
  ).version
}`;

/** Runs a command; a failure shows its output. */
function run(command: string, args: string[], cwd: string): string {
  // The npm that runs these tests sets npm_* variables (prefix, lifecycle…) that must not steer the user's npm.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', ...CHILD_LIMIT });
  if (r.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited with ${r.error?.message ?? r.status}:\n${r.stdout}\n${r.stderr}`,
    );
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
    run(
      'npm',
      ['install', join(work, packed.filename), BOARDGAME_IO, '--no-audit', '--no-fund', '--prefer-offline'],
      user,
    );
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("type-checks and runs a program that imports from 'yomi'", () => {
    run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], user);
    expect(run(process.execPath, ['out/main.js'], user)).toBe('win in 7\n1\nsweep lose in 4\n4\n');
  });

  it("type-checks and runs a program that imports from 'yomi/boardgame-io'", () => {
    run(
      process.execPath,
      [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.adapter.json'],
      user,
    );
    expect(run(process.execPath, ['out/adapter.js'], user)).toBe('win in 3\nstep win in 3\n');
  });

  it("installs the yomi command, which solves a built-in game and the user's module", () => {
    expect(yomi('solve', 'tic-tac-toe')).toBe('tie in 9\n');
    expect(yomi('solve', 'race.ts')).toBe('win in 7\n');
    expect(yomi('solve', 'race-bgio.ts')).toBe('win in 3\n');
    expect(yomi('--version')).toBe(`yomi ${version}\n`);
  });
});
