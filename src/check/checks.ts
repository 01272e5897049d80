/**
 * The checks `yomi check` runs on the positions and moves of random
 * play-outs: each is a small function that looks at one position (or one
 * move) and returns what is wrong, or undefined. To add a check, write one and
 * add it to GAME_CHECKS (plain `Game`s) or INDEXED_CHECKS (`IndexedGame`s).
 */

import { childIndex, type Game } from '../core/game.js';
import {
  DRAW,
  endlessAgrees,
  endlessDisagreement,
  NOT_PRIMITIVE,
  OUTCOMES,
  outcomeCode,
  primitiveOutcome as outcomeOfCode,
  TIE,
} from '../core/outcome.js';
import { indexedMoveCount, indexedParents } from './parents.js';
import { snapshot } from './snapshot.js';
import type { GameCheck, IndexedCheck } from './trial.js';

const shown = (game: Game<unknown, unknown>, p: unknown): string =>
  game.show ? game.show(p) : snapshot(p).slice(0, 200);

const moveLabel = (game: Game<unknown, unknown>, p: unknown, m: unknown): string =>
  game.moveName ? game.moveName(p, m) : snapshot(m);

const isScoring = (game: Game<unknown, unknown>): boolean => typeof game.points === 'function';

export const keyType: GameCheck = {
  name: 'key type',
  position(trial, p) {
    const k = trial.game.key(p);
    const ok =
      typeof k === 'string' || typeof k === 'bigint' || (typeof k === 'number' && Number.isFinite(k));
    return ok ? undefined : `key() returned ${snapshot(k)}, not a string, a finite number or a bigint`;
  },
};

export const keyEquality: GameCheck = {
  name: 'key agrees with equality',
  // A key that changes between visits of one position is seen only by visiting it again.
  everyVisit: true,
  position(trial, p) {
    const game = trial.game;
    const k = game.key(p);
    const s = snapshot(p);
    const seenSnapshot = trial.snapshotOfKey.get(k);
    const seenKey = trial.keyOfSnapshot.get(s);
    // A key may fold positions of one class when the game declares the symmetry that makes them equivalent.
    const c = game.canonical ? snapshot(game.canonical(p)) : undefined;
    if (seenSnapshot === undefined) trial.snapshotOfKey.set(k, s);
    if (seenKey === undefined) trial.keyOfSnapshot.set(s, k);
    if (c !== undefined && !trial.canonicalOfKey.has(k)) trial.canonicalOfKey.set(k, c);
    const sameClass = c !== undefined && trial.canonicalOfKey.get(k) === c;
    if (seenSnapshot !== undefined && seenSnapshot !== s && !sameClass) {
      return `key collision: two different positions have the key ${snapshot(k)} (${seenSnapshot.slice(0, 120)} and ${s.slice(0, 120)})`;
    }
    if (seenKey !== undefined && seenKey !== k) {
      return `equal positions have different keys ${snapshot(seenKey)} and ${snapshot(k)}`;
    }
    return undefined;
  },
};

export const primitiveOutcome: GameCheck = {
  name: 'primitive',
  position(trial, p) {
    const game = trial.game;
    const answer = game.primitive?.(p);
    const o = typeof answer === 'object' && answer !== null ? answer.outcome : answer;
    if (o !== undefined && !OUTCOMES.includes(o)) {
      return `primitive() returned ${snapshot(answer)}; it should return 'win', 'lose', 'tie', 'draw', a value or undefined`;
    }
    if (typeof answer === 'object' && !(Number.isInteger(answer.remoteness) && answer.remoteness >= 0)) {
      return `primitive() returned a value with remoteness ${snapshot(answer.remoteness)}; it should be an integer ≥ 0`;
    }
    if (o !== undefined && o !== 'tie' && isScoring(game)) {
      return `primitive() says '${o}' in a scoring game, where an ended position is worth margin 0 (a tie); let the points decide`;
    }
    if (snapshot(game.primitive?.(p)) !== snapshot(answer))
      return 'primitive() answered differently when asked twice';
    return undefined;
  },
};

/** A list of moves or names for a message: the first few, and how many there are. */
function clipped(list: readonly unknown[]): string {
  const shown = list.slice(0, 12).map((x) => (typeof x === 'string' ? x : snapshot(x)));
  return list.length > 12 ? `${shown.join(' ')} … (${list.length} in all)` : shown.join(' ');
}

export const movesDeterministic: GameCheck = {
  name: 'moves are deterministic',
  position(trial, p) {
    const a = trial.game.moves(p);
    const b = trial.game.moves(p);
    // Move by move, so that a position with millions of moves is compared without one string of them all.
    const differ = a.length !== b.length || a.some((m, i) => m !== b[i] && snapshot(m) !== snapshot(b[i]));
    return differ
      ? `moves() listed different moves when asked twice: ${clipped(a)} and ${clipped(b)}`
      : undefined;
  },
};

