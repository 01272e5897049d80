/**
 * `npm run bench`: runs every bench/*.bench.ts (or those named on the command
 * line, e.g. `npm run bench -- sweep`) in one process run. Each compares yomi
 * with a hand-written C++ program of the same problem and prints ratios.
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH } from './lib.js';

const only = process.argv.slice(2);
const files = readdirSync(BENCH)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
for (const f of files) {
  console.log(`\n### ${f.replace(/\.bench\.ts$/, '')}`);
  const mod = (await import(pathToFileURL(join(BENCH, f)).href)) as { default: () => Promise<void> | void };
  await mod.default();
}
