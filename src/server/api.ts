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
 * Errors are `{ error }` with 404 (no such game or route) or 400 (a position
 * the game cannot read or the source did not solve).
 */

import { YomiError } from '../core/errors.js';
import { jsonValue } from '../core/json.js';
import { canonicalSpec } from '../games/open.js';
import type { PositionSource } from './position-source.js';

export const API_PREFIX = '/api/v1/';

export interface ApiReply {
  status: number;
  body: unknown;
}

const ROUTE = /^([^/]+)\/positions\/(.+)$/s;

/** The reply to a decoded path under /api/v1/. */
export function apiReply(source: PositionSource, path: string): ApiReply {
  const rest = path.slice(API_PREFIX.length);
  if (rest === 'games') return { status: 200, body: { games: source.games } };
  const route = ROUTE.exec(rest);
  if (!route) return { status: 404, body: { error: `no such route: ${path}` } };
  const game = canonicalSpec(route[1]);
  try {
    const answer = source.lookup(game, route[2]);
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
    if (e instanceof YomiError) return { status: 400, body: { error: e.message } };
    throw e;
  }
}
