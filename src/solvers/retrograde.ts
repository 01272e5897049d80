/**
 * Retrograde analysis: solves games whose positions repeat (cycles), where
 * memoized search cannot, by working backwards from the positions whose value
 * the rules fix. This is how endgame tables are built.
 *
 * An indexed game is solved as a tiered game of one tier by the tier engine
 * (retrograde/: level-synchronous steps on a workspace; see workspace.ts for
 * the rules of settling): every position counted once, then level by level
 * (remoteness by remoteness) the parents of the positions settled at that
 * level, wins and losses first, ties after; what is never settled never ends
 * (a draw, or the declared loser of endless play).
 *
 * A solve that needs the outcomes alone takes `retrogradeRanks` instead: the
 * same rules in one queue, a byte per position (retrograde-outcome.ts).
 *
 * Parents come from the game when it gives them (`parents()`, or one at a
 * time with `parentCount`/`parentAt`; no reverse graph stored: 1 byte of
 * value and 1 of counter per position in most games),
 * else from a reverse graph in compressed sparse rows built from
 * `children()` (4 more bytes per move and per position).
 *
 * Values start in 1 byte per position (wins and losses within 126 plies,
 * core/packed-value.ts) and are widened to 2 bytes (ties, endless values,
 * longer games) or 4 (a remoteness above 16,382 plies) when needed; the
 * solution's reason says when 4 were needed. Nothing is ever truncated.
 *
 * Cost: O(positions + moves) time; each move is looked at twice (once forward
 * to count, once backwards to settle).
 */

import { BudgetError, YomiError } from '../core/errors.js';
import { childIndex, type NumberedGame } from '../core/game.js';
import { grouped } from '../core/grouped.js';
import { NOT_PRIMITIVE } from '../core/outcome.js';
import { PACKED32 } from '../core/packed-value.js';
import { hasParents, type ParentList, type ParentSlots } from '../core/parent-slots.js';
import { singleTier } from '../core/tier-forms.js';
import type { ValueTable } from '../core/value-table.js';
import { checkBudget, checkMemory, megabytes, type SolverOptions } from './options.js';
import { solveTier } from './retrograde/run-tier.js';
import { retrogradeOutcome } from './retrograde-outcome.js';

/** What retrograde analysis computes: the packed value of every position, and what it counted. */
export interface RetrogradeResult {
  table: ValueTable & { kind: 'packed' };
  /** Moves counted (edges of the game graph; safe moves only with safeMoveCount). */
  moves: number;
  /** Set when the values needed 4 bytes per position (a remoteness above 16,382 plies). */
  widened: boolean;
  /** Bytes per position used while solving (values, counters, reverse graph). */
  bytesPerPosition: number;
}

/** The parents a stored reverse graph gives, in both forms (core/parent-slots.ts), and what it takes. */
export interface Parents {
  source: ParentList & ParentSlots;
  maxParents: number;
  bytes: number;
}

/**
 * Solves every position 0 … size−1 of an outcome game (cycles allowed);
 * `given` parents, when the caller already built them, are used instead of
 * the game's own or a new reverse graph.
 */
export function retrograde(
  game: NumberedGame,
  options: SolverOptions = {},
  given?: Parents,
): RetrogradeResult {
  checkRetrograde(game, options);
  const parents = given ?? (hasParents(game) ? undefined : reverseGraph(game, options));
  const tiered = singleTier(game, parents && { slots: parents.source, max: parents.maxParents });
  const solved = solveTier(tiered, 0, [], options);
  return {
    table: { kind: 'packed', code: solved.values, encoding: solved.encoding },
    moves: solved.moves,
    widened: solved.encoding === PACKED32,
    bytesPerPosition: solved.bytesPerPosition + (parents ? parents.bytes / Math.max(1, game.size) : 0),
  };
}

/**
 * The outcome of every position, without remoteness (retrograde-outcome.ts):
 * one byte of rank per position, for a solve whose caller needs no more.
 */
export function retrogradeRanks(
  game: NumberedGame,
  options: SolverOptions = {},
): { table: ValueTable & { kind: 'rank' }; moves: number } {
  checkRetrograde(game, options);
  const reverse = hasParents(game) ? undefined : reverseGraph(game, options).source;
  const { rank, moves } = retrogradeOutcome(game, options, reverse);
  return { table: { kind: 'rank', rank }, moves };
}

/** What retrograde analysis refuses before allocating: points per move, too many positions. */
function checkRetrograde(game: NumberedGame, options: SolverOptions): void {
  if (game.scoring) {
    throw new YomiError(
      `${game.id}: retrograde analysis solves win/lose/tie/draw games; a game with points per move is not one (cyclic games scored at the end: --solver threshold)`,
    );
  }
  checkBudget(game.size, options, game.id);
  if (game.size > 0x7fffffff) {
    throw new BudgetError(
      `${game.id}: ${grouped(game.size)} positions (about ${megabytes(game.size * 2)}) are more than retrograde analysis numbers with 32-bit integers`,
    );
  }
}

/** Bytes of the reverse graph of `size` positions and `moves` moves. */
export function reverseGraphBytes(size: number, moves: number): number {
  return 4 * (size + 1) + 4 * moves;
}

/**
 * The reverse of `children()` in compressed sparse rows (the parents of c are
 * at[from[c] … from[c+1]−1]); a move that keeps the turn is kept as `~p`.
 * Primitive positions have no moves, so they are nobody's parent.
 */
export function reverseGraph(game: NumberedGame, options: SolverOptions = {}): Parents {
  const size = game.size;
  checkMemory(4 * (size + 1), options, `the reverse graph of ${game.id}`);
  const from = new Int32Array(size + 1);
  const out = new Int32Array(Math.max(1, game.maxMoves));
  let moves = 0;
  for (let p = 0; p < size; p++) {
    if (game.primitive(p) !== NOT_PRIMITIVE) continue;
    const n = game.children(p, out);
    moves += n;
    for (let k = 0; k < n; k++) from[childIndex(out[k]) + 1]++;
  }
  let maxParents = 0;
  for (let c = 0; c < size; c++) {
    if (from[c + 1] > maxParents) maxParents = from[c + 1];
    from[c + 1] += from[c];
  }
  checkMemory(
    reverseGraphBytes(size, moves),
    options,
    `the reverse graph of ${game.id} (${grouped(moves)} moves)`,
  );
  const at = new Int32Array(moves);
  const fill = from.slice(0, size);
  for (let p = 0; p < size; p++) {
    if (game.primitive(p) !== NOT_PRIMITIVE) continue;
    const n = game.children(p, out);
    for (let k = 0; k < n; k++) {
      const c = out[k];
      if (c < 0) at[fill[~c]++] = ~p;
      else at[fill[c]++] = p;
    }
  }
  return {
    source: {
      parentCount: (c) => from[c + 1] - from[c],
      parentAt: (c, i) => at[from[c] + i],
      parents(c, buf) {
        const start = from[c];
        const n = from[c + 1] - start;
        for (let k = 0; k < n; k++) buf[k] = at[start + k];
        return n;
      },
    },
    maxParents,
    bytes: reverseGraphBytes(size, moves),
  };
}
