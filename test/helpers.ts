/**
 * Shared test helpers: where the shared problem cases live, and reading them.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The built-in problems' specs and cases: `../shared/problems` beside the checkout, or $YOMI_PROBLEMS. */
export const PROBLEMS = process.env.YOMI_PROBLEMS ?? resolve(ROOT, '../shared/problems');

export interface ProblemCase {
  name: string;
  input: string;
  expected: string;
}

/** Every built-in problem that has shared cases (the folders of `tests/`). */
export function problemIds(): string[] {
  const dir = join(PROBLEMS, 'tests');
  if (!existsSync(dir)) throw new Error(`problem cases not found at ${dir} (set YOMI_PROBLEMS)`);
  return readdirSync(dir).sort();
}

/** Every `NN.in` / `NN.out` pair of a problem, in order. Fails loudly if the cases are missing. */
export function problemCases(id: string): ProblemCase[] {
  const dir = join(PROBLEMS, 'tests', id);
  if (!existsSync(dir)) throw new Error(`problem cases not found at ${dir} (set YOMI_PROBLEMS)`);
  const cases = readdirSync(dir)
    .filter((f) => f.endsWith('.in'))
    .sort()
    .map((f) => ({
      name: `${id}/${f.replace(/\.in$/, '')}`,
      input: readFileSync(join(dir, f), 'utf8'),
      expected: readFileSync(join(dir, f.replace(/\.in$/, '.out')), 'utf8'),
    }));
  if (cases.length === 0) throw new Error(`no cases in ${dir}`);
  return cases;
}
