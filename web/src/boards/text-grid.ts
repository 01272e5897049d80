/**
 * Boards that draw a game from its `show` text: a grid of `x`, `o` and `.`
 * rows, the format Connect Four and Dodgem document for their positions.
 */

/** The rows of a `show` text (rows split by newlines or `/`), without a trailing side-to-move field. */
export function showRows(text: string): string[] {
  return text.split(' ')[0].split(/[\n/]/);
}
