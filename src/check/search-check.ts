/**
 * Stored values checked against a direct search: positions drawn at random
 * (from a solved tier directory, say), each searched from its rules alone —
 * `moves`, `play`, `primitive`, nothing the solver or its numbering wrote —
 * to a fixed depth, and the search's answer compared with the stored value.
 *
 * A search to depth d decides exactly the positions won or lost within d
 * plies (remoteness as the solvers count it: a win takes the quickest lost
 * child, a loss the slowest won one), and finds every other position
 * undecided. So a stored win or loss in r ≤ d plies must come out the same,
 * and a stored draw, tie, or longer win or loss must come out undecided:
 * near the end of a game the check is exact, further from it it checks that
 * no quick win was missed. Positions are kept in memory by `key` within one
 * sample's search; a sample that needs more than `maxNodes` is skipped
 * (counted, not failed).
 */

import { GameError } from '../core/errors.js';
import { type Game, type IndexedLink, primitiveValue } from '../core/game.js';
import { seededRandom } from '../core/random.js';
import { formatValue, type Value } from '../core/value.js';

/** What `checkValuesBySearch` draws and how deep it searches. */
export interface SearchCheckOptions {
  /** Positions decided within `depth` to check, and as many undecided ones at most (default 100). */
  samples?: number;
  /** Plies searched (default 3). */
  depth?: number;
  /** Positions drawn at most while looking for the samples (default 50 × samples). */
  tries?: number;
  /** Positions a sample's search may visit before it is skipped (default 200,000). */
  maxNodes?: number;
  /** Seed of the draws (default 1). */
  seed?: number;
}

/** What the check found. */
export interface SearchCheckReport {
  /** Stored wins and losses within the depth that the search found the same. */
  exact: number;
  /** Other stored values that the search found undecided within the depth, as it should. */
  beyond: number;
  /** Samples whose search needed more than `maxNodes`. */
  skipped: number;
  /** Positions drawn. */
  drawn: number;
  /** Positions the searches visited. */
  nodes: number;
  /** The first disagreement, if any. */
  mismatch?: { position: string; stored: string; searched: string };
}

/** A search's answer: a win or loss in `remoteness` plies, or undefined (not decided within the depth). */
type Decided = { win: boolean; remoteness: number } | undefined;

class TooManyNodes extends Error {}

/**
 * Checks `value` (the stored values of `game`'s positions) against a search
 * from the rules, on positions `draw` picks with the random numbers it is
 * given (see the file's header). Games whose moves score or keep the turn
 * are refused: their values are not those of plain win/loss search.
 */
export function checkValuesBySearch<P, M>(
  game: Game<P, M>,
  draw: (random: () => number) => P,
  value: (p: P) => Value,
  options: SearchCheckOptions = {},
): SearchCheckReport {
  if (game.points || game.keepsTurn)
    throw new GameError(`${game.id}: a search check covers games without scores or extra turns`);
  const samples = options.samples ?? 100;
  const depth = options.depth ?? 3;
  const tries = options.tries ?? 50 * samples;
  const maxNodes = options.maxNodes ?? 200_000;
  const random = seededRandom(options.seed ?? 1).next;
  const report: SearchCheckReport = { exact: 0, beyond: 0, skipped: 0, drawn: 0, nodes: 0 };
  while (report.drawn < tries && report.exact < samples && report.mismatch === undefined) {
    const p = draw(random);
    report.drawn++;
    const stored = value(p);
    const decided = (stored.outcome === 'win' || stored.outcome === 'lose') && stored.remoteness <= depth;
    if (!decided && report.beyond >= samples) continue;
    const search = new BoundedSearch(game, maxNodes);
    let found: Decided;
    try {
      found = search.value(p, depth);
    } catch (e) {
      if (!(e instanceof TooManyNodes)) throw e;
      report.skipped++;
      continue;
    } finally {
      report.nodes += search.nodes;
    }
    const same = decided
      ? found !== undefined &&
        found.win === (stored.outcome === 'win') &&
        found.remoteness === stored.remoteness
      : found === undefined;
    if (!same) {
      report.mismatch = {
        position: game.show ? game.show(p) : String(game.key(p)),
        stored: formatValue(stored),
        searched:
          found === undefined
            ? `undecided within ${depth} plies`
            : `${found.win ? 'win' : 'lose'} in ${found.remoteness}`,
      };
    } else if (decided) report.exact++;
    else report.beyond++;
  }
  return report;
}

/** Draws for `checkValuesBySearch`: positions of a numbered game, uniformly among its numbers. */
export function drawNumbered<P>(link: IndexedLink<P>): (random: () => number) => P {
  return (random) => link.positionOf(Math.floor(random() * link.game.size));
}

/** One sample's search: plain recursion on the rules, positions remembered by key and depth. */
class BoundedSearch<P, M> {
  nodes = 0;
  private readonly seen = new Map<string, Decided>();

  constructor(
    private readonly game: Game<P, M>,
    private readonly maxNodes: number,
  ) {}

  /** The win or loss of p within d plies, or undefined. */
  value(p: P, d: number): Decided {
    const key = `${d}:${String(this.game.key(p))}`;
    if (this.seen.has(key)) return this.seen.get(key);
    if (++this.nodes > this.maxNodes) throw new TooManyNodes();
    const found = this.search(p, d);
    this.seen.set(key, found);
    return found;
  }

  private search(p: P, d: number): Decided {
    const { game } = this;
    const primitive = primitiveValue(game, p);
    if (primitive !== undefined) {
      const { outcome, remoteness } = primitive;
      return (outcome === 'win' || outcome === 'lose') && remoteness <= d
        ? { win: outcome === 'win', remoteness }
        : undefined;
    }
    const moves = game.moves(p);
    if (moves.length === 0) return { win: false, remoteness: 0 };
    if (d === 0) return undefined;
    // A win: the quickest lost child. A loss: every child won, the slowest of them.
    let quickestLoss = Number.POSITIVE_INFINITY;
    let slowestWin = -1;
    let allWon = true;
    for (const m of moves) {
      const child = this.value(game.play(p, m), d - 1);
      if (child === undefined) allWon = false;
      else if (child.win) slowestWin = Math.max(slowestWin, child.remoteness);
      else {
        allWon = false;
        quickestLoss = Math.min(quickestLoss, child.remoteness);
        if (quickestLoss === 0) break;
      }
    }
    if (quickestLoss !== Number.POSITIVE_INFINITY) return { win: true, remoteness: quickestLoss + 1 };
    return allWon ? { win: false, remoteness: slowestWin + 1 } : undefined;
  }
}
