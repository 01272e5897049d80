/**
 * A user's game, sandboxed by error: every call the solvers and commands make
 * into a module's code goes through a wrapper that turns an exception (an
 * Error, a string, null, anything thrown) or a malformed answer (moves() that
 * returns a number or a Set, a child index out of range, a key that is NaN, …)
 * into one line naming the module, the method, the position, and the moves
 * that lead there from the start (exit code 2), instead of a stack trace or a
 * silently wrong solve. The solvers stay free of this: they see an ordinary
 * game. Wrapping costs one call and a type check per call, for user modules
 * only; the built-in games are trusted and run unwrapped.
 *
 * Each wrapped call also names itself in a slot another thread can read
 * (user-call.ts), so a call that never returns can be named by the watchdog.
 *
 * The moves that lead to a position are found when an error is reported, by a
 * breadth-first search from the start (bounded; the hot path keeps no parent
 * links).
 */

import { snapshot } from '../check/snapshot.js';
import { GameError, YomiError } from '../core/errors.js';
import { type AnyGame, childIndex, type EndScoredGame, type Game, type NumberedGame } from '../core/game.js';
import { grouped } from '../core/grouped.js';
import { LOSE, NOT_PRIMITIVE, OUTCOMES, WIN } from '../core/outcome.js';
import { hasParents } from '../core/parent-slots.js';
import type { SearchableGame } from '../core/search.js';
import { userCall, userCallId } from './user-call.js';

/** A call into a user's game failed or answered something the contract does not allow. */
export class UserCodeError extends GameError {
  override name = 'UserCodeError';
}

/** The most positions the search for the moves that lead to a failing position visits. */
const PATH_SEARCH_LIMIT = 100_000;
/** Positions and values are shown at most this long in a message. */
const SHOWN = 80;
/** Indices and buffer sizes of an indexed game are 32-bit integers (children are written into an Int32Array). */
const MAX_INDEX = 0x7fffffff;
/** The largest `maxMoves` / `maxParents` accepted: they size buffers allocated before solving. */
const MAX_BRANCHING = 2 ** 26;

