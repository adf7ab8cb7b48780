/**
 * The consistent cut of one checkpoint, drawn as a dashed polyline through the graph with the
 * checkpoint's id at its top. d3 owns the path so the line tweens as barriers move.
 */
import { useEffect, useRef } from 'react';
import { easeCubicOut, line, select } from 'd3';
import '../d3Transitions';
import type { Translate } from '../../i18n/useT';
import { checkpointColor } from './jobColors';
import { measureText } from './measureText';

interface Props {
  /** The graph's width: the tag stays inside it. */
  width: number;
  checkpointId: number;
  status: 'inProgress' | 'completed';
  points: [number, number][];
  reduced: boolean;
  t: Translate;
}

export function CutLine({ width, checkpointId, status, points, reduced, t }: Props) {
  const paths = useRef<SVGGElement>(null);
  const tag = useRef<SVGGElement>(null);
  const d = line()(points) ?? '';
  const label = t(status === 'completed' ? 'jgCutDone' : 'jgCutLabel', { id: checkpointId });
  const w = measureText(label, 11, 700) + 12;
  const topX = Math.max(w / 2 + 1, Math.min(width - w / 2 - 1, points[0]![0]));
  const topY = points[0]![1];
  useEffect(() => {
    const duration = reduced ? 0 : 220;
    const at = `translate(${topX},${topY})`;
    const fresh = !paths.current?.querySelector('path')?.getAttribute('d');
    // The first drawing has nothing to tween from.
    if (paths.current) select(paths.current).selectAll('path').transition().duration(fresh ? 0 : duration).ease(easeCubicOut).attr('d', d);
    if (tag.current) select(tag.current).transition().duration(fresh ? 0 : duration).ease(easeCubicOut).attr('transform', at);
  }, [d, topX, topY, reduced]);
  const color = checkpointColor(checkpointId);
  return (
    <g className={`cut ${status}`} data-testid="cut-line" data-checkpoint={checkpointId} data-status={status}>
      <title>{t(status === 'completed' ? 'jgCutDoneTitle' : 'jgCutTitle', { id: checkpointId })}</title>
      <g ref={paths}>
        <path className="cut-halo" />
        <path className="cut-path" stroke={color} />
      </g>
      <g ref={tag} className="cut-tag">
        <rect x={-w / 2} y={-12} width={w} height={14} rx={7} fill={color} />
        <text y={-2} textAnchor="middle">
          {label}
        </text>
      </g>
    </g>
  );
}
