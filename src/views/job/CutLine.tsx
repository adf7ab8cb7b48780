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
  // Whether the line was drawn yet: the first drawing has nothing to tween from.
  const drawn = useRef(false);
  useEffect(() => {
    const at = `translate(${topX},${topY})`;
    const pathSel = paths.current ? select(paths.current).selectAll('path') : null;
    const tagSel = tag.current ? select(tag.current) : null;
    if (reduced || !drawn.current) {
      // No tween (playing fast, reduced motion, first drawing): the values are set at once. A
      // zero-length transition still schedules a timer, and reads the attribute back from the
      // DOM to interpolate from: a string Blink makes for script every frame of fast playback.
      pathSel?.interrupt().attr('d', d);
      tagSel?.interrupt().attr('transform', at);
    } else {
      pathSel?.transition().duration(220).ease(easeCubicOut).attr('d', d);
      tagSel?.transition().duration(220).ease(easeCubicOut).attr('transform', at);
    }
    drawn.current = pathSel !== null;
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
