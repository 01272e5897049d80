import { Dodgem } from './src/games/dodgem.js';
import { MemoryTierStore, solveTiers } from './src/solvers/tiers.js';
import { solveTiersInParallel } from './src/parallel/tier-pool.js';
const n = Number(process.argv[2] ?? 4);
const game = new Dodgem(n);
const tiered = game.tiers.game;
let t0 = performance.now();
const a = new MemoryTierStore();
solveTiers(tiered, a);
console.log('single', (performance.now() - t0).toFixed(0), 'ms');
t0 = performance.now();
const b = new MemoryTierStore();
await solveTiersInParallel(tiered, { spec: `dodgem(size=${n})`, dataset: 0 }, b, { threads: 2 });
console.log('parallel', (performance.now() - t0).toFixed(0), 'ms');
let diff = 0;
for (let t = 0; t < tiered.tierCount; t++) {
  const x = a.get(t), y = b.get(t);
  for (let i = 0; i < x.values.length; i++) if (x.values[i] !== y.values[i] || x.encoding !== y.encoding) diff++;
}
console.log('differences', diff);
