/**
 * The checks `yomi check` runs on the positions and moves of random
 * play-outs: each is a small function that looks at one position (or one
 * move) and returns what is wrong, or undefined. To add a check, write one and
 * add it to GAME_CHECKS (plain `Game`s) or INDEXED_CHECKS (`IndexedGame`s).
 */

import type { Game, IndexedGame, Key } from '../core/game.js';
import { NOT_PRIMITIVE, OUTCOMES, primitiveOutcome as outcomeOfCode, TIE } from '../core/outcome.js';
import { indexedMoveCount, indexedParents } from './parents.js';
import { snapshot } from './snapshot.js';

/** What a play-out of a plain Game has seen so far, shared by the checks. */
export interface GameTrial {
  game: Game<unknown, unknown>;
  /** The first position seen with each key: its structural snapshot. */
  snapshotOfKey: Map<Key, string>;
  /** The key of the first position seen with each snapshot. */
  keyOfSnapshot: Map<string, Key>;
}

/** One move of a play-out: `before` is the snapshot of `position` taken before `play`. */
export interface MoveStep {
  position: unknown;
  move: unknown;
  child: unknown;
  before: string;
}

export interface GameCheck {
  name: string;
  /** At a position reached by a play-out. */
  position?(trial: GameTrial, p: unknown): string | undefined;
  /** At a move just played. */
  move?(trial: GameTrial, step: MoveStep): string | undefined;
}

/** What a play-out of an IndexedGame has at the current position. */
export interface IndexedTrial {
  game: IndexedGame;
  /** The children of the current position as `children()` wrote them, and how many. */
  out: Int32Array;
  points: Float64Array;
  count: number;
}

export interface IndexedCheck {
  name: string;
  position(trial: IndexedTrial, p: number): string | undefined;
}

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
  position(trial, p) {
    const k = trial.game.key(p);
    const s = snapshot(p);
    const seenSnapshot = trial.snapshotOfKey.get(k);
    const seenKey = trial.keyOfSnapshot.get(s);
    if (seenSnapshot === undefined) trial.snapshotOfKey.set(k, s);
    if (seenKey === undefined) trial.keyOfSnapshot.set(s, k);
    if (seenSnapshot !== undefined && seenSnapshot !== s) {
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
    const o = game.primitive?.(p);
    if (o !== undefined && !OUTCOMES.includes(o)) {
      return `primitive() returned ${snapshot(o)}; it should return 'win', 'lose', 'tie', 'draw' or undefined`;
    }
    if (o !== undefined && o !== 'tie' && isScoring(game)) {
      return `primitive() says '${o}' in a scoring game, where an ended position is worth margin 0 (a tie); let the points decide`;
    }
    if (game.primitive?.(p) !== o) return 'primitive() answered differently when asked twice';
    return undefined;
  },
};

export const movesDeterministic: GameCheck = {
  name: 'moves are deterministic',
  position(trial, p) {
    const a = snapshot(trial.game.moves(p));
    const b = snapshot(trial.game.moves(p));
    return a === b ? undefined : `moves() listed different moves when asked twice: ${a} and ${b}`;
  },
};

export const distinctMoveNames: GameCheck = {
  name: 'move names are distinct',
  position(trial, p) {
    const game = trial.game;
    if (!game.moveName || game.primitive?.(p) !== undefined) return undefined;
    const names = game.moves(p).map((m) => moveLabel(game, p, m));
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    return twice === undefined
      ? undefined
      : `two moves are both named '${twice}' (moves: ${names.join(' ')})`;
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
    const x = points(position, move);
    return typeof x === 'number' && Number.isFinite(x)
      ? undefined
      : `points() of ${moveLabel(trial.game, position, move)} is ${snapshot(x)}, not a finite number`;
  },
};

/** The checks for plain Games, in the order they run. */
export const GAME_CHECKS: GameCheck[] = [
  keyType,
  keyEquality,
  primitiveOutcome,
  movesDeterministic,
  distinctMoveNames,
  showRoundTrip,
  playDeterministic,
  playKeepsInput,
  finitePoints,
];

export const indexedPrimitive: IndexedCheck = {
  name: 'primitive',
  position({ game }, p) {
    const code = game.primitive(p);
    if (code !== NOT_PRIMITIVE && !(Number.isInteger(code) && code >= 0)) {
      return `primitive(${p}) returned ${code}, not an outcome code (LOSE, WIN, TIE, DRAW, or primitiveCode(outcome, remoteness)) or NOT_PRIMITIVE`;
    }
    if (game.scoring && code !== NOT_PRIMITIVE && code !== TIE) {
      return `primitive(${p}) says ${OUTCOMES[outcomeOfCode(code)]} in a scoring game, where an ended position is worth margin 0 (a tie)`;
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
      if (c < 0 || c >= game.size) return `child ${k} of ${p} is ${c}, outside 0 … ${game.size - 1}`;
    }
    return undefined;
  },
};

export const indexedOrder: IndexedCheck = {
  name: 'moves follow the declared order',
  position({ game, out, count }, p) {
    if (game.order === undefined) return undefined;
    for (let k = 0; k < count; k++) {
      const c = out[k];
      if (game.order === 'descending' ? c >= p : c <= p) {
        return `order is '${game.order}', but ${p} has the child ${c}`;
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

/** The checks for IndexedGames, in the order they run (`parents()` last: it needs sound children). */
export const INDEXED_CHECKS: IndexedCheck[] = [
  indexedPrimitive,
  indexedMaxMoves,
  indexedInRange,
  indexedOrder,
  indexedPoints,
  indexedDeterministic,
  indexedMoveCount,
  indexedParents,
];
