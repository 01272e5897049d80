/**
 * A solved game, queried by position: every answer is for the player to
 * move there.
 *
 * @example
 * ```ts
 * import { formatValue, type Game, solve } from 'yomi';
 *
 * // Take 1 or 2 stones from a pile of 7; who takes the last stone wins.
 * const pile: Game<number, number> = {
 *   id: 'pile', start: 7, key: (n) => n,
 *   moves: (n) => [1, 2].filter((t) => t <= n),
 *   play: (n, t) => n - t,
 * };
 * const solution = solve(pile);
 * console.log(formatValue(solution.value(7))); // win in 5
 * console.log(solution.best(7)); // [ 1 ]: leave a multiple of 3
 * console.log(solution.moves(7).map((m) => formatValue(m.value))); // [ 'win in 5', 'lose in 4' ]
 * console.log(solution.line(7)); // [ 1, 1, 2, 1, 2 ]
 * ```
 */

import { type Game, isOver } from './game.js';
import { compareValues, moveValue, sameValue, type Value } from './value.js';

/** A move and the value it has for the player making it. */
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

/** What a solve did and how long it took. */
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

/**
 * A solved game, queried by position: every answer is for the player to
 * move there.
 *
 * @example
 * ```ts
 * import { formatValue, solve, ticTacToe } from 'yomi';
 *
 * const solution = solve(ticTacToe);
 * console.log(solution.solver, solution.stats.positions); // explore+sweep 765
 * console.log(formatValue(solution.value('x...o...x'))); // tie in 6
 * console.log(solution.best('xx.oo....').map((c) => ticTacToe.moveName?.('xx.oo....', c))); // [ 'c1' ]
 * console.log(solution.line('x...o...x').length); // 6
 * ```
 */
export interface Solution<P, M> {
  /** The algorithm that produced the values. */
  solver: string;
  /** Why that algorithm was used (auto's choice, or "forced by --solver"). */
  reason: string;
  game: Game<P, M>;
  stats: SolveStats;
  /** The value of `p` for the player to move. */
  value(p: P): Value;
  /** Every move at `p` with its value for the mover (none when the game is over). */
  moves(p: P): MoveValue<M>[];
  /** The value of one move at `p` for the mover, as `moves` gives it (one search instead of all of them). */
  moveValue(p: P, move: M): Value;
  /** The moves that achieve `p`'s value: the quickest win, the slowest loss. */
  best(p: P): M[];
  /** A principal variation: best moves to the end (a draw's line stops when a position repeats). */
  line(p: P, maxPlies?: number): M[];
  /** Table solvers: every position solved, by number (what `--save` writes). */
  solved?: SolvedPositions<P>;
  /**
   * Searching solvers: the value of `p` when it is at hand without a search
   * (settled already, or in the opening book), else undefined. Absent: every
   * value is at hand (a table), so `value` is as cheap.
   */
  known?(p: P): Value | undefined;
}

/** The value of `p` when it is at hand without a search (see `Solution.known`), else undefined. */
export function knownValue<P, M>(solution: Solution<P, M>, p: P): Value | undefined {
  return solution.known ? solution.known(p) : solution.value(p);
}

/** What a solver says of its solution, beside the values. */
export interface SolutionInfo {
  solver: string;
  reason: string;
  stats: SolveStats;
}

/** A `Solution` from a solver's `value`: moves, best moves and lines follow from the rules. */
export function makeSolution<P, M>(
  game: Game<P, M>,
  value: (p: P) => Value,
  info: SolutionInfo,
  /**
   * The value of the child a move of `p` reaches (the move's points and
   * whether it keeps the turn given), when the solver does better knowing
   * the parent.
   */
  childValue: (p: P, child: P, points: number, keeps: boolean) => Value = (_p, child) => value(child),
): Solution<P, M> {
  const valueOfMove = (p: P, move: M): Value => {
    const points = game.points?.(p, move);
    const keeps = game.keepsTurn?.(p, move) === true;
    return moveValue(childValue(p, game.play(p, move), points ?? 0, keeps), points, keeps);
  };
  const moves = (p: P): MoveValue<M>[] => {
    if (game.primitive?.(p) !== undefined) return [];
    return game.moves(p).map((move) => ({ move, value: valueOfMove(p, move) }));
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
  return {
    solver: info.solver,
    reason: info.reason,
    stats: info.stats,
    game,
    value,
    moves,
    moveValue: valueOfMove,
    best,
    line,
  };
}
