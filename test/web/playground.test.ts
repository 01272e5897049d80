/**
 * End-to-end tests of the playground in a real browser: play tic-tac-toe by
 * clicking, check every shown move value against the library's solution and
 * every computer reply for optimality, load problem inputs (and a malformed
 * one), and save a screenshot of each game's board under test-results/.
 * Any console error fails the test.
 */

/// <reference lib="dom" />

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatValue } from '../../src/core/value.js';
import { GAMES } from '../../src/games/registry.js';
import { cellName, ticTacToe } from '../../src/games/tic-tac-toe.js';
import { solve } from '../../src/solvers/index.js';
import { OPENING_SPECS } from '../../web/src/model/session.js';
import { problemCases } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { openPage, type Playground, SCREENSHOTS, startPlayground, waitReady } from './browser.js';

let pg: Playground;
beforeAll(async () => {
  pg = await startPlayground();
}, 60_000);
afterAll(async () => {
  await pg?.close();
});

const solution = solve(ticTacToe);

/** The values the page shows on the board: move name → text. */
async function shownValues(
  page: import('playwright-core').Page,
  selector: string,
): Promise<Record<string, string>> {
  return page.$$eval(selector, (els) =>
    Object.fromEntries(els.map((e) => [e.getAttribute('data-move'), e.getAttribute('data-value')])),
  );
}

function expectedValues(board: string): Record<string, string> {
  return Object.fromEntries(solution.moves(board).map((mv) => [cellName(mv.move), formatValue(mv.value)]));
}

