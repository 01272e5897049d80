/**
 * What a strong solve reports of the positions reachable from the start:
 * how many there are, by kind — over by the rules as a win or a loss for the
 * player to move, or ongoing — and by value (wins, losses, ties, draws), and
 * the longest win (the largest remoteness of a reachable won position, and
 * one such position). Breadth first from the start over one bitmap per tier,
 * reading values from the solved tiers; 3 bits per position.
 */

import { grouped } from '../core/grouped.js';
import { LOSE, NOT_PRIMITIVE, primitiveOutcome, WIN } from '../core/outcome.js';
import type { ReachStats } from '../core/solution.js';
import type { TieredGame } from '../core/tiered.js';
import { checkMemory, type SolverOptions } from './options.js';
import type { TierLookup } from './tiers.js';

type Bitmaps = Int32Array[];

const bitmaps = (game: TieredGame): Bitmaps =>
  Array.from({ length: game.tierCount }, (_, t) => new Int32Array(Math.ceil(game.tierSize(t) / 32)));

/** Counts what is reachable from the start of `game`, whose solved values `lookup` reads. */
export function reachStats(game: TieredGame, lookup: TierLookup, options: SolverOptions = {}): ReachStats {
  let total = 0;
  for (let t = 0; t < game.tierCount; t++) total += game.tierSize(t);
  checkMemory((3 * total) / 8, options, `${game.id}: the positions reachable from the start`);
  const seen = bitmaps(game);
  let layer = bitmaps(game);
  let next = bitmaps(game);
  const tiers = new Int32Array(Math.max(1, game.maxMoves));
  const out = new Int32Array(Math.max(1, game.maxMoves));
  const stats: ReachStats = {
    positions: 0,
    wonOnTheMove: 0,
    lostOnTheMove: 0,
    ongoing: 0,
    wins: 0,
    losses: 0,
    ties: 0,
    draws: 0,
    longestWin: -1,
    depth: 0,
  };
  const visit = (t: number, p: number) => {
    stats.positions++;
    const prim = game.primitive(t, p);
    if (prim === NOT_PRIMITIVE) stats.ongoing++;
    else if (primitiveOutcome(prim) === WIN) stats.wonOnTheMove++;
    else if (primitiveOutcome(prim) === LOSE) stats.lostOnTheMove++;
    const v = lookup(t, p);
    if (v.outcome === 'win') {
      stats.wins++;
      if (Number.isFinite(v.remoteness) && v.remoteness > stats.longestWin) {
        stats.longestWin = v.remoteness;
        stats.longestWinAt = game.show ? game.show(t, p) : `${game.tierName(t)}:${p}`;
      }
    } else if (v.outcome === 'lose') stats.losses++;
    else if (v.outcome === 'tie') stats.ties++;
    else stats.draws++;
    return prim;
  };
  const mark = (maps: Bitmaps, t: number, p: number) => {
    maps[t][p >>> 5] |= 1 << (p & 31);
  };
  mark(seen, game.startTier, game.start);
  mark(layer, game.startTier, game.start);
  for (let found = 1, depth = 0; found > 0; depth++) {
    found = 0;
    for (const m of next) m.fill(0);
    for (let t = 0; t < game.tierCount; t++) {
      const words = layer[t];
      for (let w = 0; w < words.length; w++) {
        for (let bits = words[w]; bits !== 0; bits &= bits - 1) {
          const p = w * 32 + (31 - Math.clz32(bits & -bits));
          if (visit(t, p) !== NOT_PRIMITIVE) continue; // over: no moves
          const n = game.children(t, p, tiers, out);
          for (let k = 0; k < n; k++) {
            const ct = tiers[k];
            const c = out[k] < 0 ? ~out[k] : out[k];
            const bit = 1 << (c & 31);
            if ((seen[ct][c >>> 5] & bit) !== 0) continue;
            seen[ct][c >>> 5] |= bit;
            next[ct][c >>> 5] |= bit;
            found++;
          }
        }
      }
    }
    [layer, next] = [next, layer];
    if (found > 0) stats.depth = depth + 1;
    options.onProgress?.({ unit: 'reachable positions counted', done: stats.positions });
  }
  return stats;
}

/** The report of reachable positions, a few lines for `yomi analyze`. */
export function formatReach(s: ReachStats): string[] {
  const lines = [
    `reachable  ${grouped(s.positions)} positions from the start (at most ${s.depth} plies away): ${grouped(s.ongoing)} ongoing, ${grouped(s.wonOnTheMove)} won on the move, ${grouped(s.lostOnTheMove)} lost on the move`,
    `values     ${grouped(s.wins)} wins, ${grouped(s.losses)} losses${s.ties > 0 ? `, ${grouped(s.ties)} ties` : ''}, ${grouped(s.draws)} draws (for the player to move)`,
  ];
  if (s.longestWin >= 0) lines.push(`longest    win in ${s.longestWin}${longestAt(s.longestWinAt)}`);
  return lines;
}

/** Where the longest win is: after a colon, or below when the position takes several lines (a board). */
function longestAt(shown: string | undefined): string {
  if (shown === undefined) return '';
  return shown.includes('\n') ? `, from\n${shown}` : `: ${shown}`;
}
