/**
 * Memoized negamax on a `Game<P, M>`: depth-first search with an explicit
 * stack (paths may be thousands of plies long; JS recursion would overflow),
 * each position solved once and remembered by its key.
 *
 * Cost: O(positions + moves) time, one Map entry and 12 bytes of values per
 * position reached. Limits: at most 2^24 − 1 positions (a JS Map's keys);
 * stops with a `BudgetError` when the JS heap is nearly full (`heapUsage`). Works in two modes: outcome games (win/lose/tie/draw with
 * remoteness) and scoring games (margin, then remoteness). Positions are
 * solved on demand: querying a position not reached yet continues the search
 * from it. A cycle (a position reached again while still being searched) stops
 * the search with a CycleError that points to retrograde analysis.
 */

import { now } from '../core/clock.js';
import { CycleError } from '../core/errors.js';
import { classKeyOf, type Game, type Key, primitiveValue } from '../core/game.js';
import { outcomeCode } from '../core/outcome.js';
import { makeSolution, type Solution } from '../core/solution.js';
import { marginOutcome, type Value } from '../core/value.js';
import { decode, encode, keepCode, moveCode, TIE_CODE } from '../core/value-code.js';
import { Growable } from './growable.js';
import { checkBudget, checkMapKeys, heapWatch, PROGRESS_EVERY, type SolverOptions } from './options.js';

/** Moves listed between two looks at the heap (the stack holds every open position's moves). */
const MOVES_BETWEEN_CHECKS = 1 << 20;

const UNSOLVED = 0;
const ON_STACK = 1;
const DONE = 2;

interface Frame<P, M> {
  position: P;
  index: number;
  moves: readonly M[];
  next: number;
  bestCode: number;
  bestMargin: number;
}

/** Solves positions of `game` on demand, remembering every value. */
export class MemoizedNegamax<P, M> {
  private readonly index = new Map<Key, number>();
  private readonly state = new Growable(Uint8Array);
  private readonly code = new Growable(Int32Array);
  private readonly margin = new Growable(Float64Array);
  private readonly scoring: boolean;
  /** The key of a position's class (its own key when the game declares no symmetry). */
  private readonly keyOf: (p: P) => Key;
  /** Moves listed so far, and when to look at the heap next: one position may list millions. */
  private listed = 0;
  private nextHeapCheck = MOVES_BETWEEN_CHECKS;
  private readonly checkHeap: (positions: number) => void;

  constructor(
    private readonly game: Game<P, M>,
    private readonly options: SolverOptions = {},
  ) {
    this.scoring = typeof game.points === 'function';
    this.keyOf = classKeyOf(game, options.symmetry);
    this.checkHeap = heapWatch(options, game.id);
  }

  get positions(): number {
    return this.index.size;
  }

  /** The value of `p`, solving what it needs on first use. */
  value(p: P): Value {
    const i = this.solve(p);
    const v = decode(this.code.data[i]);
    if (!this.scoring) return v;
    const margin = this.margin.data[i];
    return { ...v, margin, outcome: marginOutcome(margin) };
  }

  /** Solves `p` (and everything below it) and returns its index in the value arrays. */
  solve(p: P): number {
    const known = this.index.get(this.keyOf(p));
    if (known !== undefined && this.state.data[known] === DONE) return known;
    const stack: Frame<P, M>[] = [];
    try {
      return this.search(p, stack);
    } catch (e) {
      // A budget exceeded (or a game that threw) leaves these half-solved: forget them, so a
      // later query searches them again instead of taking them for a cycle or reading their values.
      for (const frame of stack) this.state.data[frame.index] = UNSOLVED;
      throw e;
    }
  }

