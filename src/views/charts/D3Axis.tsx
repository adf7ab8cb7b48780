/**
 * An axis drawn by d3-axis into a `<g>` that React creates but never renders into (a ref
 * island): d3 owns the ticks, React owns everything around them.
 */
import { useEffect, useRef } from 'react';
import { select, type Axis, type AxisDomain } from 'd3';
import './charts.css';

export function D3Axis<D extends AxisDomain>({
  axis,
  transform,
  className,
}: {
  axis: Axis<D>;
  transform?: string;
  className?: string;
}) {
  const ref = useRef<SVGGElement>(null);
  useEffect(() => {
    if (ref.current) select(ref.current).call(axis);
  });
  return (
    <g
      ref={ref}
      className={`chart-axis${className ? ` ${className}` : ''}`}
      transform={transform}
    />
  );
}
