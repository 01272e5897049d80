/**
 * Values from the solution files `yomi serve --db` serves, through its JSON
 * API (src/server/api.ts): the page replays the moves itself, asks for each
 * position it has not asked for yet (by the game's own position text; of a
 * game the server searches, only the end of the moves), and checks that the
 * server's moves are the page's moves, in the same order.
 */

import { YomiError } from '../../../src/core/errors.js';
import { type JsonValue, valueFromJson } from '../../../src/core/json.js';
import { type PlainGame, replay } from '../model/session.js';
import { type Answer, type SourceEvent, untilSettled, type ValueSource } from './value-source.js';

/** One game the server serves, as GET /api/v1/games lists it. */
export interface ServedGame {
  game: string;
  positions: number;
  from: string;
  /** Searched as positions are asked, reading `from` (endgame databases). */
  search?: boolean;
}

export type Fetch = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** The browser's fetch, called as a plain function (a method call on another object is an illegal invocation). */
const browserFetch: Fetch = (url) => fetch(url);

interface PositionReply {
  value: JsonValue;
  moves: { move: string; value: JsonValue }[];
}

/**
 * The list under `field` of the server's answer to `path` under its API: [] when the page has no
 * such server (a static host, another server) or the answer holds no list.
 */
export async function apiList<T>(
  base: string,
  path: string,
  field: string,
  fetchJson: Fetch = browserFetch,
): Promise<T[]> {
  try {
    const r = await fetchJson(`${base}api/v1/${path}`);
    if (!r.ok) return [];
    const list = ((await r.json()) as Record<string, unknown>)[field];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** The games the page's server serves (none when the page is not served by `yomi serve --db`). */
export function servedGames(base: string, fetchJson: Fetch = browserFetch): Promise<ServedGame[]> {
  return apiList<ServedGame>(base, 'games', 'games', fetchJson);
}

export class ServerSource implements ValueSource {
  private cache = new Map<string, Promise<PositionReply>>();
  private live = true;

  constructor(
    private readonly base: string,
    private readonly served: ServedGame,
    private readonly game: PlainGame,
    private readonly fetchJson: Fetch = browserFetch,
  ) {}

  start(onEvent: (event: SourceEvent) => void): void {
    const pass = untilSettled(onEvent);
    const started = performance.now();
    this.position(this.game.start).then(
      () =>
        pass({
          kind: 'solved',
          origin: this.served.search ? 'server search' : 'solution file',
          solver: this.served.search ? 'alpha-beta on the server' : 'solution file',
          reason: `served by yomi serve from ${this.served.from}`,
          positions: this.served.positions,
          ms: performance.now() - started,
          file: this.served.from,
        }),
      (e: Error) => pass({ kind: 'failed', message: e.message }),
    );
  }

  cancel(): void {
    this.live = false;
  }

  async query(moves: readonly number[]): Promise<Answer> {
    const { positions } = replay(this.game, moves);
    const end = positions[positions.length - 1];
    // A searched game's positions behind the end only when asked already (each is a search on the
    // server); a solution file's all (each is a lookup).
    const asked = (p: unknown) => p === end || !this.served.search || this.cache.has(this.text(p));
    const replies = await Promise.all(positions.map((p) => (asked(p) ? this.position(p) : undefined)));
    const last = replies[replies.length - 1] as PositionReply;
    const names = this.game
      .moves(end)
      .map((m) => (this.game.moveName ? this.game.moveName(end, m) : String(m)));
    const over = last.moves.length === 0;
    if (!over && last.moves.map((m) => m.move).join('\n') !== names.join('\n')) {
      throw new YomiError(
        `the server's moves for ${this.served.game} are not this page's: its solution file is of another version`,
      );
    }
    return {
      path: replies.map((r) => r && valueFromJson(r.value)),
      moves: last.moves.map((m) => valueFromJson(m.value)),
    };
  }

  /** A position as the server reads it: the game's own text. */
  private text(p: unknown): string {
    return this.game.show ? this.game.show(p) : String(p);
  }

  private position(p: unknown): Promise<PositionReply> {
    const text = this.text(p);
    let reply = this.cache.get(text);
    if (!reply) {
      const url = `${this.base}api/v1/${encodeURIComponent(this.served.game)}/positions/${encodeURIComponent(text)}`;
      reply = this.fetchJson(url).then(async (r) => {
        const body = (await r.json()) as PositionReply & { error?: string };
        if (!r.ok) throw new YomiError(body.error ?? `the server answered ${r.status}`);
        return body;
      });
      this.cache.set(text, reply);
      reply.catch(() => this.cache.delete(text));
    }
    return this.live ? reply : new Promise(() => {});
  }
}
