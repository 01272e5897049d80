/**
 * Dobutsu shogi's rules and notation: hand-made positions for each rule
 * (promotion, drops on the far rank, tries that fail and succeed, a hen
 * captured, the win in 1), the notation's round trips and its errors, and
 * move sequences from the start counted against a plain rules engine written
 * in the test (dobutsu-fixtures.ts), in the Game form and, as sets of
 * positions, in the indexed form.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/core/game.js';
import { LOSE, NOT_PRIMITIVE, primitiveCode, WIN } from '../../src/core/outcome.js';

/** What the Game form's primitive says where the lion can be taken. */
const WIN_IN_ONE = { outcome: 'win', remoteness: 1 };

import {
  DobutsuIndexed,
  type DobutsuMove,
  type DobutsuPosition,
  dobutsuGame,
  formatPosition,
  parsePosition,
  showPosition,
} from '../../src/games/dobutsu/index.js';
import { expectUserError, runCli } from '../run-cli.js';
import {
  plainChildren,
  plainClassKey,
  plainPerft,
  plainStart,
  randomPosition,
  toPosition,
} from './dobutsu-fixtures.js';

const game = dobutsuGame('GEC');
const parse = (text: string) => parsePosition(text, 'GEC');

/** The moves of a position by name. */
function byName(g: Game<DobutsuPosition, DobutsuMove>, p: DobutsuPosition): Map<string, DobutsuMove> {
  return new Map(g.moves(p).map((m) => [g.moveName!(p, m), m]));
}

function play(p: DobutsuPosition, name: string): DobutsuPosition {
  const m = byName(game, p).get(name);
  if (!m)
    throw new Error(`no move ${name} in ${formatPosition(p)}: ${[...byName(game, p).keys()].join(' ')}`);
  return game.play(p, m);
}

describe('dobutsu rules', () => {
  it('starts from the usual setup, the first player to move', () => {
    expect(formatPosition(game.start)).toBe('gle/.c./.C./ELG b -');
    expect([...byName(game, game.start).keys()]).toEqual(['Cb3xb2', 'Lb4-a3', 'Lb4-c3', 'Gc4-c3']);
  });

  it('promotes a chick that moves onto the far rank; a captured hen goes to hand as a chick', () => {
    const p = parse('l../.C./.../..L b GGEEc');
    const promoted = play(p, 'Cb2-b1+');
    expect(formatPosition(promoted)).toBe('lH./.../.../..L w GGEEc');
    // The second player's lion takes the hen: a chick in hand.
    const taken = play(promoted, 'La1xb1');
    expect(formatPosition(taken)).toBe('.l./.../.../..L b GGEEcc');
    // The same for the second player: a chick reaching rank 4 promotes.
    const q = parse('..l/.../.c./L.. w GGEEC');
    expect(formatPosition(play(q, 'Cb3-b4+'))).toBe('..l/.../.../Lh. b GGEEC');
  });

  it('drops a chick on the far rank unpromoted, where it cannot move', () => {
    const p = parse('l../.../.../..L b GGEECc');
    const dropped = play(p, 'C*b1');
    expect(formatPosition(dropped)).toBe('lC./.../.../..L w GGEEc');
    const back = { ...dropped, turn: 0 as const };
    expect([...byName(game, back).keys()].filter((n) => n.includes('b1-'))).toEqual([]);
    // Drops go on every empty square, the far rank included.
    expect([...byName(game, p).keys()].filter((n) => n.startsWith('C*'))).toHaveLength(10);
  });

  it('a try the opponent can answer by capturing the lion is not over; one it cannot is a loss', () => {
    const indexed = new DobutsuIndexed('GEC');
    const p = parse('..l/L../.../... b GGEECC');
    const safe = play(p, 'La2-a1');
    expect(game.primitive!(safe)).toBe('lose');
    expect(indexed.primitive(indexed.rankOf(safe))).toBe(LOSE);
    const answered = play(p, 'La2-b1');
    expect(game.primitive!(answered)).toEqual(WIN_IN_ONE);
    expect(indexed.primitive(indexed.rankOf(answered))).toBe(primitiveCode(WIN, 1));
    // The same for the second player's lion on rank 4.
    const q = parse('.../.../..l/L.. w GGEECC');
    expect(game.primitive!(play(q, 'Lc3-c4'))).toBe('lose');
    expect(game.primitive!(play(q, 'Lc3-b4'))).toEqual(WIN_IN_ONE);
  });

  it('a position where the mover can take the enemy lion is a win in 1 and has no moves', () => {
    const indexed = new DobutsuIndexed('GEC');
    const p = parse('.l./.G./.../.L. b EECCg');
    expect(game.primitive!(p)).toEqual(WIN_IN_ONE);
    expect(game.moves(p)).toEqual([]);
    const i = indexed.rankOf(p);
    expect(indexed.primitive(i)).toBe(primitiveCode(WIN, 1));
    expect(indexed.children(i, new Int32Array(indexed.maxMoves))).toBe(0);
    // The same with the second player to move (an elephant takes the lion diagonally).
    const q = parse('.l./.../e../.L. w GGECC');
    expect(game.primitive!(q)).toEqual(WIN_IN_ONE);
    expect(indexed.primitive(indexed.rankOf(q))).toBe(primitiveCode(WIN, 1));
    expect(indexed.primitive(indexed.rankOf(game.start))).toBe(NOT_PRIMITIVE);
  });
});

