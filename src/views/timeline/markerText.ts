/**
 * What a timeline marker says: its name (kind, and whether it failed), the subtask, the payload
 * details, its time as far as the cursor has seen it, and its step. The accessible name and the
 * tooltip are built from the same pieces, so keyboard, screen reader and mouse users read the same.
 */
import { format } from 'd3';
import type { MessageKey } from '../../i18n/messages';
import type { Translate } from '../../i18n/useT';
import type { TooltipContent } from '../charts/ChartTooltip';
import type { TimelineMarker } from './timelineMarkers';

export const MARKER_KEYS: Record<TimelineMarker['kind'], MessageKey> = {
  jobFailed: 'tlMarkerJobFailed',
  restore: 'tlMarkerRestore',
  restoreFailed: 'tlMarkerRestoreFailed',
  materialization: 'tlMarkerMaterialization',
  truncation: 'tlMarkerTruncation',
};

const ms = format(',');

export function markerLabel(m: TimelineMarker, t: Translate): string {
  return t(
    m.failed && m.kind === 'materialization'
      ? 'tlMarkerMaterializationFailed'
      : MARKER_KEYS[m.kind],
  );
}

/** Whether a span (restore, materialization) had ended by `cursor`; a point has ended at once. */
export function markerEnded(m: TimelineMarker, cursor: number): boolean {
  return m.endPos !== null && m.endMs !== null && m.endPos <= cursor;
}

/**
 * When it happened in simulated ms. A span's end is told only once the cursor has reached it,
 * so the tooltip does not give away what comes later.
 */
export function markerTime(m: TimelineMarker, cursor: number, t: Translate): string {
  if (!markerEnded(m, cursor)) return `${ms(m.atMs)} ms – ${t('tlRunning')}`;
  return m.endMs !== m.atMs ? `${ms(m.atMs)}–${ms(m.endMs!)} ms` : `${ms(m.atMs)} ms`;
}

export function markerTip(
  m: TimelineMarker,
  cursor: number,
  t: Translate,
): Omit<TooltipContent, 'x' | 'y'> {
  return {
    title: [markerLabel(m, t), m.task].filter(Boolean).join(' · '),
    lines: [m.detail, markerTime(m, cursor, t), t('tlMarkerGoTo', { n: m.pos })].filter(Boolean),
  };
}

/** The accessible name: the tooltip's text on one line. */
export function markerName(m: TimelineMarker, cursor: number, t: Translate): string {
  const tip = markerTip(m, cursor, t);
  return [tip.title, ...tip.lines].join(' · ');
}
