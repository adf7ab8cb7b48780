/**
 * Acting on the simulation at the cursor. Acting at an earlier step branches the timeline;
 * the notice says so, because the steps the user saw after it are gone.
 */
import { useAppStore } from '../../store/appStore';
import { selectLastBranch, selectStateAtCursor } from '../../store/selectors';
import { useT } from '../../i18n/useT';

export function ActionsPanel() {
  const t = useT();
  const applyAction = useAppStore((s) => s.applyAction);
  const state = useAppStore(selectStateAtCursor);
  const lastBranch = useAppStore(selectLastBranch);
  const dismiss = () => useAppStore.setState({ lastBranch: null });
  return (
    <section className="panel actions" aria-label="Actions">
      <button
        type="button"
        data-testid="inject-record"
        onClick={() => {
          useAppStore.getState().setPlaying(false);
          applyAction({ do: 'emit', value: 100 + state.toy.emitted });
        }}
      >
        {t('injectRecord')}
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
