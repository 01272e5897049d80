/**
 * Unit tests of the playground's view models: value → symbol, word and
 * colour; ranking of moves; the value-history series; the computer player's
 * choice; the URL encoding of the state.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OUTCOMES } from '../../src/core/outcome.js';
import { compareValues, type Value } from '../../src/core/value.js';
import { ticTacToe } from '../../src/games/tic-tac-toe.js';
import { solve } from '../../src/solvers/index.js';
import { progressText, solvedLine } from '../../web/src/components/solve-status.js';
import { finalValue, moverLead } from '../../web/src/model/final-score.js';
import { historyHeight, historyScale, historySeries, OVER_HEIGHT } from '../../web/src/model/history.js';
import { chooseMove } from '../../web/src/model/player.js';
import { QueryAhead } from '../../web/src/model/query-ahead.js';
import { asGame, loadGame, replay, sizeWarning } from '../../web/src/model/session.js';
import { computerMoves, firstTurn, type Mover, redoSteps, undoSteps } from '../../web/src/model/turns.js';
import {
  DEFAULT_STATE,
  decodeState,
  encodeState,
  MAX_LINKED_INPUT,
  type PlayState,
} from '../../web/src/model/url.js';
import { moveViews, OUTCOME_STYLES, rankedMoves, shortDetail } from '../../web/src/model/values.js';
import type { Answer, ValueSource } from '../../web/src/sources/value-source.js';

const win = (r: number): Value => ({ outcome: 'win', remoteness: r });
const lose = (r: number): Value => ({ outcome: 'lose', remoteness: r });
const tie = (r: number): Value => ({ outcome: 'tie', remoteness: r });
const draw: Value = { outcome: 'draw', remoteness: Number.POSITIVE_INFINITY };

describe('value styles', () => {
  it('gives each outcome its own symbol, word and colour', () => {
    const styles = OUTCOMES.map((o) => OUTCOME_STYLES[o]);
    for (const key of ['symbol', 'word', 'colour'] as const) {
      expect(new Set(styles.map((s) => s[key])).size).toBe(4);
    }
    expect(OUTCOME_STYLES.win.symbol).toBe('W');
    expect(OUTCOME_STYLES.lose.word).toBe('lose');
  });

  it('writes every letter with at least 4.5:1 contrast on its colour (WCAG AA)', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const o of OUTCOMES) {
      const [a, b] = [luminance(OUTCOME_STYLES[o].colour), luminance(OUTCOME_STYLES[o].ink)];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      expect(ratio, o).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes remoteness, margin and draws briefly', () => {
    expect(shortDetail(win(5))).toBe('5');
    expect(shortDetail(draw)).toBe('∞');
    expect(shortDetail({ outcome: 'win', remoteness: 4, margin: 2 })).toBe('+2/4');
    expect(shortDetail({ outcome: 'lose', remoteness: 3, margin: -1 })).toBe('-1/3');
  });
});

describe('move ranking', () => {
  it('ranks the quicker win first and the slower loss above the quicker one', () => {
    const views = moveViews(
      ['a', 'b', 'c', 'd', 'e', 'f'],
      [lose(2), win(5), win(3), lose(6), tie(4), win(3)],
    );
    expect(views.map((v) => v.rank)).toEqual([5, 2, 1, 4, 3, 1]);
    expect(views.map((v) => v.leading)).toEqual([false, false, true, true, true, true]);
    // The tie is alone of its kind, the slowest loss and the quickest wins beat others of theirs.
    expect(views.map((v) => v.standsOut)).toEqual([false, false, true, true, false, true]);
    const equal = moveViews(['a', 'b'], [tie(9), tie(9)]);
    expect(equal.map((v) => [v.leading, v.standsOut])).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(views[2].text).toBe('win in 3');
    expect(rankedMoves(views).map((v) => v.name)).toEqual(['c', 'f', 'b', 'e', 'd', 'a']);
  });

  it('ranks agree with compareValues on any values', () => {
    const value = fc.oneof(
      fc.record({ outcome: fc.constantFrom('win', 'lose', 'tie'), remoteness: fc.nat(20) }),
      fc.constant(draw),
    ) as fc.Arbitrary<Value>;
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 12 }), (values) => {
        const views = moveViews(
          values.map((_, i) => `m${i}`),
          values,
        );
        for (const a of views) {
          for (const b of views) {
            expect(Math.sign(b.rank - a.rank)).toBe(Math.sign(compareValues(a.value, b.value)));
          }
        }
      }),
    );
  });
});

describe('value history', () => {
  it('signs remoteness by who wins, seen from the first player', () => {
    // The first player wins in 5 until a mistake at ply 2: then the first player (to move) loses in 2.
    const series = historySeries([win(5), lose(4), lose(2), tie(1), draw], alternate(4));
    expect(series.map((p) => historyHeight(p, 5))).toEqual([5, 4, -2, 0, 0]);
    expect(series.map((p) => p.outcome)).toEqual(['win', 'win', 'lose', 'tie', 'draw']);
    expect(series.map((p) => p.mover)).toEqual([0, 1, 0, 1, 0]);
    expect(historyScale(series)).toBe(5);
    expect(historyScale([])).toBe(1);
  });

  it('leaves out the positions whose value is not known, each point at its own ply', () => {
    const series = historySeries([win(5), undefined, undefined, lose(2)], alternate(3));
    expect(series.map((p) => p.ply)).toEqual([0, 3]);
    expect(series.map((p) => p.outcome)).toEqual(['win', 'win']);
  });

  it('draws the end of a won game on the winner’s side, off the line of ties', () => {
    // The first player has just won: the second is to move, and has lost (remoteness 0).
    const series = historySeries([win(1), lose(0)], alternate(1));
    expect(series.map((p) => historyHeight(p, 1))).toEqual([1, OVER_HEIGHT]);
    const lost = historySeries([lose(2), win(1), lose(0)], alternate(2));
    expect(lost.map((p) => historyHeight(p, 2))).toEqual([-2, -1, -OVER_HEIGHT]);
  });

  it('keeps a scoring game’s margin for the first player', () => {
    const series = historySeries(
      [
        { outcome: 'win', margin: 6, remoteness: 3 },
        { outcome: 'lose', margin: -6, remoteness: 2 },
      ],
      alternate(1),
    );
    expect(series.map((p) => p.margin)).toEqual([6, 6]);
    expect(historySeries([win(1)], alternate(0))[0].margin).toBeUndefined();
  });

  it('draws a win or loss by endless play apart from ties, beyond every remoteness', () => {
    const endless: Value = { outcome: 'lose', remoteness: Number.POSITIVE_INFINITY };
    const series = historySeries([win(3), endless, tie(2)], alternate(2));
    expect(series.map((p) => p.endless)).toEqual([false, true, false]);
    const scale = historyScale(series);
    expect(scale).toBe(3);
    // After one move the second player is to move and loses by endless play: the first player wins.
    expect(series.map((p) => historyHeight(p, scale))).toEqual([3, 4, 0]);
  });

  it('keeps the first player’s outcome along a perfect tic-tac-toe game', () => {
    const solution = solve(ticTacToe);
    let board = 'x...o....';
    const values = [solution.value(board)];
    for (const m of solution.line(board)) {
      board = ticTacToe.play(board, m);
      values.push(solution.value(board));
    }
    const outcomes = historySeries(values, alternate(values.length - 1)).map((p) => p.outcome);
    expect(new Set(outcomes).size).toBe(1);
  });
});

describe('computer player', () => {
  const values = [lose(2), win(5), win(3), tie(4), win(3)];
  it('at full skill plays a best move, each of the equal ones sometimes', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 50; i++) seen.add(chooseMove(values, 1));
    expect([...seen].sort()).toEqual([2, 4]);
  });
  it('at skill 0 plays any move', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 300; i++) seen.add(chooseMove(values, 0));
    expect(seen.size).toBe(values.length);
  });
  it('uses its random source: best with probability p', () => {
    expect(chooseMove(values, 0.5, () => 0.4)).toBe(2);
    const r = [0.6, 0];
    expect(chooseMove(values, 0.5, () => r.shift()!)).toBe(0);
    expect(chooseMove([], 1)).toBe(-1);
  });
});

describe('a query asked ahead', () => {
  // The holder only compares sources; what a source does is not asked here.
  const [first, second] = [{}, {}] as ValueSource[];
  const answer: Answer = { path: [win(1)], moves: [] };
  it('is taken once, for its position of its source only', async () => {
    const ahead = new QueryAhead();
    ahead.hold('a', first, Promise.resolve(answer));
    expect(ahead.take('b', first)).toBeUndefined();
    ahead.hold('a', first, Promise.resolve(answer));
    expect(ahead.take('a', second)).toBeUndefined();
    ahead.hold('a', first, Promise.resolve(answer));
    await expect(ahead.take('a', first)).resolves.toBe(answer);
    expect(ahead.take('a', first)).toBeUndefined();
  });
  it('one never taken fails quietly', async () => {
    const ahead = new QueryAhead();
    const failed = Promise.reject(new Error('gone'));
    ahead.hold('a', first, failed);
    ahead.hold('b', first, Promise.resolve(answer));
    // An unhandled rejection would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(failed).rejects.toThrow('gone');
  });
});

/** Who moves at each of n + 1 positions when turns alternate. */
const alternate = (plies: number): Mover[] => Array.from({ length: plies + 1 }, (_, i) => (i % 2) as Mover);

