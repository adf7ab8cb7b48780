/** Applying a run too big to record is refused up front, and nothing of the current run is lost. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenarioText, scenarioOf, DEFAULT_SCENARIO_INPUT } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { applyScenario, BUDGET_PATH } from './applyScenario';

/** The scale run for 10,000 s: over the summary budget too (the scale run itself is recorded in summary). */
const scaleRun = () => {
  const r = parseScenarioText(readFileSync(new URL('../../../scenarios/scale-run.json', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('scale-run.json is invalid');
  return { ...r.scenario, untilMs: 10_000_000 };
};

describe('applyScenario and the run budget', () => {
  it('records a run over the full-detail budget in summary (~227,000 steps, a few seconds)', () => {
    const s = scenarioOf({ ...DEFAULT_SCENARIO_INPUT, job: { ...DEFAULT_SCENARIO_INPUT.job, parallelism: 1, source: { kind: 'generator', keys: 64, ratePerSec: 1000 } }, untilMs: 75_000 });
    const r = applyScenario(s);
    expect(r.ok).toBe(true);
    const t = useAppStore.getState().timeline;
    expect(t.detail).toBe('summary');
    // Past the 200,000 steps a full-detail recording stops at.
    expect(t.length).toBeGreaterThan(200_000);
    expect(t.eventsAt(t.length).some((e) => e.type === 'source.emitted')).toBe(false);
  });

  it('refuses a run too big even in summary with the estimate and a suggestion; the timeline, cursor and scenario stay', () => {
    const small = scenarioOf({ ...DEFAULT_SCENARIO_INPUT, untilMs: 3_000 });
    expect(applyScenario(small).ok).toBe(true);
    useAppStore.getState().setCursor(12);
    const before = useAppStore.getState();
    const r = applyScenario(scaleRun());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // In buffers of 256 the barriers of its 10,000 checkpoints alone are over the summary's step limit.
    expect(r.overBudget?.estimate.steps).toBeGreaterThan(1_000_000);
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
