/**
 * Parents one at a time: the form of a numbered game's parents that
 * retrograde analysis's inner loop reads, as move slots (move-slots.ts) are
 * for the sweep's moves.
 *
 * A game gives its parents in either of two forms, or both:
 * - `parents(p, out)` writes every parent of p into the caller's buffer and
 *   returns how many — convenient when the parents come out of one
 *   computation (decoding a position, un-moving each piece);
 * - `parentCount(p)` with `parentAt(p, i)`: how many parents p has, and the
 *   i-th of the list `parents` would write — for games whose i-th parent is a
 *   few operations (a grid's neighbours, a stored reverse graph), so that the
 *   solver's loop reads them without a trip through a buffer, and V8 inlines
 *   them into the loop.
 *
 * The engine uses the one-at-a-time form when a game has it, else a view
 * (`parentSlots`) that calls `parents` once per position. A game that offers
 * the one-at-a-time form can write `parents` with `parentsFromSlots`, so
 * that the two forms cannot disagree; `yomi check` compares them when a game
 * writes both.
 */

/** What retrograde analysis's loop reads: a position's parents one at a time. */
export interface ParentSlots {
  /** How many parents p has (a parent with k moves to p counts k times). */
  parentCount(p: number): number;
  /** The i-th parent of p (`~parent` for a move that keeps the turn), for i < parentCount(p). */
  parentAt(p: number, i: number): number;
}

/** The parents of positions as a list written into a buffer (the `parents(p, out)` form). */
export interface ParentList {
  /** Writes the parents of `p` into `out` and returns how many. */
  parents(p: number, out: Int32Array): number;
}

/**
 * The fields of a numbered game (`NumberedGame`, game.ts) that give its
 * parents; named here so that this file, which the tiered form imports,
 * does not import game.ts.
 */
export interface ParentFields {
  /** The parents of `p` written into `out` (how many: the return value). */
  parents?(p: number, out: Int32Array): number;
  /** How many parents `p` has (the one-at-a-time form). */
  parentCount?(p: number): number;
  /** The i-th parent of `p` (the one-at-a-time form). */
  parentAt?(p: number, i: number): number;
  /** A bound on the parents of any position. */
  maxParents?: number;
}

/** A numbered game that gives its parents one at a time. */
export type SlottedParents = ParentFields & ParentSlots;

/** The game has the one-at-a-time form of parents. */
export function hasParentSlots(game: ParentFields): game is SlottedParents {
  return typeof game.parentCount === 'function' && typeof game.parentAt === 'function';
}

/** The game gives its parents, in either form (retrograde analysis then needs no reverse graph). */
export function hasParents(game: ParentFields): boolean {
  return typeof game.parents === 'function' || hasParentSlots(game);
}

/** Whether the game lists its parents with `parents(p, out)`. */
const listsParents = (game: ParentFields): game is ParentFields & ParentList => game.parents !== undefined;

/** The game's parents one at a time: its own, or read from `parents`; undefined when it has neither. */
export function parentSlots(game: ParentFields): ParentSlots | undefined {
  if (hasParentSlots(game)) return game;
  return listsParents(game) ? new ListedParents(game, game.maxParents) : undefined;
}

/** The game's parents as a list: its own `parents`, or written from its one-at-a-time form. */
export function parentList(game: ParentFields): ParentList | undefined {
  if (listsParents(game)) return game;
  if (!hasParentSlots(game)) return undefined;
  return { parents: (p, out) => parentsFromSlots(game, p, out) };
}

/** `parents` written from `parentCount`/`parentAt`: the same parents, in the same order. */
export function parentsFromSlots(game: ParentSlots, p: number, out: Int32Array): number {
  const n = game.parentCount(p);
  for (let i = 0; i < n; i++) out[i] = game.parentAt(p, i);
  return n;
}

/** Parents read from a list: `parentCount(p)` writes them, `parentAt` reads them. */
export class ListedParents implements ParentSlots {
  private readonly out: Int32Array;
  private at = -1;

  constructor(
    private readonly list: ParentList,
    maxParents: number | undefined,
  ) {
    this.out = new Int32Array(Math.max(1, maxParents ?? 0));
  }

  parentCount(p: number): number {
    this.at = p;
    return this.list.parents(p, this.out);
  }

  parentAt(p: number, i: number): number {
    if (p !== this.at) this.parentCount(p);
    return this.out[i];
  }
}