describe('dobutsu notation', () => {
  it('reads back what it writes, on one line and as a diagram', () => {
    fc.assert(
      fc.property(fc.integer(), fc.boolean(), fc.constantFrom('GEC', 'C', 'GE', ''), (seed, sym, pieces) => {
        const p = randomPosition(seed, pieces, sym);
        expect(parsePosition(formatPosition(p), pieces)).toEqual(p);
        expect(parsePosition(showPosition(p), pieces)).toEqual(p);
      }),
      { numRuns: 300 },
    );
  });

  it('draws the start with coordinates, hands and the side to move', () => {
    expect(showPosition(game.start)).toBe(
      [
        '  a b c',
        '1 g l e   hand: -',
        '2 . c .',
        '3 . C .',
        '4 E L G   hand: -',
        'first player (upper case) to move',
      ].join('\n'),
    );
  });

  const malformed: [string, string, RegExp][] = [
    ['too few fields', 'gle/.c./.C./ELG b', /a Dobutsu position is '<ranks 1-4 separated by \/>/],
    ['three ranks', 'gle/.c./ELG b -', /has 3 ranks; it needs 4/],
    ['a short rank', 'gle/.c/.C./ELG b -', /rank 2 '.c' has 2 squares/],
    ['a strange letter', 'gle/.x./.C./ELG b -', /rank 2 '.x.': 'x' is not a piece/],
    ['a bad side', 'gle/.c./.C./ELG x -', /the side to move is 'x'; write b/],
    ['a hen in hand', 'gle/.../.C./ELG b H', /'H' cannot be in hand: a captured hen goes to hand as a chick/],
    ['a lion in hand', 'gle/.c./.C./EG. b L', /'L' cannot be in hand: a lion is never in hand/],
    ['two lions', 'gle/.c./.C./ELL b -', /the first player has 2 lions/],
    ['no second lion', 'g.e/.c./.C./ELG b -', /the second player has 0 lions/],
    [
      'three chicks',
      'gle/.c./.C./ELG b c',
      /chicks \(with hens\): 3 on the board and in hand, but the game has 2/,
    ],
    ['a missing giraffe', 'gle/.c./.C./EL. b -', /giraffes: 1 on the board and in hand, but the game has 2/],
    ['a bad diagram', '  a b c\n1 g l e\n2 . c .\nfirst player to move', /this one has 4 lines, not 6/],
  ];
  for (const [what, text, message] of malformed) {
    it(`refuses ${what} with one clear error`, () => {
      expect(() => parse(text)).toThrow(message);
    });
  }

  it('refuses pieces that are not in play in a variant', () => {
    expect(() => parsePosition('gle/.c./.C./ELG b -', 'C')).toThrow(
      /giraffes: 2 on the board and in hand, but the game has 0 \(not in play in this variant: pieces=C\)/,
    );
  });
});

describe('dobutsu move sequences from the start', () => {
  function perft(p: DobutsuPosition, plies: number): number {
    if (plies === 0) return 1;
    let n = 0;
    for (const m of game.moves(p)) n += perft(game.play(p, m), plies - 1);
    return n;
  }

  it('the Game form counts the same sequences as a plain rules engine, plies 1 … 7', () => {
    const counts: number[] = [];
    for (let plies = 1; plies <= 7; plies++) {
      const expected = plainPerft(plainStart(), plies);
      expect(perft(game.start, plies), `ply ${plies}`).toBe(expected);
      counts.push(expected);
    }
    // The counts grow as drops come in; they are not a fixed table copied from the code.
    expect(counts[0]).toBe(4);
  });

  it('the indexed form reaches the same positions (mirror images and sides identified), plies 0 … 7', () => {
    const indexed = new DobutsuIndexed('GEC');
    const out = new Int32Array(indexed.maxMoves);
    let layer = new Set([indexed.start]);
    let plain = new Map([[plainClassKey(plainStart()), plainStart()]]);
    for (let ply = 0; ply <= 7; ply++) {
      expect(layer.size, `ply ${ply}`).toBe(plain.size);
      expect(new Set([...plain.values()].map((p) => indexed.rankOf(toPosition(p))))).toEqual(layer);
      const next = new Set<number>();
      for (const i of layer) {
        const n = indexed.children(i, out);
        for (let k = 0; k < n; k++) next.add(out[k]);
      }
      const nextPlain = new Map<string, ReturnType<typeof plainStart>>();
      for (const p of plain.values()) for (const c of plainChildren(p)) nextPlain.set(plainClassKey(c), c);
      layer = next;
      plain = nextPlain;
    }
  });
});

describe('dobutsu on the command line', () => {
  it('passes yomi check', () => {
    const r = runCli(['check', 'dobutsu', '--playouts', '50']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^dobutsu\(pieces=GEC\): ok, \d+ checks held over 50 play-outs/);
  });

  it('refuses a malformed position or parameter with one line', () => {
    expectUserError(
      runCli(['analyze', 'dobutsu(pieces=C)', '--position', 'l../.../.../..L b Cc H']),
      /a Dobutsu position is '<ranks 1-4 separated by \/> <b\|w> <hands or ->'/,
    );
    expectUserError(runCli(['solve', 'dobutsu(pieces=GX)']), "'X' is not a pair");
  });
});
