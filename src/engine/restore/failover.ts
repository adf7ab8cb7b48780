/**
 * The job fails and fails over (Flink's restart with the default strategy): every task is
 * cancelled and the job restarts from the latest completed checkpoint, or from scratch when
 * there is none (sources then read from the beginning).
 */
import type { StepContext } from '../stepContext';
import { createJobState } from '../job/jobState';
import { startSources } from '../dataflow/recordFlow';
import { cancelJob, restoreFromMetadata } from './restoreJob';
import { startPeriodicMaterialization } from '../snapshot/materialization';

export function failJob(ctx: StepContext, reason: string): void {
  const latest = ctx.state.coordinator.completed.at(-1) ?? null;
  ctx.emit('job.failed', { reason, restartFrom: latest?.id ?? null }, { task: 'jobmanager' });
  const parallelism = ctx.state.job.topology.vertices[0]!.parallelism;
  cancelJob(ctx);
  if (latest) {
    // A failover restarts the job graph as it runs now: a rescaled job keeps its parallelism.
    // `CheckpointCoordinator#restoreLatestCheckpointedStateInternal`: forceFullSnapshot = the
    // latest checkpoint is unclaimed (the NO_CLAIM snapshot the job started from, before its first checkpoint).
    restoreFromMetadata(ctx, latest.metadataPath, { parallelism, mode: null, forceFullSnapshot: latest.restoredMode === 'NO_CLAIM' });
    return;
  }
  const job = createJobState(ctx.state.scenario, parallelism, ctx.state.job.changelogEnabled);
  job.attempt = ctx.state.job.attempt + 1;
  job.scriptLog = ctx.state.job.scriptLog;
  job.output = ctx.state.job.output;
  ctx.state.job = job;
  startSources(ctx);
  startPeriodicMaterialization(ctx);
}
