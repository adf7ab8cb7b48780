/**
 * The frame every chart draws in: one `<svg>` at the chart's pixel size with a white
 * background, the title, the legend (on the title's line when there is room, else below it)
 * and the plot area. Title and legend are inside the SVG, so an exported chart explains itself.
 * Every text-bound size is multiplied by the type scale `k` (useTypeScale: larger in presenter
 * mode), the same factor the CSS applies to the font sizes.
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

/** The width one legend entry takes: swatch, gap, label, gap to the next. */
function legendItemWidth(item: LegendItem, k: number): number {
  return (18 + 14) * k + textWidth(item.label, LEGEND_SIZE * k);
}

function legendWidth(items: LegendItem[], k: number): number {
  return items.reduce((n, i) => n + legendItemWidth(i, k), 0);
}

/** Whether the legend fits on the title's line (else it gets a line of its own below). */
function legendBesideTitle(title: string, legend: LegendItem[], width: number, k: number): boolean {
  return (
    legend.length === 0 ||
    EDGE + textWidth(title, TITLE_SIZE * k) + 24 * k + legendWidth(legend, k) <= width
  );
}

/** The top margin a chart needs for its title and legend at `width`. */
export function headerHeight(
  title: string,
  legend: LegendItem[],
  width: number,
  k: number,
): number {
  return (legendBesideTitle(title, legend, width, k) ? 24 : 42) * k;
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
  /** Type scale (useTypeScale). */
  k: number;
  children: ReactNode;
}) {
  const { width, height, title, legend, layout, k } = props;
  const oneLine = legendBesideTitle(title, legend, width, k);
  // A few pixels from the edges, so an exported picture does not start at its border.
  let x = oneLine ? width - legendWidth(legend, k) : EDGE;
  const legendY = (oneLine ? 15 : 34) * k;
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
      <text className="chart-title" x={EDGE} y={15 * k}>
        {title}
      </text>
      <g className="chart-legend">
        {legend.map((item) => {
          const at = x;
          x += legendItemWidth(item, k);
          return (
            <g key={item.label} transform={`translate(${at},${legendY})`}>
              <g transform={`scale(${k})`}>
                <Swatch item={item} />
              </g>
              <text x={18 * k} y={0}>
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
  k: number,
): FrameLayout {
  const top = headerHeight(title, legend, width, k) + 6 * k;
  // The margins hold tick labels: they grow with the type.
  const left = margin.left * k;
  return {
    left,
    top,
    w: Math.max(10, width - left - margin.right * k),
    h: Math.max(10, height - top - margin.bottom * k),
  };
}
