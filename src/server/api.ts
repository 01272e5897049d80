/**
 * The JSON API of `yomi serve --db`, read-only, as GamesmanUni's backend
 * offers it:
 *
 * - `GET /api/v1/games` → `{ games: [{ game, positions, from }] }`
 * - `GET /api/v1/<game>/positions/<position>` → `{ game, position, value,
 *   moves: [{ move, position, value }] }`, values as `yomi analyze --json`
 *   writes them; `<game>` is a spec (`dodgem(size=5)`, URL-encoded),
 *   `<position>` is `start` or a position as the game writes it.
 *
 * - `GET /api/v1/builds` → `{ builds: [BuildState] }`: the databases this
 *   server builds on request (builds.ts; none without `--build-dir`), and
 *   where each stands;
 * - `POST /api/v1/builds/<game>` (header `x-yomi-build: 1`) starts building
 *   one: 202 `{ build }`, 409 when another is being built.
 *
 * Errors are `{ error }` with 404 (no such game or route) or 400 (a position
 * the game cannot read or the source did not solve).
 */

import { YomiError } from '../core/errors.js';
import { jsonValue } from '../core/json.js';
import { canonicalSpec } from '../games/open.js';
import { SearchTooLong } from '../host/endgame-analyst.js';
import type { Builds } from './builds.js';
import type { PositionSource } from './position-source.js';
import { BUILDS_PREFIX } from './request-guard.js';

export const API_PREFIX = '/api/v1/';

export interface ApiReply {
  status: number;
  body: unknown;
}

const ROUTE = /^([^/]+)\/positions\/(.+)$/s;

/** The reply to a POST under /api/v1/builds/: a build started (or already under way or done). */
export function buildReply(builds: Builds | undefined, path: string): ApiReply {
  const game = path.slice(BUILDS_PREFIX.length);
  if (builds === undefined)
    return { status: 404, body: { error: 'this server builds no databases (yomi serve --build-dir DIR)' } };
  try {
    const build = builds.start(game);
    if (build === undefined) return { status: 404, body: { error: `no database of ${game} is offered` } };
    return { status: 202, body: { build } };
  } catch (e) {
    if (e instanceof YomiError) return { status: 409, body: { error: e.message } };
    throw e;
  }
}

/** The reply to a decoded path under /api/v1/ (a GET). */
export async function apiReply(source: PositionSource, path: string, builds?: Builds): Promise<ApiReply> {
  const rest = path.slice(API_PREFIX.length);
  if (rest === 'games') return { status: 200, body: { games: source.games } };
  if (rest === 'builds') return { status: 200, body: { builds: builds?.list() ?? [] } };
  const route = ROUTE.exec(rest);
  if (!route) return { status: 404, body: { error: `no such route: ${path}` } };
  const game = canonicalSpec(route[1]);
  try {
    const answer = await source.lookup(game, route[2]);
    if (answer === undefined) return { status: 404, body: { error: `no solution of ${game} is served` } };
    return {
      status: 200,
      body: {
        game,
        position: answer.position,
        value: jsonValue(answer.value),
        moves: answer.moves.map((m) => ({ ...m, value: jsonValue(m.value) })),
      },
    };
  } catch (e) {
    if (e instanceof SearchTooLong) return { status: 503, body: { error: e.message } };
    if (e instanceof YomiError) return { status: 400, body: { error: e.message } };
    throw e;
  }
}
