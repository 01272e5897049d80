/**
 * A ratchet on type assertions in src/: data from outside reaches the code
 * through parsers that return a typed result and through type guards, not
 * through `x as T`. Every assertion TypeScript's own parser finds counts —
 * `x as T` and `<T>x`, so `x as unknown as T` counts two — except `as const`,
 * which asserts nothing. The counts may only go down.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/** The most assertions src/ may hold, and src/db/ (which reads files anyone may have written). */
const MAX_SRC = 80;
const MAX_DB = 10;

/** Whether a node asserts a type (`as const` does not). */
function isAssertion(node: ts.Node): boolean {
  if (!ts.isAsExpression(node) && !ts.isTypeAssertionExpression(node)) return false;
  return !(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const');
}

/** The type assertions in a source text. */
function assertionsIn(path: string, text: string): number {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  let n = 0;
  const visit = (node: ts.Node): void => {
    if (isAssertion(node)) n++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return n;
}

/** The assertions of every TypeScript file under src/, by path from the root (files with none left out). */
function assertionsBySrcFile(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const f of readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(f)) continue;
    const path = `src/${f.split('\\').join('/')}`;
    const n = assertionsIn(path, readFileSync(join(ROOT, path), 'utf8'));
    if (n > 0) counts.set(path, n);
  }
  return counts;
}

/** The files with the most assertions, one per line, for the message of a failure. */
const worst = (counts: Map<string, number>): string =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([path, n]) => `${String(n).padStart(4)}  ${path}`)
    .join('\n');

describe('type assertions in src/', () => {
  const counts = assertionsBySrcFile();
  const total = (prefix: string) =>
    [...counts].filter(([path]) => path.startsWith(prefix)).reduce((a, [, n]) => a + n, 0);

  it(`are at most ${MAX_SRC} in src/ and ${MAX_DB} in src/db/`, () => {
    const inDb = new Map([...counts].filter(([path]) => path.startsWith('src/db/')));
    expect(total('src/'), `type assertions in src/; the most in:\n${worst(counts)}`).toBeLessThanOrEqual(
      MAX_SRC,
    );
    expect(total('src/db/'), `type assertions in src/db/; the most in:\n${worst(inDb)}`).toBeLessThanOrEqual(
      MAX_DB,
    );
  });

  it('are counted as TypeScript parses them: `as` and `<T>`, twice for `as unknown as`, never `as const`', () => {
    const text = [
      'const a = x as number;',
      'const b = <string>y;',
      'const c = z as unknown as Map<string, number>;',
      "const d = ['a', 'b'] as const;",
      'const e = { kind: <const>"k" };',
      "const f = 'as number';",
    ].join('\n');
    expect(assertionsIn('example.ts', text)).toBe(4);
  });
});
