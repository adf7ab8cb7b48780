/** The sink's output and the exactly-once verdict at the cursor (under the checkpoint table). */
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import { useViewState } from '../panelPace';
import { useSyncExternalStore } from 'react';
import { onReference, pacedSinkVerdict, referenceOf } from './sinkVerdict';
import { selectFastPlayback } from '../usePrefersReducedMotion';
import './checkpoints.css';

export function SinkVerdict() {
  const t = useT();
  const scenario = useAppStore((s) => s.timeline.scenario);
  const state = useViewState();
  const reference = useSyncExternalStore(onReference, () => referenceOf(scenario, state.nowMs));
  const fast = useAppStore(selectFastPlayback);
  const v = pacedSinkVerdict(scenario, state, reference, fast);
  if (!v) {
    return (
      <div className="sink-verdict" data-testid="sink-verdict" aria-labelledby="sink-verdict-title">
        <h3 id="sink-verdict-title">{t('verdictTitle')}</h3>
        <p className="note" data-testid="sink-verdict-pending">{t('verdictComputing')}</p>
      </div>
    );
  }
  const cls = v.verdict.lost > 0 ? 'failed' : v.verdict.duplicated > 0 ? 'subsumed' : v.verdict.compared === 0 ? 'progress' : 'completed';
  return (
    <div className="sink-verdict" data-testid="sink-verdict" aria-labelledby="sink-verdict-title">
      <h3 id="sink-verdict-title">{t('verdictTitle')}</h3>
      <dl>
        <div>
          <dt>{t('verdictCommitted')}</dt>
          <dd data-testid="sink-committed">{v.committed}</dd>
        </div>
        <div>
          <dt>{t('verdictDuplicates')}</dt>
          <dd data-testid="sink-duplicates">{v.duplicates}</dd>
        </div>
        <div>
          <dt>{t('verdictLabel')}</dt>
          <dd>
            <span className={`badge ${cls}`} data-testid="sink-verdict-label" data-exactly-once={String(v.verdict.exactlyOnce)}>
              {t(v.label.key, v.label.params)}
            </span>
          </dd>
        </div>
      </dl>
      <p className="verdict-why" data-testid="sink-verdict-why">{t(v.why)}</p>
      <p className="note">{t('verdictNote')}</p>
    </div>
  );
}
