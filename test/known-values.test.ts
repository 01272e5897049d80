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
import type { Outcome } from '../src/core/outcome.js';
import { formatValue } from '../src/core/value.js';
import { grundysGame } from '../src/games/grundys-game.js';
import type { HeapFamily } from '../src/games/impartial/heap-family.js';
import { parseGameSpec, resolveParams } from '../src/games/kit/params.js';
import { octalFamily, parseOctalCode } from '../src/games/octal.js';
import { findGame } from '../src/games/registry.js';
import { subtractionFamily } from '../src/games/subtraction.js';
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
  /** Only the outcome, where the source gives no more. */
  outcome?: Outcome;
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
  {
    game: 'abc201d',
    input: '3 3\n---\n+-+\n+--\n',
    outcome: 'win',
    answer: 'Takahashi',
    source: 'AtCoder ABC201 D, official sample 1',
  },
  {
    game: 'abc201d',
    input: '2 4\n+++-\n-+-+\n',
    outcome: 'lose',
    answer: 'Aoki',
    source: 'AtCoder ABC201 D, official sample 2',
  },
  {
    game: 'abc201d',
    input: '1 1\n-\n',
    value: 'tie in 0',
    answer: 'Draw',
    source: 'AtCoder ABC201 D, official sample 3 (a 1×1 grid has no move: margin 0)',
  },
  {
    game: 'edpc-k',
    input: '2 4\n2 3\n',
    outcome: 'win',
    answer: 'First',
    source: 'EDPC K, official sample 1',
  },
  {
    game: 'edpc-k',
    input: '2 5\n2 3\n',
    outcome: 'lose',
    answer: 'Second',
    source: 'EDPC K, official sample 2',
  },
  {
    game: 'edpc-k',
    input: '3 21\n1 2 3\n',
    outcome: 'win',
    answer: 'First',
    source: 'EDPC K, official sample 5',
  },
  {
    game: 'edpc-k',
    input: '1 100000\n1\n',
    value: 'lose in 100000',
    answer: 'Second',
    source:
      'EDPC K, official sample 6 (only one stone at a time: 100000 plies, the second player takes the last)',
  },
  {
    game: 'edpc-l',
    input: '4\n10 80 90 30\n',
    value: 'win by 10 in 4',
    answer: '10',
    source: 'EDPC L, official sample 1 (every move takes one number: N plies)',
  },
  {
    game: 'edpc-l',
    input: '3\n10 100 10\n',
    value: 'lose by 80 in 3',
    answer: '-80',
    source: 'EDPC L, official sample 2',
  },
  {
    game: 'edpc-l',
    input: '1\n10\n',
    value: 'win by 10 in 1',
    answer: '10',
    source: 'EDPC L, official sample 3',
  },
  {
    game: 'edpc-l',
    input: '10\n1000000000 1 1000000000 1 1000000000 1 1000000000 1 1000000000 1\n',
    value: 'win by 4999999995 in 10',
    answer: '4999999995',
    source: 'EDPC L, official sample 4',
  },
  {
    game: 'edpc-l',
    input: '6\n4 2 9 7 1 5\n',
    value: 'win by 2 in 6',
    answer: '2',
    source: 'EDPC L, official sample 5',
  },
  {
    game: 'arc038b',
    input: '2 2\n..\n..\n',
    value: 'win in 1',
    answer: 'First',
    source: 'by hand: the first player moves diagonally to the corner, where the second cannot move',
  },
  {
    game: 'arc038b',
    input: '1 1\n.\n',
    value: 'lose in 0',
    answer: 'Second',
    source: 'by the rules: on a 1×1 board the first player cannot move',
  },
  {
    game: 'nim(heaps=3 4 5)',
    outcome: 'win',
    source: "Bouton's theorem: the nim-sum 3 ⊕ 4 ⊕ 5 = 2 is not 0",
  },
  { game: 'nim(heaps=1 2 3)', outcome: 'lose', source: "Bouton's theorem: 1 ⊕ 2 ⊕ 3 = 0" },
  {
    game: 'nim(heaps=1 2 3,play=misere)',
    outcome: 'lose',
    source:
      'misère Nim (Bouton): with a heap above 1, the player to move loses exactly when the nim-sum is 0',
  },
  {
    game: 'nim(heaps=1 1,play=misere)',
    value: 'win in 2',
    source: 'by hand: take one heap, the opponent must take the last token',
  },
  {
    game: 'subtraction(set=1 2 3,heaps=10)',
    outcome: 'win',
    source: 'subtraction game {1,2,3}: the losing heaps are the multiples of 4',
  },
  {
    game: 'subtraction(set=1 2 3,heaps=12)',
    outcome: 'lose',
    source: 'subtraction game {1,2,3}: the losing heaps are the multiples of 4',
  },
  {
    game: 'grundys-game(heaps=10)',
    outcome: 'lose',
    source: "Grundy's game: G(10) = 0 (OEIS A002188)",
  },
  {
    game: 'grundys-game(heaps=13)',
    outcome: 'win',
    source: "Grundy's game: G(13) = 3 (OEIS A002188)",
  },
  { game: 'octal(code=0.77,heaps=10)', outcome: 'win', source: 'Kayles: G(10) = 2 (OEIS A002186)' },
  {
    game: 'octal(code=0.77,heaps=1 2 3)',
    outcome: 'lose',
    source: 'Kayles: G(1) ⊕ G(2) ⊕ G(3) = 1 ⊕ 2 ⊕ 3 = 0 (OEIS A002186)',
  },
  {
    game: 'dodgem(size=3)',
    outcome: 'win',
    source: 'Berlekamp, Conway & Guy, Winning Ways: 3×3 Dodgem is a win for the first player',
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
      if (row.outcome !== undefined && value.outcome !== row.outcome) {
        failures.push(`${where}: expected ${row.outcome}, got ${formatValue(value)}`);
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

/** Known Grundy values of heap families: the first values, and the period with its pre-period. */
interface GrundyRow {
  family: HeapFamily;
  first: string;
  period?: { length: number; start: number };
  source: string;
}

const octal = (code: string) => octalFamily(parseOctalCode(code));

const GRUNDY_ROWS: GrundyRow[] = [
  {
    family: octal('0.77'),
    first: '0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2',
    period: { length: 12, start: 71 },
    source: 'Kayles: Guy & Smith (1956); Winning Ways ch. 4 (last exception at 70); OEIS A002186',
  },
  {
    family: octal('0.137'),
    first: '0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3',
    period: { length: 34, start: 52 },
    source: "Dawson's chess: Guy & Smith (1956); Winning Ways ch. 4 (last exception at 51); OEIS A002187",
  },
  {
    family: octal('0.07'),
    first: '0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3',
    period: { length: 34, start: 53 },
    source:
      "Dawson's Kayles: G(n) is Dawson's chess' G(n − 1) (Winning Ways ch. 4), so every exception comes one later",
  },
  {
    family: subtractionFamily([1, 2, 3]),
    first: '0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3',
    period: { length: 4, start: 0 },
    source: 'take 1–3: G(n) = n mod 4 (Winning Ways ch. 4)',
  },
  {
    family: grundysGame,
    first: '0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3',
    source: "Grundy's game: OEIS A002188",
  },
];

describe('known Grundy values', () => {
  it(`all ${GRUNDY_ROWS.length} rows hold`, () => {
    const failures: string[] = [];
    for (const row of GRUNDY_ROWS) {
      const result = row.family.values(1000);
      const first = Array.from(result.values.subarray(0, 20)).join(' ');
      const where = `${row.family.name} (${row.source})`;
      if (first !== row.first) failures.push(`${where}: expected ${row.first}, got ${first}`);
      const period = result.period && { length: result.period.length, start: result.period.start };
      if (JSON.stringify(period) !== JSON.stringify(row.period)) {
        failures.push(
          `${where}: expected period ${JSON.stringify(row.period)}, got ${JSON.stringify(period)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
});
