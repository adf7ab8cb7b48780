/**
 * Summary recording (src/engine/recordSummary.ts) changes only what a step's events keep: the
 * same scenario recorded with every event and in summary has the same steps at the same times,
 * the same engine state at every position read (digests), the same checkpoint history and
 * storage, the same non-record events in the same order, and summaries that count exactly the
 * record events they replace. Random small scenarios (buffers, backends, alignment, failures,
 * scripted records) and the scale scenario cut short; branching and the worker's chunks too.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { digestPlain } from '../../src/engine/core/plainData';
import { scenarioOf } from '../../src/engine/defaultScenario';
import type { EngineEvent } from '../../src/engine/events';
import { isPerRecord, PER_RECORD_TYPES, recordCount } from '../../src/engine/recordSummary';
import type { ScenarioAction } from '../../src/engine/scenario/actionSchema';
import { parseScenarioText } from '../../src/engine/scenario/parseScenario';
import { SCENARIO_FORMAT, type Scenario } from '../../src/engine/scenario/scenarioSchema';
import { Timeline } from '../../src/engine/timeline';

const runArb = fc.record({
  seed: fc.nat(1000),
  parallelism: fc.integer({ min: 1, max: 3 }),
  recordsPerBuffer: fc.constantFrom(1, 4, 16),
  rate: fc.integer({ min: 20, max: 200 }),
  backend: fc.constantFrom({ type: 'hashmap', incremental: false } as const, { type: 'rocksdb', incremental: true } as const),
  unaligned: fc.boolean(),
  failAtMs: fc.option(fc.integer({ min: 300, max: 1_500 }), { nil: null }),
  emits: fc.array(fc.record({ atMs: fc.integer({ min: 0, max: 1_500 }), key: fc.constantFrom('a', 'b', 7), value: fc.integer({ min: 1, max: 9 }) }), { maxLength: 4 }),
});

type Run = typeof runArb extends fc.Arbitrary<infer T> ? T : never;

function scenarioFor(r: Run): Scenario {
  const script: ScenarioAction[] = r.emits.map((e) => ({ atMs: e.atMs, do: 'emit', source: 'source#0', records: [{ key: e.key, value: e.value }] }));
  if (r.failAtMs !== null) script.push({ atMs: r.failAtMs, do: 'fail', task: 'count#0', phase: 'now' });
  script.sort((a, b) => a.atMs - b.atMs);
  return scenarioOf({
    format: SCENARIO_FORMAT,
    seed: r.seed,
    job: { parallelism: r.parallelism, maxParallelism: 16, source: { kind: 'generator', keys: 12, ratePerSec: r.rate }, network: { recordsPerBuffer: r.recordsPerBuffer } },
    stateBackend: { type: r.backend.type, incremental: r.backend.incremental, rocksdb: { writeBufferBytes: 512 } },
    checkpointing: { intervalMs: 300, unaligned: r.unaligned },
    script,
    untilMs: 2_000,
  });
}

/** Positions to compare: the ends, every keyframe's neighbourhood and a spread in between. */
function positions(length: number): number[] {
  const out = new Set([0, 1, length]);
  for (let k = 1; k <= 12; k++) out.add(Math.floor((length * k) / 13));
  return [...out].filter((p) => p >= 0 && p <= length).sort((a, b) => a - b);
}

/** Per (type, task) the records a run's events stand for, record events and summaries alike. */
function recordTally(events: readonly EngineEvent[]): Map<string, number> {
  const tally = new Map<string, number>();
  for (const e of events) {
    if (isPerRecord(e)) tally.set(`${e.type}|${e.task}`, (tally.get(`${e.type}|${e.task}`) ?? 0) + 1);
    else if (e.type === 'records.summarized') tally.set(`${e.of}|${e.task}`, (tally.get(`${e.of}|${e.task}`) ?? 0) + e.count);
  }
  return tally;
}

