/**
 * Dodgem on the board kit at the speed of a hand-written hash: the rules of
 * examples/dodgem-board.ts as they are (yomi plays, shows and names moves
 * with them), and the same rules once more as bit operations on masks
 * (`onMasks`), which the solve then uses instead: no board of cells is made
 * or read per position. `yomi check` holds the two to each other.
 *
 *   yomi check examples/dodgem-masks.ts     # the rules on masks against the rules on cells
 *   yomi solve examples/dodgem-masks.ts     # the 3×3 start's value
 *
 * A board is two masks, bit r·n + c for the cell in row r (0 at the top) and
 * column c: masks[0] the cells of x's cars, masks[1] those of o's. x moves
 * east, north or south and leaves from the right column; o moves north, west
 * or east and leaves from the top row.
 */

import { type BoardRules, boardGame, type MaskRules } from 'yomi';
import { type CarMove, dodgemRules } from './dodgem-board.js';

export function dodgemMasks(n: number): MaskRules {
  const cars = n - 1;
  const all = 2 ** (n * n) - 1;
  let left = 0; // column 0
  for (let r = 0; r < n; r++) left |= 1 << (r * n);
  const right = left << (n - 1); // column n − 1
  const top = (1 << n) - 1; // row 0
  const bottom = top << (n * (n - 1)); // row n − 1
  const popcount = (m: number) => {
    let k = 0;
    for (let x = m; x !== 0; x &= x - 1) k++;
    return k;
  };
  // The cars of each side that can move a step in each direction, as [from, to] shifts: to = from << s (s < 0: >>).
  // x: east (not from the right column), north, south; o: north (not from the top row), west, east.
  const steps: [number, number][][] = [
    [
      [~right, 1],
      [~top, -n],
      [~bottom, n],
    ],
    [
      [~top, -n],
      [~left, -1],
      [~right, 1],
    ],
  ];
  const exits = [right, top];
  const shift = (m: number, s: number) => (s > 0 ? m << s : m >>> -s);

  /** Writes a board (x's masks, o's masks, side) at row k of out. */
  const put = (out: Int32Array, k: number, x: number, o: number, side: number) => {
    out[3 * k] = x;
    out[3 * k + 1] = o;
    out[3 * k + 2] = side;
  };

  return {
    children(masks, side, out) {
      const own = masks[side];
      const empty = all & ~(masks[0] | masks[1]);
      let k = 0;
      // Leaving the board.
      for (let m = own & exits[side]; m !== 0; m &= m - 1) {
        const next = own ^ (m & -m);
        if (side === 0) put(out, k++, next, masks[1], 1);
        else put(out, k++, masks[0], next, 0);
      }
      for (const [from, s] of steps[side]) {
        for (let m = own & from & shift(empty, -s); m !== 0; m &= m - 1) {
          const car = m & -m;
          const next = own ^ car ^ shift(car, s);
          if (side === 0) put(out, k++, next, masks[1], 1);
          else put(out, k++, masks[0], next, 0);
        }
      }
      return k;
    },
    primitive(masks, side) {
      if (masks[1 - side] === 0) return 'lose'; // the player who just moved has no car left
      const own = masks[side];
      const empty = all & ~(masks[0] | masks[1]);
      if ((own & exits[side]) !== 0) return undefined;
      for (const [from, s] of steps[side]) if ((own & from & shift(empty, -s)) !== 0) return undefined;
      return 'win'; // the opponent left the player to move no move
    },
    unmoves(masks, side, out) {
      const mover = 1 - side; // who moved last
      if (masks[side] === 0) return 0; // the player to move has already won
      const own = masks[mover];
      const empty = all & ~(masks[0] | masks[1]);
      let k = 0;
      // A car that stepped: it came from an empty cell one step back.
      for (const [from, s] of steps[mover]) {
        for (let m = own & shift(from & empty, s); m !== 0; m &= m - 1) {
          const car = m & -m;
          const before = own ^ car ^ shift(car, -s);
          if (mover === 0) put(out, k++, before, masks[1], 0);
          else put(out, k++, masks[0], before, 1);
        }
      }
      // A car that left the board from an empty cell of its exit edge.
      if (popcount(own) < cars) {
        for (let m = exits[mover] & empty; m !== 0; m &= m - 1) {
          const before = own | (m & -m);
          if (mover === 0) put(out, k++, before, masks[1], 0);
          else put(out, k++, masks[0], before, 1);
        }
      }
      return k;
    },
  };
}

/** The rules of examples/dodgem-board.ts, solved on masks. */
export function dodgemOnMasks(n: number): BoardRules<CarMove> {
  return { ...dodgemRules(n), id: `dodgem-masks(size=${n})`, onMasks: dodgemMasks(n) };
}

export default boardGame(dodgemOnMasks(3));
