import { dobutsuGame } from './src/games/dobutsu/index.js';
import { MemoryTierStore, solveTiers, tieredForm } from './src/solvers/tiers.js';
const game = dobutsuGame(process.argv[2] ?? 'GE');
const tiered = tieredForm(game)!;
const t0 = performance.now();
solveTiers(tiered, new MemoryTierStore());
console.log('ms', (performance.now() - t0).toFixed(0));
