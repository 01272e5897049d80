/**
 * The work of retrograde analysis on one tier, cut into steps that can run
 * in any order within a level and on any thread: counting the moves of a
 * range of positions, settling the parents of a list of positions settled at
 * level r (their remoteness), and settling the parents of positions of a
 * child tier found at level r. steps.ts orders the steps level by level; a
 * step never depends on another step of the same level, so two threads can
 * share a level (their tables in shared memory, updated with Atomics).
 *
 * Level by level, from the primitives up:
 * - a lost position (for its mover) makes every open parent a win at r + 1
 *   — the first such child settles it, so the winner hurries;
 * - a won position takes one from each open parent's counter, and a parent
 *   whose last counted move goes to a win is lost at r + 1 — the last such
 *   child settles it, so the loser delays;
 * - a parent reached by a move that keeps the turn (`~q`) sees the position's
 *   value as its own: the two roles swap;
 * - ties, in a second pass from the tie primitives: an open parent of a tie
 *   at r is a tie at r + 1;
 * - what is never settled never ends: a draw, or the value the game declares
 *   for endless play.
 *
 * Parents are read one at a time (core/parent-slots.ts): the tiered game's
 * `parentSlots` when it gives them (a one-tier game's own `parentCount` and
 * `parentAt`, inlined into the loop), else its `parents` through a buffer.
 *
 * Counters wait only for the moves that matter: `safeMoveCount` leaves out
 * moves into primitive wins of the opponent (never propagated; a position
 * with no other move is lost one ply after the slowest of them).
 *
 * Values are compact codes (core/packed-value.ts) whose all-ones code is
 * "unsettled" (a draw if it stays so); a position is open while its code is
 * unsettled and its counter is not 0 (primitives have counter 0).
 */

import { GameError } from '../../core/errors.js';
import {
  DRAW,
  LOSE,
  NOT_PRIMITIVE,
  OUTCOMES,
  primitiveOutcome,
  primitiveRemoteness,
  TIE,
  WIN,
} from '../../core/outcome.js';
import { type CompactCodes, type Encoding, fits } from '../../core/packed-value.js';
import { ListedParents } from '../../core/parent-slots.js';
import type { TieredGame } from '../../core/tiered.js';
import { IntList } from './int-list.js';

export type Counters = Uint8Array | Uint16Array | Uint32Array;

/** Which propagation: wins and losses, or ties. */
export type Pass = 'wl' | 'tie';

/** A solved tier this tier's moves lead into: its values, read only. */
export interface ChildTier {
  tier: number;
  values: CompactCodes;
  encoding: Encoding;
  /** The largest remoteness of each pass among its values (−1: none). */
  maxLevel: Readonly<Record<Pass, number>>;
}

/** The tables of the tier being solved. */
export interface TierTables {
  tier: number;
  values: CompactCodes;
  encoding: Encoding;
  counts: Counters;
  /** Tables in shared memory, updated by several threads: use Atomics. */
  shared: boolean;
}

/** What counting a range found: positions to propagate from, by pass and level. */
export interface CountResult {
  /** `wl:r` / `tie:r` → the positions settled at level r to propagate from. */
  levels: Map<string, Int32Array[]>;
  /** Moves counted (safe moves only, with safeMoveCount). */
  moves: number;
  /** The largest remoteness of a primitive win that is not propagated (with safeMoveCount; −1: none). */
  primitiveLevel: number;
  /** The encoding cannot hold a value met (a tie, an endless value, a remoteness): widen and count again. */
  tooNarrow?: string;
}

export const levelKey = (pass: Pass, level: number): string => `${pass}:${level}`;

/** The counter width a game's moves need. */
export function counterBytes(maxMoves: number): 1 | 2 | 4 {
  return maxMoves < 256 ? 1 : maxMoves < 65536 ? 2 : 4;
}

export function makeCounters(bytes: 1 | 2 | 4, n: number, buffer?: ArrayBufferLike): Counters {
  const b = buffer ?? new ArrayBuffer(bytes * n);
  return bytes === 1
    ? new Uint8Array(b, 0, n)
    : bytes === 2
      ? new Uint16Array(b, 0, n)
      : new Uint32Array(b, 0, n);
}

export class TierWorkspace {
  private readonly childBuf: Int32Array;
  private readonly tierBuf: Int32Array;
  private readonly safe: boolean;

  constructor(
    readonly game: TieredGame,
    readonly t: TierTables,
    readonly childTiers: readonly ChildTier[],
    /** Where lists of settled positions are kept (shared memory when other threads read them). */
    private readonly allocate?: (entries: number) => Int32Array,
  ) {
    this.childBuf = new Int32Array(Math.max(1, game.maxMoves));
    this.tierBuf = new Int32Array(Math.max(1, game.maxMoves));
    this.safe = game.safeMoveCount !== undefined;
    if (this.safe && game.extraTurns) {
      throw new GameError(`${game.id}: safeMoveCount cannot be used with moves that keep the turn`);
    }
  }

