/**
 * The playground's play session and what feeds it, without a browser: the
 * catalogue (every game has an entry, every entry opens, every sample input
 * leads to a real game), the session reducer (random action sequences keep
 * the moves legal; undo/redo, stale moves, bad inputs), the view (arc038d's
 * stop move, Connect Four's empty box, points so far), the Kalah stores, the
 * served-solution source against the library's own solution, and sources
 * dropping events after they settle.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Solution } from '../../src/core/solution.js';
import { formatValue, type Value } from '../../src/core/value.js';
import { openGame, resolveSpec } from '../../src/games/open.js';
import { GAMES } from '../../src/games/registry.js';
import { answerFrom } from '../../src/host/position-answer.js';
import { apiReply } from '../../src/server/api.js';
import { solve } from '../../src/solvers/index.js';
import { stores } from '../../web/src/boards/kalah.js';
import { ENTRIES } from '../../web/src/entries.js';
import { entryFor } from '../../web/src/model/catalogue.js';
import {
  effectiveInput,
  newSession,
  openSession,
  type Session,
  type SessionAction,
  sessionReducer,
  viewSession,
} from '../../web/src/model/play-session.js';
import { asGame, legalMoves, type PlainGame } from '../../web/src/model/session.js';
import { DEFAULT_STATE, type PlayState } from '../../web/src/model/url.js';
import { type Fetch, ServerSource } from '../../web/src/sources/server-source.js';
import { type SourceEvent, untilSettled } from '../../web/src/sources/value-source.js';

const open = (play: PlayState) => viewSession(play, openSession(play, ENTRIES));
const state = (game: string, extra: Partial<PlayState> = {}): PlayState => ({
  ...DEFAULT_STATE,
  game,
  ...extra,
});
const apply = (s: Session, action: SessionAction) => sessionReducer(s, action, open(s.play));

describe('catalogue', () => {
  it('has an entry for every built-in game, each key once', () => {
    for (const def of GAMES)
      expect(
        ENTRIES.some((e) => e.id === def.id),
        def.id,
      ).toBe(true);
    expect(new Set(ENTRIES.map((e) => e.key)).size).toBe(ENTRIES.length);
  });

  it('opens every entry, and every problem sample leads to a real game (at least 4 moves of best play)', () => {
    for (const entry of ENTRIES) {
      const view = open(state(entry.spec));
      expect(view.error, entry.key).toBeUndefined();
      expect(view.entry?.key, entry.key).toBe(entry.key);
      if (entry.needsBook || !view.def?.input || entry.sample === '') continue;
      const start = solve(view.source!).value(view.game!.start);
      expect(start.remoteness, `${entry.key}: ${formatValue(start)}`).toBeGreaterThanOrEqual(4);
    }
  });

  it('finds the entry of a spec by its game and parameters', () => {
    expect(entryFor(ENTRIES, 'connect4')?.key).toBe('connect4:7x6');
    expect(entryFor(ENTRIES, 'connect4(height=4,width=5)')?.key).toBe('connect4');
    expect(entryFor(ENTRIES, 'octal(code=0.77,heaps=10)')?.key).toBe('octal:kayles');
    expect(entryFor(ENTRIES, 'octal(code=0.137,heaps=12)')?.key).toBe('octal');
    expect(entryFor(ENTRIES, 'octal(code=4.07)')?.key).toBe('octal:kayles');
    expect(entryFor(ENTRIES, 'no-such-game')).toBeUndefined();
  });

  it('says whether an error is about the game’s parameters or the problem input', () => {
    expect(openSession({ ...DEFAULT_STATE, game: 'nim(heaps=3 4 x)' }, ENTRIES).errorIn).toBe('game');
    expect(openSession({ ...DEFAULT_STATE, game: 'abc201d', input: '3' }, ENTRIES).errorIn).toBe('input');
    expect(openSession({ ...DEFAULT_STATE, game: 'abc201d' }, ENTRIES).error).toBeUndefined();
  });

  it('says in the page’s words that a game opened by its address does not exist', () => {
    expect(openSession({ ...DEFAULT_STATE, game: 'no-such-game(x=1)' }, ENTRIES).error).toBe(
      "there is no game 'no-such-game' here: choose one from the Game list",
    );
  });
});

describe('session', () => {
  it('keeps the moves legal under any sequence of actions, and undo then redo restores them', () => {
    const action = fc.oneof(
      fc.nat({ max: 9 }).map((ordinal) => ({ kind: 'move' as const, ordinal })),
      fc.constantFrom<SessionAction>({ kind: 'undo' }, { kind: 'redo' }, { kind: 'restart' }),
    );
    fc.assert(
      fc.property(
        fc.array(action, { maxLength: 30 }),
        fc.constantFrom('none', 'first', 'second'),
        (actions, computer) => {
          let s = newSession(state('tic-tac-toe', { computer: computer as PlayState['computer'] }));
          for (const a of actions) {
            const before = open(s.play);
            s = apply(s, a.kind === 'move' ? { ...a, after: before.moves } : a);
            const after = open(s.play);
            // The state's moves are exactly the moves replayed: never an illegal one.
            expect(after.moves).toEqual(s.play.moves);
            if (a.kind === 'undo' && before.moves.length > 0) {
              const redone = [...Array(before.moves.length - after.moves.length)].reduce(
                (t: Session) => apply(t, { kind: 'redo' }),
                s,
              );
              expect(redone.play.moves).toEqual(before.moves);
            }
          }
        },
      ),
      { numRuns: 200, seed: 5 },
    );
  });

  it('drops a move chosen for another position (a late computer move)', () => {
    const s = newSession(state('tic-tac-toe', { moves: [4] }));
    expect(apply(s, { kind: 'move', ordinal: 0, after: [] })).toBe(s);
    expect(apply(s, { kind: 'move', ordinal: 0, after: [4] }).play.moves).toEqual([4, 0]);
  });

  it('shows a bad input with the CLI’s message and no board, and opens the next good one', () => {
    const bad = '3 3\n--x\n+-+\n+--\n';
    let s = newSession(state('abc201d'));
    s = apply(s, { kind: 'open', spec: 'abc201d', input: bad });
    const view = open(s.play);
    expect(() => openGame('abc201d', bad)).toThrow(view.error);
    expect(view.game).toBeUndefined();
    s = apply(s, { kind: 'open', spec: 'abc201d', input: '2 2\n-+\n+-\n' });
    expect(open(s.play).error).toBeUndefined();
    expect(open(s.play).game).toBeDefined();
  });

  it('opens Connect Four on the empty board when the input box is empty', () => {
    const view = open(state('connect4(width=5,height=4)'));
    expect(view.moves).toEqual([]);
    expect(view.legal).toHaveLength(5);
    expect(open(state('connect4(width=5,height=4)', { input: '' })).legal).toHaveLength(5);
    const entry = entryFor(ENTRIES, 'connect4(width=5,height=4)')!;
    expect(effectiveInput(entry, resolveSpec('connect4').def, '  ')).toBe('\n');
  });

  it('lists arc038d’s stop move as the CLI does, and counts the first player’s lead', () => {
    const view = open(state('arc038d'));
    const solution = solve(view.source!);
    const game = solution.game;
    expect(view.names).toEqual(solution.moves(game.start).map((mv) => game.moveName!(game.start, mv.move)));
    expect(view.names).toContain('stop');
    const abc = open(state('abc201d', { input: '2 2\n-+\n+-\n', moves: [0, 0] }));
    // Right onto + (1 point to the first player), then down onto − (−1 to the second: the first is 2 ahead).
    expect(abc.leads).toEqual([0, 1, 2]);
    expect(abc.scores).toBeUndefined();
  });

  it('adds the Kalah stores up from the moves: their sum and difference match the seeds and points', () => {
    const view = open(state('kalah(pits=3,seeds=2)', { moves: [0, 1, 0, 2, 1, 0, 0, 0] }));
    const game = view.game as PlainGame as import('../../src/core/game.js').Game<string, number>;
    const path = view.positions as string[];
    const [south, north] = stores(game, path, view.movers);
    const seeds = [...path[path.length - 1]].reduce((a, c) => a + c.charCodeAt(0) - 48, 0);
    expect(south + north + seeds).toBe(2 * 3 * 2);
    // The lead from the moves' points (net gains) is the stores' difference; the page shows the stores.
    expect(south - north).toBe(view.leads![view.leads!.length - 1]);
    expect(view.scores).toEqual([south, north]);
  });
});

/** A fetch answered by the server's API code over a solution, in-process. */
function apiFetch(spec: string, solution: Solution<unknown, unknown>): Fetch {
  const source = {
    games: [{ game: spec, positions: solution.stats.positions, from: 'solution file test.yomi' }],
    lookup: async (g: string, p: string) => (g === spec ? answerFrom(solution, p) : undefined),
  };
  return async (url: string) => {
    const reply = await apiReply(source, decodeURIComponent(new URL(url).pathname));
    return {
      ok: reply.status === 200,
      status: reply.status,
      json: async () => JSON.parse(JSON.stringify(reply.body)),
    };
  };
}

