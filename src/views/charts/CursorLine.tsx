/** The cursor's place in a chart: a dashed vertical line, labelled with the step inside the plot's top edge. */
export function CursorLine({ x, w, h, label }: { x: number; w: number; h: number; label: string }) {
  const right = x > w - 70;
  return (
    <g className="cursor-line" data-testid="chart-cursor" transform={`translate(${x},0)`}>
      <line y1={0} y2={h} />
      <text x={right ? -4 : 4} y={11} textAnchor={right ? 'end' : 'start'}>
        {label}
      </text>
    </g>
  );
}
