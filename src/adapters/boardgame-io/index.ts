/**
 * `yomi/boardgame-io`: exact play for games written with boardgame.io.
 * `fromBoardgameIO` reads a boardgame.io game as a yomi `Game` (solve it,
 * analyse it, play it from the command line); `SolverBot` is a boardgame.io
 * bot that plays it perfectly. boardgame.io is a peer dependency of this
 * entry point only.
 *
 * @packageDocumentation
 */

export { SolverBot, type SolverBotMetadata } from './bot.js';
export { isBoardgameIOGame } from './detect.js';
export {
  type BoardgameIOAction,
  type BoardgameIOOptions,
  type EnumeratedMove,
  fromBoardgameIO,
} from './game.js';
