/**
 * The layers of docs/architecture.md, checked: every import in src/ and
 * web/src/ (static, dynamic and type imports, as TypeScript's own scanner
 * finds them) against the "may use" column of the doc's layer table, and no
 * cycle of imports between files. The table is read from the doc itself, so
 * the doc and the check cannot say different things.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/** One row of the layer table: where it applies and what it may use. */
interface Row {
  /** `src/core/`, `src/index.ts`, `web/`. */
  path: string;
  layers: Set<string>;
  node: boolean;
  packages: Set<string>;
}

/** The rows of the table under "## Layers" whose directory is in src/ or web/. */
function layerTable(doc: string): Row[] {
  const section = doc.slice(doc.indexOf('## Layers'), doc.indexOf('\n## ', doc.indexOf('## Layers') + 1));
  const rows: Row[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split(' | ').map((c) => c.replace(/^\|/, '').replace(/\|$/, '').trim());
    const path = /^`((?:src|web)\/[^`]*)`$/.exec(cells[0] ?? '')?.[1];
    if (path === undefined || cells.length < 3) continue;
    const use = cells[cells.length - 1];
    const [uses, packages = ''] = use.split(/packages:/);
    const ticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    rows.push({
      path,
      layers: new Set(ticked(uses)),
      node: /\bNode\b/.test(uses),
      packages: new Set(ticked(packages)),
    });
  }
  return rows;
}

/** The layer an import target in src/ belongs to: its top directory (`core`), or `index.ts`. */
const topOf = (file: string): string | undefined =>
  file.startsWith('src/') ? file.slice(4).split('/')[0] : file.startsWith('web/') ? 'web' : undefined;

/** The package an import names (`boardgame.io/client` → `boardgame.io`, `@a/b/c` → `@a/b`). */
const packageOf = (spec: string): string =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

const NODE = new Set(builtinModules);

/** What is wrong with the imports of `sources` (path → text, paths from the repository's root). */
function layerViolations(sources: Map<string, string>, rows: Row[]): string[] {
  const wrong: string[] = [];
  const edges = new Map<string, string[]>();
  const rowOf = (file: string) =>
    rows.filter((r) => file.startsWith(r.path)).sort((a, b) => b.path.length - a.path.length)[0];
  for (const [file, text] of sources) {
    const row = rowOf(file);
    if (row === undefined) {
      wrong.push(`${file}: in no row of the layer table`);
      continue;
    }
    const out: string[] = [];
    for (const { fileName: spec } of ts.preProcessFile(text, true, true).importedFiles) {
      if (spec.startsWith('.')) {
        const target = resolveTarget(normalize(join(dirname(file), spec)), sources);
        if (target === undefined) continue; // an asset (a style sheet, a book's URL), not code
        out.push(target);
        const from = topOf(file);
        const to = topOf(target);
        if (to === undefined || to === from || (to === 'web' && from === 'web')) continue;
        if (!row.layers.has(to)) wrong.push(`${file} imports ${target}: ${row.path} may not use ${to}`);
      } else if (spec.startsWith('node:') || NODE.has(spec)) {
        if (!row.node) wrong.push(`${file} imports ${spec}: ${row.path} may not use Node's modules`);
      } else if (!row.packages.has(packageOf(spec))) {
        wrong.push(`${file} imports ${spec}: ${row.path} may not use the package ${packageOf(spec)}`);
      }
    }
    edges.set(file, out);
  }
  for (const cycle of cycles(edges)) wrong.push(`import cycle: ${cycle.join(' → ')}`);
  return wrong;
}

/** The source file an import names (`./x.js` is `./x.ts` or `./x.tsx`), or undefined when it is not a source. */
function resolveTarget(path: string, sources: Map<string, string>): string | undefined {
  const base = path.replace(/\.(js|ts|tsx)$/, '');
  return [`${base}.ts`, `${base}.tsx`, path].find((p) => sources.has(p));
}

/** The cycles of a directed graph: each strongly connected component of more than one file, or a file importing itself. */
function cycles(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) found.push(component.reverse());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Every TypeScript source under a folder of the repository, by its path from the root. */
function sourcesUnder(folder: string): [string, string][] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => {
      const path = relative(ROOT, join(ROOT, folder, f))
        .split('\\')
        .join('/');
      return [path, readFileSync(join(ROOT, path), 'utf8')];
    });
}

describe('the layers of docs/architecture.md', () => {
  const rows = layerTable(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));

  it('are what every import in src/ and web/src/ keeps to, with no cycle of imports', () => {
    expect(rows.map((r) => r.path)).toContain('src/cli/');
    const sources = new Map([...sourcesUnder('src'), ...sourcesUnder('web/src')]);
    expect(sources.size).toBeGreaterThan(150);
    expect(layerViolations(sources, rows)).toEqual([]);
  });

  it('let no layer but the CLI use it, and give no Node module to the layers the browser runs', () => {
    for (const row of rows) {
      if (row.path !== 'src/cli/') expect(row.layers.has('cli'), row.path).toBe(false);
      if (/^src\/(core|solvers|games|check)\//.test(row.path)) expect(row.node, row.path).toBe(false);
    }
  });

  it('catch an import up a layer, a Node module in the core, an unlisted package and two files importing each other', () => {
    const sources = new Map([
      ['src/core/a.ts', "import { x } from '../cli/main.js';\nimport { readFileSync } from 'node:fs';"],
      ['src/cli/main.ts', "import type { A } from '../core/a.js';\nimport { Command } from 'left-pad';"],
      ['src/games/one.ts', "export { two } from './two.js';"],
      ['src/games/two.ts', "const one = await import('./one.js');"],
    ]);
    expect(layerViolations(sources, rows)).toEqual([
      'src/core/a.ts imports src/cli/main.ts: src/core/ may not use cli',
      "src/core/a.ts imports node:fs: src/core/ may not use Node's modules",
      'src/cli/main.ts imports left-pad: src/cli/ may not use the package left-pad',
      'import cycle: src/core/a.ts → src/cli/main.ts',
      'import cycle: src/games/one.ts → src/games/two.ts',
    ]);
  });
});
