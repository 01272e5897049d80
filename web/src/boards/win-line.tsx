/**
 * The stroke drawn through a winning line of squares (tic-tac-toe, Connect
 * Four), from the centre of its first square to the centre of its last.
 */

export function WinLine({ line, cell }: { line: readonly [number, number][] | undefined; cell: number }) {
  if (!line) return null;
  const [a, b] = [line[0], line[line.length - 1]];
  return (
    <line
      class="win-line"
      x1={a[1] * cell + cell / 2}
      y1={a[0] * cell + cell / 2}
      x2={b[1] * cell + cell / 2}
      y2={b[0] * cell + cell / 2}
      stroke="#0072B2"
      stroke-width={cell * 0.14}
      stroke-linecap="round"
      opacity="0.85"
    >
      <title>the winning line</title>
    </line>
  );
}
