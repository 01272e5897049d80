import { loadBook } from './src/db/book-file.js';
import { canonicalKey } from './src/games/connect4/book.js';
import { advanceLines, LINES_START, linesLevel } from './src/games/connect4/book-builder.js';
import { connect4 } from './src/games/connect4/index.js';
import { canPlay, play, staticScore } from './src/games/connect4/position.js';
import { alphaBeta } from './src/solvers/alphabeta.js';
const { book } = loadBook('books/connect4-7x6.book');
const game: any = connect4();
const g = book.geometry;
const known = (p: any) => staticScore(g, p) ?? book.score(p);
let reached: any = LINES_START;
for (let n = 0; n < 10; n++) reached = advanceLines(g, reached, known);
console.log('reached at 10', reached[0].length, reached[1].length);
const level = linesLevel(g, reached);
console.log('level 11', level.length);
// parent bound per child
const lower = new Map<number, number>();
const parentOf = new Map<number, [any, number]>();
for (const ps of reached) for (const p of ps) { const s = staticScore(g, p) ?? book.score(p); for (let c = 0; c < 7; c++) if (canPlay(g, p, c)) { const ch = play(g, p, c); if (staticScore(g, ch) !== undefined) continue; const k = canonicalKey(g, ch); if ((lower.get(k) ?? -99) < -s) { lower.set(k, -s); parentOf.set(k, [p, c]); } } }
let seed = 11; const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const N = Number(process.argv[2] ?? 60);
let ta = 0, tb = 0;
for (let i = 0; i < N; i++) {
  const ch = level[Math.floor(rnd() * level.length)];
  const k = canonicalKey(g, ch);
  const s1: any = alphaBeta(game, { deferStart: true } as any);
  let t = performance.now(); const v1 = s1.value(ch); ta += performance.now() - t;
  const [p, c] = parentOf.get(k)!;
  const s2: any = alphaBeta(game, { known, deferStart: true } as any);
  const mv = s2.game.moves(p).find((m: any) => JSON.stringify(s2.game.play(p, m)) === JSON.stringify(ch)) ;
  t = performance.now(); const v2 = s2.moveValue(p, mv ?? c); tb += performance.now() - t;
  if (i < 3) console.log(JSON.stringify(v1), JSON.stringify(v2));
}
console.log('fresh', (ta / N).toFixed(1), 'ms; in parent window', (tb / N).toFixed(1), 'ms');
