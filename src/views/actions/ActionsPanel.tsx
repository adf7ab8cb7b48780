/**
 * Acting on the simulation at the cursor. Acting at an earlier step branches the timeline;
 * the notice says so, because the steps the user saw after it are gone.
 */
import { useAppStore } from '../../store/appStore';
import { selectLastBranch } from '../../store/selectors';
import { useT } from '../../i18n/useT';

const INJECTED_KEY = 'k0';
const INJECTED_VALUE = 100;

export function ActionsPanel() {
  const t = useT();
  const applyAction = useAppStore((s) => s.applyAction);
  const lastBranch = useAppStore(selectLastBranch);
  const dismiss = () => useAppStore.setState({ lastBranch: null });
  return (
    <section className="panel actions" aria-label="Actions">
      <button
        type="button"
        data-testid="inject-record"
        onClick={() => {
          useAppStore.getState().setPlaying(false);
          applyAction({ do: 'emit', records: [{ key: INJECTED_KEY, value: INJECTED_VALUE }] });
        }}
      >
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
