/**
 * The run summary the headless runner prints (SCENARIO.md, "Headless runner"): every checkpoint
 * with Flink's figures, every file ever written to remote storage with its registry figures,
 * the retained checkpoints, the final keyed state per task, and the sink's output.
 */
import type { EngineEvent } from '../events';
import { keyedStateEntries } from '../job/stateView';
import { getEntry, registryKeyForPath } from '../registry';
import type { EngineState } from '../state';
import { legacyBackendBecame } from '../scenario/legacyBackends';
import { exactlyOnceVerdict, type ExactlyOnceVerdict } from './exactlyOnce';
import { failureFreeOutcome } from './failureFreeRun';
import type { SinkOutcome } from './sinkOutcome';

export interface SummaryCheckpoint {
  id: number;
  status: 'COMPLETED' | 'FAILED' | 'SUBSUMED' | 'IN_PROGRESS';
  isSavepoint: boolean;
  triggerMs: number;
  completeMs: number | null;
  checkpointedSize: number;
  stateSize: number;
  failureReason: string | null;
  tasks: Record<string, { sharedFiles: number[]; uploadedFiles: number[]; materializationId: number | null; changelog: { fromSqn: number; toSqn: number } | null }>;
}

export interface SummaryFile {
  task: string;
  kind: string;
  sst: number | null;
  inputs: number[];
  path: string;
  sizeBytes: number;
  /** The size before RocksDB's block compression (S_o of seed 003); equal to sizeBytes for files stored raw. */
  rawSize: number;
  createdByCheckpoint: number;
  refCount: number | null;
  lastUsedCheckpoint: number | null;
  deletedAtMs: number | null;
}

export interface RunSummary {
  title: string;
  untilMs: number;
  /** The state backend and checkpoint storage that ran; a legacy name says what it became. */
  backend: { type: string; checkpointStorage: string; legacy: string | null; became: string | null };
  checkpoints: SummaryCheckpoint[];
  files: SummaryFile[];
  retained: number[];
  state: Record<string, Record<string, unknown>>;
  /**
   * Records made visible downstream (committed ones for a transactional sink), duplicates among
   * them, and the exactly-once verdict against the failure-free run (verdict/exactlyOnce.ts).
   */
  sink: { committed: number; duplicates: number; verdict: ExactlyOnceVerdict };
  /**
   * Only with local recovery on: per restore, where each keyed subtask's state came from and the
   * bytes it read from the TaskManager's local disk and from remote storage, with the totals.
   */
  localRecovery?: LocalRecoverySummary;
}

export interface LocalRecoverySummary {
  localBytes: number;
  remoteBytes: number;
  restores: { checkpointId: number; atMs: number; tasks: Record<string, { source: 'local' | 'remote'; reason: string; localBytes: number; remoteBytes: number }> }[];
}

/** The `restore.localState` events of the run, grouped by restore. */
function localRecoverySummary(events: readonly EngineEvent[]): LocalRecoverySummary {
  const out: LocalRecoverySummary = { localBytes: 0, remoteBytes: 0, restores: [] };
  let current: LocalRecoverySummary['restores'][number] | null = null;
  for (const e of events) {
    if (e.type === 'restore.started') {
      current = { checkpointId: e.checkpointId, atMs: e.atMs, tasks: {} };
      out.restores.push(current);
    } else if (e.type === 'restore.localState' && current && e.task) {
      current.tasks[e.task] = { source: e.source, reason: e.reason, localBytes: e.localBytes, remoteBytes: e.remoteBytes };
      out.localBytes += e.localBytes;
      out.remoteBytes += e.remoteBytes;
    }
  }
  return out;
}

/**
 * Builds the summary from the final engine state and the full event log of the run. The verdict
 * needs the failure-free run's outcome; it is run here unless the caller already has it.
 */
export function summarize(state: EngineState, events: readonly EngineEvent[], reference: SinkOutcome = failureFreeOutcome(state.scenario)): RunSummary {
  const c = state.coordinator;
  const checkpoints: SummaryCheckpoint[] = c.history.map((h) => ({
    id: h.id,
    status: h.status === 'COMPLETED' && h.subsumed ? 'SUBSUMED' : h.status,
    isSavepoint: h.isSavepoint,
    triggerMs: h.triggerMs,
    completeMs: h.completeMs,
    checkpointedSize: h.checkpointedSize,
    stateSize: h.stateSize,
    failureReason: h.failureReason,
    tasks: Object.fromEntries(Object.entries(h.taskFiles).map(([t, f]) => [t, { ...f }])),
  }));

  const deleted = new Map<string, number>();
  for (const e of events) if (e.type === 'file.discarded') deleted.set(e.path, e.atMs);
  const discardedLog = new Map(state.registry.discarded.map((d) => [d.path, d]));
  const files: SummaryFile[] = [];
  for (const e of events) {
    if (e.type !== 'file.uploaded') continue;
    const entry = getEntry(state.registry, registryKeyForPath(e.path));
    const gone = discardedLog.get(e.path);
    files.push({
      task: e.task ?? 'jobmanager',
      kind: e.kind,
      sst: e.sst,
      inputs: e.inputs,
      path: e.path,
      sizeBytes: e.size,
      rawSize: e.rawSize ?? e.size,
      createdByCheckpoint: e.checkpointId,
      refCount: state.registry.model === 'refcount' ? (entry?.referenceCount ?? (gone || e.kind === 'sst' ? 0 : null)) : null,
      lastUsedCheckpoint: entry?.lastUsedCheckpointId ?? gone?.lastUsedCheckpointId ?? null,
      deletedAtMs: deleted.get(e.path) ?? null,
    });
  }

  const stateOut: RunSummary['state'] = {};
  for (const [task, k] of Object.entries(state.job.keyed)) {
    const m: Record<string, unknown> = {};
    // The scenario's operators use VoidNamespace only (its id is the empty string).
    for (const e of keyedStateEntries(k.backend)) if (e.namespace === '') m[String(e.key)] = e.value;
    stateOut[task] = m;
  }
  return {
    title: state.scenario.title,
    untilMs: state.scenario.untilMs,
    backend: {
      type: state.scenario.stateBackend.type,
      checkpointStorage: state.scenario.stateBackend.checkpointStorage,
      legacy: state.scenario.stateBackend.legacy ?? null,
      became: state.scenario.stateBackend.legacy ? legacyBackendBecame(state.scenario.stateBackend.legacy) : null,
    },
    checkpoints,
    files,
    retained: c.completed.map((x) => x.id),
    state: stateOut,
    sink: { committed: state.job.output.emitted, duplicates: state.job.output.duplicates, verdict: exactlyOnceVerdict(state, reference) },
    ...(state.scenario.stateBackend.localRecovery ? { localRecovery: localRecoverySummary(events) } : {}),
  };
}
