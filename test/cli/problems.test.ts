/**
 * The four acyclic built-in problems through the real `yomi` command
 * (their cases: solve-problems.test.ts): malformed inputs (one line
 * `yomi: …` naming where, exit code 2, nothing on stdout), and
 * `yomi analyze --json` on one sample per game, checked against a plain
 * recursion over the rules written here.
 */

import { describe, expect, it } from 'vitest';
import { expectUserError, runCli } from '../run-cli.js';

/** [game, input, what the one error line must contain] */
const BAD: [string, string, string][] = [
  ['abc201d', '', 'abc201d: the input is empty'],
  ['abc201d', '2 x\n++\n--\n', "line 1, column 3: expected W (an integer), found 'x'"],
  ['abc201d', '2 3\n+-+\n+a-\n', "line 3, column 2: row 2: 'a' is not one of '-', '+'"],
  ['abc201d', '2 3\n+-\n++-\n', 'line 2, column 1: row 1 should have 3 characters, found 2'],
  ['abc201d', '2 3\n+-++\n++-\n', 'line 2, column 1: row 1 should have 3 characters, found 4'],
  ['abc201d', '2 3\n+-+\n+é-\n', "line 3, column 2: row 2: 'é' is not one of '-', '+'"],
  ['abc201d', '2 3\n+-+\n+--\n# é\n', "line 4, column 1: unexpected '#' after the end of the input"],
  ['abc201d', '2001 3\n', 'line 1, column 1: H = 2001 is out of range (1 … 2000)'],
  ['abc201d', '2 0\n', 'line 1, column 3: W = 0 is out of range (1 … 2000)'],
  ['abc201d', '3 3\n+-+\n---\n', 'line 4: expected row 3, found the end of the input'],
  ['abc201d', '1 3\n+-+\n---\n', "line 3, column 1: unexpected '---' after the end of the input"],
  ['edpc-k', '', 'edpc-k: the input is empty'],
  ['edpc-k', '2 7\n2 three\n', "line 2, column 3: expected a_2 (an integer), found 'three'"],
  ['edpc-k', '3 7\n2 3\n', 'line 3: expected a_3 (an integer), found the end of the input'],
  ['edpc-k', '2 7\n3 2\n', 'line 2, column 3: a_2 = 2 is not larger than a_1 = 3: the a_i must increase'],
  ['edpc-k', '1 100001\n1\n', 'line 1, column 3: K = 100001 is out of range (1 … 100000)'],
  ['edpc-k', '2 7\n2 3 4\n', "line 2, column 5: unexpected '4' after the end of the input"],
  ['edpc-l', '', 'edpc-l: the input is empty'],
  ['edpc-l', '3\n10 x 30\n', "line 2, column 4: expected a_2 (an integer), found 'x'"],
  ['edpc-l', '4\n10 80 90\n', 'line 3: expected a_4 (an integer), found the end of the input'],
  ['edpc-l', '3001\n', 'line 1, column 1: N = 3001 is out of range (1 … 3000)'],
  ['edpc-l', '2\n1 1000000001\n', 'line 2, column 3: a_2 = 1000000001 is out of range (1 … 1000000000)'],
  ['arc038b', '', 'arc038b: the input is empty'],
  ['arc038b', '2 2\n..\n.*\n', "line 3, column 2: row 2: '*' is not one of '.', '#'"],
  ['arc038b', '2 2\n#.\n..\n', 'line 2, column 1: square (1,1) must be free (.), found #'],
  ['arc038b', '2 2\n\n  #.\n..\n', 'line 3, column 3: square (1,1) must be free (.), found #'],
  ['arc038b', '2 101\n', 'line 1, column 3: W = 101 is out of range (1 … 100)'],
  ['arc038b', '2 2\n.\n..\n', 'line 2, column 1: row 1 should have 2 characters, found 1'],
];

describe('a game over --max-positions', () => {
  it('stops before solving, naming the limit', () => {
    const r = runCli(['solve', 'abc201d', '--max-positions', '5'], '3 3\n---\n+-+\n+--\n');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'yomi: abc201d has more than 5 positions (--max-positions); raise the limit or choose a smaller game\n',
    );
  });
});

describe('malformed problem input', () => {
  for (const [id, input, message] of BAD) {
    it(`${id}: ${message}`, () => {
      expectUserError(runCli(['solve', id], input), message, true);
    });
  }
});

/** A move in the reference rules: its name as yomi prints it, the child, the mover's points. */
interface RefMove {
  name: string;
  child: string;
  points: number;
}
interface RefValue {
  margin: number;
  remoteness: number;
  win: boolean;
}

/**
 * The value of `p` by plain memoized recursion over `moves` (no yomi code):
 * scoring games maximise points − child's margin, then (for remoteness) a
 * winner or tie hurries and a loser delays; outcome games win when some move
 * reaches a lost child.
 */
