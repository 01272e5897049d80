/**
 * A solved game, queried by position: its value, every move with the value it
 * has for the mover, the best moves and a principal variation.
 *
 * Solvers only supply `value(p)`; `makeSolution` derives the rest from the
 * game's rules, so every solver answers queries the same way.
 */

import { type Game, isOver } from './game.js';
import { compareValues, moveValue, sameValue, type Value } from './value.js';

export interface MoveValue<M> {
  move: M;
  /** The value of this move for the player making it. */
  value: Value;
}

/** What a strong solve reports of the positions reachable from the start (solvers/reach.ts). */
export interface ReachStats {
  positions: number;
  /** Reachable positions the rules end as a win, as a loss for the player to move there; the others go on. */
  wonOnTheMove: number;
  lostOnTheMove: number;
  ongoing: number;
  /** Reachable positions by value for the player to move. */
  wins: number;
  losses: number;
  ties: number;
  draws: number;
  /** The largest remoteness of a reachable win (−1: none), and one such position as the game shows it. */
  longestWin: number;
  longestWinAt?: string;
  /** Plies from the start to the farthest reachable position. */
  depth: number;
}

export interface SolveStats {
  /** Positions whose value was computed. */
  positions: number;
  /** Moves looked at (edges of the game graph), when the solver counts them. */
  moves?: number;
  /** Wall time of the solve in milliseconds. */
  ms: number;
  /** Search solvers: positions searched (a position may be searched more than once). */
  nodes?: number;
  /** Search solvers: the share of transposition-table probes that found their position. */
  tableHitRate?: number;
  /** Strong solves kept in a tier directory: the positions reachable from the start. */
  reach?: ReachStats;
}

/**
 * The positions a table solver solved, numbered 0 … count−1: what a solution
 * file keeps a value for.
 */
export interface SolvedPositions<P> {
  count: number;
  /** The position numbered i (a representative of its class when the game declares a symmetry). */
  at(i: number): P;
  /** The number of the start. */
  start: number;
  /** 'index': the game's own numbers; 'explored': the order exploration met the positions (found again by key). */
  numbering: 'index' | 'explored';
}

export interface Solution<P, M> {
  /** The algorithm that produced the values. */
  solver: string;
  /** Why that algorithm was used (auto's choice, or "forced by --solver"). */
  reason: string;
  game: Game<P, M>;
  stats: SolveStats;
  value(p: P): Value;
  moves(p: P): MoveValue<M>[];
  best(p: P): M[];
  /** A principal variation: best moves to the end (a draw's line stops when a position repeats). */
  line(p: P, maxPlies?: number): M[];
  /** Table solvers: every position solved, by number (what `--save` writes). */
  solved?: SolvedPositions<P>;
}

export interface SolutionInfo {
  solver: string;
  reason: string;
  stats: SolveStats;
}

export function makeSolution<P, M>(
  game: Game<P, M>,
  value: (p: P) => Value,
  info: SolutionInfo,
): Solution<P, M> {
  const moves = (p: P): MoveValue<M>[] => {
    if (game.primitive?.(p) !== undefined) return [];
    return game.moves(p).map((move) => ({
      move,
      value: moveValue(value(game.play(p, move)), game.points?.(p, move), game.keepsTurn?.(p, move) === true),
    }));
  };
  const best = (p: P): M[] => {
    const all = moves(p);
    if (all.length === 0) return [];
    const top = all.reduce((a, b) => (compareValues(b.value, a.value) > 0 ? b : a)).value;
    return all.filter((mv) => sameValue(mv.value, top)).map((mv) => mv.move);
  };
  const line = (p: P, maxPlies = 10_000): M[] => {
    const seen = new Set([game.key(p)]);
    const out: M[] = [];
    let at = p;
    while (out.length < maxPlies && !isOver(game, at)) {
      const [m] = best(at);
      if (m === undefined) break;
      out.push(m);
      at = game.play(at, m);
      const k = game.key(at);
      if (seen.has(k)) break;
      seen.add(k);
    }
    return out;
  };
  // Fields named one by one: spreading `info` into a literal with closures costs microseconds per call.
  return { solver: info.solver, reason: info.reason, stats: info.stats, game, value, moves, best, line };
}
