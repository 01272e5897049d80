/**
 * A solved tier directory checked against a direct search from the rules
 * (src/check/search-check.ts): Teeko on 4×4 with 3 pieces a side solved into
 * a directory and read back, its values on sampled positions confirmed —
 * exactly near the end of the game, as undecided further from it — and a
 * wrong value caught; the derived Dodgem 3×3, solved in memory, likewise.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dodgemRules } from '../../examples/dodgem-board.js';
import { boardGame } from '../../src/board-kit/index.js';
import { checkValuesBySearch, drawNumbered } from '../../src/check/search-check.js';
import { isIndexed } from '../../src/core/game.js';
import type { Value } from '../../src/core/value.js';
import { openGame } from '../../src/games/open.js';
import { solutionFromTiers, solveByTiers } from '../../src/host/tier-solve.js';
import { solve } from '../../src/solvers/index.js';

const folder = mkdtempSync(join(tmpdir(), 'yomi-search-check-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The game `spec` solved by tiers into a directory, and the solution read back from it. */
async function solvedDirectory(spec: string) {
  const dir = join(folder, spec.replace(/\W/g, '_'));
  const opened = openGame(spec);
  await solveByTiers(opened, 0, dir, 1, {});
  const game = opened.games[0];
  if (isIndexed(game) || game.indexed === undefined) throw new Error(`${spec}: no numbered form`);
  return { game, link: game.indexed, solution: solutionFromTiers(dir, opened, 0) };
}

describe('stored values against a direct search', () => {
  it('confirms a Teeko 4×4 tier directory (3 pieces a side) on sampled positions, and catches a wrong value', async () => {
    const { game, link, solution } = await solvedDirectory('teeko(size=4,pieces=3)');
    const value = (p: unknown) => solution.value(p);
    const report = checkValuesBySearch(game, drawNumbered(link), value, { samples: 60, depth: 3 });
    expect(report.mismatch).toBeUndefined();
    expect(report.exact).toBe(60);
    expect(report.beyond).toBeGreaterThan(0);
    // One value changed: a win near the end told as a loss in as many plies.
    const wrong = (p: unknown): Value => {
      const v = value(p);
      return v.outcome === 'win' && v.remoteness === 3 ? { ...v, outcome: 'lose' } : v;
    };
    const caught = checkValuesBySearch(game, drawNumbered(link), wrong, { samples: 60, depth: 3 });
    expect(caught.mismatch?.stored).toBe('lose in 3');
    expect(caught.mismatch?.searched).toBe('win in 3');
  });

  it('confirms the derived Dodgem 3×3, solved by tiers in memory, to 5 plies', () => {
    const game = boardGame(dodgemRules(3));
    const solution = solve(game, { solver: 'tiers' });
    const report = checkValuesBySearch(game, drawNumbered(game.indexed), (p) => solution.value(p), {
      samples: 100,
      depth: 5,
    });
    expect(report.mismatch).toBeUndefined();
    expect(report.exact).toBe(100);
  });
});
