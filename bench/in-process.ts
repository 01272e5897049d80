/**
 * yomi's in-process time on one problem, in a process of its own:
 * `tsx bench/in-process.ts <id> <input file> <runs>` prints one line of JSON
 * `{ ms, cpuMs, result }` — the median wall and CPU time from the input text
 * in memory to the answer lines (parse + solve, asking the solver for what the
 * answer needs, as `yomi solve` does), after one warm-up run. A process per
 * problem keeps each problem's compiled code to itself, as in `yomi solve`,
 * instead of one benchmark process mixing every game's types in the
 * solvers' loops.
 */

import { readFileSync } from 'node:fs';
import { dist, timeInProcess } from './lib.js';

const { findGame } = (await import(dist('games/registry.js'))) as typeof import('../src/games/registry.js');
const { solve } = (await import(dist('solvers/index.js'))) as typeof import('../src/solvers/index.js');

/** Input text → games → solve → answer lines, as `yomi solve` does it. */
function answer(id: string, text: string): string {
  const def = findGame(id);
  const lines = def.load({}, text).map((game) => {
    const solution = solve(game, { need: def.answerNeeds, startOnly: true });
    return def.answer(solution.value(solution.game.start), game);
  });
  return `${lines.join('\n')}\n`;
}

const [id, file, runs] = process.argv.slice(2);
const text = readFileSync(file, 'utf8');
console.log(JSON.stringify(timeInProcess(() => answer(id, text), Number(runs))));
