/**
 * The tooltip of a chart: HTML over the SVG (so it wraps and is not part of an export),
 * placed beside the inspected point and flipped to stay inside the chart.
 */
import './charts.css';

export interface TooltipContent {
  x: number;
  y: number;
  title: string;
  lines: string[];
}

export function ChartTooltip({ tip, width }: { tip: TooltipContent | null; width: number }) {
  if (!tip) return null;
  const flip = tip.x > width * 0.6;
  return (
    <div
      className="chart-tooltip"
      role="status"
      data-testid="chart-tooltip"
      style={flip ? { right: width - tip.x + 10, top: tip.y } : { left: tip.x + 10, top: tip.y }}
    >
      <strong>{tip.title}</strong>
      {tip.lines.map((l, i) => (
        <div key={i}>{l}</div>
      ))}
    </div>
  );
}
