/** Applying a run too big to record is refused up front, and nothing of the current run is lost. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenarioText, scenarioOf, DEFAULT_SCENARIO_INPUT } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { applyScenario, BUDGET_PATH } from './applyScenario';

const scaleRun = () => {
  const r = parseScenarioText(readFileSync(new URL('../../../scenarios/scale-run.json', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('scale-run.json is invalid');
  return r.scenario;
};

describe('applyScenario and the run budget', () => {
  it('refuses the scale run with the estimate and a suggestion; the timeline, cursor and scenario stay', () => {
    const small = scenarioOf({ ...DEFAULT_SCENARIO_INPUT, untilMs: 3_000 });
    expect(applyScenario(small).ok).toBe(true);
    useAppStore.getState().setCursor(12);
    const before = useAppStore.getState();
    const r = applyScenario(scaleRun());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // In buffers of 256 the barriers of its 500 checkpoints alone are over the step limit, its events over the size limit.
    expect(r.overBudget?.estimate.steps).toBeGreaterThan(400_000);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]!.path).toBe(BUDGET_PATH);
    expect(r.problems[0]!.message).toMatch(/Too big to record/);
    expect(r.problems[0]!.message).toContain(r.overBudget!.suggestedUntilMs.toLocaleString('en-US'));
    const after = useAppStore.getState();
    expect(after.timeline).toBe(before.timeline);
    expect(after.scenario).toBe(small);
    expect(after.cursor).toBe(12);
    expect(after.revision).toBe(before.revision);
  });

  it('says it in Chinese when the app is in Chinese', () => {
    useAppStore.setState({ lang: 'zh' });
    const r = applyScenario(scaleRun());
    useAppStore.setState({ lang: 'en' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.message).toMatch(/运行过大/);
  });
});
