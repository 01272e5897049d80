/**
 * Kalah's endgame databases: every board of P pits a side with s seeds on
 * it, for s = 0, 1, 2 …, numbered by the board kit's compositions (s seeds
 * in 2P pits), one tier per s. The value of a board is the margin of the
 * points still to come for the player to move (the stores only add up, so
 * they are not part of it). A move keeps s — it sows no seed into a store
 * and captures none — or lowers it, so a tier's moves lead into itself or
 * into smaller tiers, and inside a tier they never come back (kalah.ts's
 * header): the margin tier solver solves it forward.
 *
 * The same tiers serve every Kalah of P pits whatever its seeds: Kalah(6,4)
 * and Kalah(6,5) read one database of 6 pits. A board with the mover's row
 * empty has no move and is worth 0, as in kalah.ts (play never reaches one:
 * the game ends first).
 */

import { binomial, MAX_N } from '../board-kit/binomial.js';
import { CompositionTable } from '../board-kit/compositions.js';
import type { EndgameLink } from '../core/endgames.js';
import type { MarginTieredGame } from '../core/tiered.js';
import { AGAIN, sow, sownPoints } from './kalah-sowing.js';

/** The most seeds per pit a Kalah game of this version starts with. */
export const MAX_KALAH_SEEDS = 6;

/** Kalah's boards of `pits` pits a side, by the seeds on the board, as a margin-tiered game. */
export class KalahEndgames implements MarginTieredGame {
  readonly kind = 'margin-tiered' as const;
  readonly id: string;
  readonly tierCount: number;
  readonly startTier = 0;
  readonly start = 0;
  readonly maxMoves: number;
  private readonly compositions: CompositionTable;
  private readonly board: Int32Array;
  private readonly child: Int32Array;

  constructor(readonly pits: number) {
    this.id = `kalah-endgames(pits=${pits})`;
    // Every seed of the largest game, as far as a tier's numbers fit a child entry (an int32, ~ for
    // an extra turn) and the binomial table numbers them exactly.
    let tiers = Math.min(2 * pits * MAX_KALAH_SEEDS, MAX_N + 1 - 2 * pits) + 1;
    while (binomial(tiers - 1 + 2 * pits - 1, 2 * pits - 1) > 2 ** 31 - 1) tiers--;
    this.tierCount = tiers;
    this.maxMoves = pits;
    this.compositions = new CompositionTable(this.tierCount - 1, 2 * pits);
    this.board = new Int32Array(2 * pits);
    this.child = new Int32Array(2 * pits);
  }

  tierSize(tier: number): number {
    return this.compositions.size(tier);
  }

  childTiers(tier: number): readonly number[] {
    return Array.from({ length: tier }, (_, s) => s);
  }

  tierName(tier: number): string {
    return `seeds-${tier}`;
  }

  marginBound(tier: number): number {
    return tier;
  }

  children(tier: number, p: number, tiers: Int32Array, out: Int32Array, points: Float64Array): number {
    const n = this.pits;
    const b = this.board;
    const c = this.child;
    this.compositions.unrank(p, tier, b);
    let k = 0;
    for (let pit = 0; pit < n; pit++) {
      if (b[pit] === 0) continue;
      const sown = sow(b, n, pit, c);
      let s = 0;
      for (let i = 0; i < 2 * n; i++) s += c[i];
      const index = this.compositions.rank(c, s);
      tiers[k] = s;
      out[k] = (sown & AGAIN) !== 0 ? ~index : index;
      points[k] = sownPoints(sown);
      k++;
    }
    return k;
  }

  /** The board as kalah.ts shows it: the opponent's row on top, right to left; the mover's below. */
  show(tier: number, p: number): string {
    const n = this.pits;
    const b = new Int32Array(2 * n);
    this.compositions.unrank(p, tier, b);
    const cell = (i: number) => String(b[i]).padStart(2);
    const top = Array.from({ length: n }, (_, i) => cell(2 * n - 1 - i)).join(' ');
    const bottom = Array.from({ length: n }, (_, i) => cell(i)).join(' ');
    return `${top}\n${bottom}`;
  }

  /** The i-th move's pit, a, b, c … from the mover's left (moves are the non-empty pits in order). */
  moveName(tier: number, p: number, i: number): string {
    const b = this.board;
    this.compositions.unrank(p, tier, b);
    let k = 0;
    for (let pit = 0; pit < this.pits; pit++) {
      if (b[pit] === 0) continue;
      if (k++ === i) return String.fromCharCode(97 + pit);
    }
    throw new RangeError(`move ${i} of ${this.show(tier, p)}`);
  }

  /** The tier of a board (2P pits as kalah.ts orders them): its seeds, or −1 beyond the last tier. */
  tierOf(board: ArrayLike<number>): number {
    let s = 0;
    for (let i = 0; i < 2 * this.pits; i++) s += board[i];
    return s < this.tierCount ? s : -1;
  }

  /** The number of a board in its tier. */
  indexIn(board: ArrayLike<number>, tier: number): number {
    return this.compositions.rank(board, tier);
  }
}

/** The link between a Kalah game of `pits` pits (positions as kalah.ts writes them) and its endgame databases. */
export function kalahEndgameLink(
  pits: number,
  boardOf: (p: string) => ArrayLike<number>,
): EndgameLink<string> {
  let game: KalahEndgames | undefined;
  const endgames = (): KalahEndgames => {
    game ??= new KalahEndgames(pits);
    return game;
  };
  return {
    get game() {
      return endgames();
    },
    family: { id: 'kalah-endgames', params: { pits } },
    unit: 'seeds',
    tiersUpTo: (n) => Math.min(n + 1, endgames().tierCount),
    tierOf: (p) => endgames().tierOf(boardOf(p)),
    indexIn: (p, tier) => endgames().indexIn(boardOf(p), tier),
  };
}
