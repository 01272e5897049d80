/**
 * The command line on a module that exports a boardgame.io game: the game is
 * read through the adapter, which is loaded — with boardgame.io — only for
 * such a module (the bundled command line leaves boardgame.io out, and loads
 * the adapter's part of the bundle on first use). The user's module may use
 * its own copy of the adapter (`yomi/boardgame-io`), whose errors are other
 * classes than the command line's: they are turned into the command line's
 * own, to be reported as one line like every user's mistake.
 */

import { isBoardgameIOGame } from '../adapters/boardgame-io/detect.js';
import { GameError, YomiError } from '../core/errors.js';
import { errorCode } from '../core/unknown.js';

/** A module's export as yomi reads it: a boardgame.io game adapted, anything else as it is. */
export async function adaptBoardgameIO(exported: unknown, path: string): Promise<unknown> {
  if (!isBoardgameIOGame(exported)) return exported;
  let adapter: typeof import('../adapters/boardgame-io/index.js');
  try {
    adapter = await import('../adapters/boardgame-io/index.js');
  } catch (e) {
    const code = errorCode(e);
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw e;
    throw new YomiError(
      `${path} exports a boardgame.io game, but boardgame.io is not installed (npm install boardgame.io)`,
    );
  }
  return withOwnErrors(() => withOwnErrorsEach(adapter.fromBoardgameIO(exported)));
}

/** The game with each method's yomi errors rethrown as the command line's. */
function withOwnErrorsEach<T extends object>(game: T): T {
  const wrapped: Record<string, unknown> = { ...(game as Record<string, unknown>) };
  for (const [name, value] of Object.entries(game)) {
    if (typeof value === 'function') {
      wrapped[name] = (...args: unknown[]) => withOwnErrors(() => value.apply(game, args));
    }
  }
  return wrapped as T;
}

function withOwnErrors<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    const yomiError = e instanceof Error && /^(Yomi|Game)Error$/.test(e.name);
    if (yomiError && !(e instanceof YomiError)) throw new GameError(e.message);
    throw e;
  }
}
