/**
 * The up-front estimate of a run: close enough to decide "fits or not" before recording, a
 * keyframe spacing that grows with the run, and a refusal whose suggestion really fits.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, DEFAULT_SCENARIO_INPUT, scenarioOf } from '../defaultScenario';
import type { Scenario } from '../scenario/scenarioSchema';
import { parseScenarioText } from '../scenario/parseScenario';
import { Timeline } from '../timeline';
import { checkRunBudget, estimateRun, KEYFRAME_BUDGET_BYTES, keyframeSpacing, MIN_KEYFRAME_EVERY, recordingDetailFor, RUN_BUDGET, SUMMARY_BUDGET } from './runEstimate';

function scaleRun() {
  const r = parseScenarioText(readFileSync(new URL('../../../scenarios/scale-run.json', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('scale-run.json is invalid');
  return r.scenario;
}

/** A copy of `s` with its records in network buffers of `n`. */
function buffered(s: Scenario, n: number): Scenario {
  return { ...s, job: { ...s.job, network: { recordsPerBuffer: n } } };
}

/** A slow operator under at-least-once, and unaligned checkpoints: other step shapes per record and per checkpoint. */
const slowAtLeastOnce = scenarioOf({ ...DEFAULT_SCENARIO_INPUT, job: { parallelism: 3, source: { kind: 'generator', keys: 40, ratePerSec: 150 }, operators: [{ name: 'count', state: 'value', processingMs: 2 }] }, checkpointing: { intervalMs: 500, mode: 'at_least_once' }, untilMs: 4_000 });
const unaligned = scenarioOf({ ...DEFAULT_SCENARIO_INPUT, job: { parallelism: 4, source: { kind: 'generator', keys: 100, ratePerSec: 300 } }, stateBackend: { type: 'rocksdb', incremental: true }, checkpointing: { intervalMs: 400, unaligned: true }, untilMs: 3_000 });

describe('estimateRun', () => {
  it.each([
    ['the default scenario', DEFAULT_SCENARIO],
    ['the default scenario in buffers of 8', buffered(DEFAULT_SCENARIO, 8)],
    ['the per-record scale run cut to 1.5 s', buffered({ ...scaleRun(), untilMs: 1_500 }, 1)],
    ['the scale run cut to 6 s, in buffers of 256', buffered({ ...scaleRun(), untilMs: 6_000 }, 256)],
    ['a slow operator, at least once', slowAtLeastOnce],
    ['unaligned checkpoints on RocksDB, in buffers of 16', buffered(unaligned, 16)],
  ])('%s: steps and events within a factor of 2 of a real recording, records exact', (_name, s) => {
    const t = Timeline.record(s, { maxSteps: Number.MAX_SAFE_INTEGER });
    const e = estimateRun(s);
    expect(e.steps / t.length).toBeGreaterThan(0.5);
    expect(e.steps / t.length).toBeLessThan(2);
    let events = 0;
    for (const r of t.records()) events += r.events.length;
    expect(e.events / events).toBeGreaterThan(0.5);
    expect(e.events / events).toBeLessThan(2);
    const read = Object.values(t.seek(t.length).state.job.sources).reduce((n, src) => n + src.emitted, 0);
    // A record due exactly at untilMs may or may not be read yet: within one (a buffer's worth) per source.
    expect(Math.abs(e.records - read)).toBeLessThanOrEqual(s.job.parallelism * (s.job.network?.recordsPerBuffer ?? 1));
  });

  it('the per-record scale run: within 1 % of the 3,366,881 steps it really takes (measured in Node)', () => {
    const e = estimateRun(buffered(scaleRun(), 1));
    expect(Math.abs(e.steps / 3_366_881 - 1)).toBeLessThan(0.01);
  });

  it('the scale run: 1,000,000 records and 500 checkpoints; buffers of 256 cut its steps 7-fold, not its events', () => {
    const e = estimateRun(scaleRun());
    const perRecord = estimateRun(buffered(scaleRun(), 1));
    expect(e.records).toBeGreaterThanOrEqual(1_000_000);
    expect(e.checkpoints).toBe(500);
    expect(perRecord.steps).toBeGreaterThan(3_000_000);
    expect(e.steps).toBeLessThan(perRecord.steps / 6);
    // The barriers of 500 checkpoints at parallelism 16 stay: about 360,000 steps of the ~490,000.
    expect(e.steps).toBeGreaterThan(400_000);
    expect(e.events).toBe(perRecord.events);
  });
});

