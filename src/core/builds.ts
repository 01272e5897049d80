/**
 * Databases built on request: what a game offers to have built (its whole
 * solution by tiers, with the cost measured when it was built on a 2-core
 * machine), and where a build stands, as `yomi serve` reports it under
 * /api/v1/builds and the playground shows it. A contract between the games,
 * the server and the page.
 */

import { grouped } from './grouped.js';

/** A database a server may build on request, and its cost as measured on a 2-core machine. */
export interface DatabaseOffer {
  /** The game as written on the command line: `dobutsu(pieces=GEC)`. */
  spec: string;
  /** Positions numbered (values kept). */
  positions: number;
  /** Bytes the tier directory takes on disk. */
  diskBytes: number;
  /** Peak memory of the build. */
  memoryBytes: number;
  /** Wall time of the build, on 2 cores. */
  seconds: number;
  /**
   * The database is the game's endgame databases (core/endgames.ts) up to
   * `upto` units, read by a search for every answer; absent: the whole
   * game solved by tiers.
   */
  endgames?: { upto: number };
}

/** An offer and where its build stands. */
export interface BuildState extends DatabaseOffer {
  /** The game in canonical form, as the API names games. */
  game: string;
  state: 'offered' | 'building' | 'done' | 'failed';
  /** While building: the tier being solved (1 …) of how many, and the share of it settled. */
  progress?: { tier: number; tiers: number; share: number };
  /** Why a build failed, in one line. */
  error?: string;
}

/** The command that builds an offer's database into DIR for `yomi serve --db DIR`. */
export function offerCommand(offer: DatabaseOffer): string {
  return offer.endgames === undefined
    ? `yomi solve ${offer.spec.replace(/\(.*$/s, '')} --save DIR`
    : `yomi solve '${offer.spec}' --db DIR --db-upto ${offer.endgames.upto}`;
}

/** The cost of an offer in words: `855,232,344 positions; about 4 min on 2 cores, 2.1 GB of memory, 0.9 GB on disk`. */
export function offerCost(offer: DatabaseOffer): string {
  return `${grouped(offer.positions)} positions; about ${Math.ceil(offer.seconds / 60)} min on 2 cores, ${bytes(offer.memoryBytes)} of memory, ${bytes(offer.diskBytes)} on disk`;
}

/** Bytes in GB with one decimal, or in MB below 1 GB (a few megabytes are not "0.0 GB"). */
function bytes(n: number): string {
  return n >= 1e9 ? `${(n / 1e9).toFixed(1)} GB` : `${Math.max(1, Math.round(n / 1e6))} MB`;
}
