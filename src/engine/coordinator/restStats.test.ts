/**
 * `GET /jobs/:jobid/checkpoints` as Flink 1.20 builds it (`CheckpointingStatistics`,
 * `CheckpointStatistics`): checkpoint type, persisted and processed data, failure messages and
 * restores.
 */
import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import { SCENARIO_FORMAT, type ScenarioInput } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import { restCheckpointStatistics } from './restStats';

function stats(input: Partial<ScenarioInput>) {
  const s = scenarioOf({ format: SCENARIO_FORMAT, ...input });
  const sim = Simulation.create(s);
  sim.runUntil(s.untilMs);
  return { sim, rest: restCheckpointStatistics(sim.state.coordinator) };
}

const slowJob = {
  parallelism: 2,
  maxParallelism: 32,
  channelCapacity: 4,
  source: { kind: 'generator' as const, keys: 16, ratePerSec: 200 },
  operators: [{ name: 'count', state: 'value' as const, processingMs: 12 }],
  sink: { kind: 'plain' as const },
};

describe('REST checkpoint statistics', () => {
  it('an unaligned checkpoint is UNALIGNED_CHECKPOINT and persisted_data is the channel state it wrote', () => {
    // CheckpointStatistics.RestAPICheckpointType.valueOf L440–452; persisted_data is the sum of the
    // subtasks' bytesPersistedDuringAlignment (PendingCheckpointStats.reportSubtaskStats).
    const { sim, rest } = stats({ seed: 5, job: slowJob, checkpointing: { unaligned: true }, script: [{ atMs: 300, do: 'checkpoint' }], untilMs: 900 });
    const cp = sim.state.coordinator.completed.find((c) => c.id === 1)!;
    const channelBytes = Object.values(cp.tasks).reduce((n, t) => n + (t.channel?.delegate.type === 'file' ? t.channel.delegate.size : (t.channel?.delegate.bytes.length ?? 0)), 0);
    expect(channelBytes).toBeGreaterThan(0);
    const e = rest.history.find((h) => h.id === 1)!;
    expect(e.checkpoint_type).toBe('UNALIGNED_CHECKPOINT');
    expect(e.persisted_data).toBe(channelBytes);
    expect(rest.summary.persisted_data.max).toBe(channelBytes);
  });

  it('an aligned checkpoint is CHECKPOINT and processed_data counts the bytes processed while aligning', () => {
    const { sim, rest } = stats({ seed: 5, job: slowJob, script: [{ atMs: 300, do: 'checkpoint' }], untilMs: 900 });
    const e = rest.history.find((h) => h.id === 1)!;
    expect(e.checkpoint_type).toBe('CHECKPOINT');
    expect(e.persisted_data).toBe(0);
    const h = sim.state.coordinator.history.find((x) => x.id === 1)!;
    const perTask = Object.values(h.subtasks).map((s) => s.processedData);
    expect(perTask.some((b) => b > 0)).toBe(true);
    expect(e.processed_data).toBe(perTask.reduce((a, b) => a + b, 0));
  });

  it('a savepoint is SAVEPOINT; failure_message is the reason as Flink words it; restores are counted', () => {
    // FailedCheckpointStats.failureMsg = CheckpointException.getMessage() = CheckpointFailureReason.message().
    const { rest } = stats({
      job: { parallelism: 1, source: { kind: 'generator', keys: 8, ratePerSec: 100 } },
      storage: { latencyMs: 20, bytesPerMs: 1000 },
      checkpointing: { timeoutMs: 200, tolerableFailed: 5 },
      script: [
        { atMs: 100, do: 'savepoint' },
        { atMs: 300, do: 'checkpoint' },
        { atMs: 400, do: 'slowStorage', factor: 50 },
        { atMs: 500, do: 'checkpoint' },
        { atMs: 900, do: 'restore', checkpoint: 1 },
      ],
      untilMs: 1500,
    });
    expect(rest.history.find((h) => h.id === 1)!.checkpoint_type).toBe('SAVEPOINT');
    const failed = rest.latest.failed;
    expect(failed && 'failure_message' in failed ? failed.failure_message : null).toBe('Checkpoint expired before completing.');
    // CheckpointStatsTracker.reportRestoredCheckpoint: one restore, from savepoint 1.
    expect(rest.counts.restored).toBe(1);
    expect(rest.latest.restored).toMatchObject({ id: 1, restore_timestamp: 900, is_savepoint: true });
  });
});
