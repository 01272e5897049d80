/**
 * Dobutsu shogi (doubutsu shougi, "animal shogi"), built in as `dobutsu` with
 * a parameter `pieces` choosing which pairs besides the lions are in play
 * (`dobutsu(pieces=C)`: lions and chicks), so that reduced games can be
 * solved in tests and experiments under the same rules.
 *
 * `load` gives the form people read and type, in real orientation
 * (`dobutsuGame`, game.ts), linked to the solving form, an `IndexedGame`
 * over the perfect hash (indexed.ts): solvers fill the indexed form and
 * answer in real positions.
 */

import { formatValue } from '../../core/value.js';
import { defineGame, type ParamValue } from '../kit/definition.js';
import { KIND_LETTERS } from './board.js';
import { dobutsuGame } from './game.js';
import type { Pieces } from './position.js';

export { dobutsuGame } from './game.js';
export { DobutsuIndexed, WIN_IN_1 } from './indexed.js';
export { formatPosition, parsePosition, showPosition } from './notation.js';
export type { DobutsuLayout } from './perfect-hash.js';
export type { DobutsuMove, DobutsuPosition, Pieces } from './position.js';

/** What is wrong with a `pieces=` value, or undefined. */
function piecesProblem(value: ParamValue): string | undefined {
  const text = String(value).toUpperCase();
  if (text === 'NONE') return undefined;
  const bad = [...text].find((ch) => !KIND_LETTERS.includes(ch));
  if (bad !== undefined)
    return `'${bad}' is not a pair; write any of G (giraffes), E (elephants), C (chicks), or none`;
  if (new Set(text).size !== text.length) return 'a pair is named twice';
  if (text === '') return "write 'none' for the lions alone";
  return undefined;
}

/** The pairs in play as kind letters in the order G, E, C ('' for the lions alone). */
function normalPieces(value: ParamValue): Pieces {
  const text = String(value).toUpperCase();
  return [...KIND_LETTERS].filter((kind) => text !== 'NONE' && text.includes(kind)).join('');
}

export const dobutsuDefinition = defineGame({
  id: 'dobutsu',
  summary: 'Dobutsu shogi on 3×4: capture the lion, or bring yours safely to the far rank',
  params: [
    {
      name: 'pieces',
      type: 'string',
      default: 'GEC',
      description: 'pairs in play besides the lions: any of G, E, C, or none',
      check: piecesProblem,
    },
  ],
  load: (params) => [dobutsuGame(normalPieces(params.pieces))],
  answer: formatValue,
  // The full game, solved by tiers on 2 cores as the README's benchmark measured it.
  databases: [
    {
      spec: 'dobutsu(pieces=GEC)',
      positions: 855_232_344,
      diskBytes: 61_560_462,
      memoryBytes: 2_135_000_000,
      seconds: 216,
    },
  ],
});