describe('turns', () => {
  it('knows which player the computer plays', () => {
    const movers: Mover[] = [0, 1];
    expect(movers.map((m) => computerMoves('first', m))).toEqual([true, false]);
    expect(movers.map((m) => computerMoves('second', m))).toEqual([false, true]);
    expect(movers.map((m) => computerMoves('both', m))).toEqual([true, true]);
    expect(movers.map((m) => computerMoves('none', m))).toEqual([false, false]);
  });

  it("undoes back to the person's turn", () => {
    expect(undoSteps('second', alternate(0))).toBe(0);
    expect(undoSteps('second', alternate(1))).toBe(1); // the person's move, not yet answered
    expect(undoSteps('second', alternate(2))).toBe(2); // the computer's reply and the person's move
    expect(undoSteps('first', alternate(1))).toBe(1); // only the computer's opening move
    expect(undoSteps('first', alternate(3))).toBe(2);
    expect(undoSteps('none', alternate(4))).toBe(1);
    for (const side of ['first', 'second'] as const) {
      for (let plies = 1; plies < 8; plies++) {
        const movers = alternate(plies);
        const back = undoSteps(side, movers);
        if (plies - back > 0 || side === 'second')
          expect(computerMoves(side, movers[plies - back])).toBe(false);
      }
    }
  });

  it('follows extra turns: the computer moves again, and an undo takes back all its moves', () => {
    // The person (first) moves, the computer (second) moves twice (an extra turn), the person moves again.
    const movers: Mover[] = [0, 1, 1, 0];
    expect(movers.map((m) => computerMoves('second', m))).toEqual([false, true, true, false]);
    expect(undoSteps('second', movers)).toBe(3);
    // The person keeps the turn once: an undo takes back only the person's last move.
    expect(undoSteps('second', [0, 0, 1])).toBe(1);
  });
});

