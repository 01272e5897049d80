/**
 * End-to-end tests of the playground in Debian's chromium: whole games of
 * tic-tac-toe and Connect Four 5×4 against the computer (every value shown
 * checked against the library, every reply a best move); the board, the URL,
 * undo/redo, the keyboard and the focus; problem inputs (answers as
 * `yomi solve` prints them, a malformed one's message and no stale board);
 * games too large for the browser; Connect Four 7×6 from the shipped opening
 * book; and every game in the picker at 1280 and
 * 390 pixels wide — values against the library, a move played on its board,
 * no page wider than the screen — with a screenshot of each saved under
 * test-results/playground/. Any console error fails a test.
 */

/// <reference lib="dom" />

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedBookPath } from '../../src/cli/books.js';
import { WEB_ROOT } from '../../src/cli/commands/serve.js';
import { formatValue } from '../../src/core/value.js';
import { loadBook } from '../../src/db/book-file.js';
import { saveSolution } from '../../src/db/saved-solution.js';
import type { Connect4Game } from '../../src/games/connect4/index.js';
import type { Connect4Position } from '../../src/games/connect4/position.js';
import { openGame } from '../../src/games/open.js';
import { cellName, ticTacToe } from '../../src/games/tic-tac-toe.js';
import { solutionFromFile } from '../../src/host/solution-files.js';
import { startServer } from '../../src/server/server.js';
import { openSources } from '../../src/server/solution-file-source.js';
import { alphaBeta } from '../../src/solvers/alphabeta.js';
import { solve } from '../../src/solvers/index.js';
import { ENTRIES } from '../../web/src/entries.js';
import { openSession, viewSession } from '../../web/src/model/play-session.js';
import { DEFAULT_STATE } from '../../web/src/model/url.js';
import { problemCases } from '../helpers.js';
import { runCli } from '../run-cli.js';
import {
  inParallel,
  openPage,
  type Playground,
  SCREENSHOTS,
  shownValues,
  startPlayground,
  waitReady,
} from './browser.js';
import { playWholeGame } from './play-harness.js';

let pg: Playground;
beforeAll(async () => {
  pg = await startPlayground();
}, 60_000);
afterAll(async () => {
  await pg?.close();
});

const ticTacToeSolution = solve(ticTacToe);

const hashOf = (spec: string, rest = 'vs=none') => `#game=${encodeURIComponent(spec)}&${rest}`;

