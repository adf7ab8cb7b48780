/**
 * Replaces the run with a validated scenario: the timeline is re-recorded from step 0 and the
 * persistence sync saves the new scenario (it follows the store). The recording happens before
 * the store changes, so if the engine throws, the current run stays as it was. A run estimated
 * over the budget (src/engine/budget/runEstimate.ts) is refused before anything is recorded,
 * with the estimate and what to change, and the current run stays as well.
 */
import { checkRunBudget, type BudgetVerdict, type ScenarioProblem, type Scenario } from '../../engine';
import { translate } from '../../i18n/catalog';
import { useAppStore } from '../../store/appStore';
import { refusalLines } from './runBudgetText';

export type ApplyResult =
  | { ok: true; steps: number }
  | { ok: false; problems: ScenarioProblem[]; /** Set when the run was refused for its size. */ overBudget?: Extract<BudgetVerdict, { ok: false }> };

/** The path of the problem a refusal for size is reported under. */
export const BUDGET_PATH = '(size)';

/** Checks the run's size, then records it (in the Web Worker: it streams in; `whenRecorded` waits for it). */
export function applyScenario(scenario: Scenario): ApplyResult {
  const verdict = checkRunBudget(scenario);
  if (!verdict.ok) {
    const lang = useAppStore.getState().lang;
    const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(lang, key, params);
    return { ok: false, overBudget: verdict, problems: [{ path: BUDGET_PATH, message: refusalLines(verdict, t).join(' ') }] };
  }
  try {
    useAppStore.getState().loadScenario(scenario);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      problems: [{ path: '(engine)', message: `the engine could not run this scenario: ${why}` }],
    };
  }
  return { ok: true, steps: useAppStore.getState().timeline.length };
}
