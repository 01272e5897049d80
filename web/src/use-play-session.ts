/**
 * The play session wired to the browser: the session (model/play-session.ts)
 * kept in the URL fragment, the values from their source (the worker, a
 * served solution file, an opening book) started whenever the game changes,
 * the values of the current position asked for after every move, the
 * computer's move after a short pause, and the keys u, r, n.
 */

import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { AnyGame } from '../../src/core/game.js';
import { canonicalSpec } from '../../src/games/open.js';
import type { Progress } from '../../src/solvers/options.js';
import { isArrow, nearestMark } from './board-keys.js';
import type { SolveState } from './components/solve-status.js';
import { ENTRIES } from './entries.js';
import {
  newSession,
  openSession,
  pickGame,
  type SessionAction,
  type SessionView,
  sessionReducer,
  viewSession,
} from './model/play-session.js';
import { COMPUTER_PAUSE_MS, chooseMove } from './model/player.js';
import { QueryAhead } from './model/query-ahead.js';
import { offeredWarning, type PlainGame, SOLUTION_FILE_ADVICE, sizeWarning } from './model/session.js';
import { decodeState, encodeState, type PlayState } from './model/url.js';
import { OPENING_BOOKS } from './opening-books.js';
import { pageBase } from './sources/page-base.js';
import { type ServedGame, ServerSource, servedGames } from './sources/server-source.js';
import type { Answer, SourceEvent, ValueSource } from './sources/value-source.js';
import { WorkerSource } from './sources/worker-source.js';

const KEYS: Record<string, 'undo' | 'redo' | 'restart' | 'first' | 'last'> = {
  u: 'undo',
  r: 'redo',
  n: 'restart',
  ArrowLeft: 'undo',
  ArrowRight: 'redo',
  Home: 'first',
  End: 'last',
};

/** The session's moves kept in the URL fragment (a game that opens only), and a link pasted into the tab opened afresh. */
function useUrlState(play: PlayState, view: SessionView): void {
  // A bad parameter or input is not linked, so a reload never lands on it.
  useEffect(() => {
    if (view.error === undefined)
      history.replaceState(null, '', encodeState({ ...play, moves: [...view.moves] }));
  }, [play, view.moves, view.error]);
  useEffect(() => {
    const reopen = () => location.reload();
    addEventListener('hashchange', reopen);
    return () => removeEventListener('hashchange', reopen);
  }, []);
}

/**
 * Where the values of game `game` (made by the library as `source`) come
 * from: the server's file, an opening book or the worker; or why none is
 * started (too large to solve here).
 */
function valueSourceFor(
  play: PlayState,
  view: SessionView,
  served: readonly ServedGame[],
  source: AnyGame,
  game: PlainGame,
): { source: ValueSource } | { refused: string; advice?: string } {
  const spec = canonicalSpec(play.game);
  const fromServer = served.find((g) => g.game === spec);
  const book = OPENING_BOOKS[spec];
  if (!fromServer && !book) {
    const offered = offeredWarning(spec);
    if (offered) return { refused: offered };
    const tooLarge = sizeWarning(source);
    if (tooLarge) return { refused: tooLarge, advice: SOLUTION_FILE_ADVICE };
    if (view.entry?.needsBook) return { refused: view.entry.needsBook };
  }
  if (fromServer) return { source: new ServerSource(pageBase(), fromServer, game) };
  return {
    source: new WorkerSource({
      kind: 'solve',
      spec: play.game,
      input: view.input,
      dataset: play.dataset,
      ...(book ? { book: new URL(book.file, pageBase()).href } : {}),
    }),
  };
}

/** The solve's state as the page shows it, from an event of the value source. */
function solveStateOf(event: SourceEvent): SolveState {
  return event.kind === 'solved'
    ? { ...event, kind: 'solved' }
    : event.kind === 'progress'
      ? { kind: 'solving', progress: event.progress }
      : event;
}

/**
 * The computer's move, a short pause after the position it answers was
 * shown, so people see it come; an answer that took longer than the pause
 * is played at once. The move is chosen as soon as the values are in, and
 * the values of the position it leads to are asked for then (`askAhead`),
 * so their search runs during the pause instead of after it.
 */
function useComputerMove(
  current: Answer | undefined,
  view: SessionView,
  skill: PlayState['skill'],
  dispatch: (action: SessionAction) => void,
  askAhead: (moves: readonly number[]) => void,
): void {
  const line = view.moves.join('.');
  const shownAt = useRef({ line, at: performance.now() });
  if (shownAt.current.line !== line) shownAt.current = { line, at: performance.now() };
  useEffect(() => {
    if (!current || !view.computerToMove || current.moves.length === 0) return;
    const after = view.moves;
    const waited = performance.now() - shownAt.current.at;
    const ordinal = chooseMove(current.moves, skill);
    askAhead([...after, ordinal]);
    const timer = setTimeout(
      () => dispatch({ kind: 'move', ordinal, after }),
      Math.max(0, COMPUTER_PAUSE_MS - waited),
    );
    return () => clearTimeout(timer);
  }, [current, view.computerToMove]);
}

