/**
 * `checkGame`: random play-outs from the start of a game (seeded, so a report
 * can be repeated), running every check of checks.ts at each position and
 * move, and stopping at the first violation with the moves that led to it. A
 * game that throws is a violation too. Play-outs end where the game is over,
 * or after `maxPlies` (so games with cycles are checked as well).
 */

import { now } from '../core/clock.js';
import { GameError } from '../core/errors.js';
import { type AnyGame, childIndex, type Game, isIndexed, type NumberedGame } from '../core/game.js';
import { NOT_PRIMITIVE } from '../core/outcome.js';
import { seededRandom } from '../core/random.js';
import { GAME_CHECKS, INDEXED_CHECKS } from './checks.js';
import { LINK_CHECKS } from './indexed-link.js';
import { snapshot } from './snapshot.js';
import type { GameTrial, IndexedTrial } from './trial.js';

/** How `checkGame` plays: the play-outs, their seed and their length. */
export interface CheckOptions {
  /** Number of play-outs (default 100). */
  playouts?: number;
  /** Seed of the random move choice (default 1). */
  seed?: number;
  /** Longest play-out, in plies (default 1000). */
  maxPlies?: number;
  /** Stop after this many seconds (between plies), reporting the play-outs made so far. */
  maxSeconds?: number;
}

/** The first contradiction a check found, and the moves that led to it. */
export interface Violation {
  /** The name of the check that failed, or 'game code' when the game threw. */
  check: string;
  message: string;
  /** The names of the moves from the start to the position where it happened. */
  path: string[];
  /** Which play-out (1-based). */
  playout: number;
}

/** What `checkGame` found: the play-outs made, the checks that held, and the first violation if any. */
export interface CheckReport {
  game: string;
  seed: number;
  playouts: number;
  plies: number;
  /** Distinct positions visited. */
  positions: number;
  checks: number;
  violation?: Violation;
  /** The time budget ran out before every play-out was made (`playouts` says how many were). */
  stopped?: boolean;
}

/** Thrown inside a play-out to stop it with a violation. */
class Found {
  constructor(
    readonly check: string,
    readonly message: string,
  ) {}
}

/**
 * Runs `fn`, turning a throw into a violation of `check`. A GameError already
 * says what went wrong in the game's code (a sandboxed module's call that
 * threw or answered something malformed), so its message is kept as it is.
 */
