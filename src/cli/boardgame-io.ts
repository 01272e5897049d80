/**
 * The command line on a module that exports a boardgame.io game: the game is
 * read through the adapter, which is loaded — with boardgame.io — only for
 * such a module. It is imported by the package's own name (`yomi/boardgame-io`),
 * so the bundled command line leaves it, and boardgame.io, out of its bundle.
 */

import { isBoardgameIOGame } from '../adapters/boardgame-io/detect.js';
import { YomiError } from '../core/errors.js';

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
  return adapter.fromBoardgameIO(exported);
}