  /** Step 1: values of the primitives, counters of the rest, for positions lo … hi−1. */
  count(lo: number, hi: number): CountResult {
    // Lists by pass and level (arrays, not a map of string keys: emit runs once per settled position).
    const lists: Record<Pass, IntList[]> = { wl: [], tie: [] };
    const result: CountResult = { levels: new Map(), moves: 0, primitiveLevel: -1 };
    const emit = (pass: Pass, level: number, p: number) => {
      const byLevel = lists[pass];
      let list = byLevel[level];
      if (list === undefined) {
        list = new IntList(this.allocate);
        byLevel[level] = list;
      }
      list.push(p);
    };
    const tooNarrow = this.countInto(lo, hi, result, emit);
    for (const pass of ['wl', 'tie'] as const) {
      lists[pass].forEach((list, level) => {
        result.levels.set(levelKey(pass, level), list.arrays());
      });
    }
    return tooNarrow === undefined ? result : { ...result, tooNarrow };
  }

  private countInto(
    lo: number,
    hi: number,
    result: CountResult,
    emit: (pass: Pass, level: number, p: number) => void,
  ): string | undefined {
    const { game, t } = this;
    const { values, counts, encoding } = t;
    const tier = t.tier;
    const maxCount = 2 ** (counts.BYTES_PER_ELEMENT * 8) - 1;
    const endless = game.endless !== undefined;
    const canHold = encoding.holdsTiesAndEndless;
    if (endless && !canHold) return 'endless play has a declared loser';
    // What the loop asks of every position, decided once: which count of moves, and the moves in a local.
    const safe = this.safe;
    const counted = game.moveCount !== undefined;
    let moves = 0;
    for (let p = lo; p < hi; p++) {
      const prim = game.primitive(tier, p);
      if (prim !== NOT_PRIMITIVE) {
        const outcome = primitiveOutcome(prim);
        const r = primitiveRemoteness(prim);
        if (outcome === DRAW) continue; // unsettled code, counter 0: a draw that nothing settles
        if (outcome === TIE && !canHold) return 'the game has ties';
        if (r > encoding.maxRemoteness) return `a primitive ends in ${r} plies`;
        if (outcome === TIE && endless) {
          throw new GameError(
            `${game.id}: a game that declares who loses endless play cannot also end in a tie`,
          );
        }
        values[p] = encoding.encode(outcome, r);
        if (outcome === WIN && safe) {
          if (r > 1)
            throw new GameError(`${game.id}: with safeMoveCount, a primitive win must end within one ply`);
          if (r > result.primitiveLevel) result.primitiveLevel = r;
          continue; // never waited for, never propagated
        }
        emit(outcome === TIE ? 'tie' : 'wl', r, p);
        continue;
      }
      const n = safe
        ? (game.safeMoveCount as (t: number, p: number) => number)(tier, p)
        : counted
          ? (game.moveCount as (t: number, p: number) => number)(tier, p)
          : game.children(tier, p, this.tierBuf, this.childBuf);
      if (n > maxCount) {
        throw new GameError(
          `${game.id}: position ${p} has ${n} moves, more than maxMoves = ${game.maxMoves}`,
        );
      }
      moves += n;
      if (n > 0) {
        counts[p] = n;
        continue;
      }
      // No move to wait for: lost at once (no move at all), or one ply after the slowest primitive win its moves reach.
      const r = safe ? this.slowestPrimitiveWin(p) + 1 : 0;
      values[p] = encoding.encode(LOSE, r);
      emit('wl', r, p);
    }
    result.moves += moves;
    return undefined;
  }

  /** With safeMoveCount, a position whose every move leads to a primitive win: the largest of their remotenesses (−1: no move). */
  private slowestPrimitiveWin(p: number): number {
    const { game } = this;
    const n = game.children(this.t.tier, p, this.tierBuf, this.childBuf);
    let slowest = -1;
    for (let k = 0; k < n; k++) {
      const r = primitiveRemoteness(game.primitive(this.tierBuf[k], this.childBuf[k]));
      if (r > slowest) slowest = r;
    }
    return slowest;
  }

