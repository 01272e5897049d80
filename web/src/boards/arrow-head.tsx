/**
 * The arrow head that arrows on boards end with (Dodgem's moves, arc038d's
 * edges): an SVG marker, referred to as `url(#id)` in `marker-end`.
 */

export function ArrowHead({
  id,
  size,
  fill,
  tip = 9,
}: {
  id: string;
  size: number;
  fill: string;
  tip?: number;
}) {
  return (
    <defs>
      <marker
        id={id}
        viewBox="0 0 10 10"
        refX={tip}
        refY="5"
        markerWidth={size}
        markerHeight={size}
        orient="auto"
      >
        <path d="M0,0 L10,5 L0,10 z" fill={fill} />
      </marker>
    </defs>
  );
}