export const distinctMoveNames: GameCheck = {
  name: 'move names are distinct',
  position(trial, p) {
    const game = trial.game;
    if (!game.moveName || game.primitive?.(p) !== undefined) return undefined;
    const names = game.moves(p).map((m) => moveLabel(game, p, m));
    const seen = new Set<string>();
    const twice = names.find((n) => seen.has(n) || !seen.add(n));
    return twice === undefined ? undefined : `two moves are both named '${twice}' (moves: ${clipped(names)})`;
  },
};

/** When parsePosition accepts what show writes, it must give back the same position. */
export const showRoundTrip: GameCheck = {
  name: 'parsePosition reads show',
  position(trial, p) {
    const game = trial.game;
    if (!game.show || !game.parsePosition) return undefined;
    let back: unknown;
    try {
      back = game.parsePosition(game.show(p));
    } catch {
      return undefined; // the game reads positions in another notation (e.g. a move sequence)
    }
    return game.key(back) === game.key(p)
      ? undefined
      : `parsePosition(show(p)) is another position: key ${snapshot(game.key(back))}, not ${snapshot(game.key(p))}`;
  },
};

export const playDeterministic: GameCheck = {
  name: 'play is deterministic',
  move(trial, { position, move, child }) {
    const game = trial.game;
    const again = game.play(position, move);
    const a = game.key(child);
    const b = game.key(again);
    return a === b
      ? undefined
      : `playing ${moveLabel(game, position, move)} twice from ${shown(game, position)} gave different positions (keys ${snapshot(a)} and ${snapshot(b)})`;
  },
};

/** Rules are synchronous: a `play` that returns a Promise (an `async play`) gives no position to solve. */
export const playReturnsPosition: GameCheck = {
  name: 'play returns a position, not a Promise',
  move(trial, { position, move, child }) {
    const then =
      (typeof child === 'object' || typeof child === 'function') && child !== null && 'then' in child
        ? child.then
        : undefined;
    return typeof then === 'function'
      ? `play() of ${moveLabel(trial.game, position, move)} returned a Promise: a game's rules are synchronous (no async play)`
      : undefined;
  },
};

/** A declared Sprague–Grundy value (`grundy`, auto's shortcut for heap games) is a nimber: an integer ≥ 0. */
export const grundyIsNimber: GameCheck = {
  name: 'grundy is an integer ≥ 0',
  position(trial, p) {
    const grundy = trial.game.grundy;
    if (!grundy) return undefined;
    const g = grundy.call(trial.game, p);
    return typeof g === 'number' && Number.isSafeInteger(g) && g >= 0
      ? undefined
      : `grundy() of ${shown(trial.game, p)} is ${snapshot(g)}, not an integer ≥ 0`;
  },
};

export const playKeepsInput: GameCheck = {
  name: 'play does not change its input',
  move(trial, { position, move, before }) {
    const after = snapshot(position);
    return after === before
      ? undefined
      : `play() changed the position it was given while playing ${moveLabel(trial.game, position, move)}: it was ${before.slice(0, 120)}, it became ${after.slice(0, 120)}`;
  },
};

export const finitePoints: GameCheck = {
  name: 'points are finite numbers',
  move(trial, { position, move }) {
    const points = trial.game.points;
    if (!points) return undefined;
    const x = points.call(trial.game, position, move);
    return typeof x === 'number' && Number.isFinite(x)
      ? undefined
      : `points() of ${moveLabel(trial.game, position, move)} is ${snapshot(x)}, not a finite number`;
  },
};

export const keepsTurnAnswers: GameCheck = {
  name: 'keepsTurn answers true or false',
  move(trial, { position, move }) {
    const keepsTurn = trial.game.keepsTurn;
    if (!keepsTurn) return undefined;
    const x = keepsTurn.call(trial.game, position, move);
    if (typeof x !== 'boolean') {
      return `keepsTurn() of ${moveLabel(trial.game, position, move)} is ${snapshot(x)}, not true or false`;
    }
    return keepsTurn.call(trial.game, position, move) === x
      ? undefined
      : `keepsTurn() of ${moveLabel(trial.game, position, move)} answered differently when asked twice`;
  },
};

/** Endless play agrees along every move between positions the rules do not end (`Game.endless`). */
export const endlessAlongMoves: GameCheck = {
  name: 'endless play agrees along moves',
  move(trial, { position, move }) {
    const game = trial.game;
    if (!game.endless || game.primitive?.(position) !== undefined) return undefined;
    const child = game.play(position, move);
    if (game.primitive?.(child) !== undefined) return undefined;
    const keeps = game.keepsTurn?.(position, move) === true;
    const atParent = game.endless(position);
    const atChild = game.endless(child);
    return endlessAgrees(outcomeCode(atParent), outcomeCode(atChild), keeps)
      ? undefined
      : `${endlessDisagreement(atParent, 'at a position', atChild, moveLabel(game, position, move), keeps, 'it')} (at ${shown(game, position)})`;
  },
};

