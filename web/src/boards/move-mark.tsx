/**
 * A legal move drawn on a board: a focusable, clickable square (or circle)
 * filled by the move's value colour, with the outcome's letter and the
 * remoteness (or margin/remoteness) so colour is never the only cue. The
 * best move of each outcome (the quickest win, the slowest loss) gets a thick
 * ring when it stands out among moves of the same outcome (equal moves get
 * none). The tile covers about half the cell, so the board reads as a board. Enter or Space plays
 * the move. However small the board is drawn (a phone), a mark takes taps
 * 44 px around it and its letters stay 12 px tall.
 */

import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { shortDetail } from '../model/values.js';
import type { BoardMove } from './board.js';

interface Props {
  move: BoardMove<unknown>;
  x: number;
  y: number;
  size: number;
  disabled: boolean;
  onMove(ordinal: number): void;
  round?: boolean;
}

/** Smallest tap target and value text, in screen pixels, however small the board is drawn. */
const TAP_PX = 44;
const TEXT_PX = 12;

/** Screen pixels per unit of the SVG drawing that holds `ref`'s element, kept up to date as it resizes. */
function useScreenScale(ref: { current: SVGGElement | null }): number {
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const svg = ref.current?.ownerSVGElement;
    if (!svg) return;
    const update = () => setScale(svg.getScreenCTM()?.a || 1);
    update();
    const watch = new ResizeObserver(update);
    watch.observe(svg);
    return () => watch.disconnect();
  }, []);
  return scale;
}

export function MoveMark({ move, x, y, size, disabled, onMove, round }: Props) {
  const ref = useRef<SVGGElement>(null);
  const scale = useScreenScale(ref);
  const view = move.view;
  const label = view ? `${move.name}: ${view.text}` : move.name;
  const play = () => {
    if (!disabled) onMove(move.ordinal);
  };
  const detail = view ? shortDetail(view.value) : '';
  // On a board drawn small (a phone) the tap area reaches 44 px around the mark and the letters 12 px.
  const reach = Math.max(size, TAP_PX / scale);
  const minText = TEXT_PX / scale;
  // Two lines, the letter over the number, set by their cap heights (about 3/4 of the font size) round
  // the centre; the shape grows to hold them when the letters are kept large on a small board.
  const letterSize = Math.max(size * 0.25, minText);
  const detailSize = Math.max(minText, Math.min(size * 0.18, (size * 0.7) / Math.max(1, detail.length)));
  const gap = size * 0.05;
  const lines = 0.75 * letterSize + gap + 0.75 * detailSize;
  const letterY = y + size / 2 - lines / 2 + 0.75 * letterSize;
  const detailY = letterY + gap + 0.75 * detailSize;
  const detailWidth = 0.6 * detailSize * detail.length;
  // A tile with room round it, so the board stays visible under its marks.
  const s = Math.max(size * 0.5, lines + gap * 2, detailWidth + gap * 2);
  const radius = Math.max(size * 0.3, Math.hypot(lines, detailWidth) / 2 + gap);
  return (
    // biome-ignore lint/a11y/useSemanticElements: SVG cannot hold a <button>; the group is one, with key handling
    <g
      ref={ref}
      class={`move${view?.standsOut ? ' leading' : ''}`}
      role="button"
      tabindex={disabled ? -1 : 0}
      data-move={move.name}
      data-value={view?.text}
      onClick={play}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          play();
        }
      }}
    >
      {/* The name (and a tooltip) in full; the letters drawn are hidden from it, so they never disagree. */}
      <title>{label}</title>
      <rect
        class="tap-area"
        x={x + (size - reach) / 2}
        y={y + (size - reach) / 2}
        width={reach}
        height={reach}
        fill="transparent"
      />
      {round ? (
        <circle
          cx={x + size / 2}
          cy={y + size / 2}
          r={radius}
          fill={view ? view.style.colour : 'transparent'}
          class="move-shape"
        />
      ) : (
        <rect
          x={x + (size - s) / 2}
          y={y + (size - s) / 2}
          width={s}
          height={s}
          rx={size * 0.14}
          fill={view ? view.style.colour : 'transparent'}
          class="move-shape"
        />
      )}
      {view && (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: SVG text is not focusable; the letters are hidden from the name the title gives
        <g aria-hidden="true">
          <text
            x={x + size / 2}
            y={letterY}
            font-size={letterSize}
            fill={view.style.ink}
            text-anchor="middle"
            font-weight="bold"
          >
            {view.style.symbol}
          </text>
          <text
            x={x + size / 2}
            y={detailY}
            font-size={detailSize}
            fill={view.style.ink}
            text-anchor="middle"
          >
            {detail}
          </text>
        </g>
      )}
    </g>
  );
}
