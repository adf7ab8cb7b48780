/**
 * The per-checkpoint charts' series and legends (checkpointed_size / state_size, and
 * end_to_end_duration colored by outcome), shared by the simulator's charts tab and the REST
 * statistics view, so both draw a checkpoint the same way.
 */
import type { Translate } from '../../i18n/useT';
import { formatBytes } from '../format';
import { STATUS_COLORS } from '../timeline/ganttColors';
import type { LegendItem } from './ChartFrame';
import type { CheckpointStat } from './checkpointStats';
import type { CheckpointSeries } from './PerCheckpointChart';

const CHECKPOINTED = '#0284c7';
const STATE_SIZE = '#94a3b8';

export const SIZE_SERIES: CheckpointSeries[] = [
  {
    key: 'checkpointed',
    label: 'checkpointed_size',
    color: () => CHECKPOINTED,
    value: (s) => s.checkpointedSize,
    maxOf: (b) => (b.end?.status === 'completed' ? b.end.checkpointedSize : 0),
  },
  {
    key: 'state',
    label: 'state_size',
    color: () => STATE_SIZE,
    value: (s) => s.stateSize,
    maxOf: (b) => (b.end?.status === 'completed' ? b.end.stateSize : 0),
  },
];

export const DURATION_SERIES: CheckpointSeries[] = [
  {
    key: 'duration',
    label: 'end_to_end_duration',
    color: (s) => STATUS_COLORS[s.status === 'subsumed' ? 'completed' : s.status],
    value: (s) => s.durationMs,
    maxOf: (b) => (b.end?.atMs ?? b.lastMs) - b.triggerMs,
  },
];

export function sizesLegend(t: Translate): LegendItem[] {
  return [
    { label: t('chartCheckpointedLegend'), color: CHECKPOINTED, shape: 'rect' },
    { label: t('chartStateSizeLegend'), color: STATE_SIZE, shape: 'rect' },
  ];
}

export function durationLegend(t: Translate): LegendItem[] {
  return [
    { label: t('tlStatusCompleted'), color: STATUS_COLORS.completed, shape: 'rect' },
    { label: t('tlStatusAborted'), color: STATUS_COLORS.aborted, shape: 'rect' },
    { label: t('tlStatusInProgress'), color: STATUS_COLORS.inProgress, shape: 'rect' },
  ];
}

/** Tooltip lines: the sizes of a completed checkpoint. */
export function sizeLines(t: Translate, s: CheckpointStat): string[] {
  return s.checkpointedSize === null
    ? []
    : [t('chartTipSizes', { c: formatBytes(s.checkpointedSize), s: formatBytes(s.stateSize ?? 0) })];
}
