/**
 * Shared test helpers: where the repository is, how long a child a test
 * waits for may take, the problem cases it keeps
 * (`problems/<id>/tests/NN.in`, `NN.out`), and optional extra material from a
 * folder beside the checkout.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * For a child process a test waits for synchronously (spawnSync,
 * execFileSync): how long it may take, far beyond any test's, yet below the
 * silence that ends a run (stalled-file-reporter.ts). No test timeout reaches
 * a thread blocked in such a wait, so a child that never ends is killed here
 * and fails its test by name.
 */
export const CHILD_LIMIT = { timeout: 120_000, killSignal: 'SIGKILL' } as const;

/** The problems' statements and cases: `problems/<id>/README.md` and `problems/<id>/tests/`. */
export const PROBLEMS = join(ROOT, 'problems');

/**
 * $YOMI_PROBLEMS may name a folder of more problem cases (`tests/<id>/NN.in`,
 * `NN.out`), run beside the repository's own; without it the tests use the
 * repository alone.
 */
const EXTRA_PROBLEMS = process.env.YOMI_PROBLEMS;

export interface ProblemCase {
  name: string;
  input: string;
  expected: string;
}

/** Every built-in problem that has cases in the repository. */
export function problemIds(): string[] {
  return readdirSync(PROBLEMS)
    .filter((id) => existsSync(join(PROBLEMS, id, 'tests')))
    .sort();
}

/** Every `NN.in` / `NN.out` pair of a problem in the repository, in order. Fails loudly if there are none. */
export function problemCases(id: string): ProblemCase[] {
  const cases = readCases(join(PROBLEMS, id, 'tests'), id);
  if (cases.length === 0) throw new Error(`no cases for ${id} in ${join(PROBLEMS, id, 'tests')}`);
  return cases;
}

/**
 * The cases of a problem in $YOMI_PROBLEMS that the repository does not hold
 * (an identical input and output counts as held). None without the variable;
 * with it, the cases must be there.
 */
export function extraProblemCases(id: string): ProblemCase[] {
  if (EXTRA_PROBLEMS === undefined) return [];
  const dir = join(EXTRA_PROBLEMS, 'tests', id);
  if (!existsSync(dir)) throw new Error(`$YOMI_PROBLEMS: no cases at ${dir}`);
  const held = new Set(problemCases(id).map((c) => `${c.input}\0${c.expected}`));
  return readCases(dir, `${id} (extra)`).filter((c) => !held.has(`${c.input}\0${c.expected}`));
}

function readCases(dir: string, label: string): ProblemCase[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.in'))
    .sort()
    .map((f) => ({
      name: `${label}/${f.replace(/\.in$/, '')}`,
      input: readFileSync(join(dir, f), 'utf8'),
      expected: readFileSync(join(dir, f.replace(/\.in$/, '.out')), 'utf8'),
    }));
}
