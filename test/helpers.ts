/**
 * Shared test helpers: where the repository is, the problem cases it keeps
 * (`problems/<id>/tests/NN.in`, `NN.out`), and optional extra material from a
 * folder beside the checkout.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The problems' statements and cases: `problems/<id>/README.md` and `problems/<id>/tests/`. */
export const PROBLEMS = join(ROOT, 'problems');

/**
 * `../shared`, a folder beside the checkout that may hold more material: more problem
 * cases in `problems/tests/<id>/` (or wherever $YOMI_PROBLEMS points) and
 * Connect Four benchmark positions in `peers/connect4/`. Tests use it only
 * when it exists; a clone passes without it.
 */
export const SHARED = resolve(ROOT, '..', 'shared');
const EXTRA_PROBLEMS = process.env.YOMI_PROBLEMS ?? join(SHARED, 'problems');

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
 * The cases of a problem in the extra folder that the repository does not
 * hold (an identical input and output counts as held). None when the folder
 * is absent — unless $YOMI_PROBLEMS names it, which makes it required.
 */
export function extraProblemCases(id: string): ProblemCase[] {
  const dir = join(EXTRA_PROBLEMS, 'tests', id);
  if (!existsSync(dir)) {
    if (process.env.YOMI_PROBLEMS !== undefined) throw new Error(`$YOMI_PROBLEMS: no cases at ${dir}`);
    return [];
  }
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
