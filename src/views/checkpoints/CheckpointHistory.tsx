/**
 * The coordinator's checkpoint history at the cursor (CheckpointHistoryTable over historyRowsOf).
 * Clicking a row jumps to the step where that checkpoint completed or failed. Above it, the way to
 * a real job's figures: "Show real REST statistics…" opens them beside the run.
 */
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import { useInspector } from '../../app/inspector/inspectorStore';
import { useViewState } from '../panelPace';
import { SinkVerdict } from './SinkVerdict';
import { useCheckpointDetail } from './detailStore';
import { CheckpointHistoryTable } from './CheckpointHistoryTable';
import { historyRowsOf } from './historyRows';

function jumpTo(id: number): void {
  const s = useAppStore.getState();
  const records = s.timeline.records();
  const i = records.findIndex((r) => r.events.some((e) => (e.type === 'checkpoint.completed' || e.type === 'checkpoint.aborted') && e.checkpointId === id));
  if (i >= 0) {
    s.setPlaying(false);
    s.setCursor(i + 1);
  }
}

export function CheckpointHistory() {
  const t = useT();
  const state = useViewState();
  const rows = historyRowsOf(state.coordinator.history, new Set(state.coordinator.completed.map((c) => c.id)));
  const openDetail = useCheckpointDetail((s) => s.open);
  return (
    <section className="panel checkpoints" aria-labelledby="cp-title" data-testid="checkpoint-history">
      <h2 id="cp-title">{t('checkpoints')}</h2>
      {/* First, so it is in sight however long the history grows. */}
      <p className="rest-open-row">
        <button type="button" className="rest-open" onClick={() => useInspector.getState().showRest()} title={t('restOpenTitle')} data-testid="rest-open">
          {t('restOpen')}
        </button>
      </p>
      {rows.length === 0 ? (
        <p className="muted">{t('noCheckpointsYet')}</p>
      ) : (
        <CheckpointHistoryTable
          rows={rows}
          jumpLabel={(id) => t('cpRowJump', { id })}
          detailLabel={(id) => t('cpDetailOpen', { id })}
          onJump={jumpTo}
          onDetail={openDetail}
        />
      )}
      <p className="note">{t('retainedNote', { n: state.scenario.checkpointing.numRetained })}</p>
      <SinkVerdict />
    </section>
  );
}