describe('URL state', () => {
  it('round-trips any state', () => {
    const state = fc.record({
      game: fc.constantFrom('tic-tac-toe', 'nim(heaps=3 4 5)', 'connect4(width=5,height=4)'),
      input: fc.option(fc.string(), { nil: undefined }),
      dataset: fc.nat(5),
      moves: fc.array(fc.nat(40), { maxLength: 20 }),
      computer: fc.constantFrom('none', 'first', 'second', 'both'),
      skill: fc.constantFrom(0, 0.25, 0.5, 1),
    }) as fc.Arbitrary<PlayState>;
    fc.assert(
      fc.property(state, (s) => {
        const back = decodeState(encodeState(s));
        expect(back).toEqual(s.input === undefined ? (({ input: _, ...rest }) => rest)(s) : s);
      }),
    );
  });

  it('leaves a very long input out of the link', () => {
    const input = 'x'.repeat(MAX_LINKED_INPUT + 1);
    expect(decodeState(encodeState({ ...DEFAULT_STATE, input })).input).toBeUndefined();
  });

  it('falls back to defaults on a malformed fragment', () => {
    expect(decodeState('#moves=1.x&vs=alien&skill=7&dataset=-1')).toEqual({
      game: 'tic-tac-toe',
      dataset: 0,
      moves: [],
      computer: 'second',
      skill: 1,
    });
  });
});

