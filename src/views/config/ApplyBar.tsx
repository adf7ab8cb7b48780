/**
 * Apply, reset and revert, with what Apply will do (replace the recorded timeline) or why it
 * is disabled (every problem, each with its field path).
 */
import { useMemo } from 'react';
import { checkRunBudget } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { budgetNoteText, draftEstimateLines } from '../../app/scenarioIo/runBudgetText';
import { useT } from '../../i18n/useT';
import { ProblemList } from './ProblemList';
import type { ScenarioDraft } from './useScenarioDraft';

export function ApplyBar({ form }: { form: ScenarioDraft }) {
  const t = useT();
  const steps = useAppStore((s) => s.timeline.length);
  const actions = useAppStore((s) => s.timeline.interventions.length);
  const recording = useAppStore((s) => s.recording !== null);
  const { check, status, canApply, changed } = form;
  // Recomputed as the user edits: what the draft would cost to record, and whether it fits.
  const draftScenario = check.result.ok ? check.result.scenario : null;
  const verdict = useMemo(() => (draftScenario ? checkRunBudget(draftScenario) : null), [draftScenario]);
  let note;
  if (check.problems.length > 0) {
    note = (
      <>
        <strong>{t('cfgApplyBlocked', { n: check.problems.length })}</strong>
        <ProblemList problems={check.problems} max={4} />
      </>
    );
  } else if (!changed) {
    note =
      status?.kind === 'applied' ? (
        <span role="status">
          {t(recording ? 'cfgAppliedRecording' : 'cfgApplied', { steps })}
          {status.marked && ` ${t('cfgTitleMarked')}`}
        </span>
      ) : (
        t('cfgNoChanges')
      );
  } else {
    note = t(actions > 0 ? 'cfgApplyNoteActions' : 'cfgApplyNote', { steps, n: actions });
  }
  return (
    <div className="cfg-apply-bar">
      <div className="cfg-apply-note" id="cfg-apply-note" data-testid="cfg-apply-note">
        {note}
        {status?.kind === 'failed' && <ProblemList problems={status.problems} />}
        {verdict && (
          <p
            className={verdict.ok ? 'cfg-estimate muted small' : 'cfg-estimate over-budget small'}
            data-testid="cfg-estimate"
            data-detail={verdict.ok ? verdict.detail : 'refused'}
            title={budgetNoteText(t)}
          >
            {draftEstimateLines(verdict, t).join(' ')}
          </p>
        )}
      </div>
      <div className="cfg-apply-buttons">
        <button
          type="button"
          data-testid="cfg-reset"
          onClick={form.resetDefaults}
          title={t('cfgResetHint')}
        >
          {t('cfgReset')}
        </button>
        <button
          type="button"
          data-testid="cfg-revert"
          onClick={form.revert}
          disabled={!changed && check.problems.length === 0}
        >
          {t('cfgRevert')}
        </button>
        <button
          type="button"
          className="primary"
          data-testid="cfg-apply"
          onClick={form.apply}
          disabled={!canApply}
          aria-describedby="cfg-apply-note"
        >
          {t('cfgApply')}
        </button>
      </div>
    </div>
  );
}
