/**
 * Kalah, `kalah(pits=P,seeds=S)`: two rows of P pits with S seeds each and a
 * store per player, under the rules of Irving, Donkers and Uiterwijk,
 * "Solving Kalah" (2000):
 *
 * - A move takes every seed of one of the mover's non-empty pits and sows
 *   them one by one counter-clockwise: the mover's next pits, the mover's
 *   store, the opponent's pits, skipping the opponent's store.
 * - A move whose last seed lands in the mover's store gives the mover another
 *   move (an extra turn: `keepsTurn`), unless it ends the game.
 * - A move whose last seed lands in one of the mover's own pits that was
 *   empty captures that seed and every seed of the opposite pit into the
 *   mover's store — even when the opposite pit is empty.
 * - After every move (one that gives another move included), the game ends
 *   as soon as either row is empty; each player then adds the seeds left on
 *   their own row to their own store. The margin is the difference of the
 *   stores.
 *
 * Other rule sets differ in both of the last two points (no capture from an
 * empty opposite pit; the end only when the player to move has no seeds),
 * and the values change with them.
 *
 * A position is the board seen by the player to move: a string of 2P
 * characters (seeds as char codes from '0'), the mover's pits first in
 * sowing order (from the pit farthest from the mover's store), then the
 * opponent's pits in sowing order. The stores are not part of it: what a
 * position is worth is the difference of the seeds still to come, and each
 * move's `points` are what it adds to the mover's store minus what it adds
 * to the opponent's. So positions that differ only in their stores, or only
 * in whose turn it is, are one position; the game ends in the position with
 * every pit empty. Moves are pits, named a, b, c … from the mover's left
 * (the pit farthest from their store).
 *
 * Seeds never come back onto the board and a move that sows none into a
 * store moves the mover's seeds towards that store, so no position repeats.
 */

import type { EndgameLink } from '../core/endgames.js';
import { InputError } from '../core/errors.js';
import type { SearchableGame } from '../core/search.js';
import { formatValue } from '../core/value.js';
import { Zobrist } from '../core/zobrist.js';
import { kalahEndgameLink } from './kalah-endgame.js';
import { AGAIN, sow, sownPoints } from './kalah-sowing.js';
import { defineGame } from './kit/definition.js';

export type KalahPosition = string;

/** The result of sowing pit `pit` of a position, as `play`, `points` and `keepsTurn` each need it. */
interface Sowing {
  child: KalahPosition;
  points: number;
  again: boolean;
}

const ZERO = 48; // '0': seeds are stored as char codes from here

export class Kalah implements SearchableGame<KalahPosition, number> {
  readonly id: string;
  readonly start: KalahPosition;
  private readonly board: Int32Array;
  private readonly child: Int32Array;
  private readonly zobrist: Zobrist;
  private last: { p: KalahPosition; pit: number; result: Sowing } | undefined;
  /** Endgame databases: every board of this many pits, by the seeds left on it (kalah-endgame.ts). */
  readonly endgames: EndgameLink<KalahPosition>;
  /** No position repeats (see the header): the search keeps no path to check for cycles. */
  readonly acyclic = true;

  constructor(
    readonly pits: number,
    readonly seeds: number,
  ) {
    this.id = `kalah(pits=${pits},seeds=${seeds})`;
    this.start = String.fromCharCode(ZERO + seeds).repeat(2 * pits);
    this.board = new Int32Array(2 * pits);
    this.child = new Int32Array(2 * pits);
    this.zobrist = new Zobrist(2 * pits * (2 * pits * seeds + 1));
    const scratch = new Int32Array(2 * pits);
    let read = '';
    // A search asks for a position's tier, then for its number there: the board is read once.
    this.endgames = kalahEndgameLink(pits, (p) => {
      if (p !== read) {
        for (let i = 0; i < 2 * pits; i++) scratch[i] = p.charCodeAt(i) - ZERO;
        read = p;
      }
      return scratch;
    });
  }

