/** "Simulate a job like this": what the scenario keeps of the checkpoint, what it cannot, and the button that opens it. */
import { useMemo, useState } from 'react';
import { useT } from '../../i18n/useT';
import type { InspectedCheckpoint } from '../../inspector/folder';
import { parseScenarioFromCheckpoint, scenarioFromCheckpoint } from '../../app/inspector/scenarioFromCheckpoint';
import { applyScenario } from '../../app/scenarioIo/applyScenario';
import { formatProblems } from '../../engine';
import { useInspector } from '../../app/inspector/inspectorStore';
import { useAppStore } from '../../store/appStore';

export function SimulateLikeThis({ c }: { c: InspectedCheckpoint }) {
  const t = useT();
  const hide = useInspector((s) => s.hide);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { notes } = useMemo(() => scenarioFromCheckpoint(c), [c]);
  const line = (n: (typeof notes)[number], i: number) => <li key={i}>{t(n.key, n.params)}</li>;
  const record = () => {
    setBusy(false);
    const { result } = parseScenarioFromCheckpoint(c);
    if (!result.ok) return setError(formatProblems(result.problems));
    const applied = applyScenario(result.scenario);
    if (!applied.ok) return setError(formatProblems(applied.problems));
    // The subtask panel shows the first keyed operator's subtask 0 (its default, count#0, may not exist here).
    useAppStore.getState().selectTask(`${result.scenario.job.operators[0]!.name}#0`);
    setError(null);
    hide();
  };
  // The whole run is recorded before it opens: say so first, then record once that is painted.
  const simulate = () => {
    setBusy(true);
    setTimeout(record, 30);
  };
  return (
    <section className="ins-card" data-testid="ins-simulate" aria-labelledby="ins-sim-title">
      <h3 id="ins-sim-title">{t('insSimTitle')}</h3>
      <p className="small">{t('insSimIntro')}</p>
      <div className="ins-sim-cols">
        <div>
          <h4>{t('insSimMapped')}</h4>
          <ul className="ins-list" data-testid="ins-sim-mapped">
            {notes.filter((n) => n.mapped).map(line)}
          </ul>
        </div>
        <div>
          <h4>{t('insSimNotMapped')}</h4>
          <ul className="ins-list" data-testid="ins-sim-not-mapped">
            {notes.filter((n) => !n.mapped).map(line)}
          </ul>
        </div>
      </div>
      <p className="muted small">{t('insEngineNote')}</p>
      <button type="button" className="primary" onClick={simulate} disabled={busy} data-testid="ins-simulate-button">
        {busy ? t('insSimRecording') : t('insSimButton')}
      </button>
      {error && (
        <p className="ins-bad" role="alert">
          {t('insSimFailed', { why: error })}
        </p>
      )}
    </section>
  );
}
