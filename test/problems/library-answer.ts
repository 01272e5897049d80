/**
 * A problem input answered through the library, as `yomi solve` answers it:
 * every dataset loaded, solved and written as its answer line.
 */

import type { AnyGame } from '../../src/core/game.js';
import { findGame } from '../../src/games/registry.js';
import { solve } from '../../src/solvers/index.js';

/** The answer lines of `input` for problem `id`, each game solved by `solver` after `prepare` (which may hide part of it). */
export function libraryAnswer(
  id: string,
  input: string,
  solver = 'auto',
  prepare: (game: AnyGame) => AnyGame = (game) => game,
): string {
  const def = findGame(id);
  const lines = def.load({}, input).map((game) => {
    const solution = solve(prepare(game), { solver });
    return def.answer(solution.value(solution.game.start), game);
  });
  return `${lines.join('\n')}\n`;
}
