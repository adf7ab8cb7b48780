/** The run estimate and a budget refusal in the user's language (the configuration dialog, imports, share links). */
import { RUN_BUDGET, type BudgetVerdict, type RunEstimate } from '../../engine';
import type { Translate } from '../../i18n/useT';
import { formatBytes } from '../../views/format';

const count = (n: number): string => Math.round(n).toLocaleString('en-US');

export function secondsText(s: number, t: Translate): string {
  return t('cfgSeconds', { n: s < 1 ? '< 1' : s < 10 ? s.toFixed(1) : count(s) });
}

export function estimateText(e: RunEstimate, t: Translate): string {
  return t('cfgEstimate', {
    steps: count(e.steps),
    records: count(e.records),
    checkpoints: count(e.checkpoints),
    size: formatBytes(Math.round(e.bytes)),
    time: secondsText(e.seconds, t),
    every: e.keyframeEvery,
  });
}

export function budgetNoteText(t: Translate): string {
  return t('cfgEstimateNote', { maxSteps: count(RUN_BUDGET.maxSteps), maxSize: formatBytes(RUN_BUDGET.maxBytes) });
}

/** Why the run is refused, then what to change, one sentence each. */
export function refusalLines(v: Extract<BudgetVerdict, { ok: false }>, t: Translate): string[] {
  const lines = [
    t('cfgOverBudget', {
      steps: count(v.estimate.steps),
      size: formatBytes(Math.round(v.estimate.bytes)),
      maxSteps: count(RUN_BUDGET.maxSteps),
      maxSize: formatBytes(RUN_BUDGET.maxBytes),
    }),
  ];
  const shorter = t('cfgSuggestShorter', { untilMs: count(v.suggestedUntilMs) });
  lines.push(v.suggestedRatePerSec !== null ? `${shorter}, ${t('cfgSuggestRate', { rate: count(v.suggestedRatePerSec) })}.` : `${shorter}.`);
  lines.push(t('cfgSuggestKeysNote'));
  return lines;
}

/** While editing: the estimate, and for a run over the budget, that Apply will refuse it and what would fit. */
export function draftEstimateLines(v: BudgetVerdict, t: Translate): string[] {
  if (v.ok) return [estimateText(v.estimate, t)];
  return [
    estimateText(v.estimate, t),
    t('cfgOverBudgetDraft', { maxSteps: count(RUN_BUDGET.maxSteps), maxSize: formatBytes(RUN_BUDGET.maxBytes) }),
    refusalLines(v, t)[1]!,
  ];
}
