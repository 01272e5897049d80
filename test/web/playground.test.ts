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
import type { Solution } from '../../src/core/solution.js';
import { formatValue, type Value } from '../../src/core/value.js';
import { loadBook } from '../../src/db/book-file.js';
import { saveSolution } from '../../src/db/saved-solution.js';
import type { Connect4Game } from '../../src/games/connect4/index.js';
import type { Connect4Position } from '../../src/games/connect4/position.js';
import { openGame } from '../../src/games/open.js';
import { cellName, ticTacToe } from '../../src/games/tic-tac-toe.js';
import { buildGameEndgames } from '../../src/host/endgame-search.js';
import { solutionFromFile } from '../../src/host/solution-files.js';
import { openSources } from '../../src/server/db-sources.js';
import { startServer } from '../../src/server/server.js';
import { alphaBeta } from '../../src/solvers/alphabeta.js';
import { solve } from '../../src/solvers/index.js';
import { ENTRIES } from '../../web/src/entries.js';
import { openSession, viewSession } from '../../web/src/model/play-session.js';
import { asGame, replay } from '../../web/src/model/session.js';
import { DEFAULT_STATE, decodeState } from '../../web/src/model/url.js';
import { problemCases } from '../helpers.js';
import { runCli } from '../run-cli.js';
import {
  openPage,
  type Playground,
  SCREENSHOTS,
  seriousViolations,
  shownValues,
  startPlayground,
  waitReady,
} from './browser.js';
import { playWholeGame } from './play-harness.js';

