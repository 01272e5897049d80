/**
 * End-to-end tests of the playground in a real browser: play tic-tac-toe by
 * clicking, check every shown move value against the library's solution and
 * every computer reply for optimality, load problem inputs (and a malformed
 * one), and save a screenshot of each game's board under test-results/.
 * Any console error fails the test.
 */

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareValues, formatValue, moveValue } from '../../src/core/value.js';
import { GAMES } from '../../src/games/registry.js';
import { cellName, ticTacToe } from '../../src/games/tic-tac-toe.js';
import { solve } from '../../src/solvers/index.js';
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
        const replyValue = moveValue(solution.value(reply));
        const bestValue = solution
          .moves(mine)
          .reduce((b, mv) => (compareValues(mv.value, b) > 0 ? mv.value : b), {
            outcome: 'lose' as const,
            remoteness: -1,
          });
        expect(ticTacToe.moves(mine).some((m) => ticTacToe.play(mine, m) === reply)).toBe(true);
        expect(formatValue(replyValue)).toBe(formatValue(bestValue));
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
    // Hiding the values hides them on the board and in the list.
    await page.click('text=Show values');
    expect(await page.$$('.board .move[data-value]')).toHaveLength(0);
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

describe('every game', () => {
  for (const def of GAMES) {
    it(`${def.id}: solves and draws its start, saved as a screenshot`, async () => {
      const { page, errors } = await openPage(pg, `#game=${encodeURIComponent(def.id)}&vs=none`);
      await waitReady(page, 0);
      const board = await page.$('.board-area');
      await board!.screenshot({ path: join(SCREENSHOTS, `web-${def.id}.png`) });
      expect(await page.$$('.move-list button')).not.toHaveLength(0);
      expect(errors).toEqual([]);
    });
  }
});
