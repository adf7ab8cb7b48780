/**
 * The legend of the checkpoint timeline: phase colors, status colors and, only when the run has
 * them, the markers (so a run without failures or changelog does not explain what is absent).
 */
import { useT } from '../../i18n/useT';
import { MARKER_COLORS, PHASE_COLORS, STATUS_COLORS } from './ganttColors';
import { PHASE_KINDS } from './checkpointBars';
import type { CheckpointStatus } from './barAtCursor';
import type { TimelineMarker } from './timelineMarkers';
import { MARKER_KEYS } from './markerText';
import { PHASE_KEYS, STATUS_KEYS } from './useStatusLabel';

const STATUSES: CheckpointStatus[] = ['completed', 'aborted', 'subsumed', 'inProgress'];

export function GanttLegend({ markers }: { markers: readonly TimelineMarker[] }) {
  const t = useT();
  const kinds = [...new Set(markers.map((m) => m.kind))];
  return (
    <ul className="gantt-legend" data-testid="gantt-legend">
      {PHASE_KINDS.map((k) => (
        <li
          key={k}
          title={
            k === 'delay' ? t('tlPhaseDelayHint') : k === 'sync' ? t('tlPhaseSyncHint') : undefined
          }
        >
          <span className="swatch" style={{ background: PHASE_COLORS[k] }} />
          {t(PHASE_KEYS[k])}
        </li>
      ))}
      <li className="legend-gap" aria-hidden="true" />
      {STATUSES.map((s) => (
        <li key={s}>
          <span className="swatch status" style={{ background: STATUS_COLORS[s] }} />
          {t(STATUS_KEYS[s])}
        </li>
      ))}
      {kinds.map((k) => (
        <li key={k}>
          <span className="swatch marker" style={{ background: MARKER_COLORS[k] }} />
          {t(MARKER_KEYS[k])}
        </li>
      ))}
    </ul>
  );
}
