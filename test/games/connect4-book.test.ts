/**
 * Connect Four opening books: a 5×4 book built by the book builder holds
 * exactly the positions up to its depth that need a search, each with the
 * score memoized negamax gives (itself and its mirror image); payloads and
 * files round-trip (Node's reader and the web-API reader alike) and damaged
 * ones are refused; the shipped 7×6 book backs up consistently and agrees
 * with a search from scratch on a random sample of its entries.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shippedBookPath } from '../../src/cli/books.js';
import { BOOK_ENCODING, BOOK_KIND, readBook } from '../../src/db/book-bytes.js';
import { encodeContainer, loadBook, saveBook } from '../../src/db/book-file.js';
import { Connect4Book, canonicalKey, positionOfKey } from '../../src/games/connect4/book.js';
import {
  advanceLines,
  backUp,
  bookPlan,
  LINES_START,
  linesLevel,
  type Reached,
} from '../../src/games/connect4/book-builder.js';
import { connect4, connect4Score } from '../../src/games/connect4/index.js';
import { type Connect4Position, canPlay, play, staticScore } from '../../src/games/connect4/position.js';
import { alphaBeta } from '../../src/solvers/alphabeta.js';
import { MemoizedNegamax } from '../../src/solvers/negamax.js';

const dir = mkdtempSync(join(tmpdir(), 'yomi-book-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a 5×4 book with a perfect player's lines", () => {
  const game = connect4(5, 4);
  const g = game.geometry;
  const negamax = new MemoizedNegamax(game);
  const scoreOf = (p: Connect4Position) => connect4Score(connect4(5, 4, p), negamax.value(p));
  // Depth 2 in full, then the lines to 9 stones, each level scored as the build's threads would.
  const LINES = 9;
  const plan = bookPlan(g, 2);
  const scores = new Map(backUp(g, plan, plan[2].map(scoreOf)).entries());
  let reached: Reached = LINES_START;
  const levels: number[] = [];
  // Each level's floors against the true scores: [below, equal] counts (a floor above a score is wrong,
  // and every position of the lines has a parent whose score is known).
  const floorsMet = [0, 0];
  let floorAbove: string | undefined;
  const known = (p: Connect4Position) => scores.get(canonicalKey(g, p));
  for (let n = 0; n < LINES; n++) {
    const { positions: level, floors } = linesLevel(g, reached, known);
    levels.push(level.length);
    level.forEach((p, i) => {
      const score = scoreOf(p);
      scores.set(canonicalKey(g, p), score);
      if (floors[i] > score || !Number.isFinite(floors[i]))
        floorAbove ??= `${game.show?.(p)}: floor ${floors[i]}, score ${score}`;
      else floorsMet[floors[i] === score ? 1 : 0]++;
    });
    reached = advanceLines(g, reached, known);
  }
  const book = Connect4Book.fromScores(g, 2, scores, LINES);

  it('gives each position of the lines a floor its score never falls below, and meets it after a best move', () => {
    expect(floorAbove).toBeUndefined();
    // Every position of the lines has a parent with a score; after a best move the floor is the score.
    expect(floorsMet[1]).toBeGreaterThan(0);
    expect(floorsMet[0]).toBeGreaterThan(0);
  });

  it('holds every move of every position a perfect player meets against random moves, with its score', () => {
    // Games of a perfect player (either colour, at random among equal best moves) against random moves.
    let state = 7;
    const random = (n: number) => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state % n;
    };
    for (let trial = 0; trial < 200; trial++) {
      const colour = trial % 2;
      let p = game.start;
      while (p.moves < LINES && !p.won && p.moves < g.cells) {
        const children = game.moves(p).map((m) => game.play(p, m));
        for (const child of children) {
          if (staticScore(g, child) === undefined && child.moves <= LINES)
            expect(book.score(child), game.show?.(child)).toBe(scoreOf(child));
        }
        if (p.moves % 2 === colour) {
          const best = Math.max(...children.map((c) => -scoreOf(c)));
          const bests = children.filter((c) => -scoreOf(c) === best);
          p = bests[random(bests.length)];
        } else {
          p = children[random(children.length)];
        }
      }
    }
  });

  it('holds fewer positions than a full book at every level, and answers nothing past its lines', () => {
    const full = bookPlan(g, LINES);
    levels.forEach((size, n) => {
      expect(size).toBeLessThanOrEqual(full[n + 1].length);
    });
    expect(levels[LINES - 1]).toBeLessThan(full[LINES].length);
    // A position deeper than the lines is never answered, whatever the book holds.
    const deepest = [...book.entries()].map(([key]) => positionOfKey(g, key)).find((p) => p.moves === LINES);
    expect(deepest && book.score(deepest)).toBeDefined();
    expect(deepest && Connect4Book.fromScores(g, 2, scores, LINES - 1).score(deepest)).toBeUndefined();
  });

  it('refuses a checksummed file whose header names an impossible board or depth, in one line', () => {
    const file = join(dir, 'crafted.book');
    const header = {
      kind: BOOK_KIND,
      game: 'connect4(width=5,height=4)',
      width: 5,
      height: 4,
      plies: 2,
      positions: 0,
      encoding: BOOK_ENCODING,
      seconds: 0,
      nodes: 0,
    };
    const empty = new Uint8Array(4);
    for (const [change, message] of [
      [{ width: 1e9 }, 'a board of 1000000000 × 4'],
      [{ height: -1 }, 'a board of 5 × -1'],
      [{ plies: 1.5 }, '1.5 plies and lines to 1.5 stones'],
      [{ lines: 1 }, '2 plies and lines to 1 stones'],
      [{ lines: 99 }, '2 plies and lines to 99 stones'],
    ] as const) {
      writeFileSync(file, encodeContainer({ ...header, ...change }, empty));
      expect(() => loadBook(file)).toThrow(`${file}: corrupt: ${message} in the header`);
    }
  });

  it('round-trips the depth of its lines through a file', async () => {
    const file = join(dir, 'lines.book');
    saveBook(file, book, { seconds: 1, nodes: 2 });
    const loaded = loadBook(file);
    expect([loaded.header.plies, loaded.header.lines, loaded.book.lines]).toEqual([2, LINES, LINES]);
    expect([...loaded.book.entries()]).toEqual([...book.entries()]);
    const web = await readBook(readFileSync(file));
    expect(web.book.lines).toBe(LINES);
  });
});

describe('a 5×4 book of depth 7', () => {
  const game = connect4(5, 4);
  const g = game.geometry;
  const negamax = new MemoizedNegamax(game);
  const scoreOf = (p: Connect4Position) => connect4Score(connect4(5, 4, p), negamax.value(p));
  const plan = bookPlan(g, 7);
  const book = backUp(g, plan, plan[7].map(scoreOf));

  it('holds every position up to 7 stones that needs a search, with its score, and nothing else', () => {
    const seen = new Set<number>();
    let needSearch = 0;
    const visit = (p: Connect4Position) => {
      if (p.moves > 7 || seen.has(canonicalKey(g, p))) return;
      seen.add(canonicalKey(g, p));
      if (staticScore(g, p) !== undefined) {
        expect(book.score(p)).toBeUndefined();
        return;
      }
      needSearch++;
      expect(book.score(p), game.show?.(p)).toBe(scoreOf(p));
      for (const m of game.moves(p)) visit(game.play(p, m));
    };
    visit(game.start);
    expect(book.size).toBe(needSearch);
  });

  it('decodes its keys back into positions of the same score', () => {
    for (const [key, score] of book.entries()) {
      const p = positionOfKey(g, key);
      expect(canonicalKey(g, p)).toBe(key);
      expect(scoreOf(p)).toBe(score);
    }
  });

  it('round-trips its payload, and refuses a damaged one', () => {
    const again = Connect4Book.fromPayload(g, 7, book.payload(), 'p');
    expect([...again.entries()]).toEqual([...book.entries()]);
    expect(() => Connect4Book.fromPayload(g, 7, book.payload().subarray(0, 40), 'p')).toThrow(/^p: corrupt/);
    // A key twice (keys 5, 5: a second delta of 0), and a count the bytes cannot hold.
    const repeated = Uint8Array.of(2, 0, 0, 0, 5, 0, 1, 1);
    expect(() => Connect4Book.fromPayload(g, 7, repeated, 'p')).toThrow(/^p: corrupt/);
    expect(Connect4Book.fromPayload(g, 7, Uint8Array.of(2, 0, 0, 0, 5, 1, 1, 1), 'p').size).toBe(2);
    const huge = Uint8Array.of(0xff, 0xff, 0xff, 0x7f, 5, 1);
    expect(() => Connect4Book.fromPayload(g, 7, huge, 'p')).toThrow(/^p: corrupt/);
  });

  it('round-trips a file through Node and through the web platform, and refuses damage', async () => {
    const path = join(dir, 'b54.book');
    saveBook(path, book, { seconds: 1, nodes: 2 });
    const loaded = loadBook(path);
    expect(loaded.header).toMatchObject({
      game: 'connect4(width=5,height=4)',
      plies: 7,
      positions: book.size,
    });
    expect([...loaded.book.entries()]).toEqual([...book.entries()]);
    const bytes = readFileSync(path);
    const web = await readBook(new Uint8Array(bytes), 'web');
    expect([...web.book.entries()]).toEqual([...book.entries()]);
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 40] ^= 1;
    writeFileSync(join(dir, 'bad.book'), flipped);
    expect(() => loadBook(join(dir, 'bad.book'))).toThrow(/checksum does not match/);
    await expect(readBook(new Uint8Array(flipped), 'web')).rejects.toThrow(/checksum does not match/);
    writeFileSync(join(dir, 'short.book'), bytes.subarray(0, bytes.length - 1));
    expect(() => loadBook(join(dir, 'short.book'))).toThrow(/truncated/);
  });
});

describe('the shipped 7×6 book', () => {
  const path = shippedBookPath('connect4-7x6.book');
  const { book, header } = loadBook(path as string);
  const g = book.geometry;
  const entries = [...book.entries()].map(([key, score]) => ({ p: positionOfKey(g, key), score }));

  it("holds every position up to its depth and a perfect player's lines, each the best of its moves", () => {
    expect(path).toBeDefined();
    expect(header.lines).toBeGreaterThan(header.plies);
    for (const level of bookPlan(g, header.plies))
      for (const p of level) expect(book.score(p), `${p.moves} stones`).toBeDefined();
    // The lines: every level in full up to SAMPLED stones; beyond, the lines of every 16th position
    // reached there (the deepest levels hold most of the book, and walking them took most of this test).
    const SAMPLED = 10;
    let reached: Reached = LINES_START;
    for (let n = 0; n < book.lines; n++) {
      if (n === SAMPLED)
        reached = [reached[0].filter((_, i) => i % 16 === 0), reached[1].filter((_, i) => i % 16 === 0)];
      for (const p of linesLevel(g, reached, (p) => book.score(p)).positions)
        expect(book.score(p), `lines, ${p.moves} stones`).toBeDefined();
      reached = advanceLines(g, reached, (p) => book.score(p));
    }
    // Every entry whose moves' scores are all at hand is the best of them (the full part's always are).
    let checked = 0;
    for (const { p, score } of entries) {
      let best = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < g.width && !Number.isNaN(best); c++) {
        if (!canPlay(g, p, c)) continue;
        const child = play(g, p, c);
        const known = staticScore(g, child) ?? book.score(child);
        // 0 − x, not −x: a draw is +0 (toBe tells −0 from 0).
        best = known === undefined ? Number.NaN : Math.max(best, 0 - known);
      }
      if (Number.isNaN(best)) continue;
      checked++;
      // The board is drawn only for a wrong entry (drawing each took most of this test's time).
      if (!Object.is(score, best)) expect(score, connect4(7, 6, p).show?.(p)).toBe(best);
    }
    expect(checked).toBeGreaterThan(entries.filter((e) => e.p.moves < header.plies).length);
  });

  it('agrees with a search from scratch on a random sample (within 2 M nodes: the proven bounds hold the score)', () => {
    let state = Date.now() >>> 0;
    for (let i = 0; i < 2; i++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      const { p, score } = entries[state % entries.length];
      const game = connect4(7, 6, p);
      const b = alphaBeta(game, { maxNodes: 2_000_000, deferStart: true, tableBytes: 2 ** 26 }).bounds(p);
      const shown = `${game.show?.(p)}\nbook ${score}, proven ${b.lower} … ${b.upper}`;
      expect(b.lower, shown).toBeLessThanOrEqual(score);
      expect(b.upper, shown).toBeGreaterThanOrEqual(score);
    }
  });
});
