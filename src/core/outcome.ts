/**
 * Outcomes of a position for the player to move, and their numeric codes.
 *
 * Solvers keep outcomes as small integers in typed arrays; the strings are for
 * people and for the public API. `NOT_PRIMITIVE` is what an `IndexedGame`'s
 * `primitive()` answers for a position where the game goes on.
 */

export type Outcome = 'win' | 'lose' | 'tie' | 'draw';

/** Outcome code: the player to move loses. */
export const LOSE = 0;
/** Outcome code: the player to move wins. */
export const WIN = 1;
/** Outcome code: the game ends even. */
export const TIE = 2;
/** Outcome code: neither player can force an end (endless play). */
export const DRAW = 3;
/**
 * What `IndexedGame.primitive` answers where the game goes on. A game whose
 * `primitive()` a sweep calls at every position returns it from a constant
 * of its own module (`const NONE = NOT_PRIMITIVE`): V8 folds such a
 * constant into the compiled loop, while an imported one is read from its
 * module, with a check that it is initialized, at every call (abc201d's
 * solve took 4% longer).
 */
export const NOT_PRIMITIVE = -1;

/**
 * What an `IndexedGame`'s `primitive()` answers for a position the rules end:
 * the outcome code in the low 2 bits and the remoteness above them. The
 * remoteness is almost always 0 (the game is over here); a game may end a
 * position one ply early, e.g. Dobutsu shogi's "the player to move can take
 * the enemy lion" is a win in 1 that is not expanded.
 */
export function primitiveCode(outcome: number, remoteness = 0): number {
  return outcome + 4 * remoteness;
}

/** The outcome code of a primitive code. */
export function primitiveOutcome(code: number): number {
  return code & 3;
}

/** The remoteness of a primitive code. */
export function primitiveRemoteness(code: number): number {
  return code >>> 2;
}

/** The outcomes by code: `OUTCOMES[WIN] === 'win'`. */
export const OUTCOMES: readonly Outcome[] = ['lose', 'win', 'tie', 'draw'];

/** The code of an outcome (`outcomeCode('win') === WIN`). */
export function outcomeCode(outcome: Outcome): number {
  return OUTCOMES.indexOf(outcome);
}

/**
 * Whether the outcomes of endless play (LOSE or WIN codes) at a position and
 * at its child agree: endless play from the position is endless play from the
 * child, lost by the same player — the opposite outcome for the child's mover
 * after a move that passes the turn, the same after one that keeps it.
 */
export function endlessAgrees(atParent: number, atChild: number, keepsTurn: boolean): boolean {
  return keepsTurn === (atParent === atChild);
}

/**
 * What a game that breaks `endlessAgrees` is told: `endless() says …` at a
 * position (`where`) and after its move, and why `subject` (that function)
 * must say otherwise.
 */
export function endlessDisagreement(
  atParent: Outcome,
  where: string,
  atChild: Outcome,
  move: string,
  keepsTurn: boolean,
  subject: string,
): string {
  return `endless() says ${atParent} ${where} and ${atChild} after its move ${move}, which ${keepsTurn ? 'keeps' : 'passes'} the turn; endless play from one is endless play from the other, lost by the same player, so ${subject} must say ${keepsTurn ? 'the same' : 'the opposite'}`;
}

/** The outcome for the player who moved into a position with this outcome. */
export function flipOutcome(outcome: Outcome): Outcome {
  return outcome === 'win' ? 'lose' : outcome === 'lose' ? 'win' : outcome;
}

/** How much the player to move likes an outcome: win > tie > draw > lose. */
export function outcomeRank(outcome: Outcome): number {
  return outcome === 'win' ? 3 : outcome === 'tie' ? 2 : outcome === 'draw' ? 1 : 0;
}
