/**
 * The solver, off the page's thread: loads the game, solves it with the
 * library's `solve` (auto) within the browser's position budget, reports
 * progress, then answers value queries. Cancelling is terminating the worker.
 */

import { BudgetError, YomiError } from '../../src/core/errors.js';
import { isIndexed } from '../../src/core/game.js';
import type { Solution } from '../../src/core/solution.js';
import { solve } from '../../src/solvers/index.js';
import {
  asGame,
  BROWSER_POSITIONS,
  EXPLORE_POSITIONS,
  legalMoves,
  loadGame,
  replay,
} from './model/session.js';
import type { FromWorker, ToWorker } from './protocol.js';

let solution: Solution<unknown, unknown> | undefined;

const send = (message: FromWorker) => postMessage(message);

function handle(message: ToWorker): void {
  if (message.kind === 'solve') {
    const game = loadGame(message.spec, message.input).games[message.dataset];
    if (!game) throw new YomiError(`the input has no dataset ${message.dataset + 1}`);
    solution = solve(game, {
      maxPositions: isIndexed(game) ? BROWSER_POSITIONS : EXPLORE_POSITIONS,
      onProgress: (progress) => send({ kind: 'progress', progress }),
    });
    send({ kind: 'solved', solver: solution.solver, reason: solution.reason, ...solution.stats });
    return;
  }
  if (!solution) throw new Error('query before solve');
  const game = asGame(solution.game);
  const { positions } = replay(game, message.moves);
  const path = positions.map((p) => solution!.value(p));
  const end = positions[positions.length - 1];
  const moves = legalMoves(game, end).length === 0 ? [] : solution.moves(end).map((mv) => mv.value);
  send({ kind: 'answer', id: message.id, path, moves });
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  try {
    handle(event.data);
  } catch (e) {
    const message =
      e instanceof BudgetError
        ? `Too large for the browser (it solves up to ${EXPLORE_POSITIONS.toLocaleString('en-US')} positions of a game it explores, ${BROWSER_POSITIONS.toLocaleString('en-US')} of an indexed game): ${e.message}`
        : e instanceof YomiError
          ? e.message
          : `internal error: ${(e as Error).message}`;
    send({ kind: 'failed', message });
  }
};
