/**
 * The solver, off the page's thread: loads the game, solves it with the
 * library's `solve` (auto) within the browser's position budget (a game
 * too large to explore is searched position by position) — or opens
 * its opening book (opening-books.ts) — reports progress, then answers value
 * queries. For a game with a symmetry it also counts the positions the
 * classes stand for. A query asks for the values along a line of moves,
 * or for one move's value at its end. Cancelling is terminating the worker.
 */

import { BudgetError, YomiError } from '../../src/core/errors.js';
import { type AnyGame, isIndexed } from '../../src/core/game.js';
import { knownValue, type Solution } from '../../src/core/solution.js';
import { resolveSpec } from '../../src/games/open.js';
import { type AlphaBetaOptions, alphaBetaSolver } from '../../src/solvers/alphabeta.js';
import { explore } from '../../src/solvers/explore.js';
import { solve } from '../../src/solvers/index.js';
import {
  asGame,
  BROWSER_POSITIONS,
  EXPLORE_POSITIONS,
  legalMoves,
  loadGame,
  replay,
} from './model/session.js';
import { OPENING_BOOKS } from './opening-books.js';
import type { FromWorker, ToWorker } from './protocol.js';

let solution: Solution<unknown, unknown> | undefined;

/** Up to how many classes a symmetric game's positions are all counted (by a second exploration). */
const COUNTED_CLASSES = 10_000;

const send = (message: FromWorker) => postMessage(message);

/** Every position of a game with a symmetry, not only one per class (undefined beyond the budget). */
function allPositions(game: AnyGame): number | undefined {
  const plain = asGame(game);
  if (isIndexed(game) || plain.canonical === undefined) return undefined;
  try {
    return explore(plain, { symmetry: false, maxPositions: EXPLORE_POSITIONS }).size;
  } catch (e) {
    if (e instanceof BudgetError) return undefined;
    throw e;
  }
}

async function fromBook(spec: string, url: string, game: AnyGame): Promise<Solution<unknown, unknown>> {
  const book = OPENING_BOOKS[spec];
  const reply = await fetch(url);
  if (!book || !reply.ok) throw new YomiError(`the opening book ${url} could not be read (${reply.status})`);
  return book.open(new Uint8Array(await reply.arrayBuffer()), game, (progress) =>
    send({ kind: 'progress', progress }),
  );
}

async function handle(message: ToWorker): Promise<void> {
  if (message.kind === 'solve') {
    const game = loadGame(message.spec, message.input).games[message.dataset];
    if (!game) throw new YomiError(`the input has no dataset ${message.dataset + 1}`);
    const started = performance.now();
    if (message.book !== undefined) {
      solution = await fromBook(resolveSpec(message.spec).spec, message.book, game);
      const { solver, reason } = solution;
      const ms = performance.now() - started;
      send({
        kind: 'solved',
        origin: 'opening book',
        solver,
        reason,
        positions: solution.stats.positions,
        ms,
        file: message.book,
      });
      return;
    }
    if (message.searchOnly) {
      // A second worker: it values moves when asked, so it neither explores nor searches the start.
      const deferred: AlphaBetaOptions = { deferStart: true };
      solution = alphaBetaSolver.solve(game, deferred, 'alpha-beta, a second worker');
      send({
        kind: 'solved',
        origin: 'browser',
        solver: solution.solver,
        reason: solution.reason,
        positions: 0,
        ms: 0,
        searched: true,
      });
      return;
    }
    // An indexed game is solved whole or refused. Any other game is explored up to the budget and
    // searched past it, as the CLI does beyond memory: a search has no cap on its nodes here, since one
    // cap over a whole game's queries would refuse the later moves (Cancel stops a long one).
    const budget =
      isIndexed(game) || game.indexed
        ? { maxPositions: BROWSER_POSITIONS }
        : { exploreLimit: EXPLORE_POSITIONS };
    solution = solve(game, {
      ...budget,
      onProgress: (progress) => send({ kind: 'progress', progress }),
    });
    // Every position of a symmetric game is counted by exploring it again without the symmetry: only for
    // a game solved by enumeration, and small enough that the count costs less than the solve (a searched
    // game was never enumerated, and Teeko's classes stand for a million boards of objects).
    const searched = solution.stats.nodes !== undefined;
    const all = searched || solution.stats.positions > COUNTED_CLASSES ? undefined : allPositions(game);
    send({
      kind: 'solved',
      origin: 'browser',
      solver: solution.solver,
      reason: solution.reason,
      positions: solution.stats.positions,
      ms: solution.stats.ms,
      ...(searched ? { searched: true } : {}),
      ...(all === undefined ? {} : { allPositions: all }),
    });
    return;
  }
  if (!solution) throw new Error('query before solve');
  const game = asGame(solution.game);
  const { positions } = replay(game, message.moves);
  if (message.kind === 'move') {
    const at = positions[positions.length - 1];
    const move = legalMoves(game, at)[message.ordinal];
    const value = move === undefined ? undefined : solution.moveValue(at, move);
    const searched = solution.stats.nodes;
    send({ kind: 'move', id: message.id, value, ...(searched === undefined ? {} : { searched }) });
    return;
  }
  // The end's value always; the positions before it when at hand (searching each position behind a
  // deep link took half a minute on Connect Four 7×6, for the chart alone).
  const last = positions.length - 1;
  const path = positions.map((p, ply) => (ply === last ? solution!.value(p) : knownValue(solution!, p)));
  const end = positions[positions.length - 1];
  const count = legalMoves(game, end).length;
  const moves = count === 0 || message.pathOnly ? [] : solution.moves(end).map((mv) => mv.value);
  const searched = solution.stats.nodes;
  send({
    kind: 'answer',
    id: message.id,
    path,
    moves,
    count,
    ...(searched === undefined ? {} : { searched }),
  });
}

/** Messages are handled one after another: a query waits for the solve before it (a book is read asynchronously). */
let queue: Promise<void> = Promise.resolve();

self.onmessage = (event: MessageEvent<ToWorker>) => {
  queue = queue
    .then(() => handle(event.data))
    .catch((e) => {
      const message =
        e instanceof BudgetError
          ? `Too large for the browser (it solves indexed games of up to ${BROWSER_POSITIONS.toLocaleString('en-US')} positions): ${e.message}`
          : e instanceof YomiError
            ? e.message
            : `internal error: ${(e as Error).message}`;
      send({ kind: 'failed', message });
    });
};
