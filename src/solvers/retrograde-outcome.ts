/**
 * Retrograde analysis for the outcome alone: who wins, loses, ties or plays
 * forever, without how soon. A solve that needs no remoteness (a contest
 * problem's Yes/No, `SolverOptions.need` = 'outcome') takes this path instead
 * of the level-by-level engine (retrograde/): the same settling rules
 * (retrograde/workspace.ts) in one first-in first-out queue, in any order,
 * because an outcome does not depend on the order in which it is found.
 *
 * Tables: one byte of rank per position (lose < draw < tie < win, the sweep's
 * one-byte table), one counter (1–4 bytes) and one queue entry (4 bytes),
 * each sized once before the work. A position is open while its counter is
 * not 0 (settling one sets it to 0; primitives have 0), and an open position's
 * rank is what it gets if nothing settles it: a draw, or the value the game
 * declares for endless play, written when its moves are counted — so no pass
 * over the unsettled positions is needed at the end. Passes: one to count
 * every position's moves, the queue (wins and losses), and a second queue
 * from the tie primitives when the game has any.
 *
 * A position settled to the rank it holds already is not queued. Without a
 * declared loser of endless play that never happens (an open position holds
 * a draw). With one, it is the position's endless rank, and what such a
 * settlement would settle in turn is also settled to its endless rank,
 * because endless play agrees along every move (`Game.endless`): a loss
 * that is the mover's anyway makes a parent win that wins anyway, and so on.
 * Only the positions whose outcome differs from endless play's go through
 * the queue: in jag2015-d about 2,000 of 1,000,000, against 240,000–400,000
 * before. Likewise a position that loses endless play is never counted down
 * (at 0 it would be lost, as it is anyway): it is marked open (a counter of
 * 1) without counting its moves, and only a win settles it. The moves
 * counted (`moves`) are then those of the other positions.
 *
 * Cost: O(positions + moves) time, as the full engine, with 2 bytes of value
 * fewer per position than a game with endless play needs there, no level
 * lists and no widening.
 */

import { GameError } from '../core/errors.js';
import type { NumberedGame } from '../core/game.js';
import { DRAW, NOT_PRIMITIVE, primitiveOutcome, primitiveRemoteness, TIE, WIN } from '../core/outcome.js';
import { type ParentSlots, parentSlots } from '../core/parent-slots.js';
import { DRAW_RANK, LOSE_RANK, OUTCOME_RANK, TIE_RANK, WIN_RANK } from '../core/value-code.js';
import { checkMemory, PROGRESS_EVERY, type SolverOptions } from './options.js';
import { type Counters, counterBytes, makeCounters } from './retrograde/workspace.js';

/** Ranks of every position 0 … size−1, and the moves counted. */
export interface OutcomeRetrograde {
  rank: Uint8Array;
  moves: number;
}

/** Bytes per position this solve takes: rank, counter, queue entry. */
function outcomeBytesPerPosition(game: NumberedGame): number {
  return 1 + counterBytes(game.maxMoves) + 4;
}

/**
 * Solves the outcome of every position of a win/lose/tie/draw game (cycles
 * allowed); `reverse` gives the parents when the game has none of its own
 * (a reverse graph the caller built).
 */
export function retrogradeOutcome(
  game: NumberedGame,
  options: SolverOptions = {},
  reverse?: ParentSlots,
): OutcomeRetrograde {
  const size = game.size;
  const parents = reverse ?? parentSlots(game);
  if (parents === undefined) throw new GameError(`${game.id}: retrograde analysis needs the game's parents`);
  if (game.safeMoveCount !== undefined && game.extraTurns) {
    throw new GameError(`${game.id}: safeMoveCount cannot be used with moves that keep the turn`);
  }
  checkMemory(size * outcomeBytesPerPosition(game), options, `${game.id}'s retrograde analysis`);
  const rank = new Uint8Array(size);
  const counts = makeCounters(counterBytes(game.maxMoves), size);
  const queue = new Int32Array(Math.max(1, size));
  const counted = countMoves(game, rank, counts, queue, options);
  let tail = settleWinsAndLosses(parents, rank, counts, queue, counted.queued, options, size);
  if (counted.ties) {
    // The tie primitives, then every open parent of a tie: a tie (a mover prefers it to endless play).
    const head = tail;
    for (let p = 0; p < size; p++) if (rank[p] === TIE_RANK) queue[tail++] = p;
    settleTies(parents, rank, counts, queue, head, tail);
  }
  return { rank, moves: counted.moves };
}

/**
 * Ranks of the primitives, counters of the rest (with the rank they keep if
 * nothing settles them); queues the wins and losses settled so.
 */