/**
 * A declared symmetry: a position and its canonical form are equivalent — the
 * same rules' verdict, the same number of moves, and children that are the
 * same classes (with the same points and turns) — and the canonical form is
 * its own.
 */
export const canonicalEquivalent: GameCheck = {
  name: 'canonical is an equivalent position',
  position(trial, p) {
    const game = trial.game;
    if (!game.canonical) return undefined;
    const c = game.canonical(p);
    if (game.key(game.canonical(c)) !== game.key(c)) {
      return `canonical(canonical(p)) is not canonical(p) for ${shown(game, p)}`;
    }
    if (snapshot(game.primitive?.(p)) !== snapshot(game.primitive?.(c))) {
      return `primitive() of ${shown(game, p)} is ${snapshot(game.primitive?.(p))}, of its canonical form ${shown(game, c)} ${snapshot(game.primitive?.(c))}`;
    }
    if (game.primitive?.(p) !== undefined) return undefined;
    const ours = childClasses(game, p);
    const theirs = childClasses(game, c);
    if (ours.length !== theirs.length) {
      return `${shown(game, p)} has ${ours.length} moves, its canonical form ${shown(game, c)} has ${theirs.length}`;
    }
    for (let i = 0; i < ours.length; i++) {
      if (ours[i] !== theirs[i]) {
        return `the children of ${shown(game, p)} are not those of its canonical form ${shown(game, c)} up to symmetry (${ours[i].slice(0, 80)} against ${theirs[i].slice(0, 80)})`;
      }
    }
    return undefined;
  },
};

/** The sorted classes of p's children, each with the points and the turn of its move. */
function childClasses(game: Game<unknown, unknown>, p: unknown): string[] {
  const canonical = game.canonical as (p: unknown) => unknown;
  return game
    .moves(p)
    .map((m) => {
      const child = canonical.call(game, game.play(p, m));
      const turn = game.keepsTurn?.(p, m) === true ? 'again' : 'pass';
      return `${game.points?.(p, m) ?? 0}|${turn}|${snapshot(game.key(child))}`;
    })
    .sort();
}

/** The checks for plain Games, in the order they run. */
export const GAME_CHECKS: GameCheck[] = [
  keyType,
  keyEquality,
  primitiveOutcome,
  movesDeterministic,
  distinctMoveNames,
  showRoundTrip,
  playReturnsPosition,
  playDeterministic,
  playKeepsInput,
  finitePoints,
  keepsTurnAnswers,
  endlessAlongMoves,
  canonicalEquivalent,
  grundyIsNimber,
];

export const indexedPrimitive: IndexedCheck = {
  name: 'primitive',
  position({ game }, p) {
    const code = game.primitive(p);
    if (code !== NOT_PRIMITIVE && !(Number.isInteger(code) && code >= 0 && code <= 0x7fffffff)) {
      return `primitive(${p}) returned ${code}, not an outcome code (LOSE, WIN, TIE, DRAW, or primitiveCode(outcome, remoteness)) or NOT_PRIMITIVE`;
    }
    if (code !== NOT_PRIMITIVE && outcomeOfCode(code) === DRAW && code !== DRAW) {
      return `primitive(${p}) returned a draw with a remoteness; a draw never ends`;
    }
    if (game.scoring && code !== NOT_PRIMITIVE && code !== TIE) {
      return `primitive(${p}) says ${OUTCOMES[outcomeOfCode(code)]} in a scoring game, where an ended position is worth margin 0 (a tie in 0)`;
    }
    if (game.primitive(p) !== code) return `primitive(${p}) answered differently when asked twice`;
    return undefined;
  },
};

export const indexedMaxMoves: IndexedCheck = {
  name: 'maxMoves holds',
  position({ game, count }, p) {
    if (!Number.isInteger(count) || count < 0) return `children(${p}) returned ${count}, not a count`;
    return count <= game.maxMoves
      ? undefined
      : `position ${p} has ${count} children, more than maxMoves = ${game.maxMoves}`;
  },
};

export const indexedInRange: IndexedCheck = {
  name: 'children in range',
  position({ game, out, count }, p) {
    for (let k = 0; k < count; k++) {
      const c = out[k];
      if (c < 0 && !game.extraTurns) {
        return `child ${k} of ${p} is ${c}; a move that keeps the turn (~child) needs extraTurns: true`;
      }
      const i = childIndex(c);
      if (i >= game.size) return `child ${k} of ${p} is ${i}, outside 0 … ${game.size - 1}`;
    }
    return undefined;
  },
};

