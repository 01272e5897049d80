/**
 * Test fixtures for Dobutsu shogi, written apart from the game's code:
 * - a plain rules engine on a board array (pieces as objects, directions
 *   written as forward/sideways steps), to count move sequences against;
 * - random positions (seeded) of any variant, some of them left–right
 *   symmetric with both lions on file b, where the mirror fold has work to do.
 */

import { type Random, seededRandom } from '../../src/core/random.js';
import type { DobutsuPosition } from '../../src/games/dobutsu/index.js';

export interface PlainPiece {
  owner: 0 | 1;
  type: 'L' | 'G' | 'E' | 'C' | 'H';
}

export interface PlainPosition {
  /** board[row][file], row 0 = rank 1. */
  board: (PlainPiece | null)[][];
  turn: 0 | 1;
  /** hands[player]: kinds in hand. */
  hands: [string[], string[]];
}

/** Steps as [forward, sideways] for the player who moves them. */
const STEPS: Record<PlainPiece['type'], [number, number][]> = {
  L: [
    [1, -1],
    [1, 0],
    [1, 1],
    [0, -1],
    [0, 1],
    [-1, -1],
    [-1, 0],
    [-1, 1],
  ],
  G: [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ],
  E: [
    [1, 1],
    [1, -1],
    [-1, 1],
    [-1, -1],
  ],
  C: [[1, 0]],
  H: [
    [1, -1],
    [1, 0],
    [1, 1],
    [0, -1],
    [0, 1],
    [-1, 0],
  ],
};

/** Forward is towards rank 1 for the first player, towards rank 4 for the second. */
const forward = (player: number): number => (player === 0 ? -1 : 1);

export function plainStart(pieces = 'GEC'): PlainPosition {
  const board: (PlainPiece | null)[][] = [0, 1, 2, 3].map(() => [null, null, null]);
  const put = (row: number, file: number, type: PlainPiece['type'], owner: 0 | 1) => {
    if (type === 'L' || pieces.includes(type)) board[row][file] = { owner, type };
  };
  put(3, 0, 'E', 0);
  put(3, 1, 'L', 0);
  put(3, 2, 'G', 0);
  put(2, 1, 'C', 0);
  put(0, 0, 'G', 1);
  put(0, 1, 'L', 1);
  put(0, 2, 'E', 1);
  put(1, 1, 'C', 1);
  return { board, turn: 0, hands: [[], []] };
}

type Target = { row: number; file: number };

function targets(p: PlainPosition, row: number, file: number): Target[] {
  const piece = p.board[row][file]!;
  const out: Target[] = [];
  for (const [f, side] of STEPS[piece.type]) {
    const r = row + f * forward(piece.owner);
    const c = file + side;
    if (r < 0 || r > 3 || c < 0 || c > 2) continue;
    const there = p.board[r][c];
    if (there && there.owner === piece.owner) continue;
    out.push({ row: r, file: c });
  }
  return out;
}

/** 'win' (the mover can take the enemy lion), 'lose' (the enemy lion is safe on the mover's home rank), or undefined. */
export function plainOutcome(p: PlainPosition): 'win' | 'lose' | undefined {
  let enemyLion: Target | undefined;
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 3; c++) {
      const q = p.board[r][c];
      if (q && q.type === 'L' && q.owner !== p.turn) enemyLion = { row: r, file: c };
    }
  }
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 3; c++) {
      const q = p.board[r][c];
      if (!q || q.owner !== p.turn) continue;
      if (targets(p, r, c).some((t) => t.row === enemyLion!.row && t.file === enemyLion!.file)) return 'win';
    }
  }
  const home = p.turn === 0 ? 3 : 0;
  return enemyLion!.row === home ? 'lose' : undefined;
}

/** The positions after each legal move (none when the game is over). */
export function plainChildren(p: PlainPosition): PlainPosition[] {
  if (plainOutcome(p) !== undefined) return [];
  const out: PlainPosition[] = [];
  const copy = (): PlainPosition => ({
    board: p.board.map((row) => row.map((q) => (q ? { ...q } : null))),
    turn: p.turn === 0 ? 1 : 0,
    hands: [[...p.hands[0]], [...p.hands[1]]],
  });
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 3; c++) {
      const q = p.board[r][c];
      if (!q || q.owner !== p.turn) continue;
      for (const t of targets(p, r, c)) {
        const next = copy();
        const taken = next.board[t.row][t.file];
        if (taken) next.hands[p.turn].push(taken.type === 'H' ? 'C' : taken.type);
        const farRank = p.turn === 0 ? 0 : 3;
        const type = q.type === 'C' && t.row === farRank ? 'H' : q.type;
        next.board[t.row][t.file] = { owner: p.turn, type };
        next.board[r][c] = null;
        out.push(next);
      }
    }
  }
  for (const kind of new Set(p.hands[p.turn])) {
    for (let r = 0; r < 4; r++) {
      for (let c = 0; c < 3; c++) {
        if (p.board[r][c]) continue;
        const next = copy();
        next.hands[p.turn].splice(next.hands[p.turn].indexOf(kind), 1);
        next.board[r][c] = { owner: p.turn, type: kind as PlainPiece['type'] };
        out.push(next);
      }
    }
  }
  return out;
}

