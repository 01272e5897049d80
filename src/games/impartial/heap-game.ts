/**
 * A row of heaps of one family (Nim, a subtraction game, an octal game,
 * Grundy's game) as a plain `Game`, in normal play (who cannot move loses) or
 * misère play (who cannot move wins), and the definition every heap family
 * shares: parameters `heaps` and `play`, and an answer line that adds the
 * nim-sum and the winning moves (normal play) to the value.
 *
 * A position is the row of non-empty heaps in increasing order (the order of
 * heaps does not matter to the game, so rows that differ only in order are one
 * position, which keeps searches of sums small). A move names a heap by its
 * place in the row and what it leaves of it.
 */

import { InputError } from '../../core/errors.js';
import type { Game } from '../../core/game.js';
import type { Outcome } from '../../core/outcome.js';
import { formatValue, type Value } from '../../core/value.js';
import {
  defineGame,
  type GameDefinition,
  type ParamSpec,
  type Params,
  type ParamsOf,
} from '../kit/definition.js';
import { formatGameSpec } from '../kit/params.js';
import { formatOption, type HeapFamily, type HeapOption } from './heap-family.js';
import { analyzeSum, type SumMove } from './heap-sum.js';

/** A row of heaps, kept in increasing order. */
export type Heaps = readonly number[];

/** A move in a row of heaps: which heap, and what it takes and leaves. */
export interface HeapMove {
  /** The heap's index in the row. */
  heap: number;
  /** What the move takes and leaves of that heap. */
  option: HeapOption;
}

/** Normal play (who cannot move loses) or misère play (who cannot move wins). */
export type PlayConvention = 'normal' | 'misere';

/** A row of heaps of one family as a `Game`. */
export interface HeapGame extends Game<Heaps, HeapMove> {
  family: HeapFamily;
  convention: PlayConvention;
}

/** Heap indices and sizes stay below this, so (index, size) makes one number key. */
const INDEX_SHIFT = 2 ** 27;

/** A row of heaps of `family` as a `Game`, in normal or misère play. */
export function heapGame(
  id: string,
  family: HeapFamily,
  heaps: Heaps,
  convention: PlayConvention = 'normal',
): HeapGame {
  // The moves of heap i at size n are made once, so the same move is the same object every time.
  const cache = new Map<number, HeapMove[]>();
  const movesOf = (heap: number, n: number): HeapMove[] => {
    const key = heap * INDEX_SHIFT + n;
    let moves = cache.get(key);
    if (moves === undefined) {
      moves = family.options(n).map((option) => ({ heap, option }));
      cache.set(key, moves);
    }
    return moves;
  };
  const moves = (p: Heaps): HeapMove[] => p.flatMap((n, heap) => movesOf(heap, n));
  // Heaps only shrink or split: every heap met is at most the largest at the start.
  let values: Int32Array | undefined;
  const grundy = (p: Heaps): number => {
    values ??= family.values(Math.max(0, ...heaps)).values;
    let sum = 0;
    for (const n of p) sum ^= values[n];
    return sum;
  };
  const sizeEstimate = rowsEstimate(family, heaps);
  return {
    id,
    family,
    convention,
    // The theorem of Sprague and Grundy holds in normal play only.
    ...(convention === 'normal' ? { grundy } : {}),
    sizeEstimate,
    start: canonical(heaps),
    moves,
    play(p, m) {
      const next = p.slice();
      next.splice(m.heap, 1, ...m.option.parts);
      return canonical(next);
    },
    // Misère play: the player who cannot move has won (the opponent made the last move).
    primitive: (p): Outcome | undefined =>
      convention === 'misere' && moves(p).length === 0 ? 'win' : undefined,
    key: (p) => canonical(p).join(' '),
    show: (p) => (p.length === 0 ? 'no heaps' : p.join(' ')),
    moveName: (p, m) => formatHeapMove(m.heap, p[m.heap], m.option),
    parsePosition(text) {
      if (text.trim() === 'no heaps') return [];
      // Decimal digits only: '0x10', '1e3' and '-0' are not heap sizes as people write them.
      const words = text.trim().split(/\s+/);
      const heaps = words.map(Number);
      if (
        text.trim() === '' ||
        words.some((w) => !/^\d+$/.test(w)) ||
        heaps.some((n) => !Number.isSafeInteger(n) || n > family.maxHeap)
      ) {
        throw new InputError(
          `${id}: a position is a row of heap sizes 0 … ${family.maxHeap} separated by spaces, e.g. '3 4 5', not '${text}'`,
        );
      }
      return canonical(heaps);
    },
  };
}