export const indexedOrder: IndexedCheck = {
  name: 'moves follow the declared order',
  position({ game, out, count }, p) {
    if (game.order === undefined) return undefined;
    for (let k = 0; k < count; k++) {
      const c = childIndex(out[k]);
      if (game.order === 'descending' ? c >= p : c <= p) {
        return `order is '${game.order}', but ${p} has the child ${c}`;
      }
      if (game.reach !== undefined && Math.abs(c - p) > game.reach) {
        return `reach is ${game.reach}, but ${p} has the child ${c}, ${Math.abs(c - p)} away`;
      }
    }
    return undefined;
  },
};

export const indexedDeterministic: IndexedCheck = {
  name: 'children are deterministic',
  position({ game, out, points, count }, p) {
    const out2 = new Int32Array(out.length);
    const points2 = new Float64Array(points.length).fill(Number.NaN);
    const count2 = game.children(p, out2, points2);
    if (count2 !== count) return `children(${p}) returned ${count}, then ${count2}`;
    for (let k = 0; k < count; k++) {
      if (out2[k] !== out[k]) return `children(${p}) wrote child ${k} as ${out[k]}, then as ${out2[k]}`;
      if (game.scoring && !Object.is(points2[k], points[k])) {
        return `children(${p}) wrote the points of move ${k} as ${points[k]}, then as ${points2[k]}`;
      }
    }
    return undefined;
  },
};

export const indexedPoints: IndexedCheck = {
  name: 'points are finite numbers',
  position({ game, points, count }, p) {
    if (!game.scoring) return undefined;
    for (let k = 0; k < count; k++) {
      if (!Number.isFinite(points[k])) {
        return `children(${p}) left the points of move ${k} as ${points[k]} (a scoring game writes every move's points)`;
      }
    }
    return undefined;
  },
};

/**
 * `childAt(p, i)` and `pointsAt(p, i)`, when the game offers its moves one at
 * a time (core/move-slots.ts), must be the i-th child and points `children(p)`
 * wrote: the sweep reads those and `children` names the moves. So must
 * p + moveOffsets[i], when the game declares its moves fixed steps.
 */
export const indexedChildAt: IndexedCheck = {
  name: 'childAt(), pointsAt() and moveOffsets agree with children()',
  position({ game, out, points, count }, p) {
    const offsets = game.moveOffsets;
    if ((game.childAt === undefined && offsets === undefined) || game.primitive(p) !== NOT_PRIMITIVE) {
      return undefined;
    }
    for (let i = 0; i < count; i++) {
      if (offsets !== undefined && p + offsets[i] !== out[i]) {
        return `moveOffsets[${i}] is ${offsets[i]}, so move ${i} of ${p} goes to ${p + offsets[i]}, but children(${p}) wrote ${out[i]}`;
      }
      if (game.childAt === undefined) continue;
      const child = game.childAt(p, i);
      if (child !== out[i]) return `childAt(${p}, ${i}) is ${child}, but children(${p}) wrote ${out[i]}`;
      const pts = game.scoring ? game.pointsAt?.(p, i) : undefined;
      if (pts !== undefined && pts !== points[i]) {
        return `pointsAt(${p}, ${i}) is ${pts}, but children(${p}) wrote ${points[i]}`;
      }
    }
    return undefined;
  },
};

/** Endless play agrees along every move between positions that are not primitive (`IndexedGame.endless`). */
export const indexedEndless: IndexedCheck = {
  name: 'endless play agrees along moves',
  position({ game, out, count }, p) {
    const endless = game.endless;
    if (endless === undefined || game.primitive(p) !== NOT_PRIMITIVE) return undefined;
    for (let k = 0; k < count; k++) {
      const c = childIndex(out[k]);
      if (game.primitive(c) !== NOT_PRIMITIVE) continue;
      const atParent = endless.call(game, p);
      const atChild = endless.call(game, c);
      if (!endlessAgrees(atParent, atChild, out[k] < 0)) {
        const move = game.moveName ? game.moveName(p, k) : `${k}`;
        const why = endlessDisagreement(
          OUTCOMES[atParent],
          'at a position',
          OUTCOMES[atChild],
          move,
          out[k] < 0,
          'it',
        );
        return `${why} (at ${p}${game.show ? ` (${game.show(p)})` : ''})`;
      }
    }
    return undefined;
  },
};

/** The checks for IndexedGames, in the order they run (`parents()` last: it needs sound children). */
export const INDEXED_CHECKS: IndexedCheck[] = [
  indexedPrimitive,
  indexedMaxMoves,
  indexedInRange,
  indexedOrder,
  indexedPoints,
  indexedDeterministic,
  indexedEndless,
  indexedMoveCount,
  indexedChildAt,
  indexedParents,
];
