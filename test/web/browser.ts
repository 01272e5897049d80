/**
 * Browser-test plumbing for the playground: builds it (vite) into dist/web when it is not up to date,
 * serves it with `yomi serve`'s server on a free port, and drives Debian's
 * chromium through playwright-core (never a downloaded browser). Every page
 * records its console errors and uncaught exceptions so tests can fail on any;
 * axe-core (injected from node_modules) reports what a page fails of accessibility.
 */

/// <reference lib="dom" />

import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { WEB_ROOT } from '../../src/cli/commands/serve.js';
import type { PositionSource } from '../../src/server/position-source.js';
import { type ServeOptions, type Serving, startServer } from '../../src/server/server.js';
import { ROOT } from '../helpers.js';

export const SCREENSHOTS = join(ROOT, 'test-results', 'playground');

export interface Playground {
  browser: Browser;
  serving: Serving;
  close(): Promise<void>;
}

/**
 * Builds the playground if it is not up to date (`ensurePlayground`), serves it (with solved positions
 * under /api/v1/, if given, and databases built on request, if `builds` is) and starts chromium.
 */
export async function startPlayground(
  sources: readonly PositionSource[] = [],
  builds?: ServeOptions['builds'],
): Promise<Playground> {
  await ensurePlayground();
  mkdirSync(SCREENSHOTS, { recursive: true });
  const serving = await startServer({ root: WEB_ROOT, port: 0, sources, ...(builds ? { builds } : {}) });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    serving,
    async close() {
      await browser.close();
      await serving.close();
    },
  };
}

/**
 * Builds dist/web unless it is newer than every source it is built from
 * (web/, src/, books/): a page older than the source would test the code
 * before the change. The test run builds it once before any file starts
 * (test/global-setup.ts), so files never build it at the same time.
 */
export async function ensurePlayground(): Promise<void> {
  const built = statSync(join(WEB_ROOT, 'index.html'), { throwIfNoEntry: false })?.mtimeMs;
  if (built !== undefined && ['web', 'src', 'books'].every((d) => newest(join(ROOT, d)) < built)) return;
  await buildPlayground();
}

/** The latest modification time of the files under `dir` (web/'s own build output aside). */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** Builds dist/web as `npm run build:web` does (in production mode, although tests run with NODE_ENV=test). */
async function buildPlayground(): Promise<void> {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT, 'web/vite.config.ts'), logLevel: 'error' });
  } finally {
    process.env.NODE_ENV = before;
  }
}

export interface OpenPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/**
 * A fresh page (its own context, so no shared state) at `hash`, `width`
 * pixels wide, on `url` (default: the playground's); `prepare` sets the
 * context up before the page opens (e.g. routes for its requests).
 */
export async function openPage(
  pg: Playground,
  hash: string,
  width = 1100,
  url = pg.serving.url,
  prepare?: (context: BrowserContext) => Promise<unknown>,
): Promise<OpenPage> {
  const context = await pg.browser.newContext({ viewport: { width, height: 900 } });
  await prepare?.(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${url}${hash}`);
  return { page, errors };
}

/** Waits until the page shows the values of the position after `ply` moves. */
export async function waitReady(page: Page, ply?: number, timeout = 15_000): Promise<void> {
  const ready =
    ply === undefined ? '.board-area[data-ready=yes]' : `.board-area[data-ready=yes][data-ply="${ply}"]`;
  await page.waitForSelector(ready, { timeout });
}

/** The values a page shows for `selector`'s elements: move name → value text. */
export function shownValues(page: Page, selector: string): Promise<Record<string, string | null>> {
  return page.$$eval(selector, (els) =>
    Object.fromEntries(els.map((e) => [e.getAttribute('data-move'), e.getAttribute('data-value')])),
  );
}

/** axe-core's serious and critical violations on the page as it is now: rule id → how many nodes. */
export async function seriousViolations(page: Page): Promise<Record<string, number>> {
  // Evaluated, not added as a script tag: the page's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe;
    const { violations } = await axe.run();
    return Object.fromEntries(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => [`${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`, v.nodes.length]),
    );
  });
}

interface AxeResults {
  violations: { id: string; impact?: string; nodes: { target: string[] }[] }[];
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
