/**
 * What `--help` says besides the options: each command's examples, and how
 * positions are written (the one thing about positions a user must know to
 * give one: `--position`, `yomi query`), said the same way in `yomi --help`,
 * `yomi list` and the commands that take a position.
 */

/** How positions are written on the command line. */
export const POSITIONS = [
  'Positions (analyze --position, play --position, query) are written as analyze shows them on its',
  "'position' line: tic-tac-toe 'x...o...x' (the cells row by row), nim '3 4 5' (the heaps); Connect",
  "Four's as the moves played, '4453'. A game that cannot read positions (grid-duel, a boardgame.io",
  "game, a module without parsePosition) takes the moves from the start, separated by commas: 'b2, a1'.",
].join('\n');

/** The text `--help` shows after the options: `Examples:`, one `$ yomi …` line each, then `more` (e.g. POSITIONS). */
export function examples(lines: readonly string[], more?: string): string {
  const out = ['', 'Examples:', ...lines.map((e) => `  $ ${e}`)];
  if (more !== undefined) out.push('', more);
  return out.join('\n');
}
