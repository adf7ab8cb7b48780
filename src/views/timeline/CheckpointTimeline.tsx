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
import { ChartTooltip, type TooltipContent } from '../charts/ChartTooltip';
import { useDerived } from '../charts/memoByRevision';
import { useElementSize } from '../charts/useElementSize';
import { typeScaleStyle, useTypeScale } from '../charts/useTypeScale';
import { barAtCursor, currentBar, type BarAtCursor } from './barAtCursor';
import { barTooltip } from './barTooltip';
import { detailMinHeight } from './detailLayout';
import { GanttDetail } from './GanttDetail';
import { GanttLegend } from './GanttLegend';
import { GanttOverview, type OverviewHover } from './GanttOverview';
import { jumpToCheckpoint } from './jumpToCheckpoint';
import { useCheckpointDetail } from '../checkpoints/detailStore';
import { jumpToStep } from './jumpToStep';
import { markerTip } from './markerText';
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
  // The hovered or focused bar or marker; its tooltip is rebuilt from the data, so it stays true while playing.
  const [hover, setHover] = useState<OverviewHover | null>(null);
  const [detailTip, setDetailTip] = useState<TooltipContent | null>(null);
  // On a big screen (1920×1080) the tab is tall: taller lanes and larger text.
  const roomy = rootSize.height >= 330;
  const k = useTypeScale();

  const pinned =
    pin && pin.cursor === cursor
      ? data.bars.find((b) => b.id === pin.id && b.triggerPos <= cursor)
      : undefined;
  const shownBar = pinned ?? currentBar(data.bars, cursor);
  const shown = shownBar ? barAtCursor(shownBar, cursor, cursorMs) : null;

  const openDetail = useCheckpointDetail((s) => s.open);
  const activate = (v: BarAtCursor) => {
    const target = jumpToCheckpoint(v.bar);
    setPin({ id: v.bar.id, cursor: target });
  };
  let tip: TooltipContent | null = null;
  if (hover?.what === 'bar') {
    const bar = data.bars.find((b) => b.id === hover.id);
    const view = bar ? barAtCursor(bar, cursor, cursorMs) : null;
    if (view) tip = { x: hover.x, y: hover.y + 14 * k, ...barTooltip(view, t, statusLabel) };
  } else if (hover?.what === 'marker') {
    const m = data.markers[hover.index];
    if (m && m.pos <= cursor) tip = { x: hover.x, y: hover.y + 14 * k, ...markerTip(m, cursor, t) };
  }

  return (
    <div
      className={`checkpoint-timeline${roomy ? ' roomy' : ''}`}
      data-testid="checkpoint-timeline"
      ref={rootRef}
      style={typeScaleStyle(k)}
    >
      <div className="gantt-box" ref={boxRef}>
        {size.width > 0 && (
          <GanttOverview
            data={data}
            cursor={cursor}
            cursorMs={cursorMs}
            width={size.width}
            roomy={roomy}
            k={k}
            focusId={pin && pin.cursor === cursor ? pin.id : null}
            onFocusBar={(v) => setPin({ id: v.bar.id, cursor })}
            onHover={setHover}
            onActivate={activate}
            onActivateMarker={(i) => {
              const m = data.markers[i];
              if (m) jumpToStep(m.pos);
            }}
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
            <button
              type="button"
              className="row-detail"
              data-testid={`gantt-detail-open-${shown.bar.id}`}
              onClick={(e) => openDetail(shown.bar.id, e.currentTarget)}
            >
              {t('cpDetailOpen', { id: shown.bar.id })}
            </button>
          </p>
          {/* Grows into the free height; never below what its rows need (the tab then scrolls). */}
          <div
            className="gantt-detail-box"
            ref={detailRef}
            style={{ minHeight: detailMinHeight(shown.rows.length, k, roomy) }}
          >
            {detailSize.width > 0 && (
              <GanttDetail
                view={shown}
                cursorMs={cursorMs}
                width={detailSize.width}
                available={detailSize.height}
                k={k}
                roomy={roomy}
                onHover={(text, x, y) =>
                  setDetailTip(text === null ? null : { x, y: y + 18 * k, title: text, lines: [] })
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
