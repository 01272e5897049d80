/**
 * The built-in games, by id. Each game lives in its own file; this list is
 * the only place that names them all. `GameId` is the type of their ids, so
 * that what is kept per game elsewhere (the playground's entries) is checked
 * against this list by the compiler.
 */

import { YomiError } from '../core/errors.js';
import { abc201dDefinition } from './abc201d.js';
import { arc038bDefinition } from './arc038b.js';
import { arc038dDefinition } from './arc038d.js';
import { connect4Definition } from './connect4/index.js';
import { digraphDefinition } from './digraph.js';
import { dobutsuDefinition } from './dobutsu/index.js';
import { dodgemDefinition } from './dodgem.js';
import { edpcKDefinition } from './edpc-k.js';
import { edpcLDefinition } from './edpc-l.js';
import { gridDuelDefinition } from './grid-duel.js';
import { grundysGameDefinition } from './grundys-game.js';
import { jag2015dDefinition } from './jag2015-d.js';
import { kalahDefinition } from './kalah.js';
import type { GameDefinition } from './kit/definition.js';
import { nimDefinition } from './nim.js';
import { octalDefinition } from './octal.js';
import { subtractionDefinition } from './subtraction.js';
import { subtractionModDefinition } from './subtraction-mod.js';
import { teekoDefinition } from './teeko.js';
import { ticTacToeDefinition } from './tic-tac-toe.js';

/** Every built-in definition under its id, in the order `yomi list` shows them. */
export const DEFINITIONS = {
  'tic-tac-toe': ticTacToeDefinition,
  abc201d: abc201dDefinition,
  'edpc-k': edpcKDefinition,
  'edpc-l': edpcLDefinition,
  arc038b: arc038bDefinition,
  'grid-duel': gridDuelDefinition,
  connect4: connect4Definition,
  arc038d: arc038dDefinition,
  'jag2015-d': jag2015dDefinition,
  dodgem: dodgemDefinition,
  teeko: teekoDefinition,
  kalah: kalahDefinition,
  dobutsu: dobutsuDefinition,
  nim: nimDefinition,
  subtraction: subtractionDefinition,
  octal: octalDefinition,
  'grundys-game': grundysGameDefinition,
  'subtraction-mod': subtractionModDefinition,
  digraph: digraphDefinition,
} as const;

/** The id of a built-in game. */
export type GameId = keyof typeof DEFINITIONS;

export const GAMES: readonly GameDefinition[] = Object.values(DEFINITIONS);

export function findGame(id: string): GameDefinition {
  const def = GAMES.find((g) => g.id === id);
  if (!def) {
    throw new YomiError(
      `unknown game '${id}'; run 'yomi list' to see the games (known: ${GAMES.map((g) => g.id).join(', ')})`,
    );
  }
  return def;
}
