/**
 * Building a Connect Four opening book of depth N in three steps:
 *
 * 1. `bookPlan`: every position with at most N stones reachable from the
 *    empty board, one per pair of mirror images, leaving out those decided
 *    without search (the game is over, or the player to move wins at once),
 *    grouped by stones.
 * 2. The positions with exactly N stones (the frontier) are solved by search
 *    — the caller's job, since games know nothing of solvers.
 * 3. `backUp`: every shallower position's score is the best of its moves'
 *    (each move's score the negation of the child's, read from the book being
 *    built or decided at once), from N − 1 stones down to the empty board. The
 *    scores of Connect Four solvers count stones from the empty board, so a
 *    position's score is exactly the best of −(child's score).
 */

import type { Geometry } from './bitboard.js';
import { Connect4Book, canonicalKey } from './book.js';
import { type Connect4Position, canPlay, EMPTY, play, scoreBounds, staticScore } from './position.js';

/** Positions to book, by stones on the board: plan[n] holds the positions with n stones. */
export function bookPlan(g: Geometry, plies: number): Connect4Position[][] {
  const plan: Connect4Position[][] = [[]];
  const seen = new Set<number>();
  let level = [EMPTY];
  for (let n = 0; n <= plies; n++) {
    const next: Connect4Position[] = [];
    plan[n] = [];
    for (const p of level) {
      if (staticScore(g, p) !== undefined) continue;
      plan[n].push(p);
      if (n === plies) continue;
      for (let c = 0; c < g.width; c++) {
        if (!canPlay(g, p, c)) continue;
        const child = play(g, p, c);
        const key = canonicalKey(g, child);
        if (seen.has(key)) continue;
        seen.add(key);
        next.push(child);
      }
    }
    level = next;
  }
  return plan;
}

/**
 * The book from a plan and the scores of its frontier (`frontier[i]` is the
 * score of plan[plies][i]).
 */
export function backUp(g: Geometry, plan: Connect4Position[][], frontier: readonly number[]): Connect4Book {
  const plies = plan.length - 1;
  const scores = new Map<number, number>();
  plan[plies].forEach((p, i) => {
    if (!Number.isInteger(frontier[i]))
      throw new Error(`book: the score of a position with ${plies} stones is missing`);
    scores.set(canonicalKey(g, p), frontier[i]);
  });
  for (let n = plies - 1; n >= 0; n--) {
    for (const p of plan[n]) {
      let best = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < g.width; c++) {
        if (!canPlay(g, p, c)) continue;
        const child = play(g, p, c);
        const known = staticScore(g, child) ?? scores.get(canonicalKey(g, child));
        if (known === undefined)
          throw new Error(`book: the score of a position with ${n + 1} stones is missing`);
        if (-known > best) best = -known;
      }
      scores.set(canonicalKey(g, p), best);
    }
  }
  return Connect4Book.fromScores(g, plies, scores);
}

/**
 * A book's lines: the positions a perfect player meets against any moves —
 * a player who always plays a best move, choosing at random among equal
 * best moves, and shows the score of every move it may make (the
 * playground's computer) — for either colour. `reached[c]` holds the
 * positions with n stones on the lines of the player of colour c (0 moves
 * first), one per pair of mirror images. A level of the lines is every
 * move's child of the positions reached: its scores decide the player's
 * choices and are what the player shows. Across both colours a level with n
 * stones holds about 7^⌈n/2⌉ positions (the player's choices keep one move
 * in seven), against 7^n for a full book.
 */
export type Reached = [Connect4Position[], Connect4Position[]];

/** The lines before the first stone: the empty board, for either colour. */
export const LINES_START: Reached = [[EMPTY], [EMPTY]];

/** The children of `p`, one per possible move. */
function children(g: Geometry, p: Connect4Position): Connect4Position[] {
  const out: Connect4Position[] = [];
  for (let c = 0; c < g.width; c++) if (canPlay(g, p, c)) out.push(play(g, p, c));
  return out;
}

/**
 * The next level of the lines: the positions with one stone more than
 * `reached` whose scores the choices there need, one per pair of mirror
 * images, leaving out those decided without search; and the least score
 * each can have given its parents' scores (`scoreOf`, for those that need a
 * search): a position's score is the best of −(child's score), so every
 * child scores at least −(parent's score), and exactly that after a best
 * move. −Infinity where no parent's score is known.
 */
export function linesLevel(
  g: Geometry,
  reached: Reached,
  scoreOf: (p: Connect4Position) => number | undefined,
): { positions: Connect4Position[]; floors: number[] } {
  const index = new Map<number, number>();
  const positions: Connect4Position[] = [];
  const floors: number[] = [];
  for (const level of reached) {
    for (const p of level) {
      const parent = staticScore(g, p) ?? scoreOf(p);
      const floor = parent === undefined ? Number.NEGATIVE_INFINITY : -parent;
      for (const child of children(g, p)) {
        if (staticScore(g, child) !== undefined) continue;
        const key = canonicalKey(g, child);
        const i = index.get(key);
        if (i !== undefined) {
          floors[i] = Math.max(floors[i], floor);
          continue;
        }
        index.set(key, positions.length);
        positions.push(child);
        floors.push(floor);
      }
    }
  }
  return { positions, floors };
}

/**
 * A position's search bounds (`[lower, upper, first probe]`, as the search
 * pool takes them), raised to the floor its parents' scores set, the first
 * null window at that floor: is the move into it a best move? (Most are
 * not; the search then steps up from the floor.) Without a floor: the
 * position's own bounds.
 */
export function floorBounds(g: Geometry, p: Connect4Position, floor: number): [number, number, number?] {
  const [lower, upper] = scoreBounds(g, p);
  if (!(floor > lower)) return [lower, upper];
  const raised = Math.min(floor, upper);
  return [raised, upper, raised];
}

/**
 * The positions the lines reach with one stone more: after every move of
 * the opponent's and after each best move of the player's, whose choice
 * reads the scores of the level just solved (`scoreOf`, for positions that
 * need a search); games that are over go no further.
 */
export function advanceLines(
  g: Geometry,
  reached: Reached,
  scoreOf: (p: Connect4Position) => number | undefined,
): Reached {
  const advance = (positions: Connect4Position[], colour: number): Connect4Position[] => {
    const seen = new Set<number>();
    const next: Connect4Position[] = [];
    for (const p of positions) {
      if (p.won || p.moves === g.cells) continue;
      let chosen = children(g, p);
      if (p.moves % 2 === colour) {
        const scores = chosen.map((child) => {
          const score = staticScore(g, child) ?? scoreOf(child);
          if (score === undefined)
            throw new Error(`book: the score of a position with ${child.moves} stones is missing`);
          return -score;
        });
        const best = Math.max(...scores);
        chosen = chosen.filter((_, i) => scores[i] === best);
      }
      for (const child of chosen) {
        const key = canonicalKey(g, child);
        if (child.won || seen.has(key)) continue;
        seen.add(key);
        next.push(child);
      }
    }
    return next;
  };
  return [advance(reached[0], 0), advance(reached[1], 1)];
}
