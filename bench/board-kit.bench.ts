/**
 * The board kit's speed: ranking and unranking boards of Teeko's layout
 * (25 cells, 4 + 4 pieces: 75,710,250 boards) on one core, in boards per
 * second (target: at least 20 M/s each way); a board's canonical rank under
 * the 8 symmetries of the square; the convenience's cost on a whole solve —
 * Dodgem 4×4 and 5×5 written on a board with the kit, its rules on cells
 * (examples/dodgem-board.ts) and the same solved on masks
 * (examples/dodgem-masks.ts), against the hand-written Dodgem, each by the
 * tier solver on one thread, one after the other (4×4: best of 3, taken in
 * turns; 5×5: one run each, minutes), with the same value at the start; and,
 * when a solved Teeko tier directory is at hand (`TEEKO_DIR`, default
 * bench/out/teeko, made by `yomi solve teeko --save bench/out/teeko`), its
 * values on sampled positions against a direct search (checkValuesBySearch).
 * No C++ peer: the kit is compared with yomi's own hand-written hash.
 */

import { existsSync } from 'node:fs';
import { checkValuesBySearch, drawNumbered } from '../src/check/search-check.js';
import { isIndexed } from '../src/core/game.js';
import { isTierDirectory, readTierManifest } from '../src/db/tier-dir.js';
import { openGame } from '../src/games/open.js';
import { solutionFromTiers } from '../src/host/tier-solve.js';
import { dist, outFile, printTable, random, timeInProcess } from './lib.js';

const BOARDS = 2_000_000;

export default async function main(): Promise<void> {
  const kit = (await import(dist('board-kit/index.js'))) as typeof import('../src/board-kit/index.js');
  const { Dodgem } = (await import(dist('games/dodgem.js'))) as typeof import('../src/games/dodgem.js');
  const { solve } = (await import(dist('solvers/index.js'))) as typeof import('../src/solvers/index.js');
  const { formatValue } = (await import(dist('core/value.js'))) as typeof import('../src/core/value.js');
  const { dodgemRules } = await import('../examples/dodgem-board.js');
  const { dodgemOnMasks } = await import('../examples/dodgem-masks.js');

  const boards = new kit.Multinomial(25, [4, 4]);
  const classes = new kit.BoardClasses(boards, new kit.GridSymmetry(5, 5));
  const rnd = random(25);
  const ranks = Float64Array.from({ length: BOARDS }, () => Math.floor(rnd() * boards.size));
  const masks = new Int32Array(2 * BOARDS);
  const one = new Int32Array(2);
  for (let i = 0; i < BOARDS; i++) {
    boards.unrank(ranks[i], one);
    masks[2 * i] = one[0];
    masks[2 * i + 1] = one[1];
  }
  const rank = timeInProcess(() => {
    let sum = 0;
    for (let i = 0; i < BOARDS; i++) {
      one[0] = masks[2 * i];
      one[1] = masks[2 * i + 1];
      sum += boards.rank(one);
    }
    return sum;
  });
  const unrank = timeInProcess(() => {
    let sum = 0;
    for (let i = 0; i < BOARDS; i++) {
      boards.unrank(ranks[i], one);
      sum += one[0];
    }
    return sum;
  });
  const canonical = timeInProcess(() => {
    let sum = 0;
    for (let i = 0; i < BOARDS; i++) {
      one[0] = masks[2 * i];
      one[1] = masks[2 * i + 1];
      sum += classes.canonicalRank(one);
    }
    return sum;
  });
  const perSecond = (ms: number) => (BOARDS / ms) * 1000;
  printTable(
    `Teeko's layout (25 cells, 4 + 4 pieces), ${BOARDS.toLocaleString('en-US')} random boards, one core`,
    ['operation', 'ms', 'CPU ms', 'boards/s', 'target'],
    [
      ['rank', rank.ms, rank.cpuMs, perSecond(rank.cpuMs), '≥ 20 M/s'],
      ['unrank', unrank.ms, unrank.cpuMs, perSecond(unrank.cpuMs), '≥ 20 M/s'],
      ['canonical rank (8 symmetries)', canonical.ms, canonical.cpuMs, perSecond(canonical.cpuMs), '—'],
    ],
  );

  // 4×4 first: its table is printed before the 5×5 pair starts (minutes).
  for (const [n, runs] of [
    [4, 3],
    [5, 1],
  ]) {
    const hand = new Dodgem(n);
    const derived = kit.boardGame(dodgemRules(n));
    const onMasks = kit.boardGame(dodgemOnMasks(n));
    const byHand = { ms: Number.POSITIVE_INFINITY, cpuMs: Number.POSITIVE_INFINITY, result: '' };
    const byKit = { ...byHand };
    const byMasks = { ...byHand };
    // In turns, so all see the same load; the best run of each.
    for (let r = 0; r < runs; r++) {
      const turns: [typeof hand | typeof derived, typeof byHand][] = [
        [hand, byHand],
        [derived, byKit],
        [onMasks, byMasks],
      ];
      for (const [game, best] of turns) {
        // No warm-up run: the first of 3 turns warms up 4×4, and a 5×5 solve takes minutes.
        const t = timeInProcess(
          () => formatValue(solve(game, { solver: 'tiers' }).value(game.start)),
          1,
          false,
        );
        best.ms = Math.min(best.ms, t.ms);
        best.cpuMs = Math.min(best.cpuMs, t.cpuMs);
        best.result = t.result;
      }
    }
    printTable(
      `Dodgem ${n}×${n} (${hand.size.toLocaleString('en-US')} positions) by the tier solver on one thread, best of ${runs}`,
      ['numbering', 'ms', 'CPU ms', 'start', 'vs hand-written (CPU)'],
      [
        ['hand-written (src/games/dodgem.ts)', byHand.ms, byHand.cpuMs, byHand.result, '1.00×'],
        [
          'board kit, rules on cells (examples/dodgem-board.ts)',
          byKit.ms,
          byKit.cpuMs,
          byKit.result,
          `${(byKit.cpuMs / byHand.cpuMs).toFixed(2)}×`,
        ],
        [
          'board kit, solved on masks (examples/dodgem-masks.ts)',
          byMasks.ms,
          byMasks.cpuMs,
          byMasks.result,
          `${(byMasks.cpuMs / byHand.cpuMs).toFixed(2)}×`,
        ],
      ],
    );
  }

  checkTeekoDirectory();
}

