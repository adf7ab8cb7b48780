/**
 * The tooltip of a checkpoint bar: name and status, duration, acknowledgements, sizes once it
 * completed, the abort reason. Rebuilt from the bar at the cursor, so it stays true while playing.
 */
import type { Translate } from '../../i18n/useT';
import type { TooltipContent } from '../charts/ChartTooltip';
import { formatBytes } from '../format';
import type { BarAtCursor, CheckpointStatus } from './barAtCursor';

export function barTooltip(
  v: BarAtCursor,
  t: Translate,
  statusLabel: (s: CheckpointStatus) => string,
): Omit<TooltipContent, 'x' | 'y'> {
  return {
    title: `${v.bar.isSavepoint ? t('tlSavepoint') : t('tlCheckpoint')} ${v.bar.id} · ${statusLabel(v.status)}`,
    lines: [
      t('tlMs', { n: v.endMs - v.bar.triggerMs }),
      t('tlAcked', { n: v.acknowledged, of: v.bar.tasks }),
      ...(v.status !== 'inProgress' && v.bar.end?.status === 'completed'
        ? [
            t('chartTipSizes', {
              c: formatBytes(v.bar.end.checkpointedSize),
              s: formatBytes(v.bar.end.stateSize),
            }),
          ]
        : []),
      ...(v.reason ? [v.reason] : []),
    ],
  };
}
