/**
 * Random jobs (any backend, with or without the changelog; aligned, unaligned or aligned with a
 * timeout; instant or slow operators with back-pressure) under random fault schedules (`fail` at every phase, `failUploads`, `decline`, and
 * now and then a `restore` of the latest checkpoint at another parallelism), each compared with
 * the failure-free run of the same scenario (verdict/exactlyOnce.ts):
 * - exactly_once + transactional sink: the committed output equals the failure-free run's
 *   (nothing lost, nothing twice);
 * - a plain sink: nothing lost; records read again after a restore may appear twice;
 * - at_least_once: nothing lost (duplicates downstream and in state are allowed);
 * A failure right after a checkpoint completes (before the sinks hear of it) makes the restored
 * sinks commit the pending transactions themselves (`recoverAndCommit`).
 * - every restore rebuilds exactly the keyed state of the records before the restored
 *   checkpoint's barriers (computed from the restored source offsets and the replayable input):
 *   equal under exactly_once, never less under at_least_once.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { scenarioOf } from '../../src/engine/defaultScenario';
import type { EngineEvent } from '../../src/engine/events';
import { keyedStateEntries } from '../../src/engine/job/stateView';
import { generatedRecord } from '../../src/engine/job/sourceGenerator';
import type { ScenarioAction } from '../../src/engine/scenario/actionSchema';
import { SCENARIO_FORMAT, type Scenario } from '../../src/engine/scenario/scenarioSchema';
import { Simulation } from '../../src/engine/simulation';
import type { EngineState } from '../../src/engine/state';
import { exactlyOnceVerdict } from '../../src/engine/verdict/exactlyOnce';
import { failureFreeOutcome } from '../../src/engine/verdict/failureFreeRun';
import { sinkOutcome } from '../../src/engine/verdict/sinkOutcome';
import { countsOf } from '../../src/engine/job/sink/seenRuns';
import { verdictByDefinition } from '../support/verdictByDefinition';

const UNTIL_MS = 2_400;

const faultArb = fc.oneof(
  { weight: 4, arbitrary: fc.record({ do: fc.constant('fail' as const), vertex: fc.constantFrom('source', 'count', 'sink'), index: fc.nat(2), phase: fc.constantFrom('now' as const, 'sync' as const, 'async' as const, 'before-ack' as const) }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('failUploads' as const), count: fc.integer({ min: 1, max: 3 }), vertex: fc.constantFrom('count', null), index: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('decline' as const), vertex: fc.constantFrom('source', 'count', 'sink'), index: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('restore' as const), parallelism: fc.integer({ min: 1, max: 3 }) }) },
);

const emitArb = fc.record({
  source: fc.nat(2),
  records: fc.array(fc.record({ key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 7, 42), value: fc.integer({ min: 1, max: 9 }) }), { minLength: 1, maxLength: 5 }),
});

const runArb = fc.record({
  seed: fc.nat(10_000),
  parallelism: fc.integer({ min: 1, max: 3 }),
  generator: fc.boolean(),
  backend: fc.constantFrom({ type: 'hashmap', incremental: false } as const, { type: 'rocksdb', incremental: false } as const, { type: 'rocksdb', incremental: true } as const),
  changelog: fc.boolean(),
  mode: fc.constantFrom('exactly_once' as const, 'exactly_once' as const, 'at_least_once' as const),
  /** Exactly-once only: unaligned barriers, from the start (0) or after an aligned-checkpoint timeout. */
  unaligned: fc.option(fc.constantFrom(0, 40, 120), { nil: null }),
  /** A slow keyed operator and small channels: back-pressure, queued input, in-flight data. */
  slowMs: fc.constantFrom(0, 0, 25, 60),
  sink: fc.constantFrom('transactional' as const, 'transactional' as const, 'plain' as const),
  intervalMs: fc.integer({ min: 150, max: 450 }),
  storageLatencyMs: fc.integer({ min: 2, max: 60 }),
  tolerableFailed: fc.integer({ min: 0, max: 2 }),
  faults: fc.array(fc.record({ atMs: fc.integer({ min: 100, max: UNTIL_MS - 300 }), fault: faultArb }), { maxLength: 4 }),
  /** Fail a sink right when the k-th checkpoint completes, before `notifyCheckpointComplete` reaches it (a user action). */
  failAtCompletion: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  emits: fc.array(fc.record({ atMs: fc.integer({ min: 0, max: UNTIL_MS - 200 }), emit: emitArb }), { maxLength: 8 }),
});

