// The reload path without a browser: sync to a completed checkpoint, then find it and read it
// back from the (in-memory) mirror alone, and start a job from it.
import { describe, expect, it } from 'vitest';
import {
  SCENARIO_FORMAT,
  Timeline,
  keyedStateEntries,
  scenarioOf,
  type EngineState,
  type ScenarioInput,
} from '../engine';
import { openPersistence } from '../persistence';
import { findRestorePoint, readBackCheckpoint } from './restoreFromStorage';
import { retainedCheckpointsOf } from './retainedCheckpoints';
import { sessionInputOf } from './sessionRecord';

const SID = 'default';
// A fixed scenario (not the app's default, which changes as the engine grows): full HashMap snapshots.
const SCENARIO_INPUT: ScenarioInput = {
  format: SCENARIO_FORMAT,
  title: 'A keyed running sum',
  seed: 7,
  job: {
    parallelism: 2,
    source: { kind: 'generator', keys: 12, ratePerSec: 20, valueBytes: 16, skew: 0 },
    operators: [{ name: 'count', state: 'value' }],
    sink: { kind: 'transactional' },
  },
  stateBackend: { type: 'hashmap' },
  checkpointing: { intervalMs: 1_000, numRetained: 2 },
  untilMs: 6_000,
};
const SCENARIO = scenarioOf(SCENARIO_INPUT);
const keyed = (s: EngineState) =>
  Object.fromEntries(
    Object.entries(s.job.keyed).map(([task, k]) => [task, keyedStateEntries(k.backend)]),
  );
const runningAt = (t: Timeline, from = 1) => {
  for (let p = from; p <= t.length; p++)
    if (t.eventsAt(p).some((e) => e.type === 'job.running')) return p;
  throw new Error('no job.running');
};

describe('restoring from what the mirror holds', () => {
  it('finds the newest retained checkpoint and restores the same keyed state as an in-session restore', async () => {
    const { mirror } = await openPersistence({ factory: null });
    const timeline = Timeline.record(SCENARIO, { keyframeEvery: 32 });
    const completion =
      timeline.records().findIndex((r) => r.events.some((e) => e.type === 'checkpoint.completed')) +
      1;
    const state = timeline.stateAt(completion);
    await mirror.reconcile(SID, state.storage.files, { checkpoints: retainedCheckpointsOf(state) });
    await mirror.saveSession(
      sessionInputOf({ sessionId: SID, scenario: SCENARIO, timeline, cursor: completion }),
    );

    const point = await findRestorePoint(mirror, SID);
    expect(point?.checkpoint.checkpointId).toBe(1);
    expect(point?.fileCount).toBe(Object.keys(state.storage.files).length);
    const start = await readBackCheckpoint(mirror, SID, point!.checkpoint);
    const restored = Timeline.record(point!.scenario, { keyframeEvery: 32, start });
    // At step 0 the checkpoint the job is submitted with is still a retained checkpoint to record.
    expect(retainedCheckpointsOf(restored.stateAt(0)).map((c) => c.checkpointId)).toEqual([1]);
    expect(restored.eventsAt(1).map((e) => e.type)).toContain('restore.started');

    const at = timeline.branch(completion, { do: 'restore', checkpoint: 'latest' });
    expect(keyed(restored.stateAt(runningAt(restored)))).toEqual(
      keyed(timeline.stateAt(runningAt(timeline, at))),
    );
  });

  it('offers nothing without a session or without checkpoint records', async () => {
    const { mirror } = await openPersistence({ factory: null });
    expect(await findRestorePoint(mirror, SID)).toBeNull();
    const timeline = Timeline.record(SCENARIO, { keyframeEvery: 32 });
    await mirror.saveSession(
      sessionInputOf({ sessionId: SID, scenario: SCENARIO, timeline, cursor: 0 }),
    );
    expect(await findRestorePoint(mirror, SID)).toBeNull();
  });

  it('restores from an incremental RocksDB checkpoint and records the rest of the run', async () => {
    const { mirror } = await openPersistence({ factory: null });
    const scenario = scenarioOf({ ...SCENARIO_INPUT, stateBackend: { type: 'rocksdb', incremental: true, rocksdb: { writeBufferBytes: 512 } } });
    const timeline = Timeline.record(scenario, { keyframeEvery: 32 });
    const completions = timeline.records().flatMap((r, i) => (r.events.some((e) => e.type === 'checkpoint.completed') ? [i + 1] : []));
    const at = completions[2]!;
    const state = timeline.stateAt(at);
    await mirror.reconcile(SID, state.storage.files, { checkpoints: retainedCheckpointsOf(state) });
    await mirror.saveSession(sessionInputOf({ sessionId: SID, scenario, timeline, cursor: at }));
    const point = await findRestorePoint(mirror, SID);
    const start = await readBackCheckpoint(mirror, SID, point!.checkpoint);
    const restored = Timeline.record(point!.scenario, { keyframeEvery: 32, start });
    const end = restored.stateAt(restored.length);
    // The resubmitted job ran to the end and took checkpoints of its own after the restored one.
    expect(end.coordinator.completed.at(-1)!.id).toBeGreaterThan(point!.checkpoint.checkpointId);
    const branchAt = timeline.branch(at, { do: 'restore', checkpoint: 'latest' });
    expect(keyed(restored.stateAt(runningAt(restored)))).toEqual(keyed(timeline.stateAt(runningAt(timeline, branchAt))));
  });
});
