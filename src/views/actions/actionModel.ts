/**
 * What the actions panel offers at a step, as pure functions of the engine state: which tasks an
 * action can name, why an action does not apply (shown as the disabled control's reason), the
 * checkpoints and savepoints a restore can start from, and the faults already armed.
 */
import {
  rocksDbSstFiles,
  type EngineState,
  type Timeline,
  type UserAction,
} from '../../engine';
import type { MessageKey } from '../../i18n/messages';

/** The largest parallelism the action format accepts (`restore.parallelism` ≤ 64). */
export const ACTION_MAX_PARALLELISM = 64;

export type FailPhase = Extract<UserAction, { do: 'fail' }>['phase'];
export const FAIL_PHASES: readonly FailPhase[] = [
  'now',
  'sync',
  'async',
  'before-ack',
  'materialization',
];

export const PHASE_LABELS: Record<FailPhase, MessageKey> = {
  now: 'actPhaseNow',
  sync: 'actPhaseSync',
  async: 'actPhaseAsync',
  'before-ack': 'actPhaseBeforeAck',
  materialization: 'actPhaseMaterialization',
};

export function allTasks(state: EngineState): string[] {
  return state.job.topology.subtasks.map((s) => s.name);
}

export function keyedTasks(state: EngineState): string[] {
  return state.job.topology.subtasks
    .filter((s) => state.job.topology.vertices.find((v) => v.name === s.vertex)?.kind === 'keyed')
    .map((s) => s.name);
}

/** `preferred` if it is one of `options`, else `fallback` if it is, else the first option. */
export function pick(
  options: readonly string[],
  preferred: string | null,
  fallback: string | null,
): string {
  if (preferred !== null && options.includes(preferred)) return preferred;
  if (fallback !== null && options.includes(fallback)) return fallback;
  return options[0] ?? '';
}

export const usesRocksDb = (state: EngineState): boolean =>
  state.scenario.stateBackend.type === 'rocksdb';
export const usesChangelog = (state: EngineState): boolean => state.job.changelogEnabled;

/** One SST of a task, for the compaction picker. */
export interface SstChoice {
  fileNumber: number;
  level: number;
  sizeBytes: number;
  columnFamily: string;
}

/** The live SSTs of a keyed task, per column family, shallow levels first. */
export function sstChoices(state: EngineState, task: string): SstChoice[] {
  const keyed = state.job.keyed[task];
  if (!keyed || keyed.backend.type !== 'rocksdb') return [];
  return rocksDbSstFiles(keyed.backend.rocks).map((f) => ({ fileNumber: f.fileNumber, level: f.level, sizeBytes: f.sizeBytes, columnFamily: f.columnFamily }));
}

/** A retained checkpoint or savepoint a restore can start from, newest checkpoint first. */
export interface RestoreTarget {
  id: number;
  isSavepoint: boolean;
  latest: boolean;
}

export function restoreTargets(state: EngineState): RestoreTarget[] {
  const c = state.coordinator;
  const latestId = c.completed.length > 0 ? c.completed[c.completed.length - 1]!.id : null;
  const checkpoints = [...c.completed]
    .reverse()
    .map((x) => ({ id: x.id, isSavepoint: false, latest: x.id === latestId }));
  const savepoints = [...c.savepoints]
    .reverse()
    .map((x) => ({ id: x.id, isSavepoint: true, latest: false }));
  return [...checkpoints, ...savepoints];
}

/** Savepoints a job claimed (CLAIM mode): shown, but no longer a restore target. */
export function claimedSavepoints(state: EngineState): { id: number; job: string }[] {
  return state.coordinator.claimedSavepoints.map((s) => ({ id: s.id, job: s.jobId.slice(0, 8) }));
}

/** The parallelisms a restore may choose: 1 … min(max parallelism, what the action format accepts). */
export function parallelismOptions(state: EngineState): number[] {
  const max = Math.min(state.job.topology.maxParallelism, ACTION_MAX_PARALLELISM);
  return Array.from({ length: max }, (_, i) => i + 1);
}

export function currentParallelism(state: EngineState): number {
  return state.job.topology.vertices[0]?.parallelism ?? 1;
}

/** A fault waiting to happen at this step. */
export type ArmedFault =
  | { kind: 'fail'; task: string; phase: Exclude<FailPhase, 'now'> }
  | { kind: 'decline'; task: string; checkpoint: number | 'next' }
  | { kind: 'uploads'; count: number; task: string | null };

export function armedFaults(state: EngineState): ArmedFault[] {
  const out: ArmedFault[] = [];
  for (const s of state.job.topology.subtasks) {
    const cp = state.job.checkpointing[s.name];
    if (cp?.failAt) out.push({ kind: 'fail', task: s.name, phase: cp.failAt });
    if (cp?.declineNext !== null && cp?.declineNext !== undefined)
      out.push({ kind: 'decline', task: s.name, checkpoint: cp.declineNext });
    if (state.job.keyed[s.name]?.changelog?.failDuringMaterialization)
      out.push({ kind: 'fail', task: s.name, phase: 'materialization' });
  }
  const up = state.storage.failingUploads;
  if (up && up.count > 0) out.push({ kind: 'uploads', count: up.count, task: up.task });
  return out;
}

/**
 * Tries `action` on a copy of the engine at `position` (the timeline is untouched) and returns
 * the engine's refusal, or null when it applies. Applying a refused action for real would fail
 * halfway through recording the branch.
 */
export function probeAction(
  timeline: Timeline,
  position: number,
  action: UserAction,
): string | null {
  try {
    timeline.seek(position).apply(action);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