describe('values from a served solution', () => {
  it('agree with the library’s solution along random games (Dodgem, tic-tac-toe, Dobutsu, Kalah, Nim)', async () => {
    for (const spec of [
      'dodgem(size=3)',
      'tic-tac-toe',
      'dobutsu(pieces=C)',
      'kalah(pits=3,seeds=2)',
      'nim(heaps=2 3)',
    ]) {
      const source = openGame(spec).games[0];
      const solution = solve(source);
      const game = asGame(source);
      // The server lists a game by its canonical spec, as it keys it.
      const key = resolveSpec(spec).spec;
      const served = new ServerSource(
        'http://localhost/',
        { game: key, positions: 1, from: 'x' },
        game,
        apiFetch(key, solution),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (picks) => {
          const moves: number[] = [];
          let p = game.start;
          for (const pick of picks) {
            const legal = legalMoves(game, p);
            if (legal.length === 0) break;
            moves.push(pick % legal.length);
            p = game.play(p, legal[pick % legal.length]);
          }
          const answer = await served.query(moves);
          const text = (v: Value) => formatValue(v);
          const end = answer.path.at(-1);
          expect(end && text(end)).toBe(text(solution.value(p)));
          expect(answer.moves.map(text)).toEqual(
            legalMoves(game, p).length === 0 ? [] : solution.moves(p).map((mv) => text(mv.value)),
          );
        }),
        { numRuns: 40, seed: 3 },
      );
    }
  });

  it('reports solved from the file, and a failure when the server holds another game', async () => {
    const source = openGame('tic-tac-toe').games[0];
    const solution = solve(source);
    const events: SourceEvent[] = [];
    const served = new ServerSource(
      'http://localhost/',
      { game: 'tic-tac-toe', positions: 765, from: 'solution file t.yomi' },
      asGame(source),
      apiFetch('tic-tac-toe', solution),
    );
    served.start((e) => events.push(e));
    await new Promise((r) => setTimeout(r, 10));
    expect(events).toMatchObject([{ kind: 'solved', origin: 'solution file', positions: 765 }]);
    const wrong = new ServerSource(
      'http://localhost/',
      { game: 'nim', positions: 1, from: 'x' },
      asGame(source),
      apiFetch('tic-tac-toe', solution),
    );
    const failed: SourceEvent[] = [];
    wrong.start((e) => failed.push(e));
    await new Promise((r) => setTimeout(r, 10));
    expect(failed).toMatchObject([
      { kind: 'failed', message: 'no solution of nim(heaps=3 4 5,play=normal) is served' },
    ]);
  });
});

describe('sources', () => {
  it('drop every event after solved or failed (a late progress report never reopens solving)', () => {
    const seen: string[] = [];
    const pass = untilSettled((e) => seen.push(e.kind));
    const progress: SourceEvent = { kind: 'progress', progress: { done: 1, total: 2, unit: 'positions' } };
    pass(progress);
    pass({ kind: 'solved', origin: 'browser', solver: 's', reason: 'r', positions: 1, ms: 1 });
    pass(progress);
    pass({ kind: 'failed', message: 'x' });
    expect(seen).toEqual(['progress', 'solved']);
  });
});
