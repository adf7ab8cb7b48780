/**
 * The selected subtask's DSTL as a tape: the last checkpoint's formula ("CP-3 = m1 + change sets
 * 3+4", seed 000's notation), the tape itself (drawn by d3 into a `<g>` it owns), a details line
 * for the hovered or focused change set, and the legend.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { EngineState } from '../../engine';
import { useT, type Translate } from '../../i18n/useT';
import { formatBytes } from '../format';
import { usePrefersReducedMotion } from '../usePrefersReducedMotion';
import { taskHistoryAt } from './changelogHistory';
import { checkpointFormula } from './checkpointFormula';
import { dstlTapeOf, type ChangelogTaskState, type DstlTapeModel, type TapeCell } from './dstlTape';
import { checkpointFill, drawTape, MIN_CELL, TAPE_HEIGHT, type TapeText } from './drawTape';
import { useChangelogHistory } from './useChangelogHistory';
import { useElementWidth } from './useElementWidth';
import { useTypeScale } from '../charts/useTypeScale';
import { useViewCursor } from '../panelPace';

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function describeCell(
  t: Translate,
  model: DstlTapeModel,
  ordinalOf: (file: string) => string,
  c: TapeCell,
): string {
  const size = formatBytes(c.sizeBytes ?? 0);
  const where: Record<TapeCell['status'], () => string> = {
    uploaded: () =>
      t('clCellUploaded', {
        file: baseName(c.file ?? ''),
        ordinal: ordinalOf(c.file ?? ''),
        offset: c.offset ?? 0,
        size,
      }),
    uploading: () => t('clCellUploading', { size }),
    notUploaded: () => t('clCellNotUploaded', { size }),
    active: () => t('clCellActive', { size, threshold: formatBytes(model.activeThreshold) }),
    truncated: () => t('clCellTruncated'),
  };
  const carried =
    c.firstCheckpoint !== null ? t('clCellFirstCp', { id: c.firstCheckpoint }) : t('clCellNoCp');
  return [
    t('clChangeSet', { n: c.sqn + 1 }),
    t('clSqn', { sqn: c.sqn }),
    where[c.status](),
    carried,
  ].join(' · ');
}

const STATUS_KEY = {
  IN_PROGRESS: 'clCpInProgress',
  COMPLETED: 'clCpCompleted',
  FAILED: 'clCpFailed',
} as const;
const STATUS_CLASS = { IN_PROGRESS: 'progress', COMPLETED: 'completed', FAILED: 'failed' } as const;

export function DstlTape({
  task,
  cl,
  coordinator,
}: {
  task: string;
  cl: ChangelogTaskState;
  coordinator: EngineState['coordinator'];
}) {
  const t = useT();
  const cursor = useViewCursor();
  const index = useChangelogHistory();
  const reducedMotion = usePrefersReducedMotion();
  const [measure, frameWidth] = useElementWidth<HTMLDivElement>();
  // In presenter mode the tape is drawn at its normal geometry and zoomed by the presenter's type
  // scale (a viewBox), so its cells and labels grow with the rest of the enlarged subtask panel.
  const zoom = useTypeScale();
  const width = frameWidth / zoom;
  const gRef = useRef<SVGGElement>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const history = useMemo(() => taskHistoryAt(index, task, cursor), [index, task, cursor]);
  const slots = Math.max(3, Math.floor((width - 4) / MIN_CELL));
  const model = useMemo(
    () =>
      dstlTapeOf(
        cl,
        history,
        (id) => coordinator.history.find((h) => h.id === id)?.status ?? null,
        slots,
      ),
    [cl, history, coordinator, slots],
  );
  const text = useMemo<TapeText>(() => {
    const ordinalOf = (file: string) => String(index.fileOrdinals[file] ?? '?');
    return {
      cut: t('clCut'),
      cutTitle: (sqn) => t('clCutTitle', { sqn }),
      syncPoint: (id) => t('clSyncPoint', { id }),
      running: (id) => t('clRunning', { id }),
      olderTitle: (n) => t('clOlderTitle', { n }),
      checkpoint: (id) => `CP-${id}`,
      describe: (c) => describeCell(t, model, ordinalOf, c),
      fileLabel: (file) => `#${ordinalOf(file)}`,
      fileTitle: (file) => `${baseName(file)} (#${ordinalOf(file)})`,
    };
  }, [t, model, index]);

  useEffect(() => {
    if (gRef.current && width > 0)
      drawTape(gRef.current, model, text, { width, reducedMotion, onFocus: setFocused });
  }, [model, text, width, reducedMotion]);

  const focusedCell = focused === null ? undefined : model.cells.find((c) => c.sqn === focused);
  const carriedBy = [
    ...new Set(model.cells.filter((c) => c.status !== 'truncated').map((c) => c.firstCheckpoint)),
  ].sort((a, b) => (a ?? Infinity) - (b ?? Infinity));
  const cp = model.checkpoint;
  return (
    // A fragment: the sticky part must be a direct child of the scrolling panel to stay in view
    // (at its bottom, on a tall screen) while the state table above it scrolls.
    <>
      <div className="cl-sticky" data-testid="dstl-tape">
        {cp && (
          <p className="cl-formula" data-testid="dstl-formula">
            <span
              className="cl-swatch"
              style={{ background: checkpointFill(cp.checkpointId) }}
              aria-hidden="true"
            />
            <b>{checkpointFormula(t, cp)}</b>
            {cp.status && (
              <span className={`badge ${STATUS_CLASS[cp.status]}`}>{t(STATUS_KEY[cp.status])}</span>
            )}
          </p>
        )}
        <div ref={measure} className="cl-tape-frame">
          <svg
            width={Math.max(frameWidth, 0)}
            height={TAPE_HEIGHT * zoom}
            viewBox={`0 0 ${Math.max(width, 0)} ${TAPE_HEIGHT}`}
            role="group"
            aria-label={t('clTapeLabel', { task })}
          >
            <g ref={gRef} />
          </svg>
        </div>
        <p className="cl-details small" aria-live="polite" data-testid="dstl-details">
          {focusedCell ? (
            text.describe(focusedCell)
          ) : (
            <span className="muted">{t('clDetailsHint')}</span>
          )}
        </p>
      </div>
      <div className="cl-legend small" aria-hidden="true">
        <span>
          <i className="cl-key uploaded" />
          {t('clLegendPersisted')}
        </span>
        <span>
          <i className="cl-key uploading" />
          {t('clLegendUploading')}
        </span>
        <span>
          <i className="cl-key memory" />
          {t('clLegendMemory')}
        </span>
        <span>
          <i className="cl-key active" />
          {t('clLegendActive')}
        </span>
        <span>
          <i className="cl-key truncated" />
          {t('clLegendTruncated')}
        </span>
      </div>
      <div className="cl-legend small" aria-hidden="true">
        <span className="muted">{t('clLegendColor')}:</span>
        {carriedBy.map((id) => (
          <span key={id ?? 'none'}>
            <i className="cl-swatch" style={{ background: checkpointFill(id) }} />
            {id === null ? t('clLegendNone') : `CP-${id}`}
          </span>
        ))}
      </div>
    </>
  );
}
