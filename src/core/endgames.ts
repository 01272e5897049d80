/**
 * Endgame databases: a game's positions near the end, solved ahead by tiers
 * and read by a search at its leaves — as Kalah solvers read every
 * distribution of up to N seeds, and chess engines read their tablebases.
 * A game offers them with `SearchHooks.endgames`: the tiered game whose
 * tiers hold those positions and where each of the game's positions lies in
 * it. The contract between such a game, the solver that builds the
 * databases (src/solvers/endgames.ts) and the search that reads them.
 */

import type { MarginTieredGame } from './tiered.js';

/** How a game's positions meet the tiers of its endgame databases. */
export interface EndgameLink<P> {
  /** Every position the databases may hold, in tiers solved smallest first. */
  game: MarginTieredGame;
  /**
   * What a directory of these databases records as its game: a name and
   * parameters (`kalah-endgames`, `{ pits: 6 }`). Games that share them
   * share databases (every Kalah of 6 pits, whatever its seeds).
   */
  family: { id: string; params: Record<string, number> };
  /** What the tiers count, for `--db-upto N`: `seeds` (on the board). */
  unit: string;
  /** How many tiers, in solving order, hold every position of at most `n` units. */
  tiersUpTo(n: number): number;
  /** The tier that holds `p`, or −1 when none does (cheap: a search asks it at every node). */
  tierOf(p: P): number;
  /** The number of `p` in its tier `tier` (as `tierOf` gave it). */
  indexIn(p: P, tier: number): number;
}

/** The name a directory of a family's databases records as its game: `kalah-endgames(pits=6)`. */
export function familyName(family: EndgameLink<unknown>['family']): string {
  const written = Object.entries(family.params)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  return `${family.id}(${written})`;
}
