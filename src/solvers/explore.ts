/**
 * Explore: turns a `Game<P, M>` into an `IndexedGame` by visiting every
 * position reachable from the start once, so that the fast solvers (sweep,
 * retrograde) can solve any game.
 *
 * Positions are numbered in depth-first post-order: a position gets its index
 * when all its children have theirs. In an acyclic game every move then goes
 * to a smaller index (`order: 'descending'`), which is exactly what the sweep
 * needs; a move to a position still on the depth-first path is a cycle, and
 * the explored game then has no order (and keeps the game's `endless`
 * declaration for retrograde analysis). Children are stored in compressed
 * sparse rows (`offsets`, `targets` — `~child` for a move that keeps the
 * turn — and `edgePoints` in scoring games).
 *
 * A game that declares a symmetry (`canonical`) is explored one class at a
 * time: positions are told apart by their class's key, and the first member
 * met stands for its class.
 *
 * Cost: O(positions + moves) time; one Map entry, the position object and
 * ~9 bytes per position plus 4 (8 more when scoring) per move, and a JS
 * array slot per move. Limits: at most 2^24 − 1 positions (a JS Map's
 * keys), and the exploration stops with a `BudgetError` when the JS heap is
 * nearly full (`heapUsage`), or the tables it builds at the end would not fit
 * `memoryBytes`.
 */

import { GameError } from '../core/errors.js';
import {
  childIndex,
  classKeyOf,
  type Game,
  type IndexedGame,
  type Key,
  primitiveValue,
} from '../core/game.js';
import { grouped } from '../core/grouped.js';
import {
  endlessAgrees,
  endlessDisagreement,
  NOT_PRIMITIVE,
  OUTCOMES,
  type Outcome,
  outcomeCode,
  primitiveCode,
} from '../core/outcome.js';
import { Growable } from './growable.js';
import {
  checkBudget,
  checkMapKeys,
  checkMemory,
  heapWatch,
  PROGRESS_EVERY,
  type SolverOptions,
} from './options.js';

/** Moves listed between two looks at the heap (one position may have millions of moves). */
const EDGES_BETWEEN_CHECKS = 1 << 16;

export interface ExploredGame<P, M> extends IndexedGame {
  /** The game that was explored. */
  source: Game<P, M>;
  /** positions[i] is the position with index i. */
  positions: P[];
  /** The index of a position, or undefined if it is not reachable from the start. */
  indexOf(p: P): number | undefined;
  /** CSR: the children of i are targets[offsets[i] … offsets[i+1]−1]. */
  offsets: Int32Array;
  targets: Int32Array;
  /** Scoring games: the points of each move, parallel to `targets`. */
  edgePoints?: Float64Array;
  /** The move of each edge, parallel to `targets`. */
  edgeMoves: M[];
  /** No move leads back to a position on the way to it. */
  acyclic: boolean;
}

const SEEN = 1;
const OPEN = 2;
const CLOSED = 3;

