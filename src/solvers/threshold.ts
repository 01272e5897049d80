/**
 * Threshold search: solves end-scored games (core/end-scored.ts), which may
 * have cycles, with one win/lose retrograde analysis per probe.
 *
 * A probe asks, for a threshold t, "can the maximiser force the game to stop
 * with a score ≥ t?". That is a win/lose game on the same positions: a stop
 * at or above t is a win for the maximiser, a stop below it a win for the
 * minimiser, and endless play a loss for the maximiser (declared through
 * `endless`, so the retrograde settles it). The answer can only change at a
 * score some stop can end with, so the value of a position is found by a
 * binary search over the distinct stop scores: ⌈log2(K+1)⌉ probes for K
 * distinct scores. Probes are kept, so the values of other positions (the
 * moves of an analysis) mostly reuse them.
 *
 * The remoteness of a position is the one of the probe at its own value:
 * plies (a stop counts as one) until the game stops when the maximiser
 * hurries to secure the value and the minimiser delays.
 *
 * Cost per probe: O(positions + moves) time; 2 bytes per position kept per
 * probe, plus a reverse graph (4 bytes per move) built once when the game has
 * no `parents()`.
 */

import { now } from '../core/clock.js';
import type { EndScoredGame } from '../core/end-scored.js';
import type { Game, IndexedGame } from '../core/game.js';
import { LOSE, NOT_PRIMITIVE, WIN } from '../core/outcome.js';
import { type ParentList, parentList } from '../core/parent-slots.js';
import { makeSolution, type Solution } from '../core/solution.js';
import { marginOutcome, type Value } from '../core/value.js';
import { type PackedTable, tableValue } from '../core/value-table.js';
import { checkBudget, checkMemory, type SolverOptions } from './options.js';
import { retrograde, reverseGraph, reverseGraphBytes } from './retrograde.js';

/** The distinct values of a sorted array. */
function distinct(sorted: Float64Array): Float64Array {
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i];
  return sorted.slice(0, n);
}

/** The position a stop leads to in the solution's view of the game. */
export const STOPPED = -1;

/** Solves an end-scored game by threshold probes (see the header). */
export class ThresholdSearch {
  /** The candidate thresholds: every distinct stop score, ascending (+∞ when a minimiser can be stuck). */
  readonly scores: Float64Array;
  /** Edges of the game graph (stops not included). */
  readonly moves: number;
  private readonly probes: (PackedTable | undefined)[];
  private readonly parents: { source: ParentList; maxParents: number };

  constructor(
    readonly game: EndScoredGame,
    private readonly options: SolverOptions = {},
  ) {
    checkBudget(game.size, options, game.id);
    checkMemory(8 * game.size, options, `the stop scores of ${game.id}`);
    const out = new Int32Array(Math.max(1, game.maxMoves));
    // Every stop score, then sorted and deduplicated (a typed array: no Set to outgrow).
    const stops = new Float64Array(game.size);
    let count = 0;
    let moves = 0;
    for (let p = 0; p < game.size; p++) {
      const n = game.children(p, out);
      moves += n;
      const s = game.stopScore(p);
      if (!Number.isNaN(s)) stops[count++] = s;
      else if (n === 0 && !game.maximizer(p)) stops[count++] = Number.POSITIVE_INFINITY;
    }
    this.moves = moves;
    this.scores = distinct(stops.subarray(0, count).sort());
    this.probes = new Array(this.scores.length);
    // Each probe is a retrograde analysis (about 7 bytes a position) and keeps its 2-byte values.
    const probes = Math.ceil(Math.log2(this.scores.length + 1)) + 1;
    const own = parentList(game);
    const reversed = own ? 0 : reverseGraphBytes(game.size, moves);
    checkMemory(reversed + game.size * (7 + 2 * probes), options, `threshold search of ${game.id}`);
    this.parents = own
      ? { source: own, maxParents: game.maxParents ?? game.size }
      : reverseGraph(game, options);
  }

  /** Probes run so far. */
  get probeCount(): number {
    return this.probes.filter((p) => p !== undefined).length;
  }

