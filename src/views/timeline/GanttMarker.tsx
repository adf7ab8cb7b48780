/**
 * A marker on the checkpoint timeline: a job failure (a cross and a line), a restore (a band
 * from restore.started until the job runs again), or, in the changelog lane, a materialization
 * (a band) or a changelog truncation (a diamond). Details are in the native tooltip.
 */
import type { MessageKey } from '../../i18n/messages';
import { MARKER_COLORS } from './ganttColors';
import type { TimelineMarker } from './timelineMarkers';

export const MARKER_KEYS: Record<TimelineMarker['kind'], MessageKey> = {
  jobFailed: 'tlMarkerJobFailed',
  restore: 'tlMarkerRestore',
  restoreFailed: 'tlMarkerRestoreFailed',
  materialization: 'tlMarkerMaterialization',
  truncation: 'tlMarkerTruncation',
};

export function GanttMarker(props: {
  m: TimelineMarker;
  x: (ms: number) => number;
  cursorMs: number;
  cursor: number;
  top: number;
  lanesBottom: number;
  plotBottom: number;
  label: string;
}) {
  const { m, x } = props;
  const color =
    MARKER_COLORS[m.failed ? (m.kind === 'restore' ? 'restoreFailed' : m.kind) : m.kind];
  const x0 = x(m.atMs);
  const ended = m.endPos !== null && m.endPos <= props.cursor;
  const x1 = x(ended ? m.endMs! : props.cursorMs);
  const title = [
    props.label,
    m.task,
    m.detail,
    `${m.atMs}${m.endMs !== null && m.endMs !== m.atMs ? `–${m.endMs}` : ''} ms`,
  ]
    .filter(Boolean)
    .join(' · ');
  const testId = `gantt-marker-${m.kind}`;
  if (m.kind === 'materialization' || m.kind === 'truncation') {
    const y = props.lanesBottom + 3;
    return (
      <g className={`gantt-marker ${m.kind}`} data-testid={testId}>
        <title>{title}</title>
        {m.kind === 'materialization' ? (
          <rect
            x={x0}
            y={y}
            width={Math.max(4, x1 - x0)}
            height={10}
            rx={2}
            fill={color}
            opacity={m.failed ? 0.45 : 0.85}
          />
        ) : (
          <path d={`M${x0},${y} l5,5 l-5,5 l-5,-5 z`} fill={color} />
        )}
      </g>
    );
  }
  return (
    <g className={`gantt-marker ${m.kind}`} data-testid={testId}>
      <title>{title}</title>
      {m.kind === 'restore' && (
        <rect
          x={x0}
          y={props.top}
          width={Math.max(2, x1 - x0)}
          height={props.lanesBottom - props.top}
          fill={color}
          opacity={0.14}
        />
      )}
      <line
        x1={x0}
        x2={x0}
        y1={props.top - 2}
        y2={props.plotBottom}
        stroke={color}
        strokeWidth={1.5}
        strokeDasharray={m.kind === 'restore' ? '3 2' : undefined}
      />
      {m.kind === 'restore' ? (
        <path d={`M${x0 - 5},${props.top - 2} l5,-8 l5,8 z`} fill={color} />
      ) : (
        <path
          d={`M${x0 - 4},${props.top - 11} l8,8 m0,-8 l-8,8`}
          stroke={color}
          strokeWidth={2.2}
        />
      )}
    </g>
  );
}
