/** The run estimate and a budget refusal in the user's language (the configuration dialog, imports, share links). */
import { RUN_BUDGET, SUMMARY_BUDGET, type BudgetVerdict, type RecordingDetail, type RunEstimate } from '../../engine';
import type { Translate } from '../../i18n/useT';
import { formatBytes } from '../../views/format';

const count = (n: number): string => Math.round(n).toLocaleString('en-US');

export function secondsText(s: number, t: Translate): string {
  return t('cfgSeconds', { n: s < 1 ? '< 1' : s < 10 ? s.toFixed(1) : count(s) });
}

/** The estimate; recorded in summary, its size in summary and with every event (a run refused is told in summary: that is what would not fit). */
export function estimateText(e: RunEstimate, t: Translate, detail: RecordingDetail = 'records'): string {
  const common = {
    steps: count(e.steps),
    records: count(e.records),
    checkpoints: count(e.checkpoints),
    time: secondsText(e.seconds, t),
    every: e.keyframeEvery,
  };
  if (detail === 'records') return t('cfgEstimate', { ...common, size: formatBytes(Math.round(e.bytes)) });
  return t('cfgEstimateSummary', { ...common, size: formatBytes(Math.round(e.summaryBytes)), fullSize: formatBytes(Math.round(e.bytes)) });
}

/** What summary mode leaves out, for a run that will be recorded in summary. */
export function summaryModeText(t: Translate): string {
  return t('cfgSummaryMode', { maxSteps: count(RUN_BUDGET.maxSteps), maxSize: formatBytes(RUN_BUDGET.maxBytes) });
}

export function budgetNoteText(t: Translate): string {
  return t('cfgEstimateNote', {
    maxSteps: count(RUN_BUDGET.maxSteps),
    maxSize: formatBytes(RUN_BUDGET.maxBytes),
    sumSteps: count(SUMMARY_BUDGET.maxSteps),
    sumSize: formatBytes(SUMMARY_BUDGET.maxBytes),
  });
}

/** Why the run is refused, then what to change, one sentence each. */
export function refusalLines(v: Extract<BudgetVerdict, { ok: false }>, t: Translate): string[] {
  const lines = [
    t('cfgOverBudget', {
      steps: count(v.estimate.steps),
      size: formatBytes(Math.round(v.estimate.summaryBytes)),
      maxSteps: count(SUMMARY_BUDGET.maxSteps),
      maxSize: formatBytes(SUMMARY_BUDGET.maxBytes),
    }),
  ];
  const shorter = t('cfgSuggestShorter', { untilMs: count(v.suggestedUntilMs) });
  lines.push(v.suggestedRatePerSec !== null ? `${shorter}, ${t('cfgSuggestRate', { rate: count(v.suggestedRatePerSec) })}.` : `${shorter}.`);
  lines.push(t('cfgSuggestKeysNote'));
  return lines;
}

/**
 * While editing: the estimate; for a run recorded in summary, what that leaves out; for a run
 * over the budget, that Apply will refuse it and what would fit.
 */
export function draftEstimateLines(v: BudgetVerdict, t: Translate): string[] {
  if (v.ok) return v.detail === 'summary' ? [estimateText(v.estimate, t, 'summary'), summaryModeText(t)] : [estimateText(v.estimate, t)];
  return [
    estimateText(v.estimate, t, 'summary'),
    t('cfgOverBudgetDraft', { maxSteps: count(SUMMARY_BUDGET.maxSteps), maxSize: formatBytes(SUMMARY_BUDGET.maxBytes) }),
    refusalLines(v, t)[1]!,
  ];
}