function guarded<T>(check: string, what: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof Found) throw e;
    if (e instanceof GameError) throw new Found(check, e.message);
    throw new Found(check, `${what} threw: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function report(check: string, problem: string | undefined): void {
  if (problem !== undefined) throw new Found(check, problem);
}

/**
 * Looks for contradictions in a game's code by random play-outs (`yomi check`): every check of the
 * game's kind at every position reached, the first violation reported with the moves that led to it.
 */
export function checkGame(game: AnyGame, options: CheckOptions = {}): CheckReport {
  const playouts = options.playouts ?? 100;
  const seed = options.seed ?? 1;
  const maxPlies = options.maxPlies ?? 1000;
  const random = seededRandom(seed);
  const deadline = now() + (options.maxSeconds ?? Number.POSITIVE_INFINITY) * 1000;
  const timeUp = () => now() > deadline;
  const result: CheckReport = {
    game: game.id,
    seed,
    playouts,
    plies: 0,
    positions: 0,
    checks: isIndexed(game)
      ? INDEXED_CHECKS.length
      : GAME_CHECKS.length + (game.indexed ? LINK_CHECKS.length : 0),
  };
  const walk = isIndexed(game) ? indexedWalker(game, random.below) : gameWalker(game, random.below);
  for (let i = 1; i <= playouts; i++) {
    const path: string[] = [];
    try {
      walk.playout(path, maxPlies, timeUp);
    } catch (e) {
      if (!(e instanceof Found)) throw e;
      result.violation = { check: e.check, message: e.message, path, playout: i };
      break;
    } finally {
      result.plies += path.length;
    }
    // The time budget: the play-outs made so far (the last perhaps cut short) are the report.
    if (i < playouts && timeUp()) {
      result.playouts = i;
      result.stopped = true;
      break;
    }
  }
  result.positions = walk.positions();
  return result;
}

interface Walker {
  /** One play-out from the start (cut at `maxPlies`, or when `timeUp`); pushes each move's name on `path`. */
  playout(path: string[], maxPlies: number, timeUp: () => boolean): void;
  positions(): number;
}

function gameWalker(game: Game<unknown, unknown>, below: (n: number) => number): Walker {
  // A game with a numbered form is checked against it too.
  const checks = game.indexed ? [...GAME_CHECKS, ...LINK_CHECKS] : GAME_CHECKS;
  const trial: GameTrial = {
    game,
    snapshotOfKey: new Map(),
    keyOfSnapshot: new Map(),
    canonicalOfKey: new Map(),
  };
  const checked = new Set<string>();
  return {
    positions: () => trial.snapshotOfKey.size,
    playout(path, maxPlies, timeUp) {
      let p = game.start;
      for (let ply = 0; ; ply++) {
        // A position met again (the start, at every play-out) has been checked: most checks are not run again.
        const seen = snapshot(p);
        const fresh = !checked.has(seen);
        checked.add(seen);
        for (const check of checks) {
          if (!fresh && !check.everyVisit) continue;
          if (check.position)
            report(
              check.name,
              guarded(check.name, 'the game', () => check.position?.(trial, p)),
            );
        }
        const over = guarded('game code', 'primitive()', () => game.primitive?.(p) !== undefined);
        const moves = over ? [] : guarded('game code', 'moves()', () => game.moves(p));
        if (moves.length === 0 || ply >= maxPlies || timeUp()) return;
        const move = moves[below(moves.length)];
        const name = guarded('game code', 'moveName()', () =>
          game.moveName ? game.moveName(p, move) : snapshot(move),
        );
        const before = snapshot(p);
        const child = guarded('game code', `play() of ${name}`, () => game.play(p, move));
        path.push(name);
        const step = { position: p, move, child, before };
        for (const check of GAME_CHECKS) {
          if (check.move)
            report(
              check.name,
              guarded(check.name, 'the game', () => check.move?.(trial, step)),
            );
        }
        p = child;
      }
    },
  };
}

function indexedWalker(game: NumberedGame, below: (n: number) => number): Walker {
  const width = Math.max(1, game.maxMoves);
  const trial: IndexedTrial = {
    game,
    out: new Int32Array(width),
    points: new Float64Array(width),
    count: 0,
  };
  const seen = new Set<number>();
  return {
    positions: () => seen.size,
    playout(path, maxPlies, timeUp) {
      let p = game.start;
      report(
        'start in range',
        Number.isInteger(p) && p >= 0 && p < game.size
          ? undefined
          : `start is ${p}, outside 0 … ${game.size - 1}`,
      );
      for (let ply = 0; ; ply++) {
        seen.add(p);
        trial.points.fill(Number.NaN);
        trial.count = guarded('game code', `children(${p})`, () => game.children(p, trial.out, trial.points));
        for (const check of INDEXED_CHECKS) {
          report(
            check.name,
            guarded(check.name, 'the game', () => check.position(trial, p)),
          );
        }
        const over = guarded('game code', `primitive(${p})`, () => game.primitive(p) !== NOT_PRIMITIVE);
        if (over || trial.count === 0 || ply >= maxPlies || timeUp()) return;
        const k = below(trial.count);
        path.push(
          guarded('game code', 'moveName()', () =>
            game.moveName ? game.moveName(p, k) : `→${childIndex(trial.out[k])}`,
          ),
        );
        p = childIndex(trial.out[k]);
      }
    },
  };
}

/** The report as one line of text: a summary, or the violation with the path that reached it. */
export function formatReport(r: CheckReport): string {
  if (!r.violation) {
    const stopped = r.stopped ? '; stopped by the time budget (--max-seconds)' : '';
    return `${r.game}: ok, ${r.checks} checks held over ${r.playouts} play-outs (${r.plies} plies, ${r.positions} positions, seed ${r.seed}${stopped})`;
  }
  const v = r.violation;
  const where = v.path.length === 0 ? 'at the start' : `after ${v.path.length} plies: ${v.path.join(' ')}`;
  return `${r.game}: ${v.check}: ${v.message}; ${where} (play-out ${v.playout}, seed ${r.seed})`;
}
