/**
 * The playground's offer to build a database, in Chromium against a real
 * server: a game too large for the browser whose database the server builds
 * on request shows its cost and a button; the button starts the build on the
 * server, and the page shows its progress (the server is closed while it
 * builds, which stops the build). Where the server builds none, a game that
 * offers a database (full Dobutsu shogi) says how to add it.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, type Playground, SCREENSHOTS, seriousViolations, startPlayground } from './browser.js';

const hashOf = (spec: string) => `#game=${encodeURIComponent(spec)}&vs=none`;

let dir: string;
let pg: Playground;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'yomi-build-offer-'));
  // Dodgem 5×5 (240 million positions, refused by the browser) offered in place of full Dobutsu shogi.
  pg = await startPlayground([], {
    dir,
    offers: [
      { spec: 'dodgem(size=5)', positions: 240_060_402, diskBytes: 3e8, memoryBytes: 9e8, seconds: 60 },
    ],
  });
});
afterAll(async () => {
  await pg?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('building a database from the playground', () => {
  it('says how to add a database the server does not build', async () => {
    const { page, errors } = await openPage(pg, hashOf('dobutsu(pieces=GEC)'));
    const offer = await page.waitForSelector('.build-offer');
    // One way to play it, the offer's: the line above names no other command.
    expect(await page.textContent('.status')).toMatch(
      /^dobutsu\(pieces=GEC\) is too large to solve in a browser: it is played from its database, on the serverIts database/,
    );
    expect(await offer.textContent()).toMatch(
      /^Its database \(855,232,344 positions; about \d+ min on 2 cores, [\d.]+ GB of memory, \d+ MB on disk\) can be served to this page: start the playground with yomi serve --build-dir DIR and build it from here, or run yomi solve dobutsu --save DIR and yomi serve --db DIR\.$/,
    );
    expect(await seriousViolations(page)).toEqual({});
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('offers full Teeko’s database', async () => {
    const { page, errors } = await openPage(pg, hashOf('teeko'));
    const offer = await page.waitForSelector('.build-offer');
    // The picker names the game opened, not the first game of the list.
    expect(
      await page.$eval('.picker select', (s) => (s as HTMLSelectElement).selectedOptions[0].textContent),
    ).toBe('Teeko');
    expect(await offer.textContent()).toMatch(
      /^Its database \(21,566,994 positions; about 6 min on 2 cores, 396 MB of memory, 5 MB on disk\) can be served to this page: .* or run yomi solve teeko --save DIR and yomi serve --db DIR\.$/,
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('refuses Kalah 6×4 at once, offering its endgame databases and how to add them', async () => {
    const { page, errors } = await openPage(pg, hashOf('kalah(pits=6,seeds=4)'));
    const offer = await page.waitForSelector('.build-offer');
    expect(await page.textContent('.status')).toMatch(
      /^kalah\(pits=6,seeds=4\) is too large to solve in a browser: it is played from its endgame databases and a search, on the serverIts database \(5,586,853,480 positions; about \d+ min on 2 cores, [\d.]+ GB of memory, [\d.]+ GB on disk\)/,
    );
    expect(await offer.textContent()).toContain(
      "or run yomi solve 'kalah(pits=6,seeds=4)' --db DIR --db-upto 28 and yomi serve --db DIR.",
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('offers the build with its cost, starts it on the server and shows its progress', async () => {
    const { page, errors } = await openPage(pg, hashOf('dodgem(size=5)'));
    const offer = await page.waitForSelector('.build-offer');
    await page.screenshot({ path: join(SCREENSHOTS, 'build-offer-offered-1280.png'), fullPage: true });
    expect(await offer.textContent()).toContain(
      'This server can build its database: 240,060,402 positions; about 1 min on 2 cores, 900 MB of memory, 300 MB on disk.',
    );
    // The offer is the one way given: no advice of a solution file beside it.
    expect(await page.$('.status .advice')).toBeNull();
    expect(await seriousViolations(page)).toEqual({});
    await page.click('.build-offer button');
    const progress = await page.waitForSelector('.build-offer progress');
    expect(await progress.getAttribute('aria-label')).toBe('building the database');
    expect(await page.textContent('.build-offer')).toMatch(/^Building the database on the server: \d+%/);
    await page.screenshot({ path: join(SCREENSHOTS, 'build-offer-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
