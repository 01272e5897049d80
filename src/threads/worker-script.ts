/**
 * Where a piscina pool's worker script is: next to this module (compiled),
 * beside the bundled CLI (dist/cli/bundle/ reaches dist/threads/), or the
 * TypeScript source under tsx (tests, benchmarks).
 */

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The script `name` (without extension) of the pool of `what`, and the arguments its thread needs. */
export function workerScript(name: string, what: string): { filename: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    return {
      filename: fileURLToPath(new URL(`./${name}.ts`, import.meta.url)),
      execArgv: ['--import', 'tsx'],
    };
  }
  for (const candidate of [`./${name}.js`, `../../threads/${name}.js`]) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return { filename: file, execArgv: [] };
  }
  throw new Error(`the worker script of ${what} is missing (run npm run build)`);
}
