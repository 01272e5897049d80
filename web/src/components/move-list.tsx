/**
 * Every legal move as a button, best first, with its rank, outcome letter and
 * word, remoteness (and margin) — the keyboard way to play any game, and the
 * only one for a game without a board. Each button's name reads in full
 * ("b2: win in 5, rank 1").
 */

import type { BoardMove } from '../boards/board.js';

interface Props {
  moves: readonly BoardMove<unknown>[];
  disabled: boolean;
  onMove(ordinal: number): void;
}

export function MoveList({ moves, disabled, onMove }: Props) {
  const sorted = [...moves].sort(
    (a, b) => (a.view?.rank ?? 0) - (b.view?.rank ?? 0) || a.ordinal - b.ordinal,
  );
  return (
    <ol class="move-list" aria-label="moves">
      {sorted.map((m) => (
        <li key={m.ordinal}>
          <button
            type="button"
            disabled={disabled}
            onClick={() => onMove(m.ordinal)}
            data-move={m.name}
            data-value={m.view?.text}
            class={m.view?.leading === false ? 'trailing' : ''}
          >
            {m.view && (
              <span class="rank" aria-hidden="true">
                #{m.view.rank}
              </span>
            )}
            <span class="name">{m.name}</span>
            {m.view && (
              <>
                <span
                  class="badge"
                  aria-hidden="true"
                  style={{ background: m.view.style.colour, color: m.view.style.ink }}
                >
                  {m.view.style.symbol} {m.view.text}
                </span>
                <span class="sr-only">
                  : {m.view.text}, rank {m.view.rank}
                </span>
              </>
            )}
          </button>
        </li>
      ))}
    </ol>
  );
}