/**
 * Keys: on a board the arrows move between its marks; elsewhere ← and → step
 * back and forward through the game, Home and End go to its start and its
 * end; u, r, n undo, redo and restart.
 */
function usePlayKeys(dispatch: (action: SessionAction) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as Element;
      if (target.closest('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
      // A board drawn in parts (the heaps of Nim) is one board to the arrows.
      const part = target.closest('.board');
      const board = part?.closest('.board-group') ?? part;
      if (board && isArrow(e.key)) {
        e.preventDefault();
        nearestMark(board, target, e.key)?.focus();
        return;
      }
      const action = KEYS[e.key];
      if (!action) return;
      if (e.key.length > 1) e.preventDefault();
      dispatch({ kind: action });
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
}

export function usePlaySession() {
  const [session, setSession] = useState(() => newSession(decodeState(location.hash)));
  const [served, setServed] = useState<ServedGame[] | undefined>();
  const [solveState, setSolveState] = useState<SolveState>({ kind: 'solving' });
  const [answer, setAnswer] = useState<{ key: string; game: string; answer: Answer }>();
  const [solveRun, setSolveRun] = useState(0);
  /** How the search answering the current query goes (nodes so far), while it runs. */
  const [queryProgress, setQueryProgress] = useState<Progress>();
  const sourceRef = useRef<ValueSource | undefined>(undefined);

  const { play } = session;
  const opened = useMemo(() => openSession(play, ENTRIES), [play.game, play.input]);
  const picked = useMemo(() => pickGame(play, opened), [opened, play.dataset]);
  const view = useMemo(() => viewSession(play, opened, picked), [play, opened, picked]);
  const viewRef = useRef(view);
  viewRef.current = view;
  const dispatch = (action: SessionAction) => setSession((s) => sessionReducer(s, action, viewRef.current));

  // The values shown belong to this game and these moves (never to the game shown before).
  const gameKey = JSON.stringify([play.game, view.input, play.dataset]);
  const keyOf = (moves: readonly number[]) => JSON.stringify([gameKey, moves]);
  const answerKey = keyOf(view.moves);
  const shownKey = useRef(answerKey);
  shownKey.current = answerKey;
  const [ahead] = useState(() => new QueryAhead());
  /** The values along `moves`, their search's progress shown while its position is the page's. */
  const ask = (from: ValueSource, moves: readonly number[]): Promise<Answer> => {
    const key = keyOf(moves);
    return from.query(moves, (p) => shownKey.current === key && setQueryProgress(p));
  };
  const current = answer?.key === answerKey && solveState.kind === 'solved' ? answer.answer : undefined;
  // A search's count so far, from its last answer (of this game, whichever position), kept while the next is worked out.
  const searchedSoFar = answer?.game === gameKey ? answer.answer.searched : undefined;
  const threads = answer?.game === gameKey ? answer.answer.threads : undefined;

  // Asked again on a retry: a database may have been built on the server meanwhile.
  useEffect(() => {
    servedGames(pageBase()).then(setServed);
  }, [solveRun]);
  useUrlState(play, view);

  // A new source whenever the game changes (once the served games are known).
  const source = view.source;
  useEffect(() => {
    if (!source || !view.game || served === undefined) return;
    const chosen = valueSourceFor(play, view, served, source, view.game);
    if ('refused' in chosen) {
      setSolveState({
        kind: 'too-large',
        message: chosen.refused,
        spec: canonicalSpec(play.game),
        ...(chosen.advice ? { advice: chosen.advice } : {}),
      });
      return;
    }
    const next = chosen.source;
    sourceRef.current = next;
    setSolveState({ kind: 'solving' });
    next.start((event) => setSolveState(solveStateOf(event)));
    return () => next.cancel();
  }, [source, served, solveRun]);

  // Ask for the values along the game and of every move here.
  useEffect(() => {
    const from = sourceRef.current;
    if (solveState.kind !== 'solved' || !from) return;
    let live = true;
    setQueryProgress(undefined);
    (ahead.take(answerKey, from) ?? ask(from, view.moves)).then(
      (a) => live && setAnswer({ key: answerKey, game: gameKey, answer: a }),
      (e: Error) => live && setSolveState({ kind: 'failed', message: e.message }),
    );
    return () => {
      live = false;
    };
  }, [solveState, answerKey]);

  useComputerMove(current, view, play.skill, dispatch, (moves) => {
    const from = sourceRef.current;
    if (from) ahead.hold(keyOf(moves), from, ask(from, moves));
  });
  usePlayKeys(dispatch);

  return {
    session,
    view,
    dispatch,
    solveState,
    /** The search behind the values: how the current query goes, and what it has searched so far. */
    search: { progress: queryProgress, searchedSoFar, threads },
    /** The values of the position shown, once known. */
    current,
    retry: () => setSolveRun((n) => n + 1),
    cancel: () => {
      sourceRef.current?.cancel();
      setSolveState({ kind: 'cancelled' });
    },
  };
}
