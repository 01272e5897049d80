/**
 * An example of a game with a parameter: dominoes on a strip. A strip of n
 * cells; the players take turns laying a domino on two neighbouring empty
 * cells; a player who cannot lay one loses.
 *
 *   yomi solve './examples/strip.ts(n=12)'    # n is written as a built-in game's parameters are
 *   yomi analyze './examples/strip.ts(n=5)'
 *   yomi solve examples/strip.ts              # n=10, the default
 *
 * The default export is a `GameDefinition`: the game's id, its parameters
 * (names, types, defaults and bounds, checked by yomi before `load` runs),
 * `load`, which makes the game from them, and `answer`, the line `yomi
 * solve` prints. (The same game is built in as the octal game 0.07, Dawson's
 * Kayles: `yomi solve 'octal(code=0.07,heaps=12)'`.)
 */

import { defineGame, formatValue, type Game } from 'yomi';

/** The strip, one character per cell: `.` empty, `#` covered. */
type Strip = string;

/** The strip of `n` cells as a `Game`; a move is the first of the two cells the domino covers. */
function strip(n: number): Game<Strip, number> {
  return {
    id: `strip(n=${n})`,
    start: '.'.repeat(n),
    moves: (s) => [...s].flatMap((cell, i) => (cell === '.' && s[i + 1] === '.' ? [i] : [])),
    play: (s, i) => `${s.slice(0, i)}##${s.slice(i + 2)}`,
    key: (s) => s,
    // A strip read backwards is the same game: one value for both.
    canonical: (s) => [s, [...s].reverse().join('')].sort()[0],
    show: (s) => s,
    moveName: (_s, i) => `${i + 1}-${i + 2}`,
  };
}

export default defineGame({
  id: 'strip',
  summary: 'dominoes on a strip of n cells: lay one on two empty neighbours; who cannot, loses',
  params: [{ name: 'n', type: 'int', default: 10, min: 2, max: 24, description: 'the cells of the strip' }],
  load: ({ n }) => [strip(n)],
  answer: (value) => formatValue(value),
});
