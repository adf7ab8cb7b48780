/**
 * Scripted actions that no longer apply. A scenario's script is written for the run without user
 * actions; after a branch (a failure, a restore at another parallelism, a restore from an older
 * checkpoint) a later scripted action may name a task that is not running or SSTs the restored
 * database does not have. Such an action is skipped with a `script.skipped` event that says why,
 * instead of ending the recording. RocksDB's own `DB::CompactFiles` refuses input files that are
 * not live (Status::InvalidArgument "Specified compaction input file … does not exist"), and a
 * cancelled or restoring Flink task has no state backend to flush or compact.
 */
import type { UserAction } from './actions';
import type { EventPayloads } from './events';
import type { EngineState } from './state';
import { openRocksDb } from './job/keyedBackend';

export type ScriptSkip = Omit<EventPayloads['script.skipped'], 'index' | 'action'>;

/** Why the scripted `action` cannot be performed in `state`, or null when it can. */
export function whyScriptActionSkipped(state: EngineState, action: UserAction): ScriptSkip | null {
  const job = state.job;
  const none = { missing: [] as number[], live: [] as number[] };
  switch (action.do) {
    case 'flush':
    case 'compact': {
      const keyed = job.keyed[action.task];
      if (!keyed || !job.running) return { reason: 'task-not-running', task: action.task, ...none };
      if (keyed.backend.type !== 'rocksdb') return { reason: 'not-rocksdb', task: action.task, ...none };
      if (action.do === 'flush') return null;
      const live = openRocksDb(keyed.backend)
        .liveSstFiles()
        .map((f) => f.fileNumber)
        .sort((a, b) => a - b);
      const missing = action.files.filter((n) => !live.includes(n));
      return missing.length > 0 ? { reason: 'files-not-live', task: action.task, missing, live } : null;
    }
    // A materialization of a task that is not there is skipped by triggerMaterialization itself
    // (changelog.materialization.skipped), as Flink's PeriodicMaterializationManager would.
    case 'fail':
    case 'decline':
      return job.checkpointing[action.task] ? null : { reason: 'task-not-running', task: action.task, ...none };
    default:
      return null;
  }
}
