/**
 * Retrograde analysis: solves games whose positions repeat (cycles), where
 * memoized search cannot, by working backwards from the positions whose value
 * the rules fix. This is how endgame tables are built.
 *
 * 1. Every position is counted once: a primitive gets its value (remoteness 0)
 *    and joins the queue; any other position gets a counter of its moves
 *    (`moveCount()` when the game has it, else `children()`).
 * 2. Win/lose, in queue order (so in order of remoteness): a lost position
 *    makes every unsettled parent a win in r+1 (the first, so the fastest);
 *    a won position takes one from each unsettled parent's counter, and a
 *    parent whose every move leads to a win for the opponent is lost in r+1
 *    (the last, so the slowest: the loser delays).
 * 3. Ties, in the same way from the tie primitives: an unsettled parent of a
 *    tie in r is a tie in r+1 (no move of it wins, a tie beats endless play).
 * 4. What is never settled never ends: a draw, or — when the game declares
 *    who loses endless play (`endless`) — a loss for that side and a win for
 *    the other, with remoteness Infinity. (Unsettled positions hold that
 *    value from step 1 on; "unsettled" is remoteness Infinity on a position
 *    that has moves.)
 *
 * Parents come from the game's `parents()` when it has one (no reverse graph
 * stored: 2 bytes of value + 1 byte of counter + 4 bytes of queue per
 * position), else from a reverse graph in compressed sparse rows built from
 * `children()` (4 more bytes per move and per position).
 *
 * Values are packed in 2 bytes per position (see core/packed-value.ts). If a
 * remoteness outgrows 2 bytes (16 382 plies) the table is widened to 4 bytes
 * and the solution's reason says so; nothing is ever truncated.
 *
 * Cost: O(positions + moves) time; each move is looked at twice (once forward
 * to count, once backwards to settle).
 */

import { BudgetError, GameError, YomiError } from '../core/errors.js';
import { childIndex, type NumberedGame } from '../core/game.js';
import {
  DRAW,
  LOSE,
  NOT_PRIMITIVE,
  primitiveOutcome,
  primitiveRemoteness,
  TIE,
  WIN,
} from '../core/outcome.js';
import { maxPackedRemoteness, type PackedCodes, pack, widen } from '../core/packed-value.js';
import type { ValueTable } from '../core/value-table.js';
import { checkBudget, checkMemory, PROGRESS_EVERY, type SolverOptions } from './options.js';

export interface RetrogradeResult {
  table: ValueTable & { kind: 'packed' };
  /** Moves counted (edges of the game graph). */
  moves: number;
  /** Set when the values needed 4 bytes per position instead of 2. */
  widened: boolean;
  /** Bytes per position used while solving (values, counters, queue, reverse graph). */
  bytesPerPosition: number;
}

/** Where parents come from: the game's own `parents()`, or a stored reverse graph. */
export interface Parents {
  /** Called as a method (never detached), so a game's own `parents()` keeps its `this`. */
  source: { parents(p: number, out: Int32Array): number };
  maxParents: number;
  bytes: number;
}

type Counters = Uint8Array | Uint16Array | Uint32Array;

interface State {
  code: PackedCodes;
  count: Counters;
  queue: Int32Array;
  head: number;
  tail: number;
  shift: number;
  /**
   * Primitives decided before they end (remoteness > 0), by remoteness: they
   * join the queue when it reaches their remoteness, so the queue stays in
   * order of remoteness.
   */
  later: Map<number, number[]>;
}

const UNSETTLED16 = 0xffff;

/** Solves every position 0 … size−1 of an outcome game (cycles allowed). */
export function retrograde(game: NumberedGame, options: SolverOptions = {}): RetrogradeResult {
  if (game.scoring) {
    throw new YomiError(
      `${game.id}: retrograde analysis solves win/lose/tie/draw games; a game with points per move is not one (cyclic games scored at the end: --solver threshold)`,
    );
  }
  const size = game.size;
  checkBudget(size, options, game.id);
  const counterBytes = game.maxMoves < 256 ? 1 : game.maxMoves < 65536 ? 2 : 4;
  const tables = size * (2 + counterBytes + 4);
  checkMemory(
    tables,
    options,
    `retrograde analysis of the ${size.toLocaleString('en-US')} positions of ${game.id}`,
  );
  const s = allocate(game, size, counterBytes);
  const moves = countMoves(game, s, options);
  if (!game.parents)
    checkMemory(
      tables + reverseGraphBytes(size, moves),
      options,
      `retrograde analysis of ${game.id} with its ${moves.toLocaleString('en-US')} moves reversed`,
    );
  const parents = game.parents ? ownParents(game) : reverseGraph(game, moves, s.count);
  let widened = false;
  while (!propagate(game.id, parents, s, false, options)) {
    s.code = widen(s.code as Uint16Array);
    s.shift = 30;
    widened = true;
  }
  if (game.endless === undefined) {
    // Ties start from the tie primitives, the only ties so far.
    const tie = pack(TIE, 0, s.shift);
    for (let p = 0; p < size; p++) if (s.code[p] === tie) s.queue[s.tail++] = p;
    while (!propagate(game.id, parents, s, true, options)) {
      s.code = widen(s.code as Uint16Array);
      s.shift = 30;
      widened = true;
    }
  }
  const bytes = s.code.BYTES_PER_ELEMENT + counterBytes + 4 + parents.bytes / Math.max(1, size);
  return { table: { kind: 'packed', code: s.code }, moves, widened, bytesPerPosition: bytes };
}