function clip(text: string): string {
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

/** What was thrown, as text: `Error: boom`, `'a string'`, `null`. */
export function describeThrown(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  if (typeof e === 'string') return `'${clip(e)}'`;
  return describeValue(e);
}

/** A value in a message: `undefined`, `5`, `a Set`, `an object {"a":1}`. */
export function describeValue(x: unknown): string {
  try {
    return valueText(x);
  } catch {
    return 'an object';
  }
}

function valueText(x: unknown): string {
  if (x === null || x === undefined || typeof x === 'number' || typeof x === 'boolean') return String(x);
  if (typeof x === 'string') return `the string '${clip(x)}'`;
  if (typeof x === 'bigint') return `${x}n`;
  if (typeof x === 'function') return 'a function';
  const name = Object.getPrototypeOf(x)?.constructor?.name;
  if (name && name !== 'Object' && name !== 'Array') return `a ${name}`;
  return `${Array.isArray(x) ? 'an array' : 'an object'} ${clip(snapshot(x))}`;
}

/** `e` when it already says what went wrong in a user's game (a nested wrapped call); else undefined. */
function alreadyReported(e: unknown): UserCodeError | undefined {
  return e instanceof UserCodeError ? e : undefined;
}

/** What is wrong with a method's answer (given its arguments), or undefined. */
type Check<A extends unknown[] = unknown[]> = (result: unknown, ...args: A) => string | undefined;

/** How the wrappers of one game describe a position and find the moves that lead there. */
interface Reporter {
  /** `position` is the method's first argument, `move` its second when it is a move (play, points, …). */
  fail(method: string, problem: string, at?: { position: unknown; move?: unknown }): UserCodeError;
}

/** Which arguments of a method name where it was called: a position, and a move after it. */
type Arguments = 'position' | 'position and move' | 'none';

/**
 * `fn`, a method of the user's object `self`, wrapped: called with `self` as
 * `this`, a throw or an answer `check` refuses is reported by `reporter`
 * (naming method `name`); the wrapper has `fn`'s own signature.
 */
function guarded<A extends unknown[], R>(
  fn: (...args: A) => R,
  self: object,
  name: string,
  reporter: Reporter,
  check: Check<A> | undefined,
  args: Arguments = 'position',
): (...args: A) => R {
  const at = (a: A) =>
    args === 'none' ? undefined : args === 'position' ? { position: a[0] } : { position: a[0], move: a[1] };
  const id = userCallId(`${name}()`);
  return (...a: A): R => {
    let result: R;
    const outer = userCall[0];
    userCall[0] = id;
    try {
      result = fn.apply(self, a);
    } catch (e) {
      throw alreadyReported(e) ?? reporter.fail(`${name}()`, `threw ${describeThrown(e)}`, at(a));
    } finally {
      userCall[0] = outer;
    }
    const problem = check?.(result, ...a);
    if (problem !== undefined) throw reporter.fail(`${name}()`, problem, at(a));
    return result;
  };
}

/** The wrapper of each method `fn` of the user's object `self` (see `guarded`), or undefined for a method it lacks. */
const methodGuard =
  (self: object, reporter: Reporter) =>
  <A extends unknown[], R>(
    name: string,
    fn: ((...args: A) => R) | undefined,
    check?: Check<A>,
    args?: Arguments,
  ) =>
    typeof fn === 'function' ? guarded(fn, self, name, reporter, check, args) : undefined;

/** Sets field `name` of `target` to `value`, unless there is none (the field is then left as it was). */
function install<T, K extends keyof T>(target: T, name: K, value: T[K] | undefined): void {
  if (value !== undefined) target[name] = value;
}

/** An object whose prototype is `proto`: it answers every field of `proto` until one is set on it. */
const heir = <T extends object>(proto: T): T => Object.create(proto);

const returned = (x: unknown, what: string) => `returned ${describeValue(x)}, not ${what}`;
const isInt = (x: unknown, min: number, max: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

const isOutcome = (x: unknown) => OUTCOMES.some((o) => o === x);

function primitiveProblem(x: unknown): string | undefined {
  if (x === undefined || isOutcome(x)) return undefined;
  if (typeof x === 'object' && x !== null) {
    const v: Partial<Record<string, unknown>> = x;
    const r = v.remoteness;
    if (isOutcome(v.outcome) && typeof r === 'number' && r >= 0 && (Number.isInteger(r) || r === Infinity))
      return undefined;
  }
  return returned(
    x,
    "undefined, an outcome ('win', 'lose', 'tie', 'draw') or a value { outcome, remoteness }",
  );
}

function keyProblem(x: unknown): string | undefined {
  if (typeof x === 'string' || typeof x === 'bigint' || (typeof x === 'number' && !Number.isNaN(x)))
    return undefined;
  return returned(x, 'a key (a string, a number or a bigint)');
}

const text: Check = (x) => (typeof x === 'string' ? undefined : returned(x, 'a string'));
const defined =
  (what: string): Check =>
  (x) =>
    x === undefined ? returned(x, what) : undefined;

/** The moves that lead from the start to a position, found by a bounded breadth-first search. */
interface Walk<P> {
  start: P;
  /** The position's identity (its key); throws when it cannot be told. */
  id(p: unknown): unknown;
  /** Each move's name and child; throws when the game cannot list them. */
  next(p: P): [string, P][];
}

function pathTo<P>(walk: Walk<P>, target: unknown): string {
  let goal: unknown;
  try {
    goal = walk.id(target);
  } catch {
    return '';
  }
  const from = new Map<unknown, { parent: unknown; move: string }>();
  const queue: P[] = [walk.start];
  try {
    from.set(walk.id(walk.start), { parent: undefined, move: '' });
  } catch {
    return '';
  }
  for (let head = 0; head < queue.length && from.size < PATH_SEARCH_LIMIT; head++) {
    const p = queue[head];
    const pid = walk.id(p);
    if (pid === goal) {
      const moves: string[] = [];
      for (let e = from.get(pid); e !== undefined && e.parent !== undefined; e = from.get(e.parent)) {
        moves.push(e.move);
      }
      moves.reverse();
      if (moves.length === 0) return ', the start';
      const shown = moves.length > 30 ? [...moves.slice(0, 30), '…'] : moves;
      return `, reached from the start by ${moves.length} move${moves.length === 1 ? '' : 's'}: ${shown.join(' ')}`;
    }
    let children: [string, P][];
    try {
      children = walk.next(p);
    } catch {
      continue;
    }
    for (const [move, child] of children) {
      let cid: unknown;
      try {
        cid = walk.id(child);
      } catch {
        continue;
      }
      if (from.has(cid)) continue;
      from.set(cid, { parent: pid, move });
      queue.push(child);
    }
  }
  return `, not reached from the start within ${grouped(PATH_SEARCH_LIMIT)} positions`;
}

function reporter<P>(
  source: string,
  show: (p: unknown) => string,
  moveName: (p: unknown, m: unknown) => string,
  walk: Walk<P>,
): Reporter {
  const shown = (f: () => string, x: unknown) => {
    try {
      return clip(f());
    } catch {
      return describeValue(x);
    }
  };
  return {
    fail(method, problem, at) {
      if (at === undefined) return new UserCodeError(`${source}: ${method} ${problem}`);
      const p = at.position;
      const move = 'move' in at ? `, move ${shown(() => moveName(p, at.move), at.move)}` : '';
      const where = `at position ${shown(() => show(p), p)}${move}${pathTo(walk, p)}`;
      return new UserCodeError(`${source}: ${method} ${problem} (${where})`);
    },
  };
}

/** Calls `fn` on `raw` and returns its answer, or undefined when it throws or is not a string. */
function quietText(fn: unknown, raw: object, ...args: unknown[]): string | undefined {
  try {
    const r = typeof fn === 'function' ? fn.apply(raw, args) : undefined;
    return typeof r === 'string' ? r : undefined;
  } catch {
    return undefined;
  }
}

function guardPlain(raw: SearchableGame<unknown, unknown>, source: string): Game<unknown, unknown> {
  const walk: Walk<unknown> = {
    start: raw.start,
    id: (p) => {
      const k = raw.key(p);
      if (keyProblem(k) !== undefined) throw new Error('no key');
      return k;
    },
    next: (p) =>
      raw.moves(p).map((m) => [quietText(raw.moveName, raw, p, m) ?? clip(snapshot(m)), raw.play(p, m)]),
  };
  const show = (p: unknown) => quietText(raw.show, raw, p) ?? snapshot(p);
  const moveName = (p: unknown, m: unknown) => quietText(raw.moveName, raw, p, m) ?? snapshot(m);
  const rep = reporter(source, show, moveName, walk);
  const g = heir(raw);
  const method = methodGuard(raw, rep);
  const withMove = 'position and move';
  const moves: Check = (x) => (Array.isArray(x) ? undefined : returned(x, 'an array of moves'));
  install(g, 'moves', method('moves', raw.moves, moves));
  install(g, 'play', method('play', raw.play, defined('a position'), withMove));
  install(g, 'key', method('key', raw.key, keyProblem));
  install(g, 'primitive', method('primitive', raw.primitive, primitiveProblem));
  const points: Check = (x) =>
    typeof x === 'number' && Number.isFinite(x) ? undefined : returned(x, 'a finite number of points');
  install(g, 'points', method('points', raw.points, points, withMove));
  const keepsTurn: Check = (x) =>
    x === undefined || typeof x === 'boolean' ? undefined : returned(x, 'true or false');
  install(g, 'keepsTurn', method('keepsTurn', raw.keepsTurn, keepsTurn, withMove));
  install(g, 'canonical', method('canonical', raw.canonical, defined('a position')));
  install(g, 'show', method('show', raw.show, text));
  install(g, 'showBoard', method('showBoard', raw.showBoard, text));
  install(g, 'moveName', method('moveName', raw.moveName, text, withMove));
  const endless: Check = (x) => (x === 'win' || x === 'lose' ? undefined : returned(x, "'win' or 'lose'"));
  install(g, 'endless', method('endless', raw.endless, endless));
  install(g, 'parsePosition', method('parsePosition', raw.parsePosition, defined('a position'), 'none'));
  install(g, 'orderMoves', method('orderMoves', raw.orderMoves, moves));
  const bounds: Check = (x) =>
    Array.isArray(x) && x.length === 2 && x.every((v) => typeof v === 'number' && !Number.isNaN(v))
      ? undefined
      : returned(x, 'two numbers [low, high]');
  install(g, 'marginBounds', method('marginBounds', raw.marginBounds, bounds));
  const plies: Check = (x) =>
    x === undefined || isInt(x, 0, Number.MAX_SAFE_INTEGER) ? undefined : returned(x, 'a count of plies');
  install(g, 'pliesLeft', method('pliesLeft', raw.pliesLeft, plies));
  install(g, 'hash', method('hash', raw.hash));
  // A declaration, not code: a game that repeats a position after all meets the search's depth limit.
  if (raw.acyclic === true) g.acyclic = true;
  const link = raw.indexed;
  if (link !== undefined) {
    const game = guardNumbered(link.game, `${source} (its indexed form)`);
    const index: Check = (x) => (isInt(x, 0, game.size - 1) ? undefined : returned(x, 'an index'));
    const indexOf =
      typeof link.indexOf === 'function' ? guarded(link.indexOf, link, 'indexOf', rep, index) : link.indexOf;
    const positionOf =
      typeof link.positionOf === 'function'
        ? guarded(link.positionOf, link, 'positionOf', rep, defined('a position'), 'none')
        : link.positionOf;
    g.indexed = { game, indexOf, positionOf };
  }
  return g;
}

/** What is wrong with the fields of an indexed or end-scored game, or undefined. */
function numberedShapeProblem(g: NumberedGame): string | undefined {
  if (!isInt(g.size, 1, MAX_INDEX + 1))
    return `size is ${describeValue(g.size)}, not a count of positions 1 … ${grouped(MAX_INDEX + 1)}`;
  if (!isInt(g.start, 0, g.size - 1))
    return `start is ${describeValue(g.start)}, not an index 0 … ${g.size - 1}`;
  if (!isInt(g.maxMoves, 0, MAX_BRANCHING))
    return `maxMoves is ${describeValue(g.maxMoves)}, not a count 0 … ${grouped(MAX_BRANCHING)}`;
  if (g.order !== undefined && g.order !== 'ascending' && g.order !== 'descending')
    return `order is ${describeValue(g.order)}, not 'ascending', 'descending' or absent`;
  if (hasParents(g) && g.maxParents !== undefined && !isInt(g.maxParents, 0, MAX_BRANCHING))
    return `maxParents is ${describeValue(g.maxParents)}, not a count 0 … ${grouped(MAX_BRANCHING)}`;
  if (typeof g.primitive !== 'function') return 'it has no primitive() method';
  return undefined;
}

function guardNumbered<G extends NumberedGame>(raw: G, source: string): G {
  const shape = numberedShapeProblem(raw);
  if (shape !== undefined) throw new UserCodeError(`${source}: ${shape}`);
  const g = heir(raw);
  guardNumberedMethods(g, raw, source);
  return g;
}

/** The methods of an end-scored game besides those of every numbered game. */
type EndScoredMethods = Partial<Pick<EndScoredGame, 'maximizer' | 'stopScore'>>;

/** Sets on `g` (an heir of `raw`) each method of `raw`, checked. */
function guardNumberedMethods(
  g: NumberedGame & EndScoredMethods,
  raw: NumberedGame & EndScoredMethods,
  source: string,
): void {
  const { size, maxMoves, order } = raw;
  const maxParents = raw.maxParents ?? size;
  const turns = raw.extraTurns === true;
  const out = new Int32Array(Math.max(1, maxMoves));
  const walk: Walk<number> = {
    start: raw.start,
    id: (p) => p,
    next: (p) => {
      const n = raw.children(p, out);
      const found: [string, number][] = [];
      for (let k = 0; k < n && k < maxMoves; k++) {
        const c = childIndex(out[k]);
        if (isInt(c, 0, size - 1)) found.push([quietText(raw.moveName, raw, p, k) ?? `→${c}`, c]);
      }
      return found;
    },
  };
  const show = (p: unknown) => quietText(raw.show, raw, p) ?? String(p);
  const moveName = (p: unknown, k: unknown) => quietText(raw.moveName, raw, p, k) ?? `#${k}`;
  const rep = reporter(source, show, moveName, walk);
  const method = methodGuard(raw, rep);
  const inRange = (
    list: Int32Array,
    n: unknown,
    max: number,
    what: string,
    p: number,
  ): string | undefined => {
    if (!isInt(n, 0, max)) return returned(n, `a count 0 … ${max} (max${what})`);
    for (let k = 0; k < n; k++) {
      const e = list[k];
      const c = childIndex(e);
      if (c >= size) return `wrote ${e} at [${k}], outside 0 … ${size - 1}`;
      if (e < 0 && !turns)
        return `wrote ${e} at [${k}]: ~child marks an extra turn, and the game has no extraTurns`;
      if (what === 'Moves' && order !== undefined && (order === 'descending' ? c >= p : c <= p))
        return `wrote child ${c} at [${k}], against the declared order '${order}'`;
    }
    return undefined;
  };
  const children: Check<[number, Int32Array, Float64Array?]> = (n, p, list, points) => {
    const wrong = inRange(list, n, maxMoves, 'Moves', p);
    if (wrong !== undefined || !raw.scoring || points === undefined || !isInt(n, 0, maxMoves)) return wrong;
    for (let k = 0; k < n; k++) {
      if (!Number.isFinite(points[k])) return `wrote points ${points[k]} at [${k}], not a finite number`;
    }
    return undefined;
  };
  install(g, 'children', method('children', raw.children, children));
  const primitive: Check = (x) =>
    x === NOT_PRIMITIVE || isInt(x, 0, MAX_INDEX)
      ? undefined
      : returned(x, 'NOT_PRIMITIVE (−1) or an outcome code (primitiveCode)');
  install(g, 'primitive', method('primitive', raw.primitive, primitive));
  const parents: Check<[number, Int32Array]> = (n, p, list) => inRange(list, n, maxParents, 'Parents', p);
  install(g, 'parents', method('parents', raw.parents, parents));
  const parentCount: Check = (n) =>
    isInt(n, 0, maxParents) ? undefined : returned(n, `a count 0 … ${maxParents} (maxParents)`);
  install(g, 'parentCount', method('parentCount', raw.parentCount, parentCount));
  const parentAt: Check = (e) =>
    isInt(e, turns ? -size : 0, size - 1)
      ? undefined
      : returned(
          e,
          `a position 0 … ${size - 1}${turns ? ' (or ~position for a move that keeps the turn)' : ''}`,
        );
  install(g, 'parentAt', method('parentAt', raw.parentAt, parentAt));
  const moveCount: Check = (x) =>
    isInt(x, 0, maxMoves) ? undefined : returned(x, `a count 0 … ${maxMoves}`);
  install(g, 'moveCount', method('moveCount', raw.moveCount, moveCount));
  const endless: Check = (x) => (x === LOSE || x === WIN ? undefined : returned(x, 'LOSE (0) or WIN (1)'));
  install(g, 'endless', method('endless', raw.endless, endless));
  install(g, 'show', method('show', raw.show, text));
  install(g, 'moveName', method('moveName', raw.moveName, text, 'position and move'));
  const index: Check = (x) => (isInt(x, 0, size - 1) ? undefined : returned(x, 'an index'));
  install(g, 'parsePosition', method('parsePosition', raw.parsePosition, index, 'none'));
  const maximizer: Check = (x) => (typeof x === 'boolean' ? undefined : returned(x, 'true or false'));
  install(g, 'maximizer', method('maximizer', raw.maximizer, maximizer));
  const stopScore: Check = (x) =>
    typeof x === 'number' ? undefined : returned(x, 'a number (NaN: no stop)');
  install(g, 'stopScore', method('stopScore', raw.stopScore, stopScore));
}

/** A user's game with every call into its code checked (see the header). */
export function guardGame(game: AnyGame, source: string): AnyGame {
  try {
    const fields = readFields(game, source);
    const g =
      game.kind === 'indexed' || game.kind === 'end-scored'
        ? guardNumbered(game, source)
        : guardPlain(game, source);
    // Read once, here: a getter or a Proxy is not asked again by the solvers, so it cannot throw in their midst.
    for (const [name, value] of fields) {
      if (!Object.hasOwn(g, name)) Object.defineProperty(g, name, { value, enumerable: true });
    }
    // A field of the contract the game lacks is not asked of it later either (a Proxy's trap might throw then).
    for (const name of CONTRACT) {
      if (!Object.hasOwn(g, name) && !(name in game)) Object.defineProperty(g, name, { value: undefined });
    }
    return g;
  } catch (e) {
    if (e instanceof YomiError) throw e;
    throw new UserCodeError(`${source}: reading the game threw ${describeThrown(e)}`);
  }
}

/** The fields and methods solvers and commands may ask of a game (core/game.ts). */
const CONTRACT = [
  'id',
  'kind',
  'start',
  'size',
  'maxMoves',
  'maxParents',
  'extraTurns',
  'order',
  'scoring',
  'tiers',
  'indexed',
  'moves',
  'play',
  'key',
  'primitive',
  'points',
  'keepsTurn',
  'canonical',
  'endless',
  'show',
  'moveName',
  'parsePosition',
  'grundy',
  'sizeEstimate',
  'children',
  'parents',
  'moveCount',
  'safeMoveCount',
  'childAt',
  'pointsAt',
  'marginBound',
  'showBoard',
];

/** Every field of a game (its own and its prototypes'), read once; a read that throws is one line naming the field. */
function readFields(game: AnyGame, source: string): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  for (let o: object | null = game; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) {
      if (fields.has(name) || name === 'constructor') continue;
      let value: unknown;
      try {
        value = Reflect.get(game, name);
      } catch (e) {
        throw new UserCodeError(`${source}: reading ${name} threw ${describeThrown(e)}`);
      }
      fields.set(name, value);
    }
  }
  return fields;
}