/** Visits every position reachable from the start once and numbers them (see the header). */
export function explore<P, M>(game: Game<P, M>, options: SolverOptions = {}): ExploredGame<P, M> {
  const scoring = typeof game.points === 'function';
  const keepsTurn = game.keepsTurn?.bind(game);
  const keyOf = classKeyOf(game, options.symmetry);
  // Everything below is indexed by discovery number d, then renumbered to post-order.
  const keyToD = new Map<Key, number>();
  const byD: P[] = [];
  const state = new Growable(Uint8Array);
  const primitiveByD = new Growable(Int32Array);
  const edgeStart = new Growable(Int32Array);
  const edgeCount = new Growable(Int32Array);
  const edgeTarget = new Growable(Int32Array);
  const edgePoint = new Growable(Float64Array);
  const edgeMove: M[] = [];
  const postOf = new Growable(Int32Array);
  const cursor = new Growable(Int32Array);
  let acyclic = true;
  let closed = 0;
  const report = options.onProgress;
  /** Reports progress, and stops when the heap is nearly full (or a time limit passes, through the report). */
  const checkHeap = heapWatch(options, game.id);
  const checkpoint = (): void => {
    checkHeap(byD.length);
    report?.({ unit: 'positions explored', done: closed });
  };

  const see = (p: P, key: Key): number => {
    const d = byD.length;
    checkBudget(d + 1, options, game.id);
    checkMapKeys(d + 1, game.id, 'exploring');
    if ((d + 1) % PROGRESS_EVERY === 0) checkpoint();
    keyToD.set(key, d);
    byD.push(p);
    state.push(SEEN);
    return d;
  };

  const expand = (d: number): void => {
    const p = byD[d];
    const primitive = primitiveValue(game, p);
    primitiveByD.ensure(d);
    primitiveByD.data[d] =
      primitive === undefined
        ? NOT_PRIMITIVE
        : primitiveCode(outcomeCode(primitive.outcome), primitive.remoteness);
    const moves = primitive === undefined ? game.moves(p) : [];
    edgeStart.ensure(d);
    edgeCount.ensure(d);
    edgeStart.data[d] = edgeTarget.length;
    edgeCount.data[d] = moves.length;
    for (const m of moves) {
      const child = game.play(p, m);
      const key = keyOf(child);
      const c = keyToD.get(key) ?? see(child, key);
      // A move that keeps the turn is stored as ~child, as IndexedGame.children writes it.
      edgeTarget.push(keepsTurn?.(p, m) === true ? ~c : c);
      if (scoring) edgePoint.push((game.points as (p: P, m: M) => number)(p, m));
      if (edgeMove.push(m) % EDGES_BETWEEN_CHECKS === 0) checkpoint();
    }
  };

  const stack = [see(game.start, keyOf(game.start))];
  while (stack.length > 0) {
    const d = stack[stack.length - 1];
    if (state.data[d] === SEEN) {
      expand(d);
      state.data[d] = OPEN;
      cursor.ensure(d);
      cursor.data[d] = edgeStart.data[d];
    }
    const end = edgeStart.data[d] + edgeCount.data[d];
    let pushed = false;
    while (cursor.data[d] < end) {
      const c = childIndex(edgeTarget.data[cursor.data[d]++]);
      if (state.data[c] === SEEN) {
        stack.push(c);
        pushed = true;
        break;
      }
      if (state.data[c] === OPEN) acyclic = false;
    }
    if (pushed) continue;
    state.data[d] = CLOSED;
    postOf.ensure(d);
    postOf.data[d] = closed++;
    stack.pop();
    if (closed % PROGRESS_EVERY === 0) checkpoint();
  }
  // build() lays the graph out again: offsets, primitives and renumbering (12 bytes a position), targets (and points).
  const edges = edgeTarget.length;
  checkMemory(
    byD.length * 12 + edges * (scoring ? 12 : 4),
    options,
    `laying out the ${grouped(edges)} moves of ${game.id}`,
  );

  return build(game, keyOf, scoring, acyclic, byD, keyToD, postOf.data, primitiveByD.data, {
    start: edgeStart.data,
    count: edgeCount.data,
    target: edgeTarget.data,
    points: edgePoint.data,
    moves: edgeMove,
  });
}

interface DiscoveryEdges<M> {
  start: Int32Array;
  count: Int32Array;
  target: Int32Array;
  points: Float64Array;
  moves: M[];
}

