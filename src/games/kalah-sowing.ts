/**
 * Kalah's move on a board of numbers: the one place the sowing rules live,
 * shared by the game of position strings (kalah.ts) and its endgame
 * databases (kalah-endgame.ts), which sow millions of boards a second and
 * so take the board as an Int32Array and return the result as one integer.
 *
 * A board is the 2P pits as the player to move sees them: the mover's pits
 * 0 … P−1 in sowing order, then the opponent's P … 2P−1 in sowing order;
 * the stores are not on it. The rules are those of kalah.ts's header.
 */

/** The sowing's result bit: the last seed fell in the mover's store, who moves again. */
export const AGAIN = 1;
/** The sowing's result bit: a row is empty, the game is over (the child is the empty board). */
export const ENDED = 2;

/** The points a sowing's result carries (what the mover's store gained minus the opponent's). */
export const sownPoints = (result: number): number => result >> 2;

/**
 * Sows pit `pit` (0 ≤ pit < P, not empty) of `board` (2P pits, P = pits)
 * and writes the board after it into `child` — seen by whoever moves next:
 * the mover again after an extra turn, else the opponent; all zeros when the
 * game ended. Returns `points × 4 | flags` (AGAIN, ENDED); `board` is left
 * as it was. O(P + seeds sown).
 */
export function sow(board: Int32Array, pits: number, pit: number, child: Int32Array): number {
  const n = pits;
  const b = child;
  for (let i = 0; i < 2 * n; i++) b[i] = board[i];
  let hand = b[pit];
  b[pit] = 0;
  let mine = 0;
  // The ring: mover's pits 0 … n−1, the mover's store (n), the opponent's pits n+1 … 2n.
  const ring = 2 * n + 1;
  // Whole laps first: every pit and the store gain one a lap (the opponent's store is skipped).
  const laps = Math.floor(hand / ring);
  if (laps > 0) {
    for (let i = 0; i < 2 * n; i++) b[i] += laps;
    mine += laps;
    hand -= laps * ring;
  }
  // A whole number of laps ends in the pit it began from.
  let at = pit;
  while (hand > 0) {
    at = at + 1 === ring ? 0 : at + 1;
    hand--;
    if (at === n) mine++;
    else b[at < n ? at : at - 1]++;
  }
  const again = at === n;
  if (at < n && b[at] === 1) {
    // The last seed fell into an empty pit of the mover's: it and the opposite pit's seeds are captured.
    const opposite = 2 * n - 1 - at;
    mine += 1 + b[opposite];
    b[at] = 0;
    b[opposite] = 0;
  }
  let ownRow = 0;
  let otherRow = 0;
  for (let i = 0; i < n; i++) {
    ownRow += b[i];
    otherRow += b[n + i];
  }
  if (ownRow === 0 || otherRow === 0) {
    // A row is empty: each player takes the seeds left on their own row, and nobody moves again.
    b.fill(0, 0, 2 * n);
    return ((mine + ownRow - otherRow) << 2) | ENDED;
  }
  if (!again) {
    // The opponent moves next: their row comes first.
    for (let i = 0; i < n; i++) {
      const t = b[i];
      b[i] = b[n + i];
      b[n + i] = t;
    }
  }
  return (mine << 2) | (again ? AGAIN : 0);
}
