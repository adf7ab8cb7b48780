/** The cursor's place in a chart: a dashed vertical line, labelled with the step inside the plot's top edge. */
export function CursorLine(props: { x: number; w: number; h: number; label: string; k: number }) {
  const { x, w, h, label, k } = props;
  // Near the right edge the label goes to the line's left, so it is not cut off.
  const right = x > w - 70 * k;
  return (
    <g className="cursor-line" data-testid="chart-cursor" transform={`translate(${x},0)`}>
      <line y1={0} y2={h} />
      <text x={(right ? -4 : 4) * k} y={11 * k} textAnchor={right ? 'end' : 'start'}>
        {label}
      </text>
    </g>
  );
}
