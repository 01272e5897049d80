/**
 * The built-in games, by id. Each game lives in its own file; this list is
 * the only place that names them all.
 */

import { YomiError } from '../core/errors.js';
import { abc201dDefinition } from './abc201d.js';
import { arc038bDefinition } from './arc038b.js';
import { arc038dDefinition } from './arc038d.js';
import { connect4Definition } from './connect4.js';
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
import { teekoDefinition } from './teeko.js';
import { ticTacToeDefinition } from './tic-tac-toe.js';

export const GAMES: readonly GameDefinition[] = [
  ticTacToeDefinition,
  abc201dDefinition,
  edpcKDefinition,
  edpcLDefinition,
  arc038bDefinition,
  gridDuelDefinition,
  connect4Definition,
  arc038dDefinition,
  jag2015dDefinition,
  dodgemDefinition,
  teekoDefinition,
  kalahDefinition,
  dobutsuDefinition,
  nimDefinition,
  subtractionDefinition,
  octalDefinition,
  grundysGameDefinition,
];

export function findGame(id: string): GameDefinition {
  const def = GAMES.find((g) => g.id === id);
  if (!def) {
    throw new YomiError(
      `unknown game '${id}'; run 'yomi list' to see the games (known: ${GAMES.map((g) => g.id).join(', ')})`,
    );
  }
  return def;
}
