/**
 * The solver's state under the board: a progress bar with a cancel button
 * while it works, what it found when done, or why it did not solve.
 */

import type { Progress } from '../../../src/solvers/options.js';

export type SolveState =
  | { kind: 'solving'; progress?: Progress }
  | { kind: 'solved'; solver: string; reason: string; positions: number; ms: number }
  | { kind: 'too-large'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'cancelled' };

interface Props {
  state: SolveState;
  onCancel(): void;
  onRetry(): void;
}

export function SolveStatus({ state, onCancel, onRetry }: Props) {
  switch (state.kind) {
    case 'solving': {
      const p = state.progress;
      return (
        <div class="status" role="status">
          <progress value={p?.total ? p.done : undefined} max={p?.total ?? undefined} />
          <span>
            Solving…{' '}
            {p
              ? `${p.done.toLocaleString('en-US')}${p.total ? ` / ${p.total.toLocaleString('en-US')}` : ''} ${p.unit}`
              : ''}
          </span>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      );
    }
    case 'solved':
      return (
        <div class="status solved" role="status">
          Solved {state.positions.toLocaleString('en-US')} positions in {Math.round(state.ms)} ms (
          {state.solver}: {state.reason})
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
    default:
      return (
        <div class="status error" role="alert">
          {state.message}
        </div>
      );
  }
}