/** Renumbers the discovered positions to post-order and lays out their edges in CSR. */
function build<P, M>(
  game: Game<P, M>,
  keyOf: (p: P) => Key,
  scoring: boolean,
  acyclic: boolean,
  byD: P[],
  keyToD: Map<Key, number>,
  postOf: Int32Array,
  primitiveByD: Int32Array,
  edges: DiscoveryEdges<M>,
): ExploredGame<P, M> {
  const size = byD.length;
  const dOf = new Int32Array(size);
  for (let d = 0; d < size; d++) dOf[postOf[d]] = d;
  const offsets = new Int32Array(size + 1);
  const primitive = new Int32Array(size);
  let total = 0;
  let maxMoves = 0;
  for (let i = 0; i < size; i++) {
    const n = edges.count[dOf[i]];
    offsets[i + 1] = offsets[i] + n;
    total += n;
    if (n > maxMoves) maxMoves = n;
    primitive[i] = primitiveByD[dOf[i]];
  }
  const targets = new Int32Array(total);
  const edgePoints = scoring ? new Float64Array(total) : undefined;
  const edgeMoves: M[] = new Array(total);
  const positions: P[] = new Array(size);
  for (let i = 0; i < size; i++) {
    const d = dOf[i];
    positions[i] = byD[d];
    const from = edges.start[d];
    const at = offsets[i];
    for (let k = 0; k < edges.count[d]; k++) {
      const t = edges.target[from + k];
      targets[at + k] = t < 0 ? ~postOf[~t] : postOf[t];
      if (edgePoints) edgePoints[at + k] = edges.points[from + k];
      edgeMoves[at + k] = edges.moves[from + k];
    }
  }
  const endless = game.endless?.bind(game);
  if (endless) checkEndless(game, endless, positions, primitive, offsets, targets, edgeMoves);
  const keyToIndex = (p: P): number | undefined => {
    const d = keyToD.get(keyOf(p));
    return d === undefined ? undefined : postOf[d];
  };
  return {
    kind: 'indexed',
    id: game.id,
    size,
    start: postOf[0],
    maxMoves,
    order: acyclic ? 'descending' : undefined,
    scoring,
    extraTurns: game.keepsTurn !== undefined,
    children(p, out, points) {
      const from = offsets[p];
      const n = offsets[p + 1] - from;
      for (let k = 0; k < n; k++) out[k] = targets[from + k];
      if (points && edgePoints) for (let k = 0; k < n; k++) points[k] = edgePoints[from + k];
      return n;
    },
    primitive: (p) => primitive[p],
    endless: endless ? (p) => outcomeCode(endless(positions[p])) : undefined,
    show: game.show ? (p) => (game.show as (p: P) => string)(positions[p]) : undefined,
    moveName: (p, k) => {
      const m = edgeMoves[offsets[p] + k];
      return game.moveName ? game.moveName(positions[p], m) : String(m);
    },
    source: game,
    positions,
    indexOf: keyToIndex,
    offsets,
    targets,
    edgePoints,
    edgeMoves,
    acyclic,
  };
}

/**
 * Refuses a game whose endless play disagrees along a move between positions
 * that are not primitive (`Game.endless`): endless play from a position is
 * endless play from its child, lost by the same player.
 */
function checkEndless<P, M>(
  game: Game<P, M>,
  endless: (p: P) => Outcome,
  positions: P[],
  primitive: Int32Array,
  offsets: Int32Array,
  targets: Int32Array,
  edgeMoves: M[],
): void {
  const code = new Int8Array(positions.length);
  for (let i = 0; i < positions.length; i++) {
    if (primitive[i] === NOT_PRIMITIVE) code[i] = outcomeCode(endless(positions[i]));
  }
  const show = (i: number): string => (game.show ? game.show(positions[i]) : `position ${i}`);
  for (let i = 0; i < positions.length; i++) {
    if (primitive[i] !== NOT_PRIMITIVE) continue;
    for (let e = offsets[i]; e < offsets[i + 1]; e++) {
      const c = childIndex(targets[e]);
      const keeps = targets[e] < 0;
      if (primitive[c] !== NOT_PRIMITIVE || endlessAgrees(code[i], code[c], keeps)) continue;
      const move = game.moveName ? game.moveName(positions[i], edgeMoves[e]) : String(edgeMoves[e]);
      const why = endlessDisagreement(
        OUTCOMES[code[i]],
        `at ${show(i)}`,
        OUTCOMES[code[c]],
        move,
        keeps,
        'endless()',
      );
      throw new GameError(`${game.id}: ${why}`);
    }
  }
}
