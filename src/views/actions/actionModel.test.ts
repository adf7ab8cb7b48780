// What the actions panel offers, on a real recording: restore targets from the retained
// checkpoints and savepoints, armed faults read back from the engine state, SSTs to compact,
// and refused actions caught on a copy before they reach the timeline.
import { describe, expect, it } from 'vitest';
import {
  rocksDbColumnFamilyViews,
  DEFAULT_SCENARIO,
  DEFAULT_SCENARIO_INPUT,
  scenarioOf,
  Timeline,
  type ScenarioInput,
} from '../../engine';
import {
  armedFaults,
  claimedSavepoints,
  keyedTasks,
  parallelismOptions,
  probeAction,
  restoreTargets,
  sstChoices,
} from './actionModel';

const tl = Timeline.record(
  scenarioOf({
    ...DEFAULT_SCENARIO_INPUT,
    script: [{ atMs: 1500, do: 'savepoint' }],
  } as ScenarioInput),
  { keyframeEvery: 32 },
);

describe('the actions panel model', () => {
  it('offers every retained checkpoint (newest first, the latest marked) and every savepoint', () => {
    const end = tl.stateAt(tl.length);
    const targets = restoreTargets(end);
    const completed = end.coordinator.completed.map((c) => c.id);
    const savepoints = end.coordinator.savepoints.map((c) => c.id);
    expect(savepoints.length).toBe(1);
    expect(targets.filter((x) => !x.isSavepoint).map((x) => x.id)).toEqual(
      [...completed].reverse(),
    );
    expect(targets.filter((x) => x.isSavepoint).map((x) => x.id)).toEqual(savepoints);
    expect(targets.filter((x) => x.latest).map((x) => x.id)).toEqual([
      completed[completed.length - 1],
    ]);
    expect(restoreTargets(tl.stateAt(0))).toEqual([]);
  });

  // CheckpointCoordinator#restoreSavepoint (CLAIM): the savepoint becomes the new job's own
  // checkpoint, deleted once subsumed, so it is no longer offered; it is shown as claimed.
  it('stops offering a savepoint a new job claimed (CLAIM mode) and names the job that owns it', () => {
    const claimed = Timeline.record(
      scenarioOf({ ...DEFAULT_SCENARIO_INPUT, script: [{ atMs: 1500, do: 'savepoint' }] } as ScenarioInput),
      { keyframeEvery: 32 },
    );
    const sp = claimed.stateAt(claimed.length).coordinator.savepoints[0]!;
    const after = Timeline.record(
      scenarioOf({ ...DEFAULT_SCENARIO_INPUT, script: [{ atMs: 1500, do: 'savepoint' }, { atMs: 3000, do: 'restore', checkpoint: sp.id, mode: 'CLAIM' }] } as ScenarioInput),
      { keyframeEvery: 32 },
    );
    const end = after.stateAt(after.length);
    expect(restoreTargets(end).some((x) => x.isSavepoint && x.id === sp.id)).toBe(false);
    expect(claimedSavepoints(end)).toEqual([{ id: sp.id, job: end.coordinator.jobId.slice(0, 8) }]);
  });

  it('lets a restore choose any parallelism up to max parallelism (capped by the action format)', () => {
    expect(parallelismOptions(tl.stateAt(0))).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
  });

  it('reads armed faults back from the engine state', () => {
    const t = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    let at = t.branch(20, { do: 'fail', task: 'count#1', phase: 'async' });
    at = t.branch(at, { do: 'decline', task: 'count#0' });
    at = t.branch(at, { do: 'failUploads', count: 2, task: 'count#0' });
    expect(armedFaults(t.stateAt(at))).toEqual([
      { kind: 'decline', task: 'count#0', checkpoint: 'next' },
      { kind: 'fail', task: 'count#1', phase: 'async' },
      { kind: 'uploads', count: 2, task: 'count#0' },
    ]);
    expect(armedFaults(t.stateAt(20))).toEqual([]);
  });

  it('lists the SSTs of a keyed task and catches a refused compaction before it touches the timeline', () => {
    const t = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    const p = 300;
    expect(keyedTasks(t.stateAt(p))).toEqual(['count#0', 'count#1']);
    const files = sstChoices(t.stateAt(p), 'count#0').map((f) => f.fileNumber);
    expect(files.length).toBeGreaterThan(0);
    // The same files, levels and sizes as the LSM view lists (read without decoding keys).
    const backend = t.stateAt(p).job.keyed['count#0']!.backend;
    if (backend.type !== 'rocksdb') throw new Error('the default scenario runs RocksDB');
    const inView = rocksDbColumnFamilyViews(backend.rocks).flatMap((cf) => cf.levels.flatMap((l) => l.files.map((f) => ({ fileNumber: f.fileNumber, level: l.level, sizeBytes: f.sizeBytes, columnFamily: cf.columnFamily }))));
    expect(sstChoices(t.stateAt(p), 'count#0')).toEqual(inView);
    const length = t.length;
    expect(probeAction(t, p, { do: 'compact', task: 'count#0', files: [999] })).toMatch(
      /no live SST numbered 999/,
    );
    expect(t.length).toBe(length);
    expect(probeAction(t, p, { do: 'compact', task: 'count#0', files })).toBeNull();
    expect(t.length).toBe(length);
  });
});