let pg: Playground;
beforeAll(async () => {
  pg = await startPlayground();
});
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
    let solvers = 0;
    page.on('worker', () => solvers++);
    const solution = solve(openGame(spec, '\n').games[0]);
    const played = await playWholeGame(page, solution as never, 3);
    expect(played.plies).toBeGreaterThanOrEqual(7);
    // One solver for the whole game (its game read once from a list that makes its items as they are
    // read), and on a machine with two cores one helper, which shares the moves' searches once it has
    // solved too.
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    expect(solvers).toBe(cores >= 2 ? 2 : 1);
    // The status counts what the search has searched as the game went on, not only before the first move.
    expect(await page.textContent('.status')).toMatch(
      /^Searched [\d,]+ positions so far, here in your browser( on 2 threads)? \(more as you play\)\./,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'connect4-5x4-game-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('Connect Four as a game', () => {
  it('plays a column clicked anywhere in it, and shows no problem input or answer', async () => {
    const { page, errors } = await openPage(pg, hashOf('connect4(width=5,height=4)'));
    await waitReady(page, 0);
    expect(await page.$('.input')).toBeNull();
    expect(await page.$('[data-testid=answer]')).toBeNull();
    // The top square of column 2, far from the mark where its stone would land.
    await page.click('.board .column[data-column="2"]', { position: { x: 30, y: 5 } });
    await waitReady(page, 1);
    expect(await page.getAttribute('.board-area', 'data-moves')).toBe('1');
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
    expect(await page.getByRole('button', { name: /^b2 ?: (win|lose|tie) .*, rank \d+$/ }).count()).toBe(1);
    await page.click('text=Show values');
    expect(await page.$$('.board .move[data-value]')).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  it('the keyboard: Tab to the picker first, arrows over the board and through the game, Home and End', async () => {
    const { page, errors } = await openPage(pg, '#game=tic-tac-toe&vs=none&moves=4.0.1');
    await waitReady(page, 3);
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute('data-move') ?? document.activeElement?.tagName,
      );
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('SELECT');
    // Arrows on the closed picker browse without opening each game (Enter, or leaving it, opens the one shown).
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.getAttribute('.board-area', 'data-game')).toBe('tic-tac-toe');
    expect(await page.getAttribute('.board-area', 'data-ply')).toBe('3');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    // Over the board: from a2, right to c2 (b2 is taken), down to c3; the focus ring is solid, not hover's dashes.
    await page.focus('.board .move[data-move=a2]');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('c2');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('c3');
    const ring = await page.$eval(
      '.board .move[data-move=c3] .move-shape',
      (e) => getComputedStyle(e).strokeDasharray,
    );
    expect(ring).toBe('none');
    await page.hover('.board .move[data-move=a3]');
    expect(
      await page.$eval('.board .move[data-move=a3] .move-shape', (e) => getComputedStyle(e).strokeDasharray),
    ).not.toBe('none');
    // Off the board, ← and → step through the game, Home and End go to its start and its end.
    await page.focus('.controls button');
    await page.keyboard.press('ArrowLeft');
    await waitReady(page, 2);
    await page.keyboard.press('Home');
    await waitReady(page, 0);
    await page.keyboard.press('ArrowRight');
    await waitReady(page, 1);
    await page.keyboard.press('End');
    await waitReady(page, 3);
    expect(page.url()).toContain('moves=4.0.1');
    // Enter on the picker opens the game it shows.
    await page.focus('.picker select');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.board-area[data-game="connect4(width=5,height=4)"]');
    expect(errors).toEqual([]);
  });

  it('the arrows go from heap to heap in Nim, whose heaps are one board to them', async () => {
    const { page, errors } = await openPage(pg, '#game=nim&vs=none');
    await waitReady(page, 0);
    const heapOfFocus = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.heap-board')].findIndex((h) => h.contains(document.activeElement)),
      );
    await page.evaluate(() => (document.querySelector('.heap-board [tabindex="0"]') as SVGElement).focus());
    expect(await heapOfFocus()).toBe(0);
    await page.keyboard.press('ArrowDown');
    expect(await heapOfFocus()).toBe(1);
    // Nim splits no heap: the note says nothing of splitting.
    expect(await page.textContent('.heaps .board-note')).toBe(
      'Choose a token to take it and every token after it.',
    );
    expect(errors).toEqual([]);
    await page.context().close();
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

  it('says who won as soon as the game ends, values shown or not', async () => {
    const { page, errors } = await openPage(pg, '#game=tic-tac-toe&vs=none');
    await waitReady(page, 0);
    await page.click('text=Show values');
    const cells = ['a1', 'b1', 'a2', 'b2', 'a3'];
    for (const [ply, cell] of cells.entries()) {
      await page.click(`.move-list button[data-move=${cell}]`);
      await page.waitForSelector(`.board-area[data-ply="${ply + 1}"]`);
    }
    expect(await page.textContent('[data-testid=turn]')).toMatch(/Game over: X wins\./);
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

describe('scoring games', () => {
  it('Kalah: the turn line, the marks and the chart read as the final score, which best play then makes', async () => {
    const { page, errors } = await openPage(pg, hashOf('kalah(pits=3,seeds=4)'));
    const stores = async () =>
      ((await page.getAttribute('.board', 'data-stores')) as string).split(' ').map(Number) as [
        number,
        number,
      ];
    // Nine plies, each the move listed last (the worst): the stores fill unevenly.
    for (let ply = 0; ply < 9; ply++) {
      await waitReady(page, ply);
      await page.click('.move-list li:last-child button');
    }
    await waitReady(page, 9);
    const turn = (await page.textContent('[data-testid=turn]')) as string;
    const [south, north] = await stores();
    expect(turn).toContain(`Score so far: South ${south}, North ${north}.`);
    const said =
      /(South|North) to move: (win|lose|tie)(?: by (\d+))? in \d+ with best play \(the final score\)/.exec(
        turn,
      );
    expect(said, turn).not.toBeNull();
    const [, mover, outcome, by] = said!;
    const margin = (outcome === 'lose' ? -1 : 1) * Number(by ?? 0);
    const forSouth = mover === 'South' ? margin : -margin;
    // The best move's mark says the same, and the chart's last point agrees in outcome.
    expect(await page.getAttribute('.move-list li:first-child button', 'data-value')).toBe(
      said![0].replace(/^.*to move: /, '').replace(/ with best play.*$/, ''),
    );
    const last = await page.$$eval('.history circle title', (ts) => ts[ts.length - 1].textContent);
    const southOutcome = forSouth > 0 ? 'wins' : forSouth < 0 ? 'loses' : 'ties';
    expect(last).toContain(`South ${southOutcome}`);
    // Best play to the end: the stores end exactly as said.
    for (let ply = 9; !(await page.$('text=Game over')); ply++) {
      await waitReady(page, ply);
      await page.click('.move-list li:first-child button');
      await page.waitForSelector(`.board-area[data-ply="${ply + 1}"]`);
    }
    const [southEnd, northEnd] = await stores();
    expect(southEnd + northEnd).toBe(24);
    expect(southEnd - northEnd).toBe(forSouth);
    const high = Math.max(southEnd, northEnd);
    const low = Math.min(southEnd, northEnd);
    expect(await page.textContent('[data-testid=turn]')).toContain(
      forSouth === 0
        ? `Game over: level at ${high}–${low}.`
        : `Game over: ${forSouth > 0 ? 'South' : 'North'} wins ${high}–${low}.`,
    );
    expect(errors).toEqual([]);
  });
});

describe('looks', () => {
  it('the value chart of a 40-ply game keeps its points apart and its labels clear of them', async () => {
    // Nim on one heap of 40, one token at a time: the longest game there is.
    const game = asGame(openGame('nim(heaps=40)').games[0]);
    const moves: number[] = [];
    for (let p = game.start; game.moves(p).length > 0; ) {
      const next = game.moves(p).map((m) => game.play(p, m));
      const left = next.map((q) => game.moves(q).length);
      const longest = left.indexOf(Math.max(...left));
      moves.push(longest);
      p = next[longest];
    }
    expect(moves).toHaveLength(40);
    const { page, errors } = await openPage(pg, hashOf('nim(heaps=40)', `vs=none&moves=${moves.join('.')}`));
    await waitReady(page, 40);
    const clash = await page.$$eval('.history svg', ([svg]) => {
      const boxes = (sel: string) => [...svg.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
      const dots = boxes('circle');
      const labels = boxes(':scope > text');
      const meets = (a: DOMRect, b: DOMRect) =>
        a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      return {
        dots: dots.length,
        overlapping: dots.slice(1).filter((d, i) => meets(d, dots[i])).length,
        labelsOnDots: labels.filter((l) => dots.some((d) => meets(l, d))).length,
      };
    });
    expect(clash).toEqual({ dots: 41, overlapping: 0, labelsOnDots: 0 });
    expect(errors).toEqual([]);
  });

  it('arc038d’s vertex labels lie inside the board', async () => {
    const { page, errors } = await openPage(pg, '#game=arc038d&vs=none');
    await waitReady(page, 0);
    const outside = await page.$eval('.board', (svg) => {
      const frame = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')]
        .map((t) => ({ text: t.textContent, box: t.getBoundingClientRect() }))
        .filter(
          ({ box }) =>
            box.left < frame.left ||
            box.right > frame.right ||
            box.top < frame.top ||
            box.bottom > frame.bottom,
        )
        .map(({ text }) => text);
    });
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
  });
});

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
    const linked = page.url();
    await page.fill('#problem-input', malformed);
    await page.waitForSelector('.input-error');
    expect(`yomi: ${await page.textContent('.input-error')}\n`).toBe(cli.stderr);
    // No board, no answer, no moves of the game before.
    expect(await page.$('.board-area')).toBeNull();
    expect(await page.$('[data-testid=answer]')).toBeNull();
    expect(await page.$$('.move-list button')).toHaveLength(0);
    // The box stays with the text typed and the focus, to mend it in; the link keeps the last good input.
    expect(await page.inputValue('#problem-input')).toBe(malformed);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('problem-input');
    // Marked invalid, the error its description.
    expect(await page.getAttribute('#problem-input', 'aria-invalid')).toBe('true');
    expect(await page.getAttribute('#problem-input', 'aria-describedby')).toBe('setup-error');
    expect(page.url()).toBe(linked);
    await page.fill('#problem-input', small[0].input);
    await answerShown(page, runCli(['solve', 'abc201d'], small[0].input).stdout.trim());
    expect(errors).toEqual([]);
  });

  it('keeps a bad parameter in its box beside the error, and out of the link', async () => {
    const { page, errors } = await openPage(pg, hashOf('nim(heaps=3 4 5)'));
    await waitReady(page, 0);
    const linked = page.url();
    await page.fill('.params input', 'heaps=3 4 x');
    await page.click('text=Apply');
    await page.waitForSelector('.input-error');
    expect(await page.textContent('.input-error')).toMatch(/heaps/);
    expect(await page.inputValue('.params input')).toBe('heaps=3 4 x');
    expect(await page.getAttribute('.params input', 'aria-invalid')).toBe('true');
    expect(page.url()).toBe(linked);
    await page.fill('.params input', 'heaps=1 2');
    await page.click('text=Apply');
    await waitReady(page, 0);
    expect(decodeState(new URL(page.url()).hash).game).toBe('nim(heaps=1 2)');
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

describe('the game setup', () => {
  it('keeps parameters typed the moment a newly picked game is shown, before the next frame', async () => {
    const { page, errors } = await openPage(pg, hashOf('dodgem(size=3)'));
    await waitReady(page, 0);
    const kept = await page.evaluate(async () => {
      const select = document.querySelector('.picker select') as HTMLSelectElement;
      const params = () => document.querySelector('.params input') as HTMLInputElement | null;
      // Kalah's parameters on the page: noticed before the browser paints (a mutation observer's turn).
      const shown = new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (params()?.placeholder.includes('pits=')) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      select.value = 'kalah';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await shown;
      const input = params() as HTMLInputElement;
      input.value = 'pits=5,seeds=4';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // A few painted frames later, what was typed is still there.
      for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return input.value;
    });
    expect(kept).toBe('pits=5,seeds=4');
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
    // No database is offered for it here: the way to play it anyway, once.
    expect(await (await page.waitForSelector('.status.error .advice')).textContent()).toBe(
      'Play it from a solution file: yomi solve … --save FILE, then yomi serve --db FILE.',
    );
    // Its board shows the game, dimmed and inert: nothing on it takes a click or the focus.
    const refusedBoard = () =>
      page.$eval('.board-area', (el) => ({
        inert: (el as HTMLElement).inert,
        unplayable: el.matches('.unplayable'),
      }));
    expect(await refusedBoard()).toEqual({ inert: true, unplayable: true });
    await page.selectOption('.picker select', 'kalah');
    // Kalah's own parameters shown first: what is typed then is not replaced by them.
    await page.waitForSelector('.params input[placeholder*="pits="]');
    await page.fill('.params input', 'pits=5,seeds=4');
    await page.click('text=Apply');
    await page.waitForSelector('.status progress');
    expect(await refusedBoard()).toEqual({ inert: false, unplayable: false });
    await page.click('text=Cancel');
    await page.waitForSelector('text=Cancelled.');
    expect(errors).toEqual([]);
  });
});

/**
 * Connect Four 7×6 with the shipped book, 30 stones into a game (past the
 * book): the game, the moves as a link writes them (each move's place in the
 * list of moves there), the position they reach, a move from there that does
 * not end the game, and the library's values of a position's moves as the
 * page shows them (move name → value).
 */
function deepLine7x6() {
  const spec = 'connect4(width=7,height=6)';
  const { book } = loadBook(shippedBookPath('connect4-7x6.book') as string);
  const game = openGame(spec, '\n').games[0] as Connect4Game;
  const ordinals: number[] = [];
  let end = game.start;
  for (const column of '444445555741221115166666333235') {
    ordinals.push(game.moves(end).indexOf(Number(column) - 1));
    end = game.play(end, Number(column) - 1);
    if (game.primitive?.(end) !== undefined) throw new Error('the line ends before 30 stones');
  }
  const next = game.moves(end).find((m) => game.primitive?.(game.play(end, m)) === undefined) as number;
  const solution = alphaBeta(game, { known: (q) => book.score(q) });
  const valuesAt = (q: Connect4Position) =>
    Object.fromEntries(solution.moves(q).map((mv) => [String(mv.move + 1), formatValue(mv.value)]));
  return {
    spec,
    game,
    hash: hashOf(spec, `vs=none&moves=${ordinals.join('.')}`),
    ordinals,
    end,
    next,
    valuesAt,
  };
}

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
    await waitReady(page, 0);
    const shown = await shownValues(page, '.move-list button');
    expect(Object.keys(shown)).toHaveLength(7);
    expect(shown).toEqual(expected(game.start));
    expect(await page.textContent('body')).toMatch(/opening book/);
    // A first stone in the middle: the seven replies come from the book too.
    await page.click('.move-list button[data-move="4"]');
    await waitReady(page, 1);
    expect(await shownValues(page, '.move-list button')).toEqual(expected(game.play(game.start, 3)));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reopens a link 30 stones deep with the values there, without searching every position behind it', async () => {
    const { game, hash, ordinals, end, next, valuesAt } = deepLine7x6();
    expect(ordinals).toHaveLength(30);
    expect(ordinals).not.toContain(-1);
    const { page, errors } = await openPage(pg, hash);
    await waitReady(page, 30);
    expect(await shownValues(page, '.move-list button')).toEqual(valuesAt(end));
    // The chart has the positions the book holds and the last; those between would each take a search.
    const points = await page.$$eval('.history circle title', (ts) => ts.map((t) => t.textContent ?? ''));
    expect(points.length).toBeGreaterThanOrEqual(2);
    expect(points.length).toBeLessThan(31);
    expect(points[0]).toMatch(/^after 0 moves/);
    expect(points[points.length - 1]).toMatch(/^after 30 moves/);
    // Placed by ply across the 30 moves, the last inside the chart (scaled by the points, it fell far outside).
    const xs = await page.$$eval('.history circle', (cs) => cs.map((c) => Number(c.getAttribute('cx'))));
    const width = await page.$eval('.history svg', (svg) =>
      Number(svg.getAttribute('viewBox')?.split(' ')[2]),
    );
    expect(xs[xs.length - 1]).toBeLessThan(width);
    expect(xs[1] - xs[0]).toBeCloseTo((xs[xs.length - 1] - xs[0]) / 30, 5);
    // One stone more, past the book: on a machine with two cores two workers share the search of the
    // moves' values, each taking the next move when free, and the values are the library's.
    await page.click(`.move-list button[data-move="${next + 1}"]`);
    await waitReady(page, 31);
    expect(await shownValues(page, '.move-list button')).toEqual(valuesAt(game.play(end, next)));
    if ((await page.evaluate(() => navigator.hardwareConcurrency)) >= 2) {
      expect(await page.textContent('.status')).toMatch(/live search beyond it on 2 threads/);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('Connect Four 7×6 when the second worker fails', () => {
  it('answers every move from the first worker when the second cannot read the book', async () => {
    // 30 stones, past the book: the moves' values are searched live.
    const { game, hash, end, next, valuesAt } = deepLine7x6();
    // The first worker reads the book; the second, started once the first has it, gets a 404.
    let reads = 0;
    const { page, errors } = await openPage(pg, hash, 1100, undefined, (context) =>
      context.route('**/*.book', (route) =>
        ++reads === 1 ? route.continue() : route.fulfill({ status: 404 }),
      ),
    );
    await waitReady(page, 30);
    expect(await shownValues(page, '.move-list button')).toEqual(valuesAt(end));
    // And the next position too, with the first worker alone.
    await page.click(`.move-list button[data-move="${next + 1}"]`);
    await waitReady(page, 31);
    expect(await shownValues(page, '.move-list button')).toEqual(valuesAt(game.play(end, next)));
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    expect(reads).toBe(cores >= 2 ? 2 : 1);
    expect(await page.textContent('.status')).not.toMatch(/on 2 threads/);
    // The browser reports the refused request; nothing else went wrong.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await page.context().close();
  });
});

describe('long work after a move', () => {
  it('shows progress and Cancel while a position’s values take long, and Cancel stops the search', async () => {
    // Two stones on 7×6: the values of the replies lie beyond the book, a live search of minutes.
    const { page, errors } = await openPage(pg, hashOf('connect4(width=7,height=6)', 'vs=none&moves=3.3'));
    await page.waitForSelector('.status .query progress');
    expect(await page.textContent('.status .query')).toMatch(/Working out the values of this position/);
    // The search says how far it has got.
    await page.waitForFunction(() =>
      /Working out the values of this position… [\d,]+ positions searched/.test(
        document.querySelector('.status .query')?.textContent ?? '',
      ),
    );
    expect(await page.getAttribute('.board-area', 'data-ready')).toBe('no');
    await page.click('.status .query button:has-text("Cancel")');
    await page.waitForSelector('text=Cancelled.');
    expect(await page.$('.status .query')).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** What the page asked the server for, and when its board got to each ply (page time, ms). */
interface Log {
  requests: { url: string; at: number }[];
  plies: { ply: number; at: number }[];
}

/** Run in the page before its own scripts: logs every fetch and every ply the board shows, with the time. */
function logRequestsAndPlies(): void {
  const log: Log = { requests: [], plies: [] };
  (window as unknown as { yomiLog: Log }).yomiLog = log;
  const fetchFirst = window.fetch.bind(window);
  window.fetch = (input, init) => {
    log.requests.push({ url: String(input instanceof Request ? input.url : input), at: performance.now() });
    return fetchFirst(input, init);
  };
  new MutationObserver((changes) => {
    for (const change of changes) {
      const ply = Number((change.target as Element).getAttribute('data-ply'));
      if (!log.plies.some((p) => p.ply === ply)) log.plies.push({ ply, at: performance.now() });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ply'] });
}

describe('games served from a solution file', () => {
  it('plays Dodgem 4×4 from the file yomi serve --db serves, and says so', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'yomi-served-'));
    const file = join(folder, 'dodgem4.yomi');
    const opened = openGame('dodgem(size=4)');
    saveSolution(file, { opened, dataset: 0 }, solve(opened.games[0], { tableRequired: true }));
    const served = await startServer({ root: WEB_ROOT, port: 0, sources: await openSources([file]) });
    try {
      const { page, errors } = await openPage(
        pg,
        hashOf('dodgem(size=4)', 'vs=second'),
        1280,
        served.url,
        (context) => context.addInitScript(logRequestsAndPlies),
      );
      await waitReady(page, 0);
      expect(await page.getAttribute('.status', 'data-origin')).toBe('solution file');
      expect(await page.textContent('.status')).toMatch(
        /^Values from the solution file dodgem4\.yomi, served by yomi serve \(555,986 positions\)/,
      );
      // The values are the file's (read back as yomi query reads it), and the computer plays from them.
      const solution = await solutionFromFile(file);
      const played = await playWholeGame(page, solution, 4, { maxPlies: 16 });
      expect(played.computerMoves).toBeGreaterThan(3);
      // The computer's move is chosen when the values come, and the position it leads to is asked for
      // then, during the pause before it is played: each such request went out before the board got there.
      const { requests, plies } = await page.evaluate(() => (window as unknown as { yomiLog: Log }).yomiLog);
      const game = solution.game;
      const { positions } = replay(game, played.moves);
      for (let ply = 2; ply <= played.moves.length; ply += 2) {
        const text = game.show?.(positions[ply]) ?? '';
        const asked = requests.find((r) => decodeURIComponent(r.url.split('/').pop() ?? '') === text);
        expect(asked, `ply ${ply}: ${text} never asked`).toBeDefined();
        expect(asked?.at, `ply ${ply}: asked after the board showed it`).toBeLessThan(
          plies.find((p) => p.ply === ply)?.at ?? 0,
        );
      }
      await page.screenshot({ path: join(SCREENSHOTS, 'dodgem-4x4-served-1280.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await served.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('games served from endgame databases and a search', () => {
  it('plays Kalah from the databases yomi serve --db searches, and says so', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'yomi-served-'));
    const spec = 'kalah(pits=3,seeds=3)';
    const game = openGame(spec).games[0];
    // Databases of up to 4 seeds: most positions of the game are searched.
    await buildGameEndgames(game, folder, { upto: 4, recipe: { spec }, threads: 1 });
    const offers = [{ spec, endgames: { upto: 4 }, positions: 1, diskBytes: 1, memoryBytes: 1, seconds: 1 }];
    const sources = await openSources([folder], [], { offers, limits: { seconds: 30, tableBytes: 1 << 24 } });
    const served = await startServer({ root: WEB_ROOT, port: 0, sources });
    try {
      const { page, errors } = await openPage(pg, hashOf(spec, 'vs=second'), 1280, served.url);
      await waitReady(page, 0);
      expect(await page.getAttribute('.status', 'data-origin')).toBe('server search');
      expect(await page.textContent('.status')).toMatch(
        /^Values searched by yomi serve as you play, reading the endgame databases yomi-served-\w+ \(5 tiers \(seeds ≤ 4\), 1 MB\)\./,
      );
      // The legend says how to read a margin that comes without its number of moves.
      expect(await page.textContent('.legend')).toMatch(
        /A margin alone, as \+10, was searched with endgame databases/,
      );
      // The values are the plain solver's (margins: the databases hold no remoteness), the computer's moves best.
      const plain = solve(game);
      const margin = (v: Value): Value => ({ ...v, remoteness: Number.NaN });
      const marginOnly = {
        ...plain,
        value: (p: unknown) => margin(plain.value(p)),
        moves: (p: unknown) => plain.moves(p).map((m) => ({ ...m, value: margin(m.value) })),
      } as Solution<unknown, unknown>;
      const played = await playWholeGame(page, marginOnly, 5);
      expect(played.computerMoves).toBeGreaterThan(3);
      expect(errors).toEqual([]);
    } finally {
      await served.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/**
 * What a phone (390 px) finds wrong with the page: the board starting far down the screen, a control or
 * a move on the board smaller than 44 px to tap, a tap on a move's mark that plays a neighbour, value
 * text on the board under 12 px.
 */
function phoneProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const board = document.querySelector('.board');
    if (board && board.getBoundingClientRect().top > 320)
      out.push(`the board starts ${Math.round(board.getBoundingClientRect().top)} px down`);
    for (const el of document.querySelectorAll('button, select, input, summary, .board [role=button]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const small = el.closest('.board') ? Math.min(r.width, r.height) : r.height;
      if (small < 43.5)
        out.push(
          `${el.tagName} ${el.getAttribute('data-move') ?? el.textContent?.slice(0, 20)}: ${Math.round(small)} px`,
        );
    }
    // A tap on a move's mark plays that move, not a neighbour whose tap area reaches over it.
    for (const mark of document.querySelectorAll('.board .move')) {
      const shape = mark.querySelector('.move-shape') ?? mark;
      shape.scrollIntoView({ block: 'center', inline: 'center' });
      const r = shape.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.closest('.move');
      if (hit !== mark)
        out.push(
          `a tap on ${mark.getAttribute('data-move')} plays ${hit?.getAttribute('data-move') ?? 'nothing'}`,
        );
    }
    window.scrollTo(0, 0);
    // Every word on a board, the values on the marks and the labels alike, 12 px or more.
    for (const text of document.querySelectorAll<SVGTextElement>('.board text')) {
      // The scale of the text's drawing, turned or not (the other side's Dobutsu pieces are upside down).
      const m = text.getScreenCTM();
      const px = Number(text.getAttribute('font-size')) * (m ? Math.hypot(m.a, m.b) : 1);
      if (Number(px.toFixed(1)) < 12) out.push(`text "${text.textContent}": ${px.toFixed(1)} px`);
    }
    return out;
  });
}

// Each game opens, shows the library’s values, plays on its board, undoes, redoes, reloads, and fits 1280 and
// 390 px.
describe('every game in the picker', () => {
  for (const entry of ENTRIES.filter((e) => !e.needsBook)) {
    it(entry.key, async () => {
      const { page, errors } = await openPage(pg, hashOf(entry.spec), 1280);
      await waitReady(page, 0);
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
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${entry.key} ${width}`,
        ).toBeLessThanOrEqual(width);
        await page.screenshot({ path: join(SCREENSHOTS, `${file}-${width}.png`), fullPage: true });
        expect(await seriousViolations(page), `${entry.key} ${width}`).toEqual({});
        if (width === 390) expect((await phoneProblems(page)).join('; '), entry.key).toBe('');
      }
      // The board marks the same values as the list; a click on one (after choosing its piece) plays it.
      const onBoard = await shownValues(page, '.board .move');
      for (const [name, value] of Object.entries(onBoard))
        expect(expected[name as string], `${entry.key} ${name}`).toBe(value);
      const select = await page.$('.board .select');
      if (select) {
        // A chosen piece's moves, drawn round it, on a phone too.
        await page.setViewportSize({ width: 390, height: 844 });
        await select.click();
        expect(await phoneProblems(page), `${entry.key}, a piece chosen`).toEqual([]);
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      const mark = await page.$('.board .move');
      expect(mark, `${entry.key}: a move on the board`).not.toBeNull();
      await mark!.click();
      await waitReady(page, 1);
      // Undo, redo, and a reload keep the position (it is in the URL).
      const after = await page.getAttribute('.board-area', 'data-position');
      await page.keyboard.press('u');
      await waitReady(page, 0);
      await page.keyboard.press('r');
      await waitReady(page, 1);
      await page.reload();
      await waitReady(page, 1);
      expect(await page.getAttribute('.board-area', 'data-position'), entry.key).toBe(after);
      expect(errors, entry.key).toEqual([]);
      await page.context().close();
    });
  }
});
