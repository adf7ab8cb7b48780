/** While the runs record (in a worker): which run, the simulated time reached, an estimate of what is left, and cancel. */
import { useT } from '../../i18n/useT';
import type { ComparisonRunState } from '../../app/compare/useComparisonRun';
import { formatTime } from './OverlayChart';

export function CompareProgress({ state, onCancel, onRerun }: { state: ComparisonRunState; onCancel: () => void; onRerun: () => void }) {
  const t = useT();
  const total = state.untilMs.length;
  const done = state.runs.filter((r) => r !== null).length;
  if (state.status === 'cancelled' || state.status === 'error') {
    return (
      <div className="cmp-progress" role={state.status === 'error' ? 'alert' : 'status'} data-testid="cmp-progress">
        <span>{state.status === 'error' && state.error ? t('cmpError', { n: state.error.run + 1, message: state.error.message }) : t('cmpCancelled')}</span>
        <button type="button" onClick={onRerun} data-testid="cmp-rerun">
          {t('cmpRerun')}
        </button>
      </div>
    );
  }
  if (state.status !== 'running') return null;
  const run = Math.min(done, total - 1);
  const simTotal = state.untilMs.reduce((a, b) => a + b, 0);
  const simDone = state.reachedMs.reduce((a, b) => a + b, 0);
  const elapsed = (performance.now() - state.startedAt) / 1000;
  const left = simDone > 0 ? Math.max(0, Math.round((elapsed * (simTotal - simDone)) / simDone)) : null;
  return (
    <div className="cmp-progress" role="status" data-testid="cmp-progress">
      <progress max={simTotal} value={simDone} aria-label={t('cmpRecording', { n: run + 1, total, reached: formatTime(state.reachedMs[run] ?? 0), until: formatTime(state.untilMs[run] ?? 0) })} />
      <span>
        {t('cmpRecording', { n: run + 1, total, reached: formatTime(state.reachedMs[run] ?? 0), until: formatTime(state.untilMs[run] ?? 0) })}
        {left !== null && <> · {t('cmpProgressDetail', { done, total, left })}</>}
      </span>
      <button type="button" onClick={onCancel} data-testid="cmp-cancel">
        {t('cmpCancel')}
      </button>
    </div>
  );
}
