/**
 * The command line on a module that exports a boardgame.io game: the game is
 * read through the adapter, which is loaded — with boardgame.io — only for
 * such a module. It is imported by the package's own name (`yomi/boardgame-io`),
 * so the bundled command line leaves it, and boardgame.io, out of its bundle;
 * the adapter's errors then come from the library's copy of yomi's error
 * classes, so they are turned into the command line's own, to be reported as
 * one line like every user's mistake.
 */

import { isBoardgameIOGame } from '../adapters/boardgame-io/detect.js';
import { GameError, YomiError } from '../core/errors.js';

/** A module's export as yomi reads it: a boardgame.io game adapted, anything else as it is. */
export async function adaptBoardgameIO(exported: unknown, path: string): Promise<unknown> {
  if (!isBoardgameIOGame(exported)) return exported;
  let adapter: typeof import('yomi/boardgame-io');
  try {
    adapter = await import('yomi/boardgame-io');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw e;
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
