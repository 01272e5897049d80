/**
 * End-scored games: games whose only score is the one they end with — for
 * example a piece on a graph where either player may stop and the score is
 * the number on the piece's vertex (arc038d). Such a game may cycle; it is
 * solved by threshold search (solvers/threshold.ts).
 *
 * An `EndScoredGame` (core/game.ts, kind 'end-scored') is a numbered game
 * whose moves carry no points, plus:
 * - `maximizer(p)`: whether the player to move at p wants the final score
 *   high (the other player wants it low);
 * - `stopScore(p)`: the score the game ends with if the player to move at p
 *   stops there (stopping is then one more move, named "stop"), or NaN when
 *   the rules do not let them stop at p.
 *
 * Whose turn it is comes from `maximizer`, so a move to a position of the
 * same player is an extra turn without further declaration. The game ends
 * only by a stop (or a stuck player); `primitive` is not used.
 *
 * Semantics (see docs/architecture.md, "End-scored games and threshold search"):
 * - a player with neither a move nor a stop loses: the score is −∞ if the
 *   maximiser is stuck, +∞ if the minimiser is;
 * - endless play counts against the maximiser: a line that never stops is
 *   worth less to the maximiser than every score (−∞). So the value of a
 *   position is the largest score the maximiser can force the game to stop
 *   at or above in finitely many moves.
 *
 * Values use the negamax form like every other game: the margin of a
 * position is the final score for a maximiser to move and its negation for a
 * minimiser to move.
 */

export type { EndScoredGame } from './game.js';
