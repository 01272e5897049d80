/**
 * Reading boards from text: the rows of a `show` text (`x`, `o` and `.`,
 * the format Connect Four and Dodgem document for their positions), and the
 * winning line of a board of such rows (n of one mark in a row, across, down
 * or diagonally), so boards can draw how a game was won.
 */

/** The rows of a `show` text (rows split by newlines or `/`), without a trailing side-to-move field. */
export function showRows(text: string): string[] {
  return text.split(' ')[0].split(/[\n/]/);
}

/** The squares [row, column] of a line of `n` equal marks (not '.'), or undefined when there is none. */
export function winningLine(rows: readonly string[], n: number): [number, number][] | undefined {
  const directions = [
    [0, 1],
    [1, 0],
    [1, 1],
    [1, -1],
  ];
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < rows[r].length; c++) {
      const mark = rows[r][c];
      if (mark === '.') continue;
      for (const [dr, dc] of directions) {
        const line: [number, number][] = [];
        for (let k = 0; k < n && rows[r + k * dr]?.[c + k * dc] === mark; k++)
          line.push([r + k * dr, c + k * dc]);
        if (line.length === n) return line;
      }
    }
  }
  return undefined;
}