  /** The index in `scores` of the value of `p`, or −1 when the maximiser cannot force any stop (−∞). */
  valueIndex(p: number): number {
    let lo = -1;
    let hi = this.scores.length;
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (this.reaches(mid, p)) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  /** The final score with best play from `p` (−∞ / +∞ when the maximiser / minimiser is stuck for good). */
  score(p: number): number {
    const i = this.valueIndex(p);
    return i < 0 ? Number.NEGATIVE_INFINITY : this.scores[i];
  }

  /** The value of `p` for the player to move (negamax form: margin = ± the final score). */
  value(p: number): Value {
    const i = this.valueIndex(p);
    const score = i < 0 ? Number.NEGATIVE_INFINITY : this.scores[i];
    const probe = this.probe(Math.max(0, i));
    const remoteness = probe === undefined ? Number.POSITIVE_INFINITY : tableValue(probe, p).remoteness;
    const margin = this.game.maximizer(p) ? score : -score;
    return { outcome: marginOutcome(margin), remoteness, margin };
  }

  /** Whether the maximiser can force a stop with a score ≥ scores[i] from `p`. */
  private reaches(i: number, p: number): boolean {
    const outcome = tableValue(this.probe(i) as PackedTable, p).outcome;
    return outcome === (this.game.maximizer(p) ? 'win' : 'lose');
  }

  /** The retrograde analysis of the win/lose game "score ≥ scores[i]" (kept for later queries). */
  private probe(i: number): PackedTable | undefined {
    if (i >= this.scores.length) return undefined;
    const known = this.probes[i];
    if (known) return known;
    const { table } = retrograde(this.probeGame(this.scores[i]), this.options);
    this.probes[i] = table;
    return table;
  }

  /**
   * The win/lose game of threshold t: positions 0 … size−1 as in the game, and
   * two more that end it: `size` (lost for the player to move there: a stop
   * won by the player who stopped) and `size + 1` (won: the stop lost).
   */
  private probeGame(t: number): IndexedGame {
    const game = this.game;
    const size = game.size;
    const wonStop = size;
    const lostStop = size + 1;
    const toWon: number[] = [];
    const toLost: number[] = [];
    for (let p = 0; p < size; p++) {
      const s = game.stopScore(p);
      if (!Number.isNaN(s)) (game.maximizer(p) === s >= t ? toWon : toLost).push(p);
    }
    const won = Int32Array.from(toWon);
    const lost = Int32Array.from(toLost);
    const parents = this.parents;
    return {
      kind: 'indexed',
      id: game.id,
      start: game.start,
      size: size + 2,
      maxMoves: game.maxMoves + 1,
      maxParents: Math.max(parents.maxParents, size),
      extraTurns: true,
      children(p, out) {
        if (p >= size) return 0;
        let n = game.children(p, out);
        // A move to a position of the same player keeps the turn.
        const side = game.maximizer(p);
        for (let k = 0; k < n; k++) if (game.maximizer(out[k]) === side) out[k] = ~out[k];
        const s = game.stopScore(p);
        if (!Number.isNaN(s)) out[n++] = game.maximizer(p) === s >= t ? wonStop : lostStop;
        return n;
      },
      primitive: (p) => (p === wonStop ? LOSE : p === lostStop ? WIN : NOT_PRIMITIVE),
      parents(c, out) {
        if (c < size) {
          const n = parents.source.parents(c, out);
          const side = game.maximizer(c);
          for (let k = 0; k < n; k++) if (game.maximizer(out[k]) === side) out[k] = ~out[k];
          return n;
        }
        const list = c === wonStop ? won : lost;
        out.set(list);
        return list.length;
      },
      endless: (p) => (game.maximizer(p) ? LOSE : WIN),
    };
  }
}

/**
 * The game as a `Game<number, number>` for solutions and analyses: moves are
 * the children's ordinals, then `stop` (to the position STOPPED), whose points
 * are the final score for the player stopping (negated for the minimiser).
 */
export function endScoredView(game: EndScoredGame): Game<number, number> {
  const out = new Int32Array(Math.max(1, game.maxMoves));
  const stopAllowed = (p: number) => p !== STOPPED && !Number.isNaN(game.stopScore(p));
  const count = (p: number) => (p === STOPPED ? 0 : game.children(p, out));
  return {
    id: game.id,
    start: game.start,
    moves(p) {
      const n = count(p) + (stopAllowed(p) ? 1 : 0);
      return Array.from({ length: n }, (_, k) => k);
    },
    play(p, k) {
      const n = count(p);
      if (k < n) return out[k];
      if (k === n && stopAllowed(p)) return STOPPED;
      throw new RangeError(`position ${p} has no move ${k}`);
    },
    points(p, k) {
      if (k < count(p)) return 0;
      const s = game.stopScore(p);
      return game.maximizer(p) ? s : -s;
    },
    keepsTurn: (p, k) => k < count(p) && game.maximizer(out[k]) === game.maximizer(p),
    key: (p) => p,
    show: (p) => (p === STOPPED ? 'stopped' : game.show ? game.show(p) : String(p)),
    moveName(p, k) {
      if (k >= count(p)) return 'stop';
      return game.moveName ? game.moveName(p, k) : `→${out[k]}`;
    },
    parsePosition: game.parsePosition?.bind(game),
  };
}

/** Solves an end-scored game: the start at once, any other position when asked. */
export function thresholdSolve(
  game: EndScoredGame,
  options: SolverOptions,
  reason: string,
): Solution<number, number> {
  const started = now();
  const search = new ThresholdSearch(game, options);
  search.value(game.start);
  const stats = { positions: game.size, moves: search.moves, ms: now() - started };
  const over: Value = { outcome: 'tie', remoteness: 0, margin: 0 };
  const solution = makeSolution(endScoredView(game), (p) => (p === STOPPED ? over : search.value(p)), {
    solver: 'threshold',
    reason: `${reason}; ${search.probeCount} probes over ${search.scores.length} distinct scores`,
    stats,
  });
  solution.solved = { count: game.size, start: game.start, at: (i) => i, numbering: 'index' };
  return solution;
}
