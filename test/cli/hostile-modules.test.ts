/**
 * Hostile module objects are one line and exit code 2, never a stack trace
 * nor a silent exit 0: getters that throw on `start` or `maxParents`, a Proxy
 * that throws after some reads, a CommonJS `default` getter that throws, a
 * definition whose `load()` returns a Proxy, a default export that is a
 * promise that never settles, and a top-level await that never settles.
 * A game's fields are read once when it is loaded, so a getter cannot throw
 * in the midst of a solver.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { expectUserError, runCli } from '../run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'yomi-hostile-modules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GAME = "{ id: 'g', start: 3, moves: (p) => (p > 0 ? [1] : []), play: (p, m) => p - m, key: (p) => p }";
const INDEXED =
  "{ kind: 'indexed', id: 'w', size: 10, start: 9, maxMoves: 2, primitive: () => -1, children(p, out) { let n = 0; if (p >= 1) out[n++] = p - 1; return n; } }";

const cases: [string, string, RegExp][] = [
  [
    'start.mjs',
    `const g = ${GAME};\nObject.defineProperty(g, 'start', { get() { throw new Error('no start'); } });\nexport default g;`,
    /start\.mjs: reading start threw Error: no start$/,
  ],
  [
    'max-parents.mjs',
    `const g = ${INDEXED};\nObject.defineProperty(g, 'maxParents', { get() { throw new Error('no bound'); } });\nexport default g;`,
    /max-parents\.mjs: reading maxParents threw Error: no bound$/,
  ],
  [
    'proxy.mjs',
    `let reads = 0;\nexport default new Proxy(${GAME}, { get(t, k) { if (++reads > 12) throw new Error('tired'); return t[k]; } });`,
    /proxy\.mjs: reading .* threw Error: tired$/,
  ],
  [
    'default-getter.cjs',
    "Object.defineProperty(module.exports, 'default', { get() { throw new Error('no default'); }, enumerable: true });",
    /default-getter\.cjs: reading its default export threw Error: no default$/,
  ],
  [
    'load-proxy.mjs',
    `export default { id: 'def', params: [], answer: (v) => v.outcome, load: () => [new Proxy(${GAME}, { get(t, k) { if (k === 'play') throw new Error('no play'); return t[k]; } })] };`,
    /load-proxy\.mjs: /,
  ],
  [
    'never.mjs',
    'export default new Promise(() => {});',
    /never\.mjs: its default export is a promise that never settles$/,
  ],
  [
    'await.mjs',
    'await new Promise(() => {});\nexport default {};',
    /cannot load .*await\.mjs: its top-level await never settles$/,
  ],
];

describe('hostile module objects', () => {
  for (const [name, source, line] of cases) {
    it(name, () => {
      const path = join(dir, name);
      writeFileSync(path, `${source}\n`);
      expectUserError(runCli(['solve', path]), line);
    });
  }
});