function allocate(game: NumberedGame, size: number, counterBytes: number): State {
  const estimate = size * (2 + counterBytes + 4);
  const mb = Math.ceil(estimate / 2 ** 20).toLocaleString('en-US');
  if (size > 0x7fffffff) {
    throw new BudgetError(
      `${game.id}: ${size.toLocaleString('en-US')} positions (about ${mb} MB) are more than retrograde analysis numbers with 32-bit integers`,
    );
  }
  try {
    const code = new Uint16Array(size).fill(UNSETTLED16);
    const count =
      counterBytes === 1
        ? new Uint8Array(size)
        : counterBytes === 2
          ? new Uint16Array(size)
          : new Uint32Array(size);
    return { code, count, queue: new Int32Array(size), head: 0, tail: 0, shift: 14, later: new Map() };
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    throw new BudgetError(
      `${game.id}: ${size.toLocaleString('en-US')} positions need about ${mb} MB for retrograde analysis, more than can be allocated`,
    );
  }
}

/** Step 1: primitives get their value and join the queue; other positions get a move counter. */
function countMoves(game: NumberedGame, s: State, options: SolverOptions): number {
  const { code, count, queue } = s;
  const out = new Int32Array(Math.max(1, game.maxMoves));
  const maxCount = counterMax(count);
  const endless = game.endless !== undefined;
  const report = options.onProgress;
  const counts = game.moveCount !== undefined;
  const g = game as NumberedGame & { moveCount(p: number): number; endless(p: number): number };
  const never = endless
    ? [LOSE, WIN, TIE, DRAW].map((o) => pack(o, Number.POSITIVE_INFINITY, 14))
    : undefined;
  let moves = 0;
  for (let p = 0; p < game.size; p++) {
    const primitive = game.primitive(p);
    const n = primitive !== NOT_PRIMITIVE ? 0 : counts ? g.moveCount(p) : game.children(p, out);
    if (n > maxCount) {
      throw new GameError(`${game.id}: position ${p} has ${n} moves, more than maxMoves = ${game.maxMoves}`);
    }
    moves += n;
    if (report !== undefined && p % PROGRESS_EVERY === 0) {
      report({ unit: 'positions counted', done: p, total: game.size });
    }
    if (n > 0) {
      count[p] = n;
      // Until settled, a position holds what endless play would give it (remoteness Infinity).
      if (never !== undefined) code[p] = never[g.endless(p)];
      continue;
    }
    const outcome = primitive === NOT_PRIMITIVE ? LOSE : primitiveOutcome(primitive);
    const r = primitive === NOT_PRIMITIVE ? 0 : primitiveRemoteness(primitive);
    if (outcome === TIE && endless) {
      throw new GameError(
        `${game.id}: a game that declares who loses endless play cannot also end in a tie (position ${p})`,
      );
    }
    if (r > maxPackedRemoteness(14)) {
      throw new GameError(
        `${game.id}: position ${p} is primitive with remoteness ${r}, more than can be stored`,
      );
    }
    code[p] = (outcome << 14) | r;
    if (outcome === DRAW) continue;
    if (r === 0) {
      if (outcome !== TIE) queue[s.tail++] = p;
    } else {
      const wave = s.later.get(r);
      if (wave === undefined) s.later.set(r, [p]);
      else wave.push(p);
    }
  }
  return moves;
}

function counterMax(count: Counters): number {
  return 2 ** (count.BYTES_PER_ELEMENT * 8) - 1;
}

function ownParents(game: NumberedGame): Parents {
  if (game.maxParents === undefined) {
    throw new GameError(
      `${game.id}: a game with parents() must say maxParents (the size of the parents buffer)`,
    );
  }
  return { source: game as Parents['source'], maxParents: game.maxParents, bytes: 0 };
}