  moves(p: KalahPosition): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.pits; i++) if (p.charCodeAt(i) !== ZERO) out.push(i);
    return out;
  }

  play(p: KalahPosition, pit: number): KalahPosition {
    return this.sow(p, pit).child;
  }

  points(p: KalahPosition, pit: number): number {
    return this.sow(p, pit).points;
  }

  keepsTurn(p: KalahPosition, pit: number): boolean {
    return this.sow(p, pit).again;
  }

  key(p: KalahPosition): KalahPosition {
    return p;
  }

  /** Sows pit `pit` of `p` (kept for the next call: play, points and keepsTurn ask about the same move). */
  private sow(p: KalahPosition, pit: number): Sowing {
    const last = this.last;
    if (last !== undefined && last.p === p && last.pit === pit) return last.result;
    const n = this.pits;
    const b = this.board;
    for (let i = 0; i < 2 * n; i++) b[i] = p.charCodeAt(i) - ZERO;
    if (!(pit >= 0 && pit < n) || b[pit] === 0) throw new RangeError(`pit ${pit} of ${p} cannot be sown`);
    const sown = sow(b, n, pit, this.child);
    let text = '';
    for (let k = 0; k < 2 * n; k++) text += String.fromCharCode(ZERO + this.child[k]);
    const result = { child: text, points: sownPoints(sown), again: (sown & AGAIN) !== 0 };
    this.last = { p, pit, result };
    return result;
  }

  /** A Zobrist hash of the pits, for alpha-beta. */
  hash(p: KalahPosition, out: Int32Array): void {
    const z = this.zobrist;
    const stride = 2 * this.pits * this.seeds + 1;
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < 2 * this.pits; i++) {
      const f = i * stride + p.charCodeAt(i) - ZERO;
      lo ^= z.lo[f];
      hi ^= z.hi[f];
    }
    out[0] = lo;
    out[1] = hi;
  }

  /** The seeds still on the board bound what either player can still gain. */
  marginBounds(p: KalahPosition): [number, number] {
    let left = 0;
    for (let i = 0; i < p.length; i++) left += p.charCodeAt(i) - ZERO;
    return [-left, left];
  }

  /**
   * Moves that give another move first (the one nearest the store first: it
   * leaves the others as they were), then captures (the largest first), then
   * the rest (a seed into the store first): a guess read from the pits
   * without sowing.
   */
  orderMoves(p: KalahPosition, moves: readonly number[]): readonly number[] {
    const n = this.pits;
    const ring = 2 * n + 1;
    const order: number[] = [];
    const ranks: number[] = [];
    for (const pit of moves) {
      const seeds = p.charCodeAt(pit) - ZERO;
      const last = (pit + seeds) % ring;
      let r = pit + seeds >= n ? 1 : 0;
      if (last === n) r = 3 * ring * this.seeds + pit;
      else if (last < n && seeds < ring && p.charCodeAt(last) === ZERO) {
        r = ring * this.seeds + 1 + p.charCodeAt(2 * n - 1 - last) - ZERO;
      }
      // Insertion: at most P moves.
      let k = order.length;
      while (k > 0 && ranks[k - 1] < r) {
        order[k] = order[k - 1];
        ranks[k] = ranks[k - 1];
        k--;
      }
      order[k] = pit;
      ranks[k] = r;
    }
    return order;
  }

  moveName(_p: KalahPosition, pit: number): string {
    return String.fromCharCode(97 + pit);
  }

  /**
   * The board as the player to move sees it: the opponent's pits on top
   * (right to left, as they sow), the mover's at the bottom (left to right).
   */
  show(p: KalahPosition): string {
    const n = this.pits;
    const seeds = Array.from({ length: 2 * n }, (_, i) => String(p.charCodeAt(i) - ZERO).padStart(2));
    const top = seeds.slice(n).reverse().join(' ');
    const bottom = seeds.slice(0, n).join(' ');
    return `${top}\n${bottom}`;
  }

  /**
   * Reads the pits: on one line the mover's row first, then the opponent's,
   * each in sowing order (`4 4 4 4 / 4 4 4 4`); or on two lines as `show`
   * writes them (the opponent's row on top, right to left).
   */
  parsePosition(text: string): KalahPosition {
    const words = (line: string) => line.split(/[\s/,]+/).filter((x) => x !== '');
    const lines = text.trim().split(/\r?\n/);
    const parts = lines.length === 2 ? [...words(lines[1]), ...words(lines[0]).reverse()] : words(text);
    const n = this.pits;
    if (parts.length !== 2 * n || parts.some((x) => !/^\d+$/.test(x))) {
      throw new InputError(
        `a position of ${this.id} is ${2 * n} seed counts: the mover's ${n} pits, then the opponent's ${n} (each row in sowing order), not '${text}'`,
      );
    }
    const counts = parts.map(Number);
    const total = counts.reduce((a, b) => a + b, 0);
    if (total > 2 * n * this.seeds) {
      throw new InputError(`${total} seeds are more than the game's ${2 * n * this.seeds}`);
    }
    return String.fromCharCode(...counts.map((c) => ZERO + c));
  }
}

export const kalahDefinition = defineGame({
  id: 'kalah',
  summary:
    'Kalah (Irving, Donkers and Uiterwijk’s rules): sow seeds counter-clockwise; ending in your store moves again; margin game',
  params: [
    { name: 'pits', type: 'int', default: 4, min: 1, max: 6, description: 'pits per player' },
    { name: 'seeds', type: 'int', default: 3, min: 1, max: 6, description: 'seeds per pit at the start' },
  ],
  load: (params) => [new Kalah(params.pits, params.seeds)],
  answer: formatValue,
  // Kalah 6×4 played from its endgame databases (every board of up to 28 seeds) and a search. Built
  // on 2 cores: up to 24 seeds in 245 s, 25–28 in 48.5 min; 5.3 GB of tiers in memory, 2.0 GB on disk.
  databases: [
    {
      spec: 'kalah(pits=6,seeds=4)',
      endgames: { upto: 28 },
      positions: 5_586_853_480,
      diskBytes: 2_068_000_000,
      memoryBytes: 5_800_000_000,
      seconds: 3_155,
    },
  ],
});