type Run = typeof runArb extends fc.Arbitrary<infer T> ? T : never;

function scenarioFor(r: Run): Scenario {
  // Faults after a rescaling restore must name tasks that exist at every parallelism the job runs at.
  const minP = Math.min(r.parallelism, ...r.faults.flatMap((f) => (f.fault.do === 'restore' ? [f.fault.parallelism] : [])));
  const script: ScenarioAction[] = [];
  for (const { atMs, emit } of r.emits) script.push({ atMs, do: 'emit', source: `source#${emit.source % r.parallelism}`, records: emit.records });
  for (const { atMs, fault: f } of r.faults) {
    if (f.do === 'restore') script.push({ atMs, do: 'restore', checkpoint: 'latest', parallelism: f.parallelism });
    else if (f.do === 'failUploads') script.push({ atMs, do: 'failUploads', count: f.count, ...(f.vertex ? { task: `${f.vertex}#${f.index % minP}` } : {}) });
    else if (f.do === 'fail') script.push({ atMs, do: 'fail', task: `${f.vertex}#${f.index % minP}`, phase: f.phase });
    else script.push({ atMs, do: 'decline', task: `${f.vertex}#${f.index % minP}` });
  }
  script.sort((a, b) => a.atMs - b.atMs);
  return scenarioOf({
    format: SCENARIO_FORMAT,
    seed: r.seed,
    job: {
      parallelism: r.parallelism,
      maxParallelism: 32,
      source: r.generator ? { kind: 'generator', keys: 8, ratePerSec: 40 } : { kind: 'script' },
      sink: { kind: r.sink },
      channelCapacity: r.slowMs > 0 ? 3 : 32,
      operators: [{ name: 'count', state: 'value', processingMs: r.slowMs }],
    },
    stateBackend: { type: r.backend.type, incremental: r.backend.incremental, rocksdb: { writeBufferBytes: 512 }, changelog: { enabled: r.changelog, materializationIntervalMs: r.changelog ? 500 : 0 } },
    storage: { latencyMs: r.storageLatencyMs, bytesPerMs: 1000 },
    checkpointing: {
      intervalMs: r.intervalMs,
      mode: r.mode,
      tolerableFailed: r.tolerableFailed,
      unaligned: r.mode === 'exactly_once' && r.unaligned !== null,
      alignedCheckpointTimeoutMs: r.mode === 'exactly_once' && r.unaligned !== null ? r.unaligned : 0,
    },
    script,
    untilMs: UNTIL_MS,
  });
}

/** Per-key sums of every record below the sources' current offsets: the state of a checkpoint whose barriers stood there. */
function referenceState(state: EngineState): Map<string, number> {
  const sums = new Map<string, number>();
  const add = (key: string | number, value: number) => sums.set(String(key), (sums.get(String(key)) ?? 0) + value);
  for (const src of Object.values(state.job.sources)) {
    for (const p of src.partitions) {
      if (state.scenario.job.source.kind === 'generator') for (let o = 0; o < p.offset; o++) add(generatedRecord(state.scenario, p.partition, o).key, generatedRecord(state.scenario, p.partition, o).value);
      for (const r of (state.job.scriptLog[`p${p.partition}`] ?? []).slice(0, p.logOffset)) add(r.key, r.value);
    }
  }
  return sums;
}

function keyedState(state: EngineState): Map<string, number> {
  const out = new Map<string, number>();
  for (const k of Object.values(state.job.keyed)) for (const e of keyedStateEntries(k.backend)) out.set(String(e.key), e.value as number);
  return out;
}

