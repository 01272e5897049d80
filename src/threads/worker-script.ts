/**
 * Where a worker thread's entry script is: next to this module (compiled),
 * or beside the bundled CLI (dist/cli/bundle/ reaches dist/threads/). When
 * yomi runs from its TypeScript sources (tests, benchmarks), the entry is
 * bundled with everything it imports into one ES module of plain JavaScript
 * by esbuild, once per thread that starts pools, under
 * node_modules/.cache/yomi-threads/ and named by its content.
 *
 * Threads once ran the sources under tsx instead. Its loader took a thread
 * and an esbuild process of its own in every worker, and workers that ended
 * left files of tsx's cache open in the process (7 a worker once its cache
 * was warm, more while it filled): the test run's process held 1,670 files
 * open at its peak, past the 1,024 many machines allow a process, where the
 * run then failed or hung. Bundled, the test process holds the same number
 * before and after a pool's life.
 *
 * The bundle is told it is the entry's source (`import.meta.url`), so that
 * what the modules find from there (jiti, yomi itself for users' modules) is
 * found as from the sources; packages stay imports, found from the bundle's
 * place in node_modules.
 */

import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The entries bundled from the sources by this thread: name → file. */
const bundled = new Map<string, string>();

/** The file of the entry script `name` (without extension) of `what` (for the error when it is missing). */
export function workerScript(name: string, what: string): string {
  if (import.meta.url.endsWith('.ts')) return bundledEntry(name);
  for (const candidate of [`./${name}.js`, `../../threads/${name}.js`]) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error(`the worker script of ${what} is missing (run npm run build)`);
}

/** The entry `name`.ts of this folder, bundled (see the file's header). */
function bundledEntry(name: string): string {
  const known = bundled.get(name);
  if (known !== undefined) return known;
  const source = new URL(`./${name}.ts`, import.meta.url);
  const root = fileURLToPath(new URL('../../', import.meta.url));
  // Node's child_process and crypto, loaded here: a command run from the compiled modules never needs them.
  const { execFileSync } = process.getBuiltinModule('node:child_process');
  const { createHash } = process.getBuiltinModule('node:crypto');
  const text = execFileSync(
    createRequire(import.meta.url).resolve('esbuild/bin/esbuild'),
    [
      fileURLToPath(source),
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--packages=external',
      `--define:import.meta.url=${JSON.stringify(source.href)}`,
      '--log-level=warning',
    ],
    { encoding: 'utf8', maxBuffer: 256 * 2 ** 20 },
  );
  const dir = join(root, 'node_modules/.cache/yomi-threads');
  const file = join(dir, `${name}-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    // Written whole under a name of this thread's, then renamed: a thread that starts from it never reads half a file.
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, text);
    renameSync(partial, file);
  }
  bundled.set(name, file);
  return file;
}