/** The two recordings are the same run: steps, times, states, history, storage, other events, record counts. */
function expectSameRun(full: Timeline, summary: Timeline): void {
  expect(summary.detail).toBe('summary');
  expect(summary.length).toBe(full.length);
  expect(summary.recordingError).toEqual(full.recordingError);
  const a = full.records();
  const b = summary.records();
  for (let i = 0; i < a.length; i++) {
    expect(b[i]!.atMs).toBe(a[i]!.atMs);
    expect(b[i]!.quiet).toEqual(a[i]!.quiet);
    // Everything but the record events is kept exactly, in order.
    expect(b[i]!.events.filter((e) => e.type !== 'records.summarized')).toEqual(a[i]!.events.filter((e) => !isPerRecord(e)));
    expect(b[i]!.events.some(isPerRecord)).toBe(false);
    expect(recordTally(b[i]!.events)).toEqual(recordTally(a[i]!.events));
  }
  for (const p of positions(full.length)) expect(digestPlain(summary.stateAt(p)), `state at ${p}`).toBe(digestPlain(full.stateAt(p)));
  const endA = full.stateAt(full.length);
  const endB = summary.stateAt(summary.length);
  expect(endB.coordinator.history).toEqual(endA.coordinator.history);
  expect(Object.keys(endB.storage.files)).toEqual(Object.keys(endA.storage.files));
}

function scaleRun(untilMs: number): Scenario {
  const r = parseScenarioText(readFileSync(new URL('../../scenarios/scale-run.json', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error('scale-run.json is invalid');
  return { ...r.scenario, untilMs };
}

describe('summary recording', () => {
  it('random small scenarios: the same run in both modes, only the record events summarized', () => {
    let summarized = 0;
    fc.assert(
      fc.property(runArb, (r) => {
        const s = scenarioFor(r);
        const full = Timeline.record(s, { keyframeEvery: 16 });
        const summary = Timeline.record(s, { keyframeEvery: 16, detail: 'summary' });
        expectSameRun(full, summary);
        summarized += summary.records().filter((st) => st.events.some((e) => e.type === 'records.summarized')).length;
      }),
      { numRuns: 25, seed: 17 },
    );
    // The property is not vacuous: summaries were made.
    expect(summarized).toBeGreaterThan(100);
  });

  it('the scale scenario cut to 1.5 s: same states and checkpoints; a step of 256 records keeps one source summary', () => {
    const s = scaleRun(1_500);
    const full = Timeline.record(s, { keyframeEvery: 256, maxSteps: 1e9 });
    const summary = Timeline.record(s, { keyframeEvery: 256, maxSteps: 1e9, detail: 'summary' });
    expectSameRun(full, summary);
    const count = (t: Timeline) => t.records().reduce((n, st) => n + st.events.length, 0);
    expect(count(summary)).toBeLessThan(count(full) / 2);
    const read = summary.records().find((st) => st.events.some((e) => e.type === 'records.summarized' && e.of === 'source.emitted'))!;
    const sums = read.events.filter((e) => e.type === 'records.summarized' && e.of === 'source.emitted');
    expect(sums).toHaveLength(1);
    expect(recordCount(read.events, 'source.emitted')).toBe(256);
    for (const type of PER_RECORD_TYPES.slice(0, 3)) {
      expect(summary.records().reduce((n, st) => n + recordCount(st.events, type), 0)).toBe(full.records().reduce((n, st) => n + recordCount(st.events, type), 0));
    }
  });

  it('a branch in summary mode summarizes its own step and the steps after it, and a mirror takes the mode from its chunks', () => {
    const s = scenarioFor({ seed: 3, parallelism: 2, recordsPerBuffer: 4, rate: 120, backend: { type: 'rocksdb', incremental: true }, unaligned: false, failAtMs: null, emits: [] });
    const full = Timeline.record(s, { keyframeEvery: 16 });
    const summary = Timeline.record(s, { keyframeEvery: 16, detail: 'summary' });
    const at = Math.floor(full.length / 2);
    full.branch(at, { do: 'emit', source: 'source#1', records: [{ key: 'x', value: 5 }] });
    summary.branch(at, { do: 'emit', source: 'source#1', records: [{ key: 'x', value: 5 }] });
    expectSameRun(full, summary);

    const source = Timeline.begin(s, { keyframeEvery: 16, detail: 'summary' });
    const mirror = Timeline.mirror(s, { keyframeEvery: 16 });
    expect(mirror.detail).toBe('records');
    while (!source.recordSome(100)) mirror.receive(source.takeChunk());
    mirror.receive(source.takeChunk());
    expect(mirror.detail).toBe('summary');
    mirror.branchOnly(at, { do: 'emit', source: 'source#0', records: [{ key: 'y', value: 2 }, { key: 'z', value: 3 }] });
    const ownStep = mirror.eventsAt(at + 1);
    expect(ownStep.some(isPerRecord)).toBe(false);
  });
});