  /**
   * Step 2: the parents in this tier of positions of tier `from` settled at
   * `level` (`entries[lo … hi−1]`, or, for a child tier, every position
   * `lo … hi−1` of it whose value sits at `level`); returns the parents
   * settled at level + 1.
   */
  propagate(
    pass: Pass,
    level: number,
    from: number,
    entries: readonly Int32Array[] | undefined,
    lo: number,
    hi: number,
  ): Int32Array[] {
    const { game, t } = this;
    const { values, counts, encoding, shared } = t;
    const out = new IntList(this.allocate);
    const unsettled = encoding.unsettled;
    // In parity8 only one of a win and a loss fits a level (settling the other means a broken parity: refused below).
    const winCode = fits(encoding, WIN, level + 1) ? encoding.encode(WIN, level + 1) : -1;
    const loseCode = fits(encoding, LOSE, level + 1) ? encoding.encode(LOSE, level + 1) : -1;
    const tieCode = pass === 'tie' ? encoding.encode(TIE, level + 1) : 0;
    const tier = t.tier;
    const child = from === tier ? undefined : this.childTiers.find((c) => c.tier === from);
    if (from !== tier && child === undefined) throw new Error(`tier ${from} is not a child tier of ${tier}`);
    // The parents in this tier of positions of tier `from`, one at a time.
    const parents =
      game.parentSlots?.(tier, from) ??
      new ListedParents({ parents: (p, buf) => game.parents(from, p, tier, buf) }, game.maxParents);
    const source = child ? child.values : values;
    const sourceEncoding = child ? child.encoding : encoding;
    // In a child tier, the positions at this level are found by their codes.
    const lostAt = fits(sourceEncoding, LOSE, level) ? sourceEncoding.encode(LOSE, level) : -1;
    const wonAt = fits(sourceEncoding, WIN, level) ? sourceEncoding.encode(WIN, level) : -1;
    const tiedAt = pass === 'tie' ? sourceEncoding.encode(TIE, level) : -1;
    // Settled positions from the lists, or the positions at this level found by scanning lo … hi−1.
    for (const view of entries ?? [undefined]) {
      const end = view === undefined ? hi : view.length;
      for (let i = view === undefined ? lo : 0; i < end; i++) {
        let p: number;
        if (view !== undefined) {
          p = view[i];
        } else {
          p = i;
          const c = source[p];
          if (pass === 'tie' ? c !== tiedAt : c !== lostAt && c !== wonAt) continue;
        }
        const lost = source[p] === lostAt;
        // Primitive wins of a child tier are not waited for when moves into them are left uncounted.
        if (child !== undefined && this.safe && !lost && level <= 1 && isPrimitiveWin(game, from, p))
          continue;
        const n = parents.parentCount(p);
        for (let k = 0; k < n; k++) {
          let q = parents.parentAt(p, k);
          // A parent that keeps the turn sees this position's value as its own: it wins through a won one.
          let wins = lost;
          if (q < 0) {
            q = ~q;
            wins = !lost;
          }
          if (values[q] !== unsettled || counts[q] === 0) continue;
          if (pass === 'tie') {
            if (
              shared
                ? Atomics.compareExchange(values, q, unsettled, tieCode) === unsettled
                : settle(values, q, tieCode)
            ) {
              out.push(q);
            }
          } else if (wins) {
            if (winCode < 0) throw brokenParity(WIN, level + 1);
            if (
              shared
                ? Atomics.compareExchange(values, q, unsettled, winCode) === unsettled
                : settle(values, q, winCode)
            ) {
              out.push(q);
            }
          } else if (shared ? Atomics.sub(counts, q, 1) === 1 : --counts[q] === 0) {
            // The last counted move goes to a win: lost, as late as the slowest of them.
            if (loseCode < 0) throw brokenParity(LOSE, level + 1);
            if (shared) Atomics.store(values, q, loseCode);
            else values[q] = loseCode;
            out.push(q);
          }
        }
      }
    }
    return out.arrays();
  }

  /** Step 3: what is never settled takes the value the game declares for endless play (lo … hi−1). */
  finishEndless(lo: number, hi: number): void {
    const { game, t } = this;
    if (game.endless === undefined) return;
    const { values, counts, encoding, tier } = t;
    const unsettled = encoding.unsettled;
    const lostForever = encoding.encode(LOSE, Number.POSITIVE_INFINITY);
    const wonForever = encoding.encode(WIN, Number.POSITIVE_INFINITY);
    for (let p = lo; p < hi; p++) {
      if (values[p] === unsettled && counts[p] !== 0) {
        values[p] = game.endless(tier, p) === WIN ? wonForever : lostForever;
      }
    }
  }
}

/** A value parity8 cannot hold: the choice of parity8 (checked on every value before) was wrong. */
function brokenParity(outcome: number, r: number): Error {
  return new Error(`internal error: parity8 cannot hold ${OUTCOMES[outcome]} in ${r}`);
}

function isPrimitiveWin(game: TieredGame, tier: number, p: number): boolean {
  const prim = game.primitive(tier, p);
  return prim !== NOT_PRIMITIVE && primitiveOutcome(prim) === WIN;
}

/** Settles q with `code` if it is unsettled (one thread). */
function settle(values: CompactCodes, q: number, code: number): boolean {
  values[q] = code;
  return true;
}