function countMoves(
  game: NumberedGame,
  rank: Uint8Array,
  counts: Counters,
  queue: Int32Array,
  options: SolverOptions,
): { queued: number; moves: number; ties: boolean } {
  const size = game.size;
  const maxCount = 2 ** (counts.BYTES_PER_ELEMENT * 8) - 1;
  const safe = game.safeMoveCount !== undefined;
  const endless = game.endless !== undefined;
  const counter = moveCounter(game);
  const report = options.onProgress;
  // The codes the loop compares and writes, in locals: an imported constant is read from its
  // module (and checked for initialisation) at every use.
  const notPrimitive = NOT_PRIMITIVE;
  const win = WIN;
  const [loseRank, winRank, drawRank] = [LOSE_RANK, WIN_RANK, DRAW_RANK];
  let queued = 0;
  let moves = 0;
  let ties = false;
  for (let p = 0; p < size; p++) {
    if (report !== undefined && (p & (PROGRESS_EVERY - 1)) === 0) {
      report({ unit: 'positions counted', done: p, total: size });
    }
    const prim = game.primitive(p);
    if (prim !== notPrimitive) {
      const outcome = primitiveOutcome(prim);
      if (outcome === DRAW) {
        rank[p] = drawRank; // a draw that nothing settles (counter 0)
        continue;
      }
      if (outcome === TIE && endless) {
        throw new GameError(
          `${game.id}: a game that declares who loses endless play cannot also end in a tie`,
        );
      }
      rank[p] = OUTCOME_RANK[outcome];
      if (outcome === TIE) ties = true;
      else if (outcome === win && safe) {
        if (primitiveRemoteness(prim) > 1) {
          throw new GameError(`${game.id}: with safeMoveCount, a primitive win must end within one ply`);
        }
      } else queue[queued++] = p;
      continue;
    }
    // What p keeps if nothing settles it: a draw, or what the game declares for endless play.
    const open = !endless ? drawRank : game.endless!(p) === win ? winRank : loseRank;
    if (open === loseRank) {
      // Lost anyway: only a win settles it, and its count is never taken from (see the header).
      counts[p] = 1;
      rank[p] = loseRank;
      continue;
    }
    const n = counter.moveCount(p);
    if (n > maxCount) {
      throw new GameError(`${game.id}: position ${p} has ${n} moves, more than maxMoves = ${game.maxMoves}`);
    }
    moves += n;
    if (n > 0) {
      counts[p] = n;
      rank[p] = open;
    } else {
      // No move to wait for: lost (with safeMoveCount, every move reaches a primitive win).
      rank[p] = loseRank;
      queue[queued++] = p;
    }
  }
  return { queued, moves, ties };
}

/**
 * What counts a position's moves: `safeMoveCount` when the game has it, else
 * `moveCount`, else `children` (the loop then makes one call, which V8
 * inlines, instead of choosing at every position).
 */
function moveCounter(game: NumberedGame): { moveCount(p: number): number } {
  if (game.safeMoveCount !== undefined) return { moveCount: (p) => game.safeMoveCount!(p) };
  if (game.moveCount !== undefined) return game as { moveCount(p: number): number };
  const out = new Int32Array(Math.max(1, game.maxMoves));
  return { moveCount: (p) => game.children(p, out) };
}

/**
 * The queue of wins and losses: a lost position makes every open parent a
 * win, a won one takes one from each open parent's counter (lost at 0); a
 * parent through a move that keeps the turn (~q) sees the value as its own.
 * A parent settled to the rank it held is not queued (see the header).
 * Returns the queue's end.
 */
function settleWinsAndLosses(
  parents: ParentSlots,
  rank: Uint8Array,
  counts: Counters,
  queue: Int32Array,
  queued: number,
  options: SolverOptions,
  size: number,
): number {
  const report = options.onProgress;
  const [loseRank, winRank] = [LOSE_RANK, WIN_RANK]; // in locals, as in countMoves
  let tail = queued;
  for (let head = 0; head < tail; head++) {
    if (report !== undefined && (head & (PROGRESS_EVERY - 1)) === 0) {
      report({ unit: 'positions settled', done: head, total: size });
    }
    const p = queue[head];
    const lost = rank[p] === loseRank;
    const n = parents.parentCount(p);
    for (let k = 0; k < n; k++) {
      const r = parents.parentAt(p, k);
      const q = r < 0 ? ~r : r;
      if (counts[q] === 0) continue;
      // A parent through a move that keeps the turn (r = ~q) wins through a won position.
      const held = rank[q];
      if (r < 0 !== lost) {
        rank[q] = winRank;
        counts[q] = 0;
        if (held !== winRank) queue[tail++] = q;
      } else if (held !== loseRank && --counts[q] === 0) {
        // (A position lost anyway is not counted down: at 0 it would be lost, as it is.)
        rank[q] = loseRank;
        queue[tail++] = q;
      }
    }
  }
  return tail;
}

/** The queue of ties (head … tail at first): every open parent of a tie is a tie. */
function settleTies(
  parents: ParentSlots,
  rank: Uint8Array,
  counts: Counters,
  queue: Int32Array,
  head: number,
  tail: number,
): void {
  for (; head < tail; head++) {
    const p = queue[head];
    const n = parents.parentCount(p);
    for (let k = 0; k < n; k++) {
      const r = parents.parentAt(p, k);
      const q = r < 0 ? ~r : r;
      if (counts[q] !== 0) {
        rank[q] = TIE_RANK;
        counts[q] = 0;
        queue[tail++] = q;
      }
    }
  }
}
