/**
 * The coordinator's checkpoint history at the cursor, named as Flink's REST API names it
 * (checkpointed_size, state_size, end-to-end duration). Clicking a row jumps to the step where
 * that checkpoint completed or failed (from the keyboard: the button in the row's first cell).
 */
import { useRef } from 'react';
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import type { CheckpointHistoryEntry } from '../../engine';
import { formatBytes } from '../format';
import { statusGloss, type FlinkStatusName } from '../i18nLabels/storageKind';
import { selectLang } from '../../store/selectors';
import { useViewState } from '../panelPace';
import { SinkVerdict } from './SinkVerdict';
import { useCheckpointDetail } from './detailStore';
import { useWindowedRows } from '../virtual/useWindowedRows';
import { SpacerRow } from '../virtual/SpacerRow';

function jumpTo(id: number): void {
  const s = useAppStore.getState();
  const records = s.timeline.records();
  const i = records.findIndex((r) => r.events.some((e) => (e.type === 'checkpoint.completed' || e.type === 'checkpoint.aborted') && e.checkpointId === id));
  if (i >= 0) {
    s.setPlaying(false);
    s.setCursor(i + 1);
  }
}

function statusOf(h: CheckpointHistoryEntry): { label: FlinkStatusName; cls: string } {
  if (h.status === 'COMPLETED') return h.subsumed ? { label: 'SUBSUMED', cls: 'subsumed' } : { label: 'COMPLETED', cls: 'completed' };
  if (h.status === 'FAILED') return { label: 'FAILED', cls: 'failed' };
  return { label: 'IN_PROGRESS', cls: 'progress' };
}

export function CheckpointHistory() {
  const t = useT();
  const lang = useAppStore(selectLang);
  const state = useViewState();
  const history = [...state.coordinator.history].reverse();
  const retained = new Set(state.coordinator.completed.map((c) => c.id));
  const openDetail = useCheckpointDetail((s) => s.open);
  // Hundreds of checkpoints in a big run: only the rows near the visible part render.
  const tableRef = useRef<HTMLTableElement>(null);
  const win = useWindowedRows(tableRef, history.length, 25);
  return (
    <section className="panel checkpoints" aria-labelledby="cp-title" data-testid="checkpoint-history">
      <h2 id="cp-title">{t('checkpoints')}</h2>
      {history.length === 0 ? (
        <p className="muted">{t('noCheckpointsYet')}</p>
      ) : (
        <table className="data-table" ref={tableRef}>
          <thead>
            <tr>
              <th>ID</th>
              <th>{t('status')}</th>
              <th className="num">{t('duration')}</th>
              <th className="num" title="checkpointed_size">{t('checkpointedSize')}</th>
              <th className="num" title="state_size">{t('stateSize')}</th>
              <th className="num">{t('acks')}</th>
            </tr>
          </thead>
          <tbody>
            <SpacerRow height={win.padding.top} cols={6} />
            {win.indices.map((i) => {
              const h = history[i]!;
              const st = statusOf(h);
              const end = h.completeMs ?? h.latestAckMs;
              return (
                <tr
                  key={h.id}
                  data-index={win.windowed ? i : undefined}
                  ref={win.windowed ? win.measure : undefined}
                  className="clickable"
                  onClick={() => jumpTo(h.id)}
                  data-testid={`cp-row-${h.id}`}
                  title={h.failureReason ?? ''}
                >
                  <td>
                    <button type="button" className="row-jump" aria-label={t('cpRowJump', { id: h.id })} onClick={(e) => { e.stopPropagation(); jumpTo(h.id); }}>
                      {h.id}
                      {h.isSavepoint ? ' SP' : ''}
                      {retained.has(h.id) ? ' ★' : ''}
                    </button>
                    <button
                      type="button"
                      className="row-detail"
                      aria-label={t('cpDetailOpen', { id: h.id })}
                      title={t('cpDetailOpen', { id: h.id })}
                      data-testid={`cp-detail-open-${h.id}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        openDetail(h.id, e.currentTarget);
                      }}
                    >
                      ⋯
                    </button>
                  </td>
                  <td>
                    <span className={`badge ${st.cls}`}>
                      {st.label}
                      {statusGloss(t, lang, st.label) && <span className="badge-gloss"> {statusGloss(t, lang, st.label)}</span>}
                    </span>
                  </td>
                  <td className="num">{end !== null && h.status !== 'IN_PROGRESS' ? `${end - h.triggerMs} ms` : '…'}</td>
                  <td className="num">{formatBytes(h.checkpointedSize)}</td>
                  <td className="num">{h.status === 'COMPLETED' ? formatBytes(h.stateSize) : '–'}</td>
                  <td className="num">
                    {h.numAcknowledgedSubtasks}/{h.numSubtasks}
                  </td>
                </tr>
              );
            })}
            <SpacerRow height={win.padding.bottom} cols={6} />
          </tbody>
        </table>
      )}
      <p className="note">{t('retainedNote', { n: state.scenario.checkpointing.numRetained })}</p>
      <SinkVerdict />
    </section>
  );
}
