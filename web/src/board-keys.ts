/**
 * Arrow keys on a board: from the mark (or piece) that has the focus to the
 * nearest focusable one in the arrow's direction, as the marks are drawn —
 * so the keyboard moves over any board, whatever its shape (a grid, heaps of
 * tokens, a graph), without each board knowing keys.
 */

const STEPS: Record<string, readonly [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

const centre = (e: Element) => {
  const r = e.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
};

/** Whether `key` is an arrow key. */
export const isArrow = (key: string) => key in STEPS;

/**
 * The focusable element of `board` nearest to `from` in the direction of arrow `key` (ahead of it, the
 * distance across the direction counting twice), or undefined at the board's edge.
 */
export function nearestMark(
  board: Element,
  from: Element,
  key: string,
): HTMLElement | SVGElement | undefined {
  const [dx, dy] = STEPS[key];
  const here = centre(from);
  let best: { el: HTMLElement | SVGElement; score: number } | undefined;
  for (const el of board.querySelectorAll<HTMLElement | SVGElement>('[tabindex="0"]')) {
    if (el === from) continue;
    const c = centre(el);
    const ahead = (c.x - here.x) * dx + (c.y - here.y) * dy;
    if (ahead < 1) continue;
    const across = Math.abs((c.x - here.x) * dy) + Math.abs((c.y - here.y) * dx);
    const score = ahead + 2 * across;
    if (!best || score < best.score) best = { el, score };
  }
  return best?.el;
}