  private search(p: P, stack: Frame<P, M>[]): number {
    const root = this.enter(p, this.keyOf(p), stack, []);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      if (frame.next < frame.moves.length) {
        const move = frame.moves[frame.next++];
        const child = this.game.play(frame.position, move);
        const key = this.keyOf(child);
        const ci = this.index.get(key);
        if (ci === undefined || this.state.data[ci] === UNSOLVED) {
          this.enter(child, key, stack, stack);
        } else if (this.state.data[ci] === ON_STACK) {
          throw this.cycle(child, stack);
        } else {
          this.combine(frame, ci);
        }
        continue;
      }
      this.finish(frame);
      stack.pop();
      if (stack.length > 0) this.combine(stack[stack.length - 1], frame.index);
    }
    return root;
  }

  /** Registers a new position; solves it at once if it is over, else pushes a frame for it. */
  private enter(p: P, key: Key, stack: Frame<P, M>[], parents: Frame<P, M>[]): number {
    const i = this.index.get(key) ?? this.register(key);
    const primitive = primitiveValue(this.game, p);
    const moves = primitive === undefined ? this.game.moves(p) : [];
    this.listed += moves.length;
    if (this.listed >= this.nextHeapCheck) {
      this.checkHeap(this.index.size);
      this.nextHeapCheck = this.listed + MOVES_BETWEEN_CHECKS;
    }
    if (moves.length === 0) {
      const ended = primitive ?? { outcome: 'lose', remoteness: 0 };
      this.code.data[i] = this.scoring ? TIE_CODE : encode(outcomeCode(ended.outcome), ended.remoteness);
      this.margin.data[i] = 0;
      this.state.data[i] = DONE;
      if (parents.length > 0) this.combine(parents[parents.length - 1], i);
      return i;
    }
    this.state.data[i] = ON_STACK;
    stack.push({ position: p, index: i, moves, next: 0, bestCode: -1, bestMargin: Number.NEGATIVE_INFINITY });
    return i;
  }

  private register(key: Key): number {
    const i = this.index.size;
    checkBudget(i + 1, this.options, this.game.id);
    checkMapKeys(i + 1, this.game.id, 'memoized negamax');
    if ((i + 1) % PROGRESS_EVERY === 0) {
      this.checkHeap(i + 1);
      this.options.onProgress?.({ unit: 'positions', done: i + 1 });
    }
    this.index.set(key, i);
    this.state.ensure(i);
    this.code.ensure(i);
    this.margin.ensure(i);
    return i;
  }

  /** Folds the child `ci`, reached by the frame's last move, into the frame's best. */
  private combine(frame: Frame<P, M>, ci: number): void {
    const childCode = this.code.data[ci];
    const move = frame.moves[frame.next - 1];
    // After a move that keeps the turn, the child's value is the mover's own.
    const keeps = this.game.keepsTurn?.(frame.position, move) === true;
    if (!this.scoring) {
      const c = keeps ? keepCode(childCode) : moveCode(childCode);
      if (c > frame.bestCode) frame.bestCode = c;
      return;
    }
    const points = (this.game.points as (p: P, m: M) => number)(frame.position, move);
    const m = keeps ? points + this.margin.data[ci] : points - this.margin.data[ci];
    const c = encode(outcomeCode(marginOutcome(m)), decode(childCode).remoteness + 1);
    if (m > frame.bestMargin || (m === frame.bestMargin && c > frame.bestCode)) {
      frame.bestMargin = m;
      frame.bestCode = c;
    }
  }

  private finish(frame: Frame<P, M>): void {
    this.code.data[frame.index] = frame.bestCode;
    this.margin.data[frame.index] = frame.bestMargin;
    this.state.data[frame.index] = DONE;
  }

  private cycle(child: P, stack: Frame<P, M>[]): CycleError {
    const shown = this.game.show ? `position ${this.game.show(child)}` : 'a position';
    return new CycleError(
      `${this.game.id}: ${shown} repeats ${stack.length} plies into the search: the game has a cycle, ` +
        'which memoized negamax cannot solve; use retrograde analysis (--solver retrograde, or --solver auto)',
    );
  }
}

/** Solves `game` from its start by memoized negamax; other positions are solved when queried. */
export function negamax<P, M>(
  game: Game<P, M>,
  options: SolverOptions = {},
  reason = 'memoized negamax',
): Solution<P, M> {
  const started = now();
  const search = new MemoizedNegamax(game, options);
  search.solve(game.start);
  const stats = { positions: search.positions, ms: now() - started };
  return makeSolution(game, (p) => search.value(p), { solver: 'negamax', reason, stats });
}
