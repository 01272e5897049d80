/**
 * Dobutsu shogi's perfect hash and its moves and un-moves:
 * - the number of positions from a count written in the test (Tanaka's
 *   1,567,925,964 with the mover normalised; 855,232,344 indices with the
 *   mirror folded by the lions' squares), for every variant;
 * - rank and unrank: every index of the small variants, random positions of
 *   the full game; a position, its mirror image and its colour-swapped
 *   half-turn have one index;
 * - children against the Game form's moves mapped through rankOf; parents
 *   against the definition (every non-primitive q with p among children(q),
 *   once): exhaustively on small variants by a reverse graph, and on random
 *   positions of the full game by over-generating candidate parents and
 *   keeping those whose moves reach p;
 * - `yomi check`'s play-outs (which verify parents too).
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkGame, formatReport } from '../../src/check/run.js';
import { primitiveValue } from '../../src/core/game.js';
import { NOT_PRIMITIVE, primitiveCode, WIN } from '../../src/core/outcome.js';
import {
  DobutsuIndexed,
  type DobutsuPosition,
  dobutsuGame,
  formatPosition,
  parsePosition,
} from '../../src/games/dobutsu/index.js';
import { randomPosition } from './dobutsu-fixtures.js';

const full = new DobutsuIndexed('GEC');
const fullGame = dobutsuGame('GEC');

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

/**
 * Positions with the mover normalised, per ordered lion pair: each pair in
 * play has n = 0, 1 or 2 pieces on the 10 free squares (2 states for a
 * giraffe or elephant, 4 for a chick: either side, promoted or not) and the
 * other 2 − n split between the hands in 3 − n ways.
 */
function positionsPerLionPair(pieces: string): number {
  let total = 0;
  const range = (kind: string) => (pieces.includes(kind) ? [0, 1, 2] : [0]);
  for (const g of range('G')) {
    for (const e of range('E')) {
      for (const c of range('C')) {
        const placements =
          factorial(10) / (factorial(g) * factorial(e) * factorial(c) * factorial(10 - g - e - c));
        const states = 2 ** g * 2 ** e * 4 ** c;
        const hands =
          (pieces.includes('G') ? 3 - g : 1) *
          (pieces.includes('E') ? 3 - e : 1) *
          (pieces.includes('C') ? 3 - c : 1);
        total += placements * states * hands;
      }
    }
  }
  return total;
}

const mirrored = (p: DobutsuPosition): DobutsuPosition => ({
  ...p,
  board: [0, 1, 2, 3].map((r) => [...p.board.slice(3 * r, 3 * r + 3)].reverse().join('')).join(''),
});

const swapped = (p: DobutsuPosition): DobutsuPosition => ({
  board: [...p.board]
    .reverse()
    .map((ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()))
    .join(''),
  turn: p.turn === 0 ? 1 : 0,
  hands: [p.hands[1], p.hands[0]],
});

/** The positions a position of the Game form moves to, as indices. */
function childIndices(game: DobutsuIndexed, p: DobutsuPosition): Set<number> {
  const g = dobutsuGame(game.pieces);
  return new Set(g.moves(p).map((m) => game.rankOf(g.play(p, m))));
}

function list(game: DobutsuIndexed, p: number, kind: 'children' | 'parents'): number[] {
  const out = new Int32Array(kind === 'children' ? game.maxMoves : game.maxParents);
  const n = game[kind](p, out);
  return Array.from(out.subarray(0, n));
}

describe('dobutsu perfect hash: counts', () => {
  it("has Tanaka's 1,567,925,964 positions with the mover normalised, and 855,232,344 indices", () => {
    expect(132 * positionsPerLionPair('GEC')).toBe(1_567_925_964);
    expect(132 * full.layout.rest).toBe(1_567_925_964);
    expect(full.size).toBe(855_232_344);
  });

  for (const pieces of ['', 'G', 'E', 'C', 'GE', 'GC', 'EC']) {
    it(`counts the variant pieces=${pieces || 'none'} the same way`, () => {
      const game = new DobutsuIndexed(pieces);
      expect(game.layout.rest).toBe(positionsPerLionPair(pieces));
      // 72 classes of lion pairs: 60 pairs with their mirror images, 12 with both lions on file b.
      expect(game.size).toBe(72 * game.layout.rest);
    });
  }
});

