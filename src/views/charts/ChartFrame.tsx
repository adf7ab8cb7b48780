/**
 * The frame every chart draws in: one `<svg>` at the chart's pixel size with a white
 * background, the title, the legend (on the title's line when there is room, else below it)
 * and the plot area. Title and legend are inside the SVG, so an exported chart explains itself.
 */
import type { ReactNode, RefObject } from 'react';

export interface LegendItem {
  label: string;
  color: string;
  shape: 'rect' | 'line' | 'dash' | 'cross';
}

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

const TITLE_SIZE = 13;
const LEGEND_SIZE = 12;
const EDGE = 4;

/** Approximate text width: CJK characters are one em wide, others a little over half. */
export function textWidth(s: string, fontSize: number): number {
  let w = 0;
  for (const ch of s) w += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? fontSize : fontSize * 0.58;
  return w;
}

function legendWidth(items: LegendItem[]): number {
  return items.reduce((n, i) => n + 18 + textWidth(i.label, LEGEND_SIZE) + 14, 0);
}

/** The top margin a chart needs for its title and legend at `width`. */
export function headerHeight(title: string, legend: LegendItem[], width: number): number {
  const oneLine = EDGE + textWidth(title, TITLE_SIZE) + 24 + legendWidth(legend) <= width;
  return oneLine || legend.length === 0 ? 24 : 42;
}

function Swatch({ item }: { item: LegendItem }) {
  switch (item.shape) {
    case 'rect':
      return <rect x={0} y={-9} width={12} height={10} rx={2} fill={item.color} />;
    case 'line':
      return <line x1={0} x2={13} y1={-4} y2={-4} stroke={item.color} strokeWidth={2.5} />;
    case 'dash':
      return (
        <line
          x1={0}
          x2={13}
          y1={-4}
          y2={-4}
          stroke={item.color}
          strokeWidth={2}
          strokeDasharray="4 3"
        />
      );
    case 'cross':
      return <path d="M2,-8 L10,0 M10,-8 L2,0" stroke={item.color} strokeWidth={2.2} />;
  }
}

export function ChartFrame(props: {
  svgRef: RefObject<SVGSVGElement | null>;
  width: number;
  height: number;
  title: string;
  legend: LegendItem[];
  layout: FrameLayout;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  const { width, height, title, legend, layout } = props;
  const oneLine = headerHeight(title, legend, width) === 24;
  // A few pixels from the edges, so an exported picture does not start at its border.
  let x = oneLine ? width - legendWidth(legend) : EDGE;
  const legendY = oneLine ? 15 : 34;
  return (
    <svg
      ref={props.svgRef}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="chart-svg"
      role="img"
      aria-label={props.label}
      data-testid={props.testId}
    >
      <rect className="chart-bg" width={width} height={height} fill="#ffffff" />
      <text className="chart-title" x={EDGE} y={15}>
        {title}
      </text>
      <g className="chart-legend">
        {legend.map((item) => {
          const at = x;
          x += 18 + textWidth(item.label, LEGEND_SIZE) + 14;
          return (
            <g key={item.label} transform={`translate(${at},${legendY})`}>
              <Swatch item={item} />
              <text x={18} y={0}>
                {item.label}
              </text>
            </g>
          );
        })}
      </g>
      <g transform={`translate(${layout.left},${layout.top})`}>{props.children}</g>
    </svg>
  );
}

export interface FrameLayout {
  /** Where the plot area starts inside the svg. */
  left: number;
  top: number;
  /** The plot area's size. */
  w: number;
  h: number;
}

/** Where the plot area of a frame is, so a chart can size its scales and place its tooltip. */
export function frameLayout(
  width: number,
  height: number,
  title: string,
  legend: LegendItem[],
  margin: Omit<Margin, 'top'>,
): FrameLayout {
  const top = headerHeight(title, legend, width) + 6;
  return {
    left: margin.left,
    top,
    w: Math.max(10, width - margin.left - margin.right),
    h: Math.max(10, height - top - margin.bottom),
  };
}
