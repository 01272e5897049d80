/**
 * Where the values come from, in plain words: a progress bar with a cancel
 * button while the browser solves, and while it works out the values of a
 * position after a move (both shown only once the work has taken 0.3 s, so
 * quick work does not flash); then "Solved all 5,478 positions in
 * 0.3 s" (with a symmetry: "765 classes of 5,478 positions"), or "Values
 * from the solution file …"; the solver and its reason behind a details
 * toggle; or why nothing was solved — with, for a game whose database the
 * server can build, the offer to build it (build-offer.tsx).
 */

import type { Progress } from '../../../src/solvers/options.js';
import { EXPLORE_POSITIONS } from '../model/session.js';
import type { Solved } from '../sources/value-source.js';
import { BuildOffer } from './build-offer.js';

export type SolveState =
  | { kind: 'solving'; progress?: Progress }
  | ({ kind: 'solved' } & Solved)
  /** `spec`: the game refused, in canonical form (its database may be built on the server). */
  /** `advice`: how to play it anyway, shown unless a database is offered for it (which says how instead). */
  | { kind: 'too-large'; message: string; spec?: string; advice?: string }
  | { kind: 'failed'; message: string }
  | { kind: 'cancelled' };

interface Props {
  state: SolveState;
  /** The values of the position shown are being worked out (after a move, or a position opened). */
  querying?: boolean;
  /** How that goes, when the source can tell (a search's nodes). */
  queryProgress?: Progress;
  /** A search: the positions it has searched so far (with the last answer). */
  searchedSoFar?: number;
  /** The workers that shared the last answer's search, when more than one. */
  threads?: number;
  onCancel(): void;
  onRetry(): void;
}

const count = (n: number) => n.toLocaleString('en-US');

export function duration(ms: number): string {
  return ms < 100 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/**
 * The one-line summary of a solved game; `searchedSoFar`: what a search has
 * searched since, as the game was played; `threads`: the workers that shared it.
 */
export function solvedLine(s: Solved, searchedSoFar?: number, threads?: number): string {
  const on = threads !== undefined && threads > 1 ? ` on ${threads} threads` : '';
  if (s.origin === 'server search')
    return `Values searched by yomi serve as you play, reading the ${s.file}.`;
  if (s.origin === 'solution file')
    return `Values from the ${s.file}, served by yomi serve (${count(s.positions)} positions).`;
  if (s.origin === 'opening book') return `Values from the opening book, with a live search beyond it${on}.`;
  if (s.searched) {
    if (searchedSoFar !== undefined && searchedSoFar > s.positions) {
      return `Searched ${count(searchedSoFar)} positions so far, here in your browser${on} (more as you play).`;
    }
    return `Searched ${count(s.positions)} positions in ${duration(s.ms)}, here in your browser (more as you play).`;
  }
  const what =
    s.allPositions !== undefined && s.allPositions !== s.positions
      ? `all ${count(s.positions)} classes of ${count(s.allPositions)} positions (mirror images share a value)`
      : `all ${count(s.positions)} positions`;
  return `Solved ${what} in ${duration(s.ms)}, here in your browser.`;
}

/**
 * A report in words: "tier x2-o1, 3 of 16: 208,724 / 887,700 positions
 * settled"; exploring, which has no total, says where the browser stops.
 */
export function progressText(p: Progress): string {
  const counted = `${count(p.done)}${p.total ? ` / ${count(p.total)}` : ''} ${p.unit}`;
  const limit =
    p.total === undefined && p.unit === 'positions explored'
      ? ` (a browser explores up to ${count(EXPLORE_POSITIONS)}, then searches)`
      : '';
  return `${p.detail ? `${p.detail}: ` : ''}${counted}${limit}`;
}

/** A search's progress in the page's words: "1,234,567 positions searched". */
function searchedText(p: Progress): string {
  return p.unit === 'nodes' ? `${count(p.done)} positions searched` : progressText(p);
}

export function SolveStatus({
  state,
  querying,
  queryProgress,
  searchedSoFar,
  threads,
  onCancel,
  onRetry,
}: Props) {
  switch (state.kind) {
    case 'solving': {
      const p = state.progress;
      return (
        <div class="status working" role="status">
          <progress value={p?.total ? p.done : undefined} max={p?.total ?? undefined} />
          <span>Solving… {p ? progressText(p) : ''}</span>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      );
    }
    case 'solved':
      return (
        <div class="status solved" role="status" data-origin={state.origin}>
          <span>{solvedLine(state, searchedSoFar, threads)}</span>
          <details>
            <summary>How</summary>
            {state.solver}: {state.reason}
          </details>
          {querying && (
            <span class="working query">
              <progress aria-label="working out this position" />
              <span>
                Working out the values of this position…
                {queryProgress ? ` ${searchedText(queryProgress)}` : ''}
              </span>
              <button type="button" onClick={onCancel}>
                Cancel
              </button>
            </span>
          )}
        </div>
      );
    case 'cancelled':
      return (
        <div class="status" role="status">
          Cancelled.{' '}
          <button type="button" onClick={onRetry}>
            Solve
          </button>
        </div>
      );
    case 'too-large':
      return (
        <div class="status error" role="alert">
          {state.message}
          {state.spec !== undefined && (
            <BuildOffer spec={state.spec} onBuilt={onRetry} fallback={state.advice} />
          )}
        </div>
      );
    default:
      return (
        <div class="status error" role="alert">
          {state.message}
        </div>
      );
  }
}
