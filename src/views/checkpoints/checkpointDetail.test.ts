// The drill-down and the verdict on screen come from the recording: seed 002's checkpoint 3
// uploads and reuses exactly what the shared state registry was told, and the sinks' verdicts
// match the engine's exactly-once verdict at every completion.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_INPUT, Timeline, parseScenarioText, exactlyOnceVerdict, failureFreeOutcome, scenarioOf } from '../../engine';
import { checkpointDetail } from './checkpointDetail';
import { VERDICT_EVERY_MS, pacedSinkVerdict, referenceOf, sinkVerdictAt } from './sinkVerdict';

function record(file: string) {
  const r = parseScenarioText(readFileSync(new URL(`../../../scenarios/${file}`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(file);
  return Timeline.record(r.scenario);
}

describe('checkpoint drill-down', () => {
  it('seed 002, checkpoint 3: uploaded and reused shared files are the registry’s, per subtask', () => {
    const tl = record('seed002-refcount.json');
    const at = tl.records().findIndex((r) => r.events.some((e) => e.type === 'checkpoint.completed' && e.checkpointId === 3)) + 1;
    const state = tl.stateAt(at);
    const use = state.registry.checkpoints.find((c) => c.checkpointId === 3)!;
    expect(use.files.length).toBeGreaterThan(0);
    const d = checkpointDetail(tl.records(), at, state, 3)!;
    for (const f of use.files) {
      const row = d.tasks.find((t) => t.task === f.task)!;
      expect((f.placeholder ? row.reused : row.uploaded).map((x) => x.path)).toContain(f.path);
      expect((f.placeholder ? row.uploaded : row.reused).map((x) => x.path)).not.toContain(f.path);
    }
    // Its completion subsumed checkpoint 1: what was deleted then is listed, and is gone from storage.
    const deleted = d.tasks.flatMap((t) => t.deleted.map((x) => x.path));
    const discarded = tl.eventsAt(at).filter((e) => e.type === 'file.discarded').map((e) => (e.type === 'file.discarded' ? e.path : ''));
    expect(deleted.sort()).toEqual(discarded.sort());
    for (const p of deleted) expect(state.storage.files[p]).toBeUndefined();
    // _metadata under the JobManager, with its real size.
    const jm = d.tasks.find((t) => t.task === 'jobmanager')!;
    expect(jm.uploaded[0]!.size).toBe(state.storage.files[jm.uploaded[0]!.path]!.bytes.length);
    expect(d.checkpointedSize).toBeLessThanOrEqual(d.stateSize);
  });
});

describe('sink verdict at the cursor', () => {
  it.each([
    ['sink-after-failure-plain.json', false],
    ['sink-after-failure-transactional.json', true],
  ])('%s: the shown verdict is the engine’s at every completion', (file, exactlyOnce) => {
    const tl = record(file);
    const ref = failureFreeOutcome(tl.scenario);
    let last = null as ReturnType<typeof sinkVerdictAt> | null;
    tl.records().forEach((r, i) => {
      if (!r.events.some((e) => e.type === 'checkpoint.completed')) return;
      const state = tl.stateAt(i + 1);
      const v = sinkVerdictAt(tl.scenario, state)!;
      expect(v.verdict).toEqual(exactlyOnceVerdict(state, ref));
      expect(v.duplicates).toBe(state.job.output.duplicates);
      last = v;
    });
    const end = sinkVerdictAt(tl.scenario, tl.stateAt(tl.length))!;
    expect(end.verdict.exactlyOnce).toBe(exactlyOnce);
    expect(end.label.key).toBe(exactlyOnce ? 'verdictExactlyOnce' : 'verdictAtLeastOnce');
    expect(end.why).toBe(exactlyOnce ? 'verdictWhyTransactional' : 'verdictWhyPlainRestored');
    expect(last).not.toBeNull();
  });
});

describe('the verdict while playing fast', () => {
  it('is worked out at most every VERDICT_EVERY_MS while fast, and for the step itself otherwise', () => {
    const tl = Timeline.record(scenarioOf({ ...DEFAULT_SCENARIO_INPUT, untilMs: 3_000 }), { keyframeEvery: 64 });
    const reference = referenceOf(tl.scenario)!;
    const early = tl.stateAt(Math.floor(tl.length / 2));
    const late = tl.stateAt(tl.length);
    const own = (s: typeof early) => sinkVerdictAt(tl.scenario, s, reference)!.committed;
    expect(own(late)).toBeGreaterThan(own(early));
    expect(pacedSinkVerdict(tl.scenario, early, reference, true, 1_000)!.committed).toBe(own(early));
    // Fast, within the interval: the last verdict again.
    expect(pacedSinkVerdict(tl.scenario, late, reference, true, 1_000 + VERDICT_EVERY_MS - 1)!.committed).toBe(own(early));
    // Fast, after the interval, or not fast at all: the step's own.
    expect(pacedSinkVerdict(tl.scenario, late, reference, true, 1_000 + VERDICT_EVERY_MS)!.committed).toBe(own(late));
    expect(pacedSinkVerdict(tl.scenario, early, reference, false, 1_000 + VERDICT_EVERY_MS + 1)!.committed).toBe(own(early));
  });
});
