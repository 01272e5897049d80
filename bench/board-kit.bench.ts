/**
 * The board kit's speed: ranking and unranking boards of Teeko's layout
 * (25 cells, 4 + 4 pieces: 75,710,250 boards) on one core, in boards per
 * second (target: at least 20 M/s each way); a board's canonical rank under
 * the 8 symmetries of the square; and the convenience's cost on a whole
 * solve — Dodgem 4×4 written on a board with the kit (examples/dodgem-board.ts)
 * against the hand-written Dodgem, both by the tier solver on one thread,
 * with the same value at the start. No C++ peer: the kit is compared with
 * yomi's own hand-written hash.
 */

import { dist, printTable, random, timeInProcess } from './lib.js';

const BOARDS = 2_000_000;

export default async function main(): Promise<void> {
  const kit = (await import(dist('board-kit/index.js'))) as typeof import('../src/board-kit/index.js');
  const { Dodgem } = (await import(dist('games/dodgem.js'))) as typeof import('../src/games/dodgem.js');
  const { solve } = (await import(dist('solvers/index.js'))) as typeof import('../src/solvers/index.js');
  const { formatValue } = (await import(dist('core/value.js'))) as typeof import('../src/core/value.js');
  const { dodgemRules } = await import('../examples/dodgem-board.js');

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

  const hand = new Dodgem(4);
  const derived = kit.boardGame(dodgemRules(4));
  const byHand = timeInProcess(() => formatValue(solve(hand, { solver: 'tiers' }).value(hand.start)), 3);
  const byKit = timeInProcess(() => formatValue(solve(derived, { solver: 'tiers' }).value(derived.start)), 3);
  printTable(
    'Dodgem 4×4 (555,986 positions) by the tier solver on one thread',
    ['numbering', 'ms', 'CPU ms', 'start', 'vs hand-written (CPU)'],
    [
      ['hand-written (src/games/dodgem.ts)', byHand.ms, byHand.cpuMs, byHand.result, '1.00×'],
      [
        'board kit (examples/dodgem-board.ts)',
        byKit.ms,
        byKit.cpuMs,
        byKit.result,
        `${(byKit.cpuMs / byHand.cpuMs).toFixed(2)}×`,
      ],
    ],
  );
}
