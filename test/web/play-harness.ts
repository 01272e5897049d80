/**
 * Plays a whole game in the playground against its computer, checking every
 * step against the library: the value shown for every move is the solution's,
 * each computer reply is a best move (its value, for its mover, is the
 * position's), and the game ends with the page saying so. The person's moves
 * are picked at random (seeded) and played from the move list, which every
 * game has. Used by the end-to-end tests (tic-tac-toe, Connect Four 5×4) and
 * by `npm run bench -- playground` (every game; Connect Four 7×6 once its
 * opening book is wired in).
 */

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seededRandom } from '../../src/core/random.js';
import type { Solution } from '../../src/core/solution.js';
import { formatValue, sameValue } from '../../src/core/value.js';
import { finalValue } from '../../web/src/model/final-score.js';
import { legalMoves, moveNames, replay } from '../../web/src/model/session.js';
import { shownValues } from './browser.js';

export interface PlayedGame {
  plies: number;
  /** The moves played (ordinals in each position's move list). */
  moves: number[];
  computerMoves: number;
  /** Wall time from a move to the page showing the next position's values, in ms. */
  waits: number[];
  /** The ply of the position each wait ended at (its stones on the board, in Connect Four). */
  waitPlies: number[];
  /** Whether each wait took in the computer's reply (and its pause), not only the values of a position. */
  waitReplies: boolean[];
}

interface Shown {
  moves: number[];
  /** The move list is disabled: the computer is to move. */
  waiting: boolean;
}

/** Waits until the page shows the values of a position at least `ply` moves in; what it shows then. */
async function shownAfter(page: Page, ply: number, timeout: number): Promise<Shown> {
  const handle = await page.waitForFunction(
    (n) => {
      const area = document.querySelector('.board-area[data-ready=yes]');
      if (!area || Number(area.getAttribute('data-ply')) < n) return undefined;
      const text = area.getAttribute('data-moves') ?? '';
      const button = document.querySelector('.move-list button');
      return {
        moves: text === '' ? [] : text.split('.').map(Number),
        waiting: button?.hasAttribute('disabled') ?? false,
      };
    },
    ply,
    { timeout },
  );
  return (await handle.jsonValue()) as Shown;
}

/** The points the player to move after `moves` leads by (0 in games without points). */
function moverLeadAt(
  game: Solution<unknown, unknown>['game'],
  positions: readonly unknown[],
  moves: readonly number[],
): number {
  const { movers } = replay(game, moves);
  let lead = 0; // the first player's
  moves.forEach((m, i) => {
    const at = positions[i];
    const points = game.points?.(at, game.moves(at)[m]) ?? 0;
    lead += movers[i] === 0 ? points : -points;
  });
  return movers[moves.length] === 1 ? -lead : lead;
}

/**
 * Plays from the page's current position to the end (or `maxPlies` moves in, for games that may go on
 * for ever); `solution` solves the page's game (with `check: false` only its game is read: the moves
 * are played and timed, not checked); `thinkMs`: how long the person thinks before each move; the
 * person plays at random, or (`best`) a best move, at random among equal ones.
 */
export async function playWholeGame(
  page: Page,
  solution: Solution<unknown, unknown>,
  seed: number,
  {
    timeout = 15_000,
    maxPlies = Number.POSITIVE_INFINITY,
    check = true,
    thinkMs = 0,
    person = 'random' as 'random' | 'best',
  } = {},
): Promise<PlayedGame> {
  const game = solution.game;
  const random = seededRandom(seed);
  const result: PlayedGame = {
    plies: 0,
    moves: [],
    computerMoves: 0,
    waits: [],
    waitPlies: [],
    waitReplies: [],
  };
  let computerToMove = false;
  const mine = new Set<number>();
  let verified = (await shownAfter(page, 0, timeout)).moves.length;
  let waitFor = verified;
  for (;;) {
    const started = performance.now();
    const shown = await shownAfter(page, waitFor, timeout);
    result.waits.push(performance.now() - started);
    result.waitPlies.push(shown.moves.length);
    result.waitReplies.push(computerToMove);
    computerToMove = shown.waiting;
    const { positions } = replay(game, shown.moves);
    // Every move since the last look that the person did not make is the computer's: a best move.
    for (let i = verified; i < shown.moves.length; i++) {
      if (mine.has(i)) continue;
      result.computerMoves++;
      if (!check) continue;
      const at = positions[i];
      const value = solution.moves(at)[shown.moves[i]].value;
      expect(sameValue(value, solution.value(at)), `ply ${i}: not a best move`).toBe(true);
    }
    verified = shown.moves.length;
    result.plies = verified;
    result.moves = shown.moves;
    const p = positions[positions.length - 1];
    if (legalMoves(game, p).length === 0) {
      await expect(page.textContent('[data-testid=turn]')).resolves.toMatch(/Game over/);
      break;
    }
    if (verified >= maxPlies) break;
    waitFor = verified + 1;
    if (shown.waiting) continue;
    const names = moveNames(game, p);
    mine.add(verified);
    // A person takes a while to choose (the server may think meanwhile); the wait is timed from the move.
    if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs));
    // The person's move: any, or one of the best.
    const choices =
      person === 'best'
        ? names.filter((_, i) => sameValue(solution.moves(p)[i].value, solution.value(p)))
        : names;
    const move = choices[random.below(choices.length)];
    if (!check) {
      await page.click(`.move-list button[data-move="${move}"]`);
      continue;
    }
    // Scoring games: the page reads values as the final score, the points made so far added.
    const lead = moverLeadAt(game, positions, shown.moves);
    const expected = Object.fromEntries(
      solution.moves(p).map((mv, i) => [names[i], formatValue(finalValue(mv.value, lead))]),
    );
    expect(await shownValues(page, '.move-list button')).toEqual(expected);
    await page.click(`.move-list button[data-move="${move}"]`);
  }
  return result;
}
