/**
 * Dobutsu shogi's solving form: what one call of primitive, moveCount,
 * children and parents costs on the perfect hash of the full game
 * (855,232,344 indices), the calls a retrograde solve makes billions of.
 *
 * 1. ns per call on 10^6 seeded random indices, each call on a new index (so
 *    each includes decoding the index), median of 5 runs; once on all
 *    indices (most random positions are over: a lion can be taken) and once
 *    on indices where the game goes on. Also ns per index written, and
 *    safeMoveCount (the moves that do not leave the lion to be taken).
 * 2. With `--reach` (`npm run bench -- dobutsu --reach`; minutes, run it
 *    under `nice`): the positions reachable from the start, breadth-first
 *    over the index with bitmaps (mirror images and sides identified), and
 *    the deepest layer; Tanaka (2009) counts 246,803,167.
 */

import { dist, fmt, printTable, random, timeInProcess } from './lib.js';

const { DobutsuIndexed } = (await import(
  dist('games/dobutsu/index.js')
)) as typeof import('../src/games/dobutsu/index.js');
const { NOT_PRIMITIVE } = (await import(dist('core/outcome.js'))) as typeof import('../src/core/outcome.js');

type Game = InstanceType<typeof DobutsuIndexed>;

const SAMPLE = 1_000_000;

function randomIndices(game: Game, n: number, goesOn: boolean): Int32Array {
  const rnd = random(2009);
  const out = new Int32Array(n);
  for (let k = 0; k < n; ) {
    const i = Math.floor(rnd() * game.size);
    if (!goesOn || game.primitive(i) === NOT_PRIMITIVE) out[k++] = i;
  }
  return out;
}

/** ns per call of `call` over `indices` (wall and CPU time), and what it returned per call on average. */
function perCall(
  indices: Int32Array,
  call: (i: number) => number,
): { ns: number; cpuNs: number; average: number } {
  const { ms, cpuMs, result } = timeInProcess(() => {
    let sum = 0;
    for (let k = 0; k < indices.length; k++) sum += call(indices[k]);
    return sum;
  }, 5);
  return {
    ns: (ms * 1e6) / indices.length,
    cpuNs: (cpuMs * 1e6) / indices.length,
    average: result / indices.length,
  };
}

function callCosts(game: Game): void {
  const out = new Int32Array(Math.max(game.maxMoves, game.maxParents));
  const rows: (string | number)[][] = [];
  for (const goesOn of [false, true]) {
    const indices = randomIndices(game, SAMPLE, goesOn);
    const label = goesOn ? 'not over' : 'any';
    const primitive = perCall(indices, (i) => (game.primitive(i) === NOT_PRIMITIVE ? 0 : 1));
    const count = perCall(indices, (i) => game.moveCount(i));
    const safe = perCall(indices, (i) => game.safeMoveCount(i));
    const children = perCall(indices, (i) => game.children(i, out));
    const parents = perCall(indices, (i) => game.parents(i, out));
    const row = (call: string, t: { ns: number; cpuNs: number }, each: string, perIndex: string) => [
      label,
      call,
      fmt(t.ns),
      fmt(t.cpuNs),
      each,
      perIndex,
    ];
    rows.push(
      row('primitive', primitive, `${(primitive.average * 100).toFixed(1)}% over`, ''),
      row('moveCount', count, fmt(count.average), ''),
      row('safeMoveCount', safe, fmt(safe.average), ''),
      row('children', children, fmt(children.average), fmt(children.ns / children.average)),
      row('parents', parents, fmt(parents.average), fmt(parents.ns / parents.average)),
    );
  }
  printTable(
    `dobutsu: ${game.size.toLocaleString('en-US')} indices; ns per call on ${SAMPLE.toLocaleString('en-US')} random indices (median of 5)`,
    ['indices', 'call', 'ns/call', 'CPU ns/call', 'per call', 'ns/index'],
    rows,
  );
}

/** Breadth-first from the start over bitmaps of the index: every position reachable by play. */
function reachable(game: Game): void {
  const words = Math.ceil(game.size / 32);
  const seen = new Int32Array(words);
  let layer = new Int32Array(words);
  let next = new Int32Array(words);
  const out = new Int32Array(game.maxMoves);
  const mark = (i: number) => {
    seen[i >>> 5] |= 1 << (i & 31);
    layer[i >>> 5] |= 1 << (i & 31);
  };
  mark(game.start);
  let total = 1;
  let depth = 0;
  const started = performance.now();
  for (let size = 1; size > 0; depth++) {
    size = 0;
    next.fill(0);
    for (let w = 0; w < words; w++) {
      for (let bits = layer[w]; bits !== 0; bits &= bits - 1) {
        const p = w * 32 + (31 - Math.clz32(bits & -bits));
        const n = game.children(p, out);
        for (let k = 0; k < n; k++) {
          const c = out[k];
          const bit = 1 << (c & 31);
          if ((seen[c >>> 5] & bit) === 0) {
            seen[c >>> 5] |= bit;
            next[c >>> 5] |= bit;
            size++;
          }
        }
      }
    }
    [layer, next] = [next, layer];
    total += size;
    if (size > 0) {
      const s = ((performance.now() - started) / 1000).toFixed(0);
      console.log(
        `  ply ${depth + 1}: ${size.toLocaleString('en-US')} new, ${total.toLocaleString('en-US')} in all (${s} s)`,
      );
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\nreachable from the start: ${total.toLocaleString('en-US')} positions (Tanaka: 246,803,167), deepest ${depth - 1} plies, ${seconds.toFixed(0)} s`,
  );
}

export default function dobutsuBench(): void {
  const game = new DobutsuIndexed('GEC');
  callCosts(game);
  if (process.argv.includes('--reach')) reachable(game);
}
