/**
 * What a command prints for `--json`: two-space indented, one value (the
 * shapes of values are core/json.ts's, described by
 * docs/json-output.schema.json). `solve` and `analyze` print one shape
 * however many datasets the input holds: the game and a list of datasets,
 * each repeating its number and its start, so that a reader never has to
 * tell an object from an array nor match answers to inputs by counting.
 */

import { type AnyGame, isIndexed, writePosition } from '../core/game.js';

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** The start of a dataset's game as the game writes positions. */
function startText(game: AnyGame): string {
  if (!isIndexed(game)) return writePosition(game, game.start);
  return game.show ? game.show(game.start) : String(game.start);
}

/**
 * `solve --json` and `analyze --json`: `{ game, datasets: [{ dataset, start,
 * …entry }] }`, the entries in the order of the datasets (numbered from 1).
 */
export function printDatasets(game: string, games: readonly AnyGame[], entries: readonly object[]): void {
  printJson({
    game,
    // A dataset whose input is not a game has no start.
    datasets: entries.map((entry, i) =>
      'invalid' in entry
        ? { dataset: i + 1, ...entry }
        : { dataset: i + 1, start: startText(games[i]), ...entry },
    ),
  });
}