/** Move sequences of exactly `plies` plies from p (sequences end early where the game is over and are not counted). */
export function plainPerft(p: PlainPosition, plies: number): number {
  if (plies === 0) return 1;
  let n = 0;
  for (const child of plainChildren(p)) n += plainPerft(child, plies - 1);
  return n;
}

/** A text that is equal for two plain positions exactly when they are one position up to the mirror and the mover's side. */
export function plainClassKey(p: PlainPosition): string {
  const view = (mirrored: boolean) => {
    let text = '';
    for (let i = 0; i < 12; i++) {
      // As the mover sees it: the second player's board turned by a half-turn.
      const j = p.turn === 0 ? i : 11 - i;
      const r = Math.floor(j / 3);
      const c = mirrored ? 2 - (j % 3) : j % 3;
      const q = p.board[r][c];
      text += q ? (q.owner === p.turn ? q.type : q.type.toLowerCase()) : '.';
    }
    const hand = (player: number) => [...p.hands[player]].sort().join('');
    return `${text} ${hand(p.turn)} ${hand(1 - p.turn)}`;
  };
  const a = view(false);
  const b = view(true);
  return [a, b].sort()[0];
}

/** The plain position as the game's position type. */
export function toPosition(p: PlainPosition): DobutsuPosition {
  let board = '';
  for (const row of p.board) {
    for (const q of row) board += q ? (q.owner === 0 ? q.type : q.type.toLowerCase()) : '.';
  }
  const hand = (kinds: string[]) => [...kinds].sort((a, b) => 'GEC'.indexOf(a) - 'GEC'.indexOf(b)).join('');
  return { board, turn: p.turn, hands: [hand(p.hands[0]), hand(p.hands[1])] };
}

/** The game's position as a plain one. */
export function fromPosition(p: DobutsuPosition): PlainPosition {
  const board = [0, 1, 2, 3].map((r) =>
    [0, 1, 2].map((c) => {
      const ch = p.board[3 * r + c];
      if (ch === '.') return null;
      const upper = ch.toUpperCase() as PlainPiece['type'];
      return { owner: ch === upper ? 0 : 1, type: upper } as PlainPiece;
    }),
  );
  return { board, turn: p.turn, hands: [[...p.hands[0]], [...p.hands[1]]] };
}

/** Neither lion can be captured (by whoever moved): the game goes on and the last move was legal to make. */
export function quiet(p: DobutsuPosition): boolean {
  const plain = fromPosition(p);
  const other: PlainPosition = { ...plain, turn: plain.turn === 0 ? 1 : 0 };
  return plainOutcome(plain) !== 'win' && plainOutcome(other) !== 'win';
}

/**
 * A random position of a variant: lions on two squares, each other piece on
 * a free square (either colour; a chick may be a hen) or in either hand.
 * `symmetric`: lions on file b and the board its own mirror image. `calm`:
 * drawn again until neither lion can be captured (most random positions are
 * over, with a lion en prise).
 */
export function randomPosition(
  seed: number,
  pieces: string,
  symmetric: boolean,
  calm = false,
): DobutsuPosition {
  const rnd: Random = seededRandom(seed);
  for (;;) {
    const p = draw(rnd, pieces, symmetric);
    if (!calm || quiet(p)) return p;
  }
}

function draw(rnd: Random, pieces: string, symmetric: boolean): DobutsuPosition {
  const board = Array<string>(12).fill('.');
  const hands = ['', ''];
  const colour = (letter: string, owner: number) => (owner === 0 ? letter : letter.toLowerCase());
  const emptySquares = (files: number[]) =>
    [...Array(12).keys()].filter((s) => board[s] === '.' && files.includes(s % 3));
  const pick = (list: number[]) => list[rnd.below(list.length)];
  const [lion, enemy] = symmetric
    ? (() => {
        const r = rnd.below(4);
        return [3 * r + 1, 3 * ((r + 1 + rnd.below(3)) % 4) + 1];
      })()
    : (() => {
        const a = rnd.below(12);
        return [a, (a + 1 + rnd.below(11)) % 12];
      })();
  board[lion] = 'L';
  board[enemy] = 'l';
  for (const kind of pieces) {
    const letter = () => (kind === 'C' && rnd.below(2) === 0 ? 'H' : kind);
    if (symmetric && rnd.below(3) === 0) {
      // The pair on a square of file a and its mirror on file c, alike.
      const free = emptySquares([0]).filter((s) => board[s + 2] === '.');
      if (free.length > 0) {
        const s = pick(free);
        const piece = colour(letter(), rnd.below(2));
        board[s] = piece;
        board[s + 2] = piece;
        continue;
      }
    }
    for (let copy = 0; copy < 2; copy++) {
      const free = emptySquares(symmetric ? [1] : [0, 1, 2]);
      if (rnd.below(3) === 0 || free.length === 0) hands[rnd.below(2)] += kind;
      else board[pick(free)] = colour(letter(), rnd.below(2));
    }
  }
  const sort = (h: string) => [...h].sort((a, b) => 'GEC'.indexOf(a) - 'GEC'.indexOf(b)).join('');
  return { board: board.join(''), turn: rnd.below(2) as 0 | 1, hands: [sort(hands[0]), sort(hands[1])] };
}