describe('end-to-end exactly-once under random faults', () => {
  it('transactional + exactly_once loses and duplicates nothing; plain and at_least_once never lose; restores rebuild the checkpointed state', () => {
    const seen = { inFlightRestored: 0, runs: 0, failovers: 0, restoresChecked: 0, recoverAndCommit: 0, lingeringOrRecoverAbort: 0, transactionalExactRuns: 0, plainDuplicates: 0, compared: 0 };
    fc.assert(
      fc.property(runArb, (r) => {
        const s = scenarioFor(r);
        const sim = Simulation.create(s);
        const events: EngineEvent[] = [];
        let completions = 0;
        for (let next = sim.nextAtMs; next !== undefined && next <= s.untilMs; next = sim.nextAtMs) {
          const ev = sim.step()!;
          events.push(...ev);
          completions += ev.filter((e) => e.type === 'checkpoint.completed').length;
          if (r.failAtCompletion !== null && completions === r.failAtCompletion && ev.some((e) => e.type === 'checkpoint.completed')) {
            events.push(...sim.apply({ do: 'fail', task: 'sink#0', phase: 'now' }));
          }
          const running = ev.find((e) => e.type === 'job.running');
          if (running) {
            // Right after a restore nothing new has been processed: the state is the restored
            // checkpoint's, plus (unaligned) the restored in-flight records still queued.
            const expected = referenceState(sim.state);
            const actual = keyedState(sim.state);
            for (const [task, f] of Object.entries(sim.state.job.flow)) {
              if (!sim.state.job.keyed[task]) continue;
              for (const q of f.queue) if (q.kind === 'record') actual.set(String(q.key), (actual.get(String(q.key)) ?? 0) + q.value);
              if (f.queue.length > 0) seen.inFlightRestored += 1;
            }
            if (s.checkpointing.mode === 'exactly_once') expect(actual).toEqual(expected);
            else for (const [k, v] of expected) expect(actual.get(k) ?? 0).toBeGreaterThanOrEqual(v);
            seen.restoresChecked += 1;
          }
        }
        for (const e of events) if (e.type === 'restore.failed') expect(e.reason).toMatch(/no retained checkpoint/);

        const reference = failureFreeOutcome(s);
        const v = exactlyOnceVerdict(sim.state, reference);
        // The verdict over runs of offsets is the one defined record by record over per-origin counts.
        const run = sinkOutcome(sim.state);
        expect(v).toEqual(verdictByDefinition({ committed: countsOf(run.committed), settled: run.settled }, { committed: countsOf(reference.committed), settled: reference.settled }));
        expect(v.lost, `lost ${v.lostOrigins.join(', ')}`).toBe(0);
        if (s.checkpointing.mode === 'exactly_once' && s.job.sink.kind === 'transactional') {
          expect(v.duplicated, `duplicated ${v.duplicatedOrigins.join(', ')}`).toBe(0);
          expect(sim.state.job.output.duplicates).toBe(0);
          seen.transactionalExactRuns += 1;
        }
        seen.runs += 1;
        seen.compared += v.compared;
        seen.failovers += events.filter((e) => e.type === 'job.failed').length;
        seen.recoverAndCommit += events.filter((e) => e.type === 'sink.recoverAndCommit' && e.outcome === 'committed').length;
        seen.lingeringOrRecoverAbort += events.filter((e) => e.type === 'sink.abort' && e.reason !== 'close').length;
        if (s.job.sink.kind === 'plain' && v.duplicated > 0) seen.plainDuplicates += 1;
      }),
      // A fixed seed and a bounded number of runs: CI time stays small and the coverage below does not depend on luck.
      { numRuns: 100, seed: 20261201 },
    );
    if (process.env.SHOW_COVERAGE) console.log(seen);
    // The schedules really exercised what the properties are about.
    expect(seen.failovers).toBeGreaterThan(80);
    expect(seen.restoresChecked).toBeGreaterThan(80);
    expect(seen.transactionalExactRuns).toBeGreaterThan(25);
    expect(seen.recoverAndCommit).toBeGreaterThan(20);
    expect(seen.lingeringOrRecoverAbort).toBeGreaterThan(10);
    expect(seen.plainDuplicates).toBeGreaterThan(5);
    expect(seen.compared).toBeGreaterThan(4000);
    expect(seen.inFlightRestored).toBeGreaterThan(3);
  });
});