describe('keyframe spacing', () => {
  it('stays at the minimum for a small run and grows with a long one, keeping keyframes within their budget', () => {
    expect(estimateRun(DEFAULT_SCENARIO).keyframeEvery).toBe(MIN_KEYFRAME_EVERY);
    const kfBytes = 2_000_000;
    const every = keyframeSpacing(3_000_000, kfBytes);
    expect(every).toBeGreaterThan(MIN_KEYFRAME_EVERY);
    expect((3_000_000 / every) * kfBytes).toBeLessThanOrEqual(KEYFRAME_BUDGET_BYTES);
    // The next denser spacing would not fit: the spacing is no sparser than it must be.
    expect((3_000_000 / (every / 2)) * kfBytes).toBeGreaterThan(KEYFRAME_BUDGET_BYTES);
  });
});

describe('checkRunBudget', () => {
  it('accepts the default scenario with every event', () => {
    const v = checkRunBudget(DEFAULT_SCENARIO);
    expect(v.ok && v.detail).toBe('records');
    expect(recordingDetailFor(DEFAULT_SCENARIO)).toBe('records');
  });

  it('accepts the scale run in summary: over the full-detail budget, within the summary one with margin', () => {
    const s = scaleRun();
    const v = checkRunBudget(s);
    if (!v.ok) throw new Error('the scale run should be accepted in summary');
    expect(v.detail).toBe('summary');
    expect(recordingDetailFor(s)).toBe('summary');
    expect(v.estimate.steps).toBeGreaterThan(RUN_BUDGET.maxSteps);
    expect(v.estimate.bytes).toBeGreaterThan(RUN_BUDGET.maxBytes);
    // Measured in Node (docs/architecture.md): 492,699 steps, 885,542 events kept, 474 MB of heap.
    expect(v.estimate.steps * 1.5).toBeLessThan(SUMMARY_BUDGET.maxSteps);
    expect(v.estimate.summaryBytes * 1.3).toBeLessThan(SUMMARY_BUDGET.maxBytes);
    expect(Math.abs(v.estimate.summaryEvents / 885_542 - 1)).toBeLessThan(0.5);
    // A shorter scale run fits with every event.
    expect(checkRunBudget({ ...s, untilMs: 20_000 })).toMatchObject({ ok: true, detail: 'records' });
  });

  it('refuses a run too big even in summary, with a shorter run and a lower rate that do fit', () => {
    const s = buffered({ ...scaleRun(), untilMs: 200_000 }, 1);
    const v = checkRunBudget(s);
    if (v.ok) throw new Error('200 s of the per-record scale run should be over the summary budget');
    expect(v.over).toContain('steps');
    expect(v.estimate.steps).toBeGreaterThan(SUMMARY_BUDGET.maxSteps);
    expect(v.suggestedUntilMs).toBeGreaterThan(0);
    expect(v.suggestedUntilMs).toBeLessThan(s.untilMs);
    expect(checkRunBudget({ ...s, untilMs: v.suggestedUntilMs })).toMatchObject({ ok: true, detail: 'summary' });
    expect(checkRunBudget({ ...s, untilMs: v.suggestedUntilMs + 1000 }).ok).toBe(false);
    const src = s.job.source;
    if (src.kind !== 'generator') throw new Error('generator expected');
    expect(v.suggestedRatePerSec).toBeGreaterThan(0);
    expect(v.suggestedRatePerSec).toBeLessThan(src.ratePerSec);
    const at = (rate: number) => ({ ...s, job: { ...s.job, source: { ...src, ratePerSec: rate } } });
    expect(checkRunBudget(at(v.suggestedRatePerSec!)).ok).toBe(true);
    expect(checkRunBudget(at(v.suggestedRatePerSec! + 1)).ok).toBe(false);
  });

  it('refuses an absurd run (millions of steps a second) and suggests no rate when the checkpoints alone are too many', () => {
    const s = { ...scaleRun(), untilMs: 10_000_000 };
    const v = checkRunBudget(s);
    if (v.ok) throw new Error('10,000 s of the scale run should be refused');
    expect(v.suggestedUntilMs).toBeLessThan(s.untilMs / 5);
    expect(checkRunBudget({ ...s, untilMs: v.suggestedUntilMs }).ok).toBe(true);
    expect(v.suggestedRatePerSec).toBeNull();
  });
});