function reference(moves: (p: string) => RefMove[], scoring: boolean) {
  const memo = new Map<string, RefValue>();
  const moveValue = (m: RefMove): RefValue => {
    const c = value(m.child);
    return { margin: m.points - c.margin, remoteness: c.remoteness + 1, win: !c.win };
  };
  const better = (a: RefValue, b: RefValue): boolean => {
    if (scoring && a.margin !== b.margin) return a.margin > b.margin;
    const aWins = scoring ? a.margin >= 0 : a.win;
    const bWins = scoring ? b.margin >= 0 : b.win;
    if (aWins !== bWins) return aWins;
    return aWins ? a.remoteness < b.remoteness : a.remoteness > b.remoteness;
  };
  function value(p: string): RefValue {
    const known = memo.get(p);
    if (known) return known;
    let best: RefValue = { margin: 0, remoteness: 0, win: false };
    const ms = moves(p);
    ms.forEach((m, i) => {
      const v = moveValue(m);
      if (i === 0 || better(v, best)) best = v;
    });
    memo.set(p, best);
    return best;
  }
  return { value, moveValue };
}

function grid(input: string): string[] {
  return input.trim().split('\n').slice(1);
}

interface JsonValue {
  outcome: string;
  remoteness: number;
  margin?: number;
}
const expected = (v: RefValue, scoring: boolean): JsonValue =>
  scoring
    ? {
        outcome: v.margin > 0 ? 'win' : v.margin < 0 ? 'lose' : 'tie',
        remoteness: v.remoteness,
        margin: v.margin,
      }
    : { outcome: v.win ? 'win' : 'lose', remoteness: v.remoteness };

const ANALYZED: {
  id: string;
  input: string;
  start: string;
  scoring: boolean;
  moves: (p: string) => RefMove[];
}[] = [
  (() => {
    const rows = grid('3 3\n---\n+-+\n+--\n');
    const at = (i: number, j: number) => ({
      name: '',
      child: `${i},${j}`,
      points: rows[i][j] === '+' ? 1 : -1,
    });
    return {
      id: 'abc201d',
      input: '3 3\n---\n+-+\n+--\n',
      start: '0,0',
      scoring: true,
      moves: (p: string) => {
        const [i, j] = p.split(',').map(Number);
        const out: RefMove[] = [];
        if (j + 1 < 3) out.push({ ...at(i, j + 1), name: 'right' });
        if (i + 1 < 3) out.push({ ...at(i + 1, j), name: 'down' });
        return out;
      },
    };
  })(),
  {
    id: 'edpc-k',
    input: '2 7\n2 3\n',
    start: '7',
    scoring: false,
    moves: (p: string) =>
      [2, 3]
        .filter((x) => x <= Number(p))
        .map((x) => ({ name: `take ${x}`, child: String(Number(p) - x), points: 0 })),
  },
  (() => {
    const a = [4, 2, 9, 7, 1, 5];
    return {
      id: 'edpc-l',
      input: '6\n4 2 9 7 1 5\n',
      start: '0,6',
      scoring: true,
      moves: (p: string) => {
        const [l, r] = p.split(',').map(Number);
        if (l === r) return [];
        return [
          { name: `left ${a[l]}`, child: `${l + 1},${r}`, points: a[l] },
          { name: `right ${a[r - 1]}`, child: `${l},${r - 1}`, points: a[r - 1] },
        ];
      },
    };
  })(),
  (() => {
    const rows = grid('3 4\n..#.\n#...\n..#.\n');
    const free = (i: number, j: number) => i < 3 && j < 4 && rows[i][j] === '.';
    return {
      id: 'arc038b',
      input: '3 4\n..#.\n#...\n..#.\n',
      start: '0,0',
      scoring: false,
      moves: (p: string) => {
        const [i, j] = p.split(',').map(Number);
        const steps: [number, number, string][] = [
          [i + 1, j, 'down'],
          [i, j + 1, 'right'],
          [i + 1, j + 1, 'down-right'],
        ];
        return steps
          .filter(([a, b]) => free(a, b))
          .map(([a, b, name]) => ({ name, child: `${a},${b}`, points: 0 }));
      },
    };
  })(),
];

describe('yomi analyze --json', () => {
  for (const g of ANALYZED) {
    it(`${g.id}: the start's value and every move's value agree with a plain recursion`, () => {
      const r = runCli(['analyze', g.id, '--json'], g.input);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const a = JSON.parse(r.stdout).datasets[0] as {
        solver: string;
        value: JsonValue;
        moves: { move: string; value: JsonValue; best: boolean }[];
      };
      const ref = reference(g.moves, g.scoring);
      expect(a.solver).toBe('sweep');
      expect(a.value).toMatchObject(expected(ref.value(g.start), g.scoring));
      const moves = g.moves(g.start);
      expect(a.moves.map((m) => m.move)).toEqual(moves.map((m) => m.name));
      moves.forEach((m, i) => {
        expect(a.moves[i].value).toMatchObject(expected(ref.moveValue(m), g.scoring));
      });
      expect(a.moves.some((m) => m.best)).toBe(true);
    });
  }
});
