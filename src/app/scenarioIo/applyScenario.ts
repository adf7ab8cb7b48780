/**
 * Replaces the run with a validated scenario: the timeline is re-recorded from step 0 and the
 * persistence sync saves the new scenario (it follows the store). The recording happens before
 * the store changes, so if the engine throws, the current run stays as it was.
 */
import type { ScenarioProblem, Scenario } from '../../engine';
import { useAppStore } from '../../store/appStore';

export type ApplyResult = { ok: true; steps: number } | { ok: false; problems: ScenarioProblem[] };

/** `inThread`: record the whole run before returning (a shared view's actions are replayed on it at once). */
export function applyScenario(scenario: Scenario, opts?: { inThread?: boolean }): ApplyResult {
  try {
    useAppStore.getState().loadScenario(scenario, undefined, opts);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      problems: [{ path: '(engine)', message: `the engine could not run this scenario: ${why}` }],
    };
  }
  return { ok: true, steps: useAppStore.getState().timeline.length };
}