describe('session', () => {
  it('replays moves and stops at an illegal one', () => {
    const game = asGame(loadGame('tic-tac-toe', undefined).games[0]);
    const { positions, moves } = replay(game, [4, 0, 99, 1]);
    expect(moves).toEqual([4, 0]);
    expect(positions).toEqual(['.........', '....x....', 'o...x....']);
  });

  it('reports a bad game id or parameter as the CLI does', () => {
    expect(() => loadGame('no-such-game', undefined)).toThrow(/unknown game 'no-such-game'/);
  });

  it('warns before solving an indexed game larger than the browser budget', () => {
    const huge = {
      kind: 'indexed' as const,
      id: 'huge',
      size: 1e9,
      start: 0,
      maxMoves: 1,
      children: () => 0,
      primitive: () => 0,
    };
    expect(sizeWarning(huge)).toMatch(/huge has 1,000,000,000 positions \(about 4,000 MB/);
    expect(sizeWarning({ ...huge, size: 10 })).toBeUndefined();
    // A game that carries its indexed form: the full Dobutsu shogi, not its lions-and-chicks variant.
    expect(sizeWarning(loadGame('dobutsu', undefined).games[0])).toMatch(/has 855,232,344 positions/);
    expect(sizeWarning(loadGame('dobutsu(pieces=C)', undefined).games[0])).toBeUndefined();
  });
});

describe('solve status', () => {
  it('names the tier a report counts, and where exploring stops', () => {
    expect(
      progressText({
        unit: 'positions settled',
        done: 208_724,
        total: 887_700,
        detail: 'tier x2-o1, 3 of 16',
      }),
    ).toBe('tier x2-o1, 3 of 16: 208,724 / 887,700 positions settled');
    expect(progressText({ unit: 'positions explored', done: 5_000 })).toBe(
      '5,000 positions explored (a browser explores up to 3,000,000, then searches)',
    );
  });

  it('says in plain words what solved the game and how much', () => {
    const base = { origin: 'browser' as const, solver: 'sweep', reason: 'r', positions: 555_986, ms: 700 };
    expect(solvedLine(base)).toBe('Solved all 555,986 positions in 0.7 s, here in your browser.');
    expect(solvedLine({ ...base, positions: 765, allPositions: 5478, ms: 12 })).toBe(
      'Solved all 765 classes of 5,478 positions (mirror images share a value) in 12 ms, here in your browser.',
    );
    expect(solvedLine({ ...base, searched: true, positions: 71_817 })).toMatch(/^Searched 71,817 positions/);
    expect(solvedLine({ ...base, searched: true, positions: 71_817 }, 90_000)).toBe(
      'Searched 90,000 positions so far, here in your browser (more as you play).',
    );
    expect(solvedLine({ ...base, searched: true, positions: 71_817 }, 90_000, 2)).toBe(
      'Searched 90,000 positions so far, here in your browser on 2 threads (more as you play).',
    );
    expect(solvedLine({ ...base, origin: 'opening book' }, 90_000, 2)).toBe(
      'Values from the opening book, with a live search beyond it on 2 threads.',
    );
    expect(solvedLine({ ...base, origin: 'solution file', file: 'solution file d.yomi' })).toBe(
      'Values from the solution file d.yomi, served by yomi serve (555,986 positions).',
    );
    expect(solvedLine({ ...base, origin: 'server search', file: 'endgame databases k6 (29 tiers)' })).toBe(
      'Values searched by yomi serve as you play, reading the endgame databases k6 (29 tiers).',
    );
  });
});

describe('the final-score reading of scoring games', () => {
  it('adds the lead to the margin still to come, the outcome following the sum', () => {
    const rest: Value = { outcome: 'win', margin: 2, remoteness: 7 };
    expect(finalValue(rest, 0)).toEqual(rest);
    expect(finalValue(rest, -2)).toEqual({ outcome: 'tie', margin: 0, remoteness: 7 });
    expect(finalValue(rest, -5)).toEqual({ outcome: 'lose', margin: -3, remoteness: 7 });
    expect(finalValue({ outcome: 'win', remoteness: 3 }, -5)).toEqual({ outcome: 'win', remoteness: 3 });
    // The first player's lead, seen by whoever is to move.
    expect(moverLead([0, 3, 3], [0, 1, 0], 1)).toBe(-3);
    expect(moverLead([0, 3, 3], [0, 1, 0], 2)).toBe(3);
  });
});

describe('stepping through the game against the computer', () => {
  it('redo replays the computer’s replies; the start is the first position where the person moves', () => {
    const movers: Mover[] = [0, 1, 0, 1, 0];
    expect(redoSteps('none', movers, 0, 4)).toBe(1);
    expect(redoSteps('second', movers, 0, 4)).toBe(2);
    expect(redoSteps('second', movers, 0, 1)).toBe(1);
    expect(redoSteps('first', movers, 1, 3)).toBe(2);
    expect(firstTurn('none', movers)).toBe(0);
    expect(firstTurn('first', movers)).toBe(1);
    expect(firstTurn('second', movers)).toBe(0);
  });
});