/** A solved Teeko tier directory's values on sampled positions against a direct search, when there is one. */
export function checkTeekoDirectory(): void {
  const dir = process.env.TEEKO_DIR ?? outFile('teeko');
  if (!existsSync(dir) || !isTierDirectory(dir) || readTierManifest(dir).reach === undefined) {
    console.log(
      `\nNo solved Teeko tier directory at ${dir}: make one with yomi solve teeko --save ${dir} (about 20 minutes) to check it against a direct search.`,
    );
    return;
  }
  // The game the directory names (teeko; a smaller Teeko's directory checks the same way).
  const opened = openGame(readTierManifest(dir).game);
  const teeko = opened.games[0];
  const link = isIndexed(teeko) ? undefined : teeko.indexed;
  if (isIndexed(teeko) || link === undefined) throw new Error(`${teeko.id}: no numbered form`);
  const solution = solutionFromTiers(dir, opened, 0);
  const rows: (string | number)[][] = [];
  for (const depth of [3, 4]) {
    const t = timeInProcess(
      () => checkValuesBySearch(teeko, drawNumbered(link), (p) => solution.value(p), { samples: 200, depth }),
      1,
      false,
    );
    const r = t.result;
    const mismatch = r.mismatch
      ? `${r.mismatch.position}: stored ${r.mismatch.stored}, searched ${r.mismatch.searched}`
      : 'none';
    const counts = [depth, r.drawn, r.exact, r.beyond, r.skipped, r.nodes].map((c) =>
      c.toLocaleString('en-US'),
    );
    rows.push([...counts, t.ms, mismatch]);
  }
  printTable(
    `Teeko's tier directory ${dir} against a direct search from the rules, on positions drawn at random`,
    ['depth', 'drawn', 'exact', 'beyond', 'skipped', 'nodes', 'ms', 'mismatch'],
    rows,
  );
}