describe('whole games against the computer', () => {
  it('tic-tac-toe, clicked on the board: every value the library’s, every reply a best move', async () => {
    const { page, errors } = await openPage(pg, '#game=tic-tac-toe&vs=second');
    for (const seed of [1, 2]) {
      await page.click('text=Restart');
      await waitReady(page, 0);
      // The first move by a click on the board, the rest from the move list.
      const shown = await shownValues(page, '.board .move');
      expect(shown).toEqual(
        Object.fromEntries(
          ticTacToeSolution.moves(ticTacToe.start).map((mv) => [cellName(mv.move), formatValue(mv.value)]),
        ),
      );
      await page.click(`.board .move[data-move=${seed === 1 ? 'b2' : 'a1'}]`);
      const played = await playWholeGame(page, ticTacToeSolution as never, seed);
      expect(played.plies).toBeGreaterThanOrEqual(5);
      expect(played.computerMoves).toBeGreaterThanOrEqual(2);
    }
    expect(errors).toEqual([]);
  });

  it('Connect Four 5×4 from the empty board (the harness for 7×6 with its book)', async () => {
    const spec = 'connect4(width=5,height=4)';
    const { page, errors } = await openPage(pg, hashOf(spec, 'vs=second'));
    const solution = solve(openGame(spec, '\n').games[0]);
    const played = await playWholeGame(page, solution as never, 3);
    expect(played.plies).toBeGreaterThanOrEqual(7);
    await page.screenshot({ path: join(SCREENSHOTS, 'connect4-5x4-game-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});

describe('playing', () => {
  it('keeps the position in the URL; undo, redo, the keyboard and the focus work', async () => {
    const { page, errors } = await openPage(pg, '#game=tic-tac-toe&vs=none&moves=4.0');
    await waitReady(page, 2);
    expect(await page.getAttribute('.board-area', 'data-position')).toBe('o...x....');
    await page.focus('.board .move[data-move=c1]');
    await page.keyboard.press('Enter');
    await waitReady(page, 3);
    // The mark played is gone; the focus stays on the board.
    expect(await page.evaluate(() => document.activeElement?.closest('.board-area') !== null)).toBe(true);
    expect(page.url()).toContain('moves=4.0.1');
    await page.click('text=Undo');
    await waitReady(page, 2);
    await page.click('text=Redo');
    await waitReady(page, 3);
    expect(await page.getAttribute('.board-area', 'data-position')).toBe('o.x.x....');
    await page.keyboard.press('u');
    await waitReady(page, 2);
    await page.evaluate(() => {
      location.hash = '#game=tic-tac-toe&vs=none&moves=8';
    });
    await waitReady(page, 1);
    expect(await page.getAttribute('.board-area', 'data-position')).toBe('........x');
    // The turn line is a live region in the game's words; move buttons have full names.
    expect(await page.getAttribute('[data-testid=turn]', 'aria-live')).toBe('polite');
    expect(await page.textContent('[data-testid=turn]')).toMatch(/^X played c3\. O to move: /);
    expect(await page.getAttribute('.move-list button[data-move=b2]', 'aria-label')).toMatch(
      /^b2: (win|lose|tie) .*, rank \d+$/,
    );
    await page.click('text=Show values');
    expect(await page.$$('.board .move[data-value]')).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  it('lets the computer open when it plays first, and says whose turn it is', async () => {
    const { page, errors } = await openPage(pg, '#game=tic-tac-toe&vs=first');
    await waitReady(page, 1);
    const board = (await page.getAttribute('.board-area', 'data-position')) as string;
    expect(ticTacToeSolution.best(ticTacToe.start).map((m) => ticTacToe.play(ticTacToe.start, m))).toContain(
      board,
    );
    expect(await page.textContent('[data-testid=turn]')).toMatch(
      /^X \(the computer\) played \w\d\. O \(you\) to move/,
    );
    expect(errors).toEqual([]);
  });

  it('draws the history chart only once there is a history', async () => {
    const { page, errors } = await openPage(pg, '#game=tic-tac-toe&vs=none');
    await waitReady(page, 0);
    expect(await page.$('.history svg')).toBeNull();
    expect(await page.textContent('.history-empty')).toMatch(/first move/);
    await page.click('.move-list button[data-move=b2]');
    await waitReady(page, 1);
    expect(await page.$$('.history circle')).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});

const answerShown = (page: Page, expected: string) =>
  page.waitForFunction(
    (text) => document.querySelector('[data-testid=answer]')?.textContent === text,
    expected,
    {
      timeout: 15_000,
    },
  );

describe('problem inputs', () => {
  it("answers each pasted input as yomi solve does, and shows a malformed one's error without the old board", async () => {
    const { page, errors } = await openPage(pg, '#game=abc201d&vs=none');
    await waitReady(page, 0);
    await page.click('.input summary');
    const small = problemCases('abc201d').filter((c) => c.input.length < 100);
    for (const c of [...small.slice(0, 3), small[small.length - 1]]) {
      const cli = runCli(['solve', 'abc201d'], c.input);
      expect(cli.status).toBe(0);
      await page.fill('#problem-input', c.input);
      await answerShown(page, cli.stdout.trim());
    }
    const malformed = '3 3\n--x\n+-+\n+--\n';
    const cli = runCli(['solve', 'abc201d'], malformed);
    expect(cli.status).toBe(2);
    await page.fill('#problem-input', malformed);
    await page.waitForSelector('.input-error');
    expect(`yomi: ${await page.textContent('.input-error')}\n`).toBe(cli.stderr);
    // No board, no answer, no moves of the game before.
    expect(await page.$('.board-area')).toBeNull();
    expect(await page.$('[data-testid=answer]')).toBeNull();
    expect(await page.$$('.move-list button')).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  it('plays arc038d with its stop move, and the solve finishes', async () => {
    const { page, errors } = await openPage(pg, '#game=arc038d&vs=none');
    await waitReady(page, 0);
    expect(Object.keys(await shownValues(page, '.move-list button'))).toContain('stop');
    await page.click('.board .move[data-move=stop]');
    await waitReady(page, 1);
    expect(await page.textContent('[data-testid=turn]')).toMatch(
      /Game over: Takahashi wins|Game over: Aoki wins|Game over: level/,
    );
    expect(await page.textContent('.status')).toMatch(/^Solved all/);
    expect(errors).toEqual([]);
  });
});

describe('large games', () => {
  it('says before starting when a game is too large, and a long solve shows progress and can be cancelled', async () => {
    // From a solved Dodgem to size=5: refused before solving, with nothing left over from the game before.
    const { page, errors } = await openPage(pg, hashOf('dodgem(size=3)'));
    await waitReady(page, 0);
    await page.fill('.params input', 'size=5');
    await page.click('text=Apply');
    await page.waitForSelector('.status.error');
    expect(await page.textContent('.status.error')).toMatch(/has [\d,]+ positions \(about [\d,]+ MB/);
    await page.selectOption('.picker select', 'kalah');
    await page.fill('.params input', 'pits=5,seeds=4');
    await page.click('text=Apply');
    await page.waitForSelector('.status progress');
    await page.click('text=Cancel');
    await page.waitForSelector('text=Cancelled.');
    expect(errors).toEqual([]);
  });
});

describe('Connect Four 7×6 from the shipped opening book', () => {
  it('shows the value of every column of the empty board, and of every reply to a first stone, at once', async () => {
    const spec = 'connect4(width=7,height=6)';
    const { header, book } = loadBook(shippedBookPath('connect4-7x6.book') as string);
    expect(header.plies).toBeGreaterThanOrEqual(2);
    // The library's values of the same moves: alpha-beta answering from the book, which holds every child.
    const game = openGame(spec, '\n').games[0] as Connect4Game;
    const solution = alphaBeta(game, {
      known: (p) => book.score(p),
      maxNodes: 1,
    });
    const expected = (p: Connect4Position) =>
      Object.fromEntries(solution.moves(p).map((mv) => [String(mv.move + 1), formatValue(mv.value)]));
    const { page, errors } = await openPage(pg, hashOf(spec));
    await waitReady(page, 0, 10_000);
    const shown = await shownValues(page, '.move-list button');
    expect(Object.keys(shown)).toHaveLength(7);
    expect(shown).toEqual(expected(game.start));
    expect(await page.textContent('body')).toMatch(/opening book/);
    // A first stone in the middle: the seven replies come from the book too.
    await page.click('.move-list button[data-move="4"]');
    await waitReady(page, 1, 10_000);
    expect(await shownValues(page, '.move-list button')).toEqual(expected(game.play(game.start, 3)));
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe('games served from a solution file', () => {
  it('plays Dodgem 4×4 from the file yomi serve --db serves, and says so', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'yomi-served-'));
    const file = join(folder, 'dodgem4.yomi');
    const opened = openGame('dodgem(size=4)');
    saveSolution(file, { opened, dataset: 0 }, solve(opened.games[0], { tableRequired: true }));
    const served = await startServer({ root: WEB_ROOT, port: 0, sources: await openSources([file]) });
    try {
      const { page, errors } = await openPage(pg, hashOf('dodgem(size=4)', 'vs=second'), 1280, served.url);
      await waitReady(page, 0);
      expect(await page.getAttribute('.status', 'data-origin')).toBe('solution file');
      expect(await page.textContent('.status')).toMatch(
        /^Values from the solution file dodgem4\.yomi, served by yomi serve \(555,986 positions\)/,
      );
      // The values are the file's (read back as yomi query reads it), and the computer plays from them.
      const played = await playWholeGame(page, await solutionFromFile(file), 4, { maxPlies: 16 });
      expect(played.computerMoves).toBeGreaterThan(3);
      await page.screenshot({ path: join(SCREENSHOTS, 'dodgem-4x4-served-1280.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await served.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('every game in the picker', () => {
  it('opens, shows the library’s values, plays on its board, undoes, redoes, reloads, and fits 1280 and 390 px', async () => {
    await inParallel(
      ENTRIES.filter((e) => !e.needsBook),
      2,
      async (entry) => {
        const { page, errors } = await openPage(pg, hashOf(entry.spec), 1280);
        await waitReady(page, 0, 30_000);
        const state = { ...DEFAULT_STATE, game: entry.spec };
        const view = viewSession(state, openSession(state, ENTRIES));
        const solution = solve(view.source!);
        const expected = Object.fromEntries(
          solution.moves(view.game!.start).map((mv, i) => [view.names[i], formatValue(mv.value)]),
        );
        expect(await shownValues(page, '.move-list button'), entry.key).toEqual(expected);
        // Both widths: nothing wider than the screen, and a screenshot of each.
        const file = entry.key.replace(':', '-');
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            `${entry.key} ${width}`,
          ).toBeLessThanOrEqual(width);
          await page.screenshot({ path: join(SCREENSHOTS, `${file}-${width}.png`), fullPage: true });
        }
        // The board marks the same values as the list; a click on one (after choosing its piece) plays it.
        const onBoard = await shownValues(page, '.board .move');
        for (const [name, value] of Object.entries(onBoard))
          expect(expected[name as string], `${entry.key} ${name}`).toBe(value);
        const select = await page.$('.board .select');
        if (select) await select.click();
        const mark = await page.$('.board .move');
        expect(mark, `${entry.key}: a move on the board`).not.toBeNull();
        await mark!.click();
        await waitReady(page, 1, 30_000);
        // Undo, redo, and a reload keep the position (it is in the URL).
        const after = await page.getAttribute('.board-area', 'data-position');
        await page.keyboard.press('u');
        await waitReady(page, 0, 30_000);
        await page.keyboard.press('r');
        await waitReady(page, 1, 30_000);
        await page.reload();
        await waitReady(page, 1, 30_000);
        expect(await page.getAttribute('.board-area', 'data-position'), entry.key).toBe(after);
        expect(errors, entry.key).toEqual([]);
        await page.context().close();
      },
    );
  }, 240_000);
});