describe('tic-tac-toe', () => {
  it('shows each move the value the library gives it, and the computer replies optimally', async () => {
    const { page, errors } = await openPage(pg, '#game=tic-tac-toe&vs=second');
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let game = 0; game < 2; game++) {
      await page.click('text=Restart');
      let ply = 0;
      await waitReady(page, 0);
      for (;;) {
        const board = (await page.getAttribute('.board-area', 'data-position')) as string;
        const legal = ticTacToe.moves(board);
        if (ticTacToe.primitive?.(board) !== undefined) break;
        expect(await shownValues(page, '.board .move')).toEqual(expectedValues(board));
        expect(await shownValues(page, '.move-list button')).toEqual(expectedValues(board));
        // The person (first player) clicks a random cell; the computer answers.
        const cell = legal[Math.floor(random() * legal.length)];
        await page.click(`.board .move[data-move=${cellName(cell)}]`);
        const mine = ticTacToe.play(board, cell);
        ply++;
        if (ticTacToe.primitive?.(mine) !== undefined) {
          await waitReady(page, ply);
          break;
        }
        await waitReady(page, ply + 1);
        ply++;
        const reply = (await page.getAttribute('.board-area', 'data-position')) as string;
        // The reply is one of the library's best moves (the quickest win, the slowest loss).
        const best = solution.best(mine).map((m) => ticTacToe.play(mine, m));
        expect(best).toContain(reply);
      }
      await expect(page.textContent('[data-testid=turn]')).resolves.toMatch(/^Game over: /);
    }
    expect(errors).toEqual([]);
  });

  it('keeps the position in the URL, and undo, redo and the keyboard work', async () => {
    const { page, errors } = await openPage(pg, '#game=tic-tac-toe&vs=none&moves=4.0');
    await waitReady(page, 2);
    expect(await page.getAttribute('.board-area', 'data-position')).toBe('o...x....');
    // Keyboard: focus the first move on the board and press Enter.
    await page.focus('.board .move[data-move=c1]');
    await page.keyboard.press('Enter');
    await waitReady(page, 3);
    expect(page.url()).toContain('moves=4.0.1');
    await page.click('text=Undo');
    await waitReady(page, 2);
    await page.click('text=Redo');
    await waitReady(page, 3);
    expect(await page.getAttribute('.board-area', 'data-position')).toBe('o.x.x....');
    await page.keyboard.press('u');
    await waitReady(page, 2);
    // A link pasted into the same tab opens its position.
    await page.evaluate(() => {
      location.hash = '#game=tic-tac-toe&vs=none&moves=8';
    });
    await waitReady(page, 1);
    expect(await page.getAttribute('.board-area', 'data-position')).toBe('........x');
    // Hiding the values hides them on the board and in the list.
    await page.click('text=Show values');
    expect(await page.$$('.board .move[data-value]')).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  it('lets the computer open when it plays first, with a best move', async () => {
    const { page, errors } = await openPage(pg, '#game=tic-tac-toe&vs=first');
    await waitReady(page, 1);
    const board = (await page.getAttribute('.board-area', 'data-position')) as string;
    expect(solution.best(ticTacToe.start).map((m) => ticTacToe.play(ticTacToe.start, m))).toContain(board);
    expect(await page.textContent('[data-testid=turn]')).toMatch(/^Second player to move/);
    expect(errors).toEqual([]);
  });

  it('works at phone width', async () => {
    const { page, errors } = await openPage(pg, '#game=tic-tac-toe&vs=none&moves=4.0.2', 390);
    await waitReady(page, 3);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SCREENSHOTS, 'web-tic-tac-toe-phone.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});

const answerShown = (page: import('playwright-core').Page, expected: string) =>
  page.waitForFunction(
    (text) => document.querySelector('[data-testid=answer]')?.textContent === text,
    expected,
    { timeout: 15_000 },
  );

describe.skipIf(!GAMES.some((g) => g.id === 'abc201d'))('abc201d', () => {
  it("answers each pasted problem input as yomi solve does, and shows a malformed one's error", async () => {
    const { page, errors } = await openPage(pg, '#game=abc201d&vs=none');
    await waitReady(page, 0);
    const small = problemCases('abc201d').filter((c) => c.input.length < 100);
    // Takahashi, Aoki, Draw, and a longer board.
    const cases = [...small.slice(0, 3), small[small.length - 1]];
    for (const c of cases) {
      const cli = runCli(['solve', 'abc201d'], c.input);
      expect(cli.status).toBe(0);
      await page.fill('#problem-input', c.input);
      await answerShown(page, cli.stdout.trim());
    }
    const last = cases[cases.length - 1];
    const position = await page.getAttribute('.board-area', 'data-position');
    const answer = await page.textContent('[data-testid=answer]');
    await page.screenshot({
      path: join(SCREENSHOTS, `web-abc201d-${last.name.split('/')[1]}.png`),
      fullPage: true,
    });

    const malformed = '3 3\n--x\n+-+\n+--\n';
    const cli = runCli(['solve', 'abc201d'], malformed);
    expect(cli.status).toBe(2);
    await page.fill('#problem-input', malformed);
    await page.waitForSelector('.input-error');
    expect(`yomi: ${await page.textContent('.input-error')}\n`).toBe(cli.stderr);
    // The board keeps its last valid state.
    expect(await page.getAttribute('.board-area', 'data-position')).toBe(position);
    expect(await page.textContent('[data-testid=answer]')).toBe(answer);
    expect(await page.$$('.board .move')).not.toHaveLength(0);
    expect(errors).toEqual([]);
  });
});

describe('large games', () => {
  it('says before starting when a game is too large, and a long solve shows progress and can be cancelled', async () => {
    const { page, errors } = await openPage(pg, `#game=${encodeURIComponent('dodgem(size=5)')}&vs=none`);
    await page.waitForSelector('.status.error');
    expect(await page.textContent('.status.error')).toMatch(/has [\d,]+ positions \(about [\d,]+ MB/);
    // Connect Four on 7×6 from the empty board takes minutes: progress shows, Cancel stops it.
    await page.selectOption('select', 'connect4');
    await page.fill('input[placeholder]', 'width=7,height=6');
    await page.click('text=Apply');
    await page.fill('#problem-input', '\n');
    await page.waitForSelector('.status progress');
    await page.click('text=Cancel');
    await page.waitForSelector('text=Cancelled.');
    expect(errors).toEqual([]);
  });
});

describe('every game', () => {
  it('solves and draws each game, saved as a screenshot of its board', async () => {
    const { page, errors } = await openPage(pg, '#game=tic-tac-toe&vs=none');
    await waitReady(page, 0);
    for (const def of GAMES) {
      const spec = OPENING_SPECS[def.id] ?? def.id;
      await page.selectOption('select', def.id);
      await page.waitForSelector(`.board-area[data-ready=yes][data-ply="0"][data-game="${spec}"]`, {
        timeout: 15_000,
      });
      expect(await page.$$('.move-list button'), def.id).not.toHaveLength(0);
      await (await page.$('.board-area'))!.screenshot({ path: join(SCREENSHOTS, `web-${def.id}.png`) });
      // The board marks the same moves with the same values as the list, and a click on one plays it.
      const onBoard = await shownValues(page, '.board .move');
      const listed = await shownValues(page, '.move-list button');
      for (const [name, value] of Object.entries(onBoard))
        expect(listed[name], `${def.id} ${name}`).toBe(value);
      const first = Object.keys(onBoard)[0];
      if (first !== undefined) {
        await page.click(`.board .move[data-move="${first}"]`);
        await page.waitForSelector(`.board-area[data-ready=yes][data-ply="1"][data-game="${spec}"]`);
      }
    }
    expect(errors).toEqual([]);
  });
});
