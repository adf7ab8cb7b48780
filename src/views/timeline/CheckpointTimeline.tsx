/**
 * The checkpoint timeline tab: the overview of every checkpoint on the run's time axis and,
 * below it, the subtask phases of one checkpoint (the newest one the cursor has reached, or
 * the bar last focused at this cursor), then the legend. The bars are derived once per recording
 * (timelineDataOf) and cut at the cursor on every move, which is cheap.
 */
import { useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { selectCursor, selectTimeAtCursor } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { formatBytes } from '../format';
import { ChartTooltip, type TooltipContent } from '../charts/ChartTooltip';
import { useDerived } from '../charts/memoByRevision';
import { useElementSize } from '../charts/useElementSize';
import { barAtCursor, currentBar, type BarAtCursor } from './barAtCursor';
import { detailMinHeight, GanttDetail } from './GanttDetail';
import { GanttLegend } from './GanttLegend';
import { GanttOverview } from './GanttOverview';
import { jumpToCheckpoint } from './jumpToCheckpoint';
import { timelineDataOf } from './timelineData';
import { useStatusLabel } from './useStatusLabel';
import './timeline.css';

export function CheckpointTimeline() {
  const t = useT();
  const statusLabel = useStatusLabel();
  const data = useDerived(timelineDataOf);
  const cursor = useAppStore(selectCursor);
  const cursorMs = useAppStore(selectTimeAtCursor);
  const [rootRef, rootSize] = useElementSize<HTMLDivElement>();
  const [boxRef, size] = useElementSize<HTMLDivElement>();
  const [detailRef, detailSize] = useElementSize<HTMLDivElement>();
  // A focused bar is shown in the detail until the cursor moves; then the detail follows the cursor again.
  const [pin, setPin] = useState<{ id: number; cursor: number } | null>(null);
  // The hovered or focused bar; its tooltip is rebuilt from the data, so it stays true while playing.
  const [hover, setHover] = useState<{ id: number; x: number; y: number } | null>(null);
  const [detailTip, setDetailTip] = useState<TooltipContent | null>(null);
  // On a big screen (1920×1080) the tab is tall: taller lanes and larger text.
  const roomy = rootSize.height >= 330;

  const pinned =
    pin && pin.cursor === cursor
      ? data.bars.find((b) => b.id === pin.id && b.triggerPos <= cursor)
      : undefined;
  const shownBar = pinned ?? currentBar(data.bars, cursor);
  const shown = shownBar ? barAtCursor(shownBar, cursor, cursorMs) : null;

  const activate = (v: BarAtCursor) => {
    const target = jumpToCheckpoint(v.bar);
    setPin({ id: v.bar.id, cursor: target });
  };
  const hoveredBar = hover && data.bars.find((b) => b.id === hover.id);
  const hovered = hoveredBar ? barAtCursor(hoveredBar, cursor, cursorMs) : null;
  const tip: TooltipContent | null = hover &&
    hovered && {
      x: hover.x,
      y: hover.y + 14,
      title: `${hovered.bar.isSavepoint ? t('tlSavepoint') : t('tlCheckpoint')} ${hovered.bar.id} · ${statusLabel(hovered.status)}`,
      lines: [
        t('tlMs', { n: hovered.endMs - hovered.bar.triggerMs }),
        t('tlAcked', { n: hovered.acknowledged, of: hovered.bar.tasks }),
        ...(hovered.status !== 'inProgress' && hovered.bar.end?.status === 'completed'
          ? [
              t('chartTipSizes', {
                c: formatBytes(hovered.bar.end.checkpointedSize),
                s: formatBytes(hovered.bar.end.stateSize),
              }),
            ]
          : []),
        ...(hovered.reason ? [hovered.reason] : []),
      ],
    };

  return (
    <div
      className={`checkpoint-timeline${roomy ? ' roomy' : ''}`}
      data-testid="checkpoint-timeline"
      ref={rootRef}
    >
      <div className="gantt-box" ref={boxRef}>
        {size.width > 0 && (
          <GanttOverview
            data={data}
            cursor={cursor}
            cursorMs={cursorMs}
            width={size.width}
            roomy={roomy}
            focusId={pin && pin.cursor === cursor ? pin.id : null}
            onFocusBar={(v) => setPin({ id: v.bar.id, cursor })}
            onHover={(v, x, y) => setHover(v && { id: v.bar.id, x, y })}
            onActivate={activate}
          />
        )}
        <ChartTooltip tip={tip} width={size.width} />
      </div>
      {shown ? (
        <>
          <p className="gantt-detail-head" data-testid="gantt-detail-head">
            <strong>
              {shown.bar.isSavepoint ? t('tlSavepoint') : t('tlCheckpoint')} {shown.bar.id}
            </strong>
            <span className={`badge ${BADGE_CLASS[shown.status]}`}>
              {statusLabel(shown.status)}
            </span>
            <span>{t('tlMs', { n: shown.endMs - shown.bar.triggerMs })}</span>
            <span>{t('tlAcked', { n: shown.acknowledged, of: shown.bar.tasks })}</span>
            {shown.status === 'subsumed' && shown.bar.subsumed && (
              <span>{t('tlSubsumedBy', { id: shown.bar.subsumed.by })}</span>
            )}
            {shown.reason && <span className="reason">{shown.reason}</span>}
          </p>
          {/* Grows into the free height; never below what its rows need (the tab then scrolls). */}
          <div
            className="gantt-detail-box"
            ref={detailRef}
            style={{ minHeight: detailMinHeight(shown.rows.length) }}
          >
            {detailSize.width > 0 && (
              <GanttDetail
                view={shown}
                cursorMs={cursorMs}
                width={detailSize.width}
                available={detailSize.height}
                onHover={(text, x, y) =>
                  setDetailTip(text === null ? null : { x, y: y + 18, title: text, lines: [] })
                }
              />
            )}
            <ChartTooltip tip={detailTip} width={detailSize.width} />
          </div>
        </>
      ) : (
        <p className="muted" data-testid="gantt-empty">
          {t('tlEmpty')}
        </p>
      )}
      {/* Last, so that on a small screen the bars keep the room and the legend is what scrolls. */}
      <GanttLegend markers={data.markers} />
    </div>
  );
}

/** The history table's badge classes, so a status looks the same in both tabs. */
const BADGE_CLASS: Record<BarAtCursor['status'], string> = {
  completed: 'completed',
  aborted: 'failed',
  subsumed: 'subsumed',
  inProgress: 'progress',
};
