/**
 * Known solved values: a table of (game, position or input, expected value,
 * where the value comes from), run as one test over every row. A row names a
 * built-in game by its id with parameters, and either a position (as the game
 * writes positions) or a problem input; it expects the value as yomi writes
 * it (`tie in 9`, `win by 3 in 5`), and may also expect the best moves (by
 * name) or the problem's answer line. Add rows as games and sources appear.
 */

import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../src/core/game.js';
import { formatValue } from '../src/core/value.js';
import { parseGameSpec, resolveParams } from '../src/games/params.js';
import { findGame } from '../src/games/registry.js';
import { solve } from '../src/solvers/index.js';

interface Row {
  /** A built-in game id, with parameters if any: `nim(heaps=3 4 5)`. */
  game: string;
  /** A position as the game's `parsePosition` reads it; absent: the start. */
  position?: string;
  /** The problem input, for games that read one (the first dataset is checked). */
  input?: string;
  /** The value as `formatValue` writes it. */
  value?: string;
  /** The best moves, by name, in the game's move order. */
  best?: string[];
  /** The answer line the problem asks for. */
  answer?: string;
  /** Where the expected value comes from. */
  source: string;
}

const ROWS: Row[] = [
  { game: 'tic-tac-toe', value: 'tie in 9', source: 'tic-tac-toe: a tie, well known; a tie fills the board' },
  {
    game: 'tic-tac-toe',
    position: 'x........',
    value: 'tie in 8',
    best: ['b2'],
    source: 'well known: after a corner opening only the centre reply holds the tie',
  },
  {
    game: 'tic-tac-toe',
    position: '.o..x....',
    value: 'win in 5',
    source:
      'well known: an edge reply to the centre opening loses (x forks on its next move, wins on the one after)',
  },
  {
    game: 'tic-tac-toe',
    position: 'x...o...x',
    value: 'tie in 6',
    best: ['b1', 'a2', 'c2', 'b3'],
    source: 'well known: against opposite corners o must take an edge; a corner lets x fork',
  },
  {
    game: 'tic-tac-toe',
    position: 'xx.oo....',
    value: 'win in 1',
    best: ['c1'],
    source: 'by hand: x completes the top row',
  },
  {
    game: 'tic-tac-toe',
    position: 'xxxoo....',
    value: 'lose in 0',
    source: 'by the rules: x has three in a row, o to move has lost',
  },
  {
    game: 'tic-tac-toe',
    position: 'xoxxoooxx',
    value: 'tie in 0',
    source: 'by the rules: a full board without a line is a tie',
  },
];

function loadRow(row: Row): AnyGame {
  const spec = parseGameSpec(row.game);
  const def = findGame(spec.id);
  const [game] = def.load(resolveParams(def, spec.given), row.input);
  return game;
}

const label = (row: Row) =>
  `${row.game}${row.position ? ` at ${row.position}` : ''}${row.input ? ` on ${JSON.stringify(row.input.slice(0, 30))}` : ''}`;

describe('known solved values', () => {
  it(`all ${ROWS.length} rows hold`, () => {
    const failures: string[] = [];
    for (const row of ROWS) {
      const game = loadRow(row);
      const solution = solve(game);
      const view = solution.game;
      const p =
        row.position === undefined
          ? view.start
          : (view.parsePosition as (t: string) => unknown)(row.position);
      const value = solution.value(p);
      const where = `${label(row)} (${row.source})`;
      if (row.value !== undefined && formatValue(value) !== row.value) {
        failures.push(`${where}: expected ${row.value}, got ${formatValue(value)}`);
      }
      if (row.best !== undefined) {
        const names = solution.best(p).map((m) => (view.moveName ? view.moveName(p, m) : String(m)));
        if (names.join(' ') !== row.best.join(' ')) {
          failures.push(`${where}: expected best moves ${row.best.join(' ')}, got ${names.join(' ')}`);
        }
      }
      if (row.answer !== undefined) {
        const def = findGame(parseGameSpec(row.game).id);
        const answer = def.answer(value, game);
        if (answer !== row.answer) failures.push(`${where}: expected answer ${row.answer}, got ${answer}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
