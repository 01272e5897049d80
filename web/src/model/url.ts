/**
 * The playground's state in the URL's fragment, so a link reopens the same
 * game at the same position: the game (with its parameters, as the CLI writes
 * them), the problem input (up to MAX_LINKED_INPUT characters) and its dataset, the moves played (as ordinals of
 * each position's move list), who the computer plays and its skill.
 */

export type ComputerSide = 'none' | 'first' | 'second' | 'both';

export interface PlayState {
  /** `tic-tac-toe`, `nim(heaps=3 4 5)`. */
  game: string;
  input?: string;
  dataset: number;
  moves: number[];
  computer: ComputerSide;
  /** Probability of playing a best move, 0 … 1. */
  skill: number;
}

export const DEFAULT_STATE: PlayState = {
  game: 'tic-tac-toe',
  dataset: 0,
  moves: [],
  computer: 'second',
  skill: 1,
};

/**
 * Longer problem inputs stay out of the URL (browsers cap its length); a link to such a game reopens the
 * game's example input instead.
 */
export const MAX_LINKED_INPUT = 20_000;

const SIDES: readonly ComputerSide[] = ['none', 'first', 'second', 'both'];

export function encodeState(s: PlayState): string {
  const q = new URLSearchParams();
  q.set('game', s.game);
  if (s.input !== undefined && s.input.length <= MAX_LINKED_INPUT) q.set('input', s.input);
  if (s.dataset !== 0) q.set('dataset', String(s.dataset));
  if (s.moves.length > 0) q.set('moves', s.moves.join('.'));
  q.set('vs', s.computer);
  if (s.skill !== 1) q.set('skill', String(s.skill));
  return `#${q.toString()}`;
}

/** Reads a fragment written by `encodeState`; anything missing or malformed takes its default. */
export function decodeState(hash: string): PlayState {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const int = (text: string | null, fallback: number) =>
    text !== null && /^\d+$/.test(text) ? Number(text) : fallback;
  const movesText = q.get('moves');
  const moves = movesText && /^\d+(\.\d+)*$/.test(movesText) ? movesText.split('.').map(Number) : [];
  const vs = q.get('vs') as ComputerSide | null;
  const skill = Number(q.get('skill') ?? '1');
  const input = q.get('input');
  return {
    game: q.get('game') || DEFAULT_STATE.game,
    ...(input === null ? {} : { input }),
    dataset: int(q.get('dataset'), 0),
    moves,
    computer: vs && SIDES.includes(vs) ? vs : DEFAULT_STATE.computer,
    skill: Number.isFinite(skill) && skill >= 0 && skill <= 1 ? skill : 1,
  };
}
