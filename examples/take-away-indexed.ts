/**
 * take-away in its fast form (the `indexed` export of take-away.ts) as a
 * module of its own, so that the CLI can load it:
 *
 *   yomi analyze examples/take-away-indexed.ts
 */

export { indexed as default } from './take-away.js';