describe('dobutsu perfect hash: rank and unrank', () => {
  for (const pieces of ['', 'G', 'C']) {
    it(`every index of pieces=${pieces || 'none'} is one position; canonical ones rank back to themselves`, () => {
      const game = new DobutsuIndexed(pieces);
      const seen = new Set<string>();
      const problems: string[] = [];
      let canonical = 0;
      let symmetric = 0;
      const out = new Int32Array(game.maxParents);
      for (let i = 0; i < game.size; i++) {
        const p = game.positionOf(i);
        const text = formatPosition(p);
        seen.add(formatPosition(parsePosition(text, pieces)));
        const r = game.rankOf(p);
        if (game.rankOf(mirrored(p)) !== r || game.rankOf(swapped(p)) !== r) problems.push(`${i}: ${text}`);
        if (formatPosition(mirrored(p)) === text) symmetric++;
        if (r === i) {
          canonical++;
          continue;
        }
        // Only lions on file b have two indices, and the smaller one is the position's; the other has no parents.
        const onB = p.board.indexOf('L') % 3 === 1 && p.board.indexOf('l') % 3 === 1;
        if (r > i || !onB || game.parents(i, out) !== 0) problems.push(`${i} ranks as ${r}: ${text}`);
      }
      expect(problems.slice(0, 5)).toEqual([]);
      expect(seen.size).toBe(game.size);
      // One index per class: 60 lion pairs whole, and for the 12 pairs on file b
      // each symmetric position and one of each other mirror pair.
      const rest = game.layout.rest;
      expect(canonical).toBe(60 * rest + (12 * rest + symmetric) / 2);
    });
  }

  it('random positions of the full game: one index for a position, its mirror image and its swapped sides', () => {
    fc.assert(
      fc.property(fc.integer(), fc.boolean(), fc.boolean(), (seed, sym, calm) => {
        const p = randomPosition(seed, 'GEC', sym, calm);
        const i = full.rankOf(p);
        expect(Number.isInteger(i) && i >= 0 && i < full.size).toBe(true);
        expect(full.rankOf(mirrored(p))).toBe(i);
        expect(full.rankOf(swapped(p))).toBe(i);
        expect(full.rankOf(swapped(mirrored(p)))).toBe(i);
        // The representative is the position seen by its mover, or its mirror image.
        const mover = p.turn === 0 ? p : swapped(p);
        const back = formatPosition(full.positionOf(i));
        expect([formatPosition(mover), formatPosition(mirrored(mover))]).toContain(back);
        expect(full.parsePosition(formatPosition(p))).toBe(i);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('dobutsu moves and un-moves', () => {
  it('random positions: children are the Game form moves, moveCount counts them, primitive agrees', () => {
    fc.assert(
      fc.property(fc.integer(), fc.boolean(), fc.boolean(), (seed, sym, calm) => {
        const p = randomPosition(seed, 'GEC', sym, calm);
        const i = full.rankOf(p);
        const children = list(full, i, 'children');
        expect(new Set(children).size).toBe(children.length);
        expect(new Set(children)).toEqual(childIndices(full, p));
        const outcome = primitiveValue(fullGame, p)?.outcome;
        const code = full.primitive(i);
        expect(code).toBe(outcome === 'win' ? primitiveCode(WIN, 1) : outcome === 'lose' ? 0 : NOT_PRIMITIVE);
        expect(full.moveCount(i)).toBe(children.length);
        // The moves that do not leave the lion to be captured: children that are not a win in 1.
        const safe = children.filter((c) => full.primitive(c) !== primitiveCode(WIN, 1));
        expect(full.safeMoveCount(i)).toBe(safe.length);
        for (const c of children) expect(list(full, c, 'parents').filter((q) => q === i)).toEqual([i]);
        // Move k of the index's position, as named, reaches child k.
        const shown = full.positionOf(i);
        const moves = full.movesOf(i);
        expect(moves.map((m) => full.rankOf(fullGame.play(shown, m)))).toEqual(children);
        expect(children.map((_, k) => full.moveName(i, k))).toEqual(
          moves.map((m) => fullGame.moveName!(shown, m)),
        );
      }),
      { numRuns: 1500 },
    );
  });

  /**
   * Every position one move of the previous mover away from p, generously:
   * any of their pieces put back on any empty square (a hen also as a
   * chick), what it stands on now either empty before or any piece of the
   * other side whose kind is in the previous mover's hand; or any unpromoted
   * piece of theirs returned to hand. Most are not parents at all.
   */
  function candidateParents(p: DobutsuPosition): DobutsuPosition[] {
    const before = p.turn === 0 ? 1 : 0;
    const theirs = (ch: string) => ch !== '.' && (ch === ch.toUpperCase()) === (before === 0);
    const colour = (letter: string, player: number) => (player === 0 ? letter : letter.toLowerCase());
    const withHand = (hands: readonly [string, string], player: number, hand: string): [string, string] =>
      player === 0 ? [hand, hands[1]] : [hands[0], hand];
    const out: DobutsuPosition[] = [];
    for (let x = 0; x < 12; x++) {
      const piece = p.board[x];
      if (!theirs(piece)) continue;
      const type = piece.toUpperCase();
      for (let s = 0; s < 12; s++) {
        if (p.board[s] !== '.') continue;
        for (const was of type === 'H' ? ['H', 'C'] : [type]) {
          for (const taken of ['', 'G', 'E', 'C', 'H']) {
            const kind = taken === 'H' ? 'C' : taken;
            const hand = p.hands[before];
            if (kind !== '' && !hand.includes(kind)) continue;
            const board = [...p.board];
            board[s] = colour(was, before);
            board[x] = taken === '' ? '.' : colour(taken, p.turn);
            out.push({
              board: board.join(''),
              turn: before,
              hands: withHand(p.hands, before, hand.replace(kind, '')),
            });
          }
        }
      }
      if (type !== 'H' && type !== 'L') {
        const board = [...p.board];
        board[x] = '.';
        const hand = [...p.hands[before], type].sort((a, b) => 'GEC'.indexOf(a) - 'GEC'.indexOf(b)).join('');
        out.push({ board: board.join(''), turn: before, hands: withHand(p.hands, before, hand) });
      }
    }
    return out;
  }

  it('random positions: parents are exactly the non-primitive positions with a move to p, each once', () => {
    fc.assert(
      fc.property(fc.integer(), fc.boolean(), fc.boolean(), (seed, sym, calm) => {
        const p = randomPosition(seed, 'GEC', sym, calm);
        const i = full.rankOf(p);
        const expected = new Set<number>();
        for (const q of candidateParents(p)) {
          if (fullGame.primitive!(q) !== undefined) continue;
          if (childIndices(full, q).has(i)) expected.add(full.rankOf(q));
        }
        const parents = list(full, i, 'parents');
        expect(new Set(parents).size).toBe(parents.length);
        expect(new Set(parents)).toEqual(expected);
        expect(parents.length).toBeLessThanOrEqual(full.maxParents);
      }),
      { numRuns: 300 },
    );
  });

  for (const pieces of ['C', 'E']) {
    it(`pieces=${pieces}: parents() of every index is the reverse of children() of the canonical indices`, () => {
      const game = new DobutsuIndexed(pieces);
      const reverse = Array.from({ length: game.size }, () => [] as number[]);
      const out = new Int32Array(Math.max(game.maxMoves, game.maxParents));
      const problems: string[] = [];
      for (let q = 0; q < game.size; q++) {
        const canonical = game.rankOf(game.positionOf(q)) === q;
        if (game.isCanonical(q) !== canonical) problems.push(`isCanonical(${q})`);
        if (!canonical) continue; // never a child, never a parent
        const n = game.children(q, out);
        if (new Set(out.subarray(0, n)).size !== n || game.moveCount(q) !== n)
          problems.push(`children of ${q}`);
        let safe = 0;
        for (let k = 0; k < n; k++) if (game.primitive(out[k]) !== primitiveCode(WIN, 1)) safe++;
        if (game.safeMoveCount(q) !== safe) problems.push(`safeMoveCount(${q})`);
        for (let k = 0; k < n; k++) reverse[out[k]].push(q);
      }
      for (let p = 0; p < game.size; p++) {
        const n = game.parents(p, out);
        const got = Array.from(out.subarray(0, n)).sort((a, b) => a - b);
        if (got.join() !== reverse[p].sort((a, b) => a - b).join())
          problems.push(`parents of ${p}: ${game.show(p)}`);
      }
      expect(problems.slice(0, 5)).toEqual([]);
    });
  }

  for (const pieces of ['GEC', 'C']) {
    it(`passes yomi check (pieces=${pieces})`, () => {
      const report = checkGame(new DobutsuIndexed(pieces), { playouts: 300, seed: 5 });
      expect(report.violation, formatReport(report)).toBeUndefined();
      expect(report.plies).toBeGreaterThan(300);
    });
  }
});