/**
 * The reverse of `children()` in compressed sparse rows (the parents of c are
 * at[from[c] … from[c+1]−1]); positions whose counter is 0 (primitives) are
 * left out when `count` is given.
 */
/** Bytes of the reverse graph `reverseGraph` builds, while it builds it (offsets, a copy of them, the parents). */
export function reverseGraphBytes(size: number, moves: number): number {
  return 8 * (size + 1) + 4 * moves;
}

export function reverseGraph(game: NumberedGame, moves: number, count?: Counters): Parents {
  const size = game.size;
  const from = new Int32Array(size + 1);
  const at = new Int32Array(moves);
  const out = new Int32Array(Math.max(1, game.maxMoves));
  for (let p = 0; p < size; p++) {
    if (count !== undefined && count[p] === 0) continue;
    const n = game.children(p, out);
    for (let k = 0; k < n; k++) from[childIndex(out[k]) + 1]++;
  }
  let maxParents = 0;
  for (let c = 0; c < size; c++) {
    if (from[c + 1] > maxParents) maxParents = from[c + 1];
    from[c + 1] += from[c];
  }
  const fill = from.slice(0, size);
  for (let p = 0; p < size; p++) {
    if (count !== undefined && count[p] === 0) continue;
    const n = game.children(p, out);
    // A move that keeps the turn is remembered as ~p, as a game's own parents() lists it.
    for (let k = 0; k < n; k++) {
      const c = out[k];
      if (c < 0) at[fill[~c]++] = ~p;
      else at[fill[c]++] = p;
    }
  }
  return {
    source: {
      parents(c, buf) {
        const start = from[c];
        const n = from[c + 1] - start;
        for (let k = 0; k < n; k++) buf[k] = at[start + k];
        return n;
      },
    },
    maxParents,
    bytes: 4 * (size + 1) + 4 * moves,
  };
}

/**
 * Steps 2 and 3: settles parents of the queued positions. Returns false when
 * a remoteness would not fit in the current codes (the caller widens them and
 * calls again; the queue position is kept).
 *
 * A parent listed as `~q` moves to the settled position by a move that keeps
 * the turn: the settled position's value is then its mover's own, so a won
 * position makes such a parent a win and a lost one takes one from its
 * counter (the roles of a plain parent, swapped).
 */
function propagate(id: string, parents: Parents, s: State, ties: boolean, options: SolverOptions): boolean {
  const { count, queue } = s;
  const code = s.code;
  const shift = s.shift;
  const unit = 2 ** shift;
  const mask = unit - 1;
  const maxR = maxPackedRemoteness(shift);
  const winBase = WIN * unit;
  const loseBase = LOSE * unit;
  const tieBase = TIE * unit;
  const buf = new Int32Array(Math.max(1, parents.maxParents));
  const source = parents.source;
  const report = options.onProgress;
  const waves = [...s.later.keys()].sort((a, b) => a - b);
  let wave = 0;
  let head = s.head;
  let tail = s.tail;
  for (;;) {
    // Primitives decided r plies before their end join the queue when it reaches remoteness r.
    while (wave < waves.length && (head === tail || (code[queue[head]] & mask) >= waves[wave])) {
      for (const p of s.later.get(waves[wave++]) as number[]) {
        if (ties === (code[p] >>> shift === TIE)) queue[tail++] = p;
      }
    }
    if (head === tail) break;
    const p = queue[head];
    const c = code[p];
    const r = (c & mask) + 1;
    if (r > maxR) {
      s.head = head;
      s.tail = tail;
      if (shift === 14) return false;
      throw new BudgetError(`${id}: a remoteness above ${maxR.toLocaleString('en-US')} plies does not fit`);
    }
    head++;
    const outcome = c >>> shift;
    const n = source.parents(p, buf);
    if (ties) {
      for (let k = 0; k < n; k++) {
        const q = childIndex(buf[k]);
        if ((code[q] & mask) === mask && count[q] !== 0) {
          code[q] = tieBase + r;
          queue[tail++] = q;
        }
      }
      continue;
    }
    const lost = outcome === LOSE;
    for (let k = 0; k < n; k++) {
      let q = buf[k];
      // A plain parent wins through a lost position; a parent that keeps the turn, through a won one.
      let wins = lost;
      if (q < 0) {
        q = ~q;
        wins = !lost;
      }
      if ((code[q] & mask) !== mask || count[q] === 0) continue;
      if (wins) {
        code[q] = winBase + r;
        queue[tail++] = q;
      } else if (--count[q] === 0) {
        code[q] = loseBase + r;
        queue[tail++] = q;
      }
    }
    if (report !== undefined && head % PROGRESS_EVERY === 0)
      report({ unit: 'positions settled', done: head });
  }
  s.head = head;
  s.tail = tail;
  return true;
}