/** The row in increasing order, without empty heaps. */
export function canonical(heaps: Heaps): Heaps {
  return heaps.filter((n) => n > 0).sort((a, b) => a - b);
}

/** `heap2:5→1+3`: which heap (from 1), and what the move leaves of it. */
export function formatHeapMove(heap: number, from: number, option: HeapOption): string {
  return `heap${heap + 1}:${formatOption(from, option)}`;
}

export function formatSumMove(m: SumMove): string {
  return formatHeapMove(m.heap, m.from, m.option);
}

/** The answer line of a heap game: the value, and in normal play the nim-sum and the winning moves. */
export function heapAnswer(value: Value, g: HeapGame): string {
  if (g.convention === 'misere') return `${formatValue(value)} (misère play)`;
  const sum = analyzeSum(g.family, g.start);
  const shown = sum.winning.slice(0, 10).map(formatSumMove);
  if (sum.winning.length > shown.length) shown.push(`… ${sum.winning.length - shown.length} more`);
  const moves = sum.winning.length === 0 ? 'no winning move' : `winning moves: ${shown.join(', ')}`;
  return `${formatValue(value)}; nim-sum ${sum.nimSum}; ${moves}`;
}

/** The parameters every heap family adds to its own. */
const HEAP_PARAMS = (defaultHeaps: readonly number[], maxHeap: number) =>
  [
    {
      name: 'heaps',
      type: 'ints',
      default: defaultHeaps,
      description: 'the heap sizes, separated by spaces',
      min: 0,
      max: maxHeap,
      minLength: 1,
      maxLength: 64,
    },
    {
      name: 'play',
      type: 'string',
      default: 'normal',
      choices: ['normal', 'misere'],
      description: 'normal: who cannot move loses; misere: who cannot move wins',
    },
  ] as const satisfies readonly ParamSpec[];

export interface HeapDefinitionSpec<S extends readonly ParamSpec[]> {
  id: string;
  summary: string;
  /** The family's own parameters (a subtraction set, an octal code), before `heaps` and `play`. */
  params: S;
  defaultHeaps: readonly number[];
  maxHeap: number;
  family(params: ParamsOf<S>): HeapFamily;
}

/** A heap family's game definition; `family` gives the family its parameters name (for `yomi grundy`). */
export interface HeapGameDefinition extends GameDefinition<HeapGame> {
  family(params: Params): HeapFamily;
}

export function isHeapDefinition(def: GameDefinition): def is HeapGameDefinition {
  return 'family' in def && typeof def.family === 'function';
}

/** The definition of a heap family's game: its own parameters plus `heaps` and `play`. */
export function heapDefinition<const S extends readonly ParamSpec[]>(
  spec: HeapDefinitionSpec<S>,
): HeapGameDefinition {
  const def = defineGame({
    id: spec.id,
    summary: spec.summary,
    params: [...spec.params, ...HEAP_PARAMS(spec.defaultHeaps, spec.maxHeap)],
    load(params) {
      // The family's own parameters and the heap ones: a generic S leaves their union unresolved here.
      const all = params as ParamsOf<S> & ParamsOf<ReturnType<typeof HEAP_PARAMS>>;
      const family = spec.family(all);
      return [heapGame(formatGameSpec(spec.id, params), family, all.heaps, all.play as PlayConvention)];
    },
    answer: heapAnswer,
  });
  return { ...def, family: (params) => spec.family(params as ParamsOf<S>) };
}

/**
 * About how many rows of heaps play can reach from `heaps`: rows of heaps no
 * larger than the start's when heaps only shrink; when a move may split a
 * heap, every partition of every total up to the start's (Infinity past a
 * few thousand tokens: far too many to explore either way).
 */
function rowsEstimate(family: HeapFamily, heaps: Heaps): number {
  const largest = Math.max(0, ...heaps);
  const splits = largest > 0 && family.options(largest).some((o) => o.parts.length > 1);
  if (!splits)
    return Math.min(
      Number.MAX_SAFE_INTEGER,
      heaps.reduce((a, n) => a * (n + 1), 1),
    );
  const total = heaps.reduce((a, n) => a + n, 0);
  if (total > 2000) return Number.POSITIVE_INFINITY;
  // p[n]: the partitions of n (Euler's recurrence by parts), summed over n ≤ total.
  const p = new Float64Array(total + 1);
  p[0] = 1;
  for (let part = 1; part <= total; part++) for (let n = part; n <= total; n++) p[n] += p[n - part];
  return p.reduce((a, x) => a + x, 0);
}
