/**
 * An independent Kalah for the tests: the board in the players' own
 * orientation (both rows, both stores, whose turn), sown seed by seed around a
 * 2P + 2 ring, and a memoized minimax on the final difference of the stores.
 * Written apart from src/games/ (kalah.ts, kalah-sowing.ts) so that yomi's
 * Kalah is checked against rules stated a second time.
 */

/** The reference board: ring[0..P−1] first's pits, ring[P] first's store, ring[P+1..2P] second's pits, ring[2P+1] second's store. */
export interface Board {
  ring: number[];
  /** 0: the first player moves, 1: the second. */
  side: 0 | 1;
}

export function referenceMoves(b: Board, P: number): number[] {
  const base = b.side === 0 ? 0 : P + 1;
  const out: number[] = [];
  for (let i = 0; i < P; i++) if (b.ring[base + i] > 0) out.push(base + i);
  return out;
}

/** Plays the pit at ring index `from`; returns the board after it and whether the game is over. */
export function referencePlay(b: Board, P: number, from: number): { board: Board; over: boolean } {
  const ring = [...b.ring];
  const ownStore = b.side === 0 ? P : 2 * P + 1;
  const otherStore = b.side === 0 ? 2 * P + 1 : P;
  const ownPit = (i: number) => (b.side === 0 ? i >= 0 && i < P : i > P && i <= 2 * P);
  let hand = ring[from];
  ring[from] = 0;
  let at = from;
  while (hand > 0) {
    at = (at + 1) % (2 * P + 2);
    if (at === otherStore) continue;
    ring[at]++;
    hand--;
  }
  if (ownPit(at) && ring[at] === 1) {
    const opposite = 2 * P - at; // first's pit i faces second's pit 2P − i
    ring[ownStore] += ring[at] + ring[opposite];
    ring[at] = 0;
    ring[opposite] = 0;
  }
  const first = ring.slice(0, P).reduce((a, c) => a + c, 0);
  const second = ring.slice(P + 1, 2 * P + 1).reduce((a, c) => a + c, 0);
  if (first === 0 || second === 0) {
    for (let i = 0; i < P; i++) {
      ring[P] += ring[i];
      ring[i] = 0;
      ring[2 * P + 1] += ring[P + 1 + i];
      ring[P + 1 + i] = 0;
    }
    return { board: { ring, side: b.side }, over: true };
  }
  const side = at === ownStore ? b.side : ((1 - b.side) as 0 | 1);
  return { board: { ring, side }, over: false };
}

/** First's store minus second's at the end with best play from `b` (first maximises, second minimises). */
export function referenceOutcome(b: Board, P: number, memo: Map<string, number>): number {
  const key = `${b.side}:${b.ring.join(',')}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  let best = b.side === 0 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  for (const from of referenceMoves(b, P)) {
    const { board, over } = referencePlay(b, P, from);
    const v = over ? board.ring[P] - board.ring[2 * P + 1] : referenceOutcome(board, P, memo);
    best = b.side === 0 ? Math.max(best, v) : Math.min(best, v);
  }
  memo.set(key, best);
  return best;
}

export const startBoard = (P: number, S: number): Board => ({
  ring: [...Array(P).fill(S), 0, ...Array(P).fill(S), 0],
  side: 0,
});
