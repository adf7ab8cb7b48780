/**
 * Acting on the simulation at the cursor: emit a record, trigger a checkpoint or savepoint,
 * restore (at any parallelism). Acting at an earlier step branches the timeline; the notice
 * says so, because the steps the user saw after it are gone.
 */
import { useState } from 'react';
import type { UserAction } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { selectLastBranch, selectStateAtCursor } from '../../store/selectors';
import { useT } from '../../i18n/useT';

const INJECTED_KEY = 'k0';
const INJECTED_VALUE = 100;

function act(action: UserAction): void {
  const s = useAppStore.getState();
  s.setPlaying(false);
  s.applyAction(action);
}

export function ActionsPanel() {
  const t = useT();
  const lastBranch = useAppStore(selectLastBranch);
  const state = useAppStore(selectStateAtCursor);
  const [parallelism, setParallelism] = useState<number | null>(null);
  const current = state.job.topology.vertices[0]!.parallelism;
  const p = parallelism ?? current;
  const canRestore = state.coordinator.completed.length > 0;
  const dismiss = () => useAppStore.setState({ lastBranch: null });
  return (
    <section className="panel actions" aria-label={t('actions')}>
      <div className="action-row">
        <button type="button" data-testid="trigger-checkpoint" onClick={() => act({ do: 'checkpoint' })}>
          {t('triggerCheckpoint')}
        </button>
        <button type="button" data-testid="trigger-savepoint" onClick={() => act({ do: 'savepoint' })}>
          {t('triggerSavepoint')}
        </button>
      </div>
      <div className="action-row">
        <button type="button" data-testid="restore-latest" disabled={!canRestore} onClick={() => act({ do: 'restore', checkpoint: 'latest', parallelism: p })}>
          {t('restoreLatest')}
        </button>
        <label className="inline">
          {t('atParallelism')}{' '}
          <select value={p} onChange={(e) => setParallelism(Number(e.target.value))} data-testid="restore-parallelism">
            {[1, 2, 3, 4, 6, 8].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="button" data-testid="inject-record" onClick={() => act({ do: 'emit', records: [{ key: INJECTED_KEY, value: INJECTED_VALUE }] })}>
        {t('injectRecord', { key: INJECTED_KEY, value: INJECTED_VALUE })}
      </button>
      {lastBranch && (
        <div className="notice" role="status" data-testid="branch-notice">
          <span>{t('branchNotice', { n: lastBranch.discardedSteps })}</span>
          <button type="button" className="link" onClick={dismiss}>
            {t('dismiss')}
          </button>
        </div>
      )}
    </section>
  );
}
