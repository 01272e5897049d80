/**
 * take-away (take-away.ts) with a mistake for `yomi check` to find: the key
 * forgets what the previous move took, so two positions with the same number
 * of stones but different histories share a key, and a solver would give one
 * of them the other's value.
 *
 *   yomi check examples/broken-take-away.ts
 */

import type { Game } from 'yomi';
import takeAway, { type Pile } from './take-away.js';

const brokenTakeAway: Game<Pile, number> = { ...takeAway, key: (p) => p.stones };

export default brokenTakeAway;
