/**
 * One English line per engine event, for the event list and the narration (../eventText.ts picks
 * the loaded language). The switch ends in assertNever: a new event type does not compile until
 * it has its text here and in ../zh/eventText.ts.
 */
import type { EngineEvent } from '../../engine';
// The one engine function needed, from its module rather than the engine's index: the test setup
// loads both languages before every test file, and this keeps that from loading the whole engine.
import { describeAction } from '../../engine/actions';
import { offsetRuns } from '../../engine/recordSummary';
import { assertNever, fmtKey, fmtOffsetRuns, fmtPeers, fmtValue, stateKind } from '../eventFormat';

export function describeEventEn(e: EngineEvent): string {
  switch (e.type) {
    case 'sim.started':
      return `Job started: ${e.tasks} subtasks, max parallelism ${e.maxParallelism} (key groups), seed ${e.seed}, runs until ${e.untilMs} ms`;
    case 'user.action':
      return `User action: ${describeAction(e.action)}`;
    case 'source.emitted':
      return `Source reads partition p${e.partition} ${e.fromLog ? 'script-log ' : ''}offset ${e.offset}: record ${fmtKey(e.key)}=${e.value} (key group ${e.keyGroup}); keyBy sends it to ${e.to}`;
    case 'state.updated':
      return `${stateKind(e.kind)} "${e.state}" of key ${fmtKey(e.key)} (key group ${e.keyGroup}) takes ${e.input}: now ${fmtValue(e.value)}`;
    case 'sink.received':
      return `Sink receives ${fmtKey(e.key)}=${e.value} from ${e.from}`;
    case 'sink.beginTransaction':
      return `Sink begins transaction ${e.transaction} in the external system: records written into it stay invisible until it is committed`;
    case 'sink.preCommit':
      return `Pre-commit of ${e.transaction} at the barrier of ${e.isSavepoint ? 'savepoint' : 'checkpoint'} ${e.checkpointId}: ${e.records} record(s) flushed; it waits for notifyCheckpointComplete (pending: ${e.pending.join(', ')})`;
    case 'sink.commit':
      return `Checkpoint ${e.notifiedCheckpointId} completed: transaction ${e.transaction} (pre-committed at checkpoint ${e.checkpointId}) is committed; ${e.records} record(s) become visible downstream${e.duplicates ? `, ${e.duplicates} of them duplicates` : ''}`;
    case 'sink.abort':
      if (e.reason === 'close') {
        return `Task cancelled: open transaction ${e.transaction} is aborted (close); its ${e.records} record(s) are discarded and will be read again`;
      }
      if (e.reason === 'recoverAndAbort') {
        return `The restored state names ${e.transaction} as the transaction opened after the checkpoint: aborted (recoverAndAbort), ${e.records} record(s) discarded`;
      }
      return `Lingering transaction ${e.transaction} ${e.checkpointId !== null ? `(pre-committed at checkpoint ${e.checkpointId}, not in the restored state)` : '(still open)'} is aborted at start; ${e.records} record(s) discarded`;
    case 'sink.recoverAndCommit': {
      const head = `Restored from checkpoint ${e.restoredCheckpointId}: pending transaction ${e.transaction} (checkpoint ${e.checkpointId})`;
      switch (e.outcome) {
        case 'committed':
          return `${head} was never committed; recoverAndCommit commits it now and ${e.records} record(s) become visible`;
        case 'already-committed':
          return `${head} was already committed before the failure; committing it again changes nothing`;
        case 'already-aborted':
          return `${head} had been aborted and cannot be committed: its ${e.records} record(s) are lost`;
        default:
          return `${head} is unknown to the external system (the job was resubmitted); nothing to commit`;
      }
    }
    case 'checkpoint.triggered':
      return `JobManager triggers ${e.isSavepoint ? 'savepoint' : 'checkpoint'} ${e.checkpointId}: sources are told to start; ${e.tasks} subtasks must acknowledge by ${e.timeoutAtMs} ms`;
    case 'checkpoint.triggerSkipped':
      return `${e.periodic ? 'Periodic' : e.isSavepoint ? 'Savepoint' : 'Checkpoint'} request refused (${e.reason}): ${e.reason === 'MINIMUM_TIME_BETWEEN_CHECKPOINTS' ? `min-pause since the last completion has not passed; the periodic trigger moves to ${e.rescheduledAtMs} ms` : e.reason === 'TOO_MANY_CHECKPOINT_REQUESTS' ? 'too many requests are queued' : 'the job is not running'}`;
    case 'checkpoint.requestQueued':
      return `${e.periodic ? 'Periodic checkpoint' : e.isSavepoint ? 'Savepoint' : 'Checkpoint'} request queued: ${e.pending} of max ${e.maxConcurrent} concurrent checkpoint(s) in progress; it runs when one completes or is aborted (${e.queued} queued)`;
    case 'barrier.injected':
      return `Source snapshots its offsets and injects barrier ${e.checkpointId} into ${e.to.length} output channel(s)`;
    case 'barrier.received':
      return `Barrier ${e.checkpointId} arrives from ${e.from} (${e.arrived}/${e.of})${e.blocked ? `: ${e.from} sends nothing more on this channel until alignment ends` : ''}`;
    case 'barrier.aligned':
      return `Barrier ${e.checkpointId} has arrived on every input (alignment took ${e.alignmentDurationMs} ms): the subtask snapshots, then resumes consumption of ${e.resumed} blocked channel(s)`;
    case 'record.held':
      return `Record ${fmtKey(e.key)}=${e.value} for ${e.to} waits at the sender behind barrier ${e.checkpointId}: the channel is blocked while ${e.to} aligns (${e.held} waiting)`;
    case 'channel.blocked':
      return `Aligned barrier ${e.checkpointId} leaves for ${e.to}: this output channel is blocked — nothing behind the barrier leaves until ${e.to} has aligned and resumes consumption`;
    case 'channel.resumed':
      return `${e.to} resumes consumption after checkpoint ${e.checkpointId}: the channel is unblocked${e.waiting > 0 ? ` and the ${e.waiting} element(s) waiting behind the barrier are sent` : ''}`;
    case 'cancelMarker.sent':
      return `CancelCheckpointMarker ${e.checkpointId} goes to ${e.to.join(', ')} instead of a barrier: ${e.why === 'declined' ? 'this subtask declined the checkpoint' : 'the JobManager had already aborted the checkpoint'}, so downstream must not wait for it`;
    case 'cancelMarker.received':
      return `CancelCheckpointMarker ${e.checkpointId} arrives from ${e.from}${e.cancelled ? ': the alignment of that checkpoint is aborted, blocked channels resume, and the subtask declines and passes the marker on' : ': nothing to cancel here'}`;
    case 'task.notified':
      return e.notification === 'complete'
        ? `notifyCheckpointComplete(${e.checkpointId}) arrives: the subtask confirms the checkpoint (uploaded files become reusable, a transactional sink commits)`
        : e.notification === 'subsumed'
          ? `notifyCheckpointSubsumed(${e.checkpointId}) arrives: what only that checkpoint needed can be released`
          : `notifyCheckpointAborted(${e.checkpointId}) arrives: ${e.outcome === 'cancelled-async-part' ? 'the running asynchronous part is cancelled' : e.outcome === 'remembered' ? 'not taken yet, so the subtask remembers it and will send a CancelCheckpointMarker instead of its barrier' : 'nothing of it runs here (an alignment in progress goes on)'}`;
    case 'checkpoint.syncSnapshot':
      return `Synchronous part of checkpoint ${e.checkpointId}: snapshot taken (${e.stateSize} bytes, ${e.uploads} file(s) to upload); the barrier goes downstream now; upload takes ~${e.asyncDurationMs} ms${e.compression ? `; Snappy ${e.compression.originalBytes} → ${e.compression.compressedBytes} bytes (C = ${(e.compression.compressedBytes / e.compression.originalBytes).toFixed(2)})` : ''}`;
    case 'file.uploaded':
      return `Uploaded ${e.kind} file ${e.path} (${e.size} bytes${e.rawSize !== undefined ? `; ${e.rawSize} bytes before RocksDB's Snappy block compression, C = ${(e.size / e.rawSize).toFixed(2)}` : ''})`;
    case 'checkpoint.asyncCompleted':
      return `Asynchronous part of checkpoint ${e.checkpointId} done in ${e.asyncDurationMs} ms: ${e.uploadedBytes} bytes written now, checkpointed size ${e.checkpointedSize} bytes; acknowledging the JobManager`;
    case 'checkpoint.acknowledged':
      return `JobManager receives an acknowledgement of checkpoint ${e.checkpointId} (${e.acknowledged}/${e.of})`;
    case 'checkpoint.completed':
      return `${e.isSavepoint ? 'Savepoint' : 'Checkpoint'} ${e.checkpointId} completed: ${e.metadataPath} written; checkpointed size ${e.checkpointedSize} bytes, full state size ${e.stateSize} bytes, ${e.durationMs} ms; retained: ${e.retained.join(', ') || 'none'}`;
    case 'checkpoint.subsumed':
      return `Checkpoint ${e.checkpointId} is subsumed by ${e.by} (beyond num-retained)`;
    case 'checkpoint.aborted':
      return `Checkpoint ${e.checkpointId} aborted: ${e.reason} (${e.continuousFailures} consecutive failure(s))`;
    case 'checkpoint.notified':
      return `${e.tasks} subtasks are told checkpoint ${e.checkpointId} ${e.notification === 'complete' ? 'completed (notifyCheckpointComplete)' : e.notification === 'subsumed' ? 'was subsumed (notifyCheckpointSubsumed)' : 'was aborted (notifyCheckpointAborted)'}`;
    case 'file.discarded':
      return `Deleted ${e.path} (${e.size} bytes): ${e.reason}`;
    case 'restore.started':
      return `Restoring from ${e.isSavepoint ? 'savepoint' : 'checkpoint'} ${e.checkpointId} (restart ${e.attempt}${e.mode ? `, ${e.mode} mode` : ''}): running tasks cancelled, ${e.metadataPath} read back, parallelism ${e.previousParallelism} → ${e.parallelism}${e.forceFullSnapshot ? '; the first checkpoint will be a full one (FULL_CHECKPOINT), sharing no file with the restored snapshot' : ''}`;
    case 'job.submitted':
      return `A new job ${e.jobId.slice(0, 8)}… is submitted with ${e.isSavepoint ? 'savepoint' : 'checkpoint'} ${e.checkpointId} in ${e.mode} mode (job ${e.previousJobId.slice(0, 8)}… is ${e.previousStatus})${e.mode === 'CLAIM' ? ': the new job owns the snapshot and deletes it once subsumed' : e.mode === 'NO_CLAIM' ? ': the snapshot stays untouched; the first checkpoint is a full one' : ': LEGACY (deprecated): never deleted, yet later checkpoints may reference its files'}${e.claimedSavepoint ? `; savepoint ${e.checkpointId} leaves your savepoints: it is this job's now` : ''}`;
    case 'job.canceled':
      return `The job is cancelled (${e.retention}): ${e.discarded.length > 0 ? `checkpoint(s) ${e.discarded.join(', ')} deleted` : 'no checkpoint deleted'}${e.kept.length > 0 ? `; kept: ${e.kept.join(', ')}` : ''}${e.savepoints.length > 0 ? `; savepoints ${e.savepoints.join(', ')} stay (they belong to the user)` : ''}`;
    case 'job.stopWithSavepoint':
      return e.checkpointId === null
        ? `Stop with savepoint refused: ${e.reason ?? ''}`
        : `Stop with savepoint${e.drain ? ' --drain' : ''}: periodic checkpoints stop (pending ones aborted) and synchronous savepoint ${e.checkpointId} is triggered (${e.drain ? 'TERMINATE' : 'SUSPEND'})`;
    case 'source.stopped':
      return e.drain
        ? `The source stops for savepoint ${e.checkpointId}: MAX_WATERMARK and end of input go downstream, then the barrier; it reads nothing more`
        : `The source stops for savepoint ${e.checkpointId} (no drain: no MAX_WATERMARK, no end of input), then sends the barrier; it reads nothing more`;
    case 'task.finished':
      return `Savepoint ${e.checkpointId} confirmed: the task finishes (FINISHED)`;
    case 'job.finished':
      return `Every task finished: the job is FINISHED with savepoint ${e.savepointId} as its last state${e.discarded.length > 0 ? `; checkpoint(s) ${e.discarded.join(', ')} deleted (a finished job discards its checkpoints)` : ''}. Start a new job from the savepoint to continue.`;
    case 'restore.failed':
      return `Restore failed: ${e.reason}`;
    case 'restore.taskRestored':
      return e.keyGroupRange
        ? `Subtask downloaded ${e.files.length} file(s) (${e.bytes} bytes) and rebuilt ${e.entries} entries of key groups [${e.keyGroupRange.startKeyGroup}, ${e.keyGroupRange.endKeyGroup}]`
        : `Subtask restored its operator state: partitions ${e.partitions.map((p) => 'p' + p).join(', ') || 'none'}`;
    case 'changelog.persisted':
      return e.checkpointId === null
        ? `Pre-emptive persist: the active change set passed the threshold, so ${e.changeSets} change set(s) of SQN [${e.fromSqn}, ${e.toSqn}) (${e.bytes} bytes) upload now`
        : `Checkpoint ${e.checkpointId} persists the changelog [${e.fromSqn}, ${e.toSqn}): ${e.ready ? 'everything is already uploaded, done at once' : `${e.changeSets} new change set(s) (${e.bytes} bytes) to upload, waiting for them`}`;
    case 'changelog.truncated':
      return `Changelog truncated below SQN ${e.toSqn} (${e.why}): ${e.releasedChangeSets} uploaded change set(s) (${e.releasedBytes} bytes) released`;
    case 'changelog.materialization.started':
      return `Materialization m${e.materializationId} starts${e.periodic ? ' (periodic)' : ''}: sync point SQN ${e.upToSqn}; the state table's snapshot (${e.uploads} file(s), ${e.bytes} bytes) uploads in the background`;
    case 'changelog.materialization.skipped': {
      const why: Record<typeof e.reason, string> = {
        'not-changelog': 'this subtask does not run the changelog backend',
        running: 'the previous materialization is still running',
        unconfirmed: 'the previous materialization is not yet used by a completed checkpoint',
        'no-changes': 'no state changes since the last materialization',
        'job-not-running': 'the job is not running',
      };
      return `Materialization skipped: ${why[e.reason]}`;
    }
    case 'changelog.materialization.completed':
      return `Materialization m${e.materializationId} completes (${e.durationMs} ms, ${e.uploadedBytes} bytes uploaded): checkpoints now carry m${e.materializationId} plus the changes after SQN ${e.upToSqn}`;
    case 'changelog.materialization.failed':
      return `Materialization m${e.materializationId} failed (${e.reason}): ${e.consecutiveFailures} consecutive failure(s), ${e.maxFailuresAllowed} allowed`;
    case 'changelog.restore.read':
      return `Read ${e.file} at offset ${e.offset}: ${e.downloaded ? `downloaded the whole file (${e.bytes} bytes, download #${e.downloadsOfFile})` : 'served from the TaskManager’s file cache'}`;
    case 'changelog.restore.replayed':
      return `Replayed ${e.changeSets} change set(s) of SQN [${e.fromSqn}, ${e.toSqn}) in order (${e.changes} changes from ${e.files} file(s))`;
    case 'dstl.uploadStarted':
      return `${e.taskManager} writes ${e.changeSets} change set(s) of ${e.writers.join(', ')} into one file (${e.bytes} bytes, attempt ${e.attempt})`;
    case 'dstl.uploaded':
      return `DSTL file written: ${e.file} (${e.bytes} bytes, ${e.changeSets} change sets)`;
    case 'dstl.uploadFailed':
      return `DSTL upload failed (attempt ${e.attempt} of ${e.maxAttempts}): ${e.willRetry ? 'it is retried into a new file' : 'given up; the checkpoints waiting for it fail'}`;
    case 'channel.backPressured':
      return `No credit on the channel to ${e.to} (capacity ${e.capacity} records): records queue at the sender — back-pressure`;
    case 'channel.released':
      return `Credit came back on the channel to ${e.to}: the queued data is sent`;
    case 'barrier.overtook':
      return `Unaligned checkpoint ${e.checkpointId}: the barrier overtakes ${e.inputRecords} queued input and ${e.outputRecords} waiting output record(s); the subtask snapshots now and persists that in-flight data as channel state${e.waitingFor.length ? `, recording what arrives on ${e.waitingFor.join(', ')} before their barriers` : ''}`;
    case 'barrier.alignmentTimedOut':
      return `Alignment timed out (${e.afterMs} ms after the trigger, ${e.arrived} of ${e.of} barriers in): checkpoint ${e.checkpointId} switches to unaligned; the ${e.blocked} channel(s) whose barrier came stay blocked at their senders until every barrier is in`;
    case 'barrier.outputTimedOut':
      return `Checkpoint ${e.checkpointId}'s barrier still waited in the output queue ${e.afterMs} ms after the trigger: it becomes a priority (unaligned) barrier and jumps ahead on ${e.channels.join(', ')}; the ${e.outputRecords} record(s) it overtook are persisted as output channel state`;
    case 'channel.statePersisted':
      return `Channel state of checkpoint ${e.checkpointId} complete: ${e.inputRecords} input and ${e.outputRecords} output in-flight record(s) (${e.bytes} bytes) upload with the snapshot`;
    case 'restore.channelState':
      return `Restored ${e.records} in-flight record(s) from checkpoint ${e.checkpointId}'s channel state (of ${e.from.join(', ')}); they are processed before new input`;
    case 'storage.slowed':
      return e.factor > 1
        ? `Remote storage becomes ${e.factor}× slower${e.untilMs === null ? '' : ` until ${e.untilMs} ms`}: uploads and downloads take longer, so checkpoints' asynchronous phase grows`
        : 'Remote storage is back to normal speed';
    case 'localState.stored':
      return `Local copy of checkpoint ${e.checkpointId} stored on ${e.taskManager}'s local disk (${e.files} file(s), ${e.bytes} bytes in ${e.dir}); the store now holds checkpoint(s) ${e.kept.join(', ')}`;
    case 'localState.pruned': {
      const why = { confirmed: `checkpoint ${e.checkpointId} was confirmed, so older copies are no longer needed`, aborted: `checkpoint ${e.checkpointId} was aborted`, restored: `the task restores checkpoint ${e.checkpointId} and keeps only that copy` }[e.why];
      return `Local copy of checkpoint(s) ${e.checkpointIds.join(', ')} deleted from ${e.taskManager}'s disk (${e.bytes} bytes): ${why}; kept: ${e.kept.join(', ') || 'none'}`;
    }
    case 'restore.localState': {
      const why = { found: '', 'no-local-copy': ` — ${e.taskManager}'s disk holds no copy of checkpoint ${e.checkpointId} for this slot`, 'other-key-groups': ' — the local copy covers other key groups (the job was rescaled)', changelog: ' — the changelog backend’s local copy is not modelled' }[e.reason];
      return e.source === 'local'
        ? `Keyed state restored from the local copy on ${e.taskManager} (${e.localFiles} file(s), ${e.localBytes} bytes read from disk, ${e.remoteBytes} bytes from remote storage)`
        : `Keyed state restored from remote storage (${e.remoteFiles} file(s), ${e.remoteBytes} bytes downloaded)${why}`;
    }
    case 'taskManager.lost':
      return `TaskManager ${e.taskManager} is lost with its slots (${e.tasks.join(', ')})${e.localSnapshots > 0 ? ` and its local disk (${e.localSnapshots} local cop${e.localSnapshots === 1 ? 'y' : 'ies'}, ${e.localBytes} bytes)` : ''}; a replacement with an empty disk takes its place`;
    case 'restore.operatorState': {
      const got = e.received.map((r) => `${r.entries.length} from old #${r.from}${r.entries.length ? ` (${r.entries.join(', ')})` : ''}`).join('; ') || 'nothing';
      const how = e.mode === 'SPLIT_DISTRIBUTE' ? 'its round-robin share' : e.mode === 'UNION' ? `the entries of all ${e.oldParallelism} old subtasks` : 'one old subtask\'s copy';
      return `Operator state "${e.state}" (${e.mode}) restored: ${how} — ${got}${e.kept ? `; the consumer keeps the partitions KafkaTopicPartitionAssigner gives it: ${e.kept.join(', ') || 'none'}` : ''}`;
    }
    case 'broadcast.ruleSent':
      return `The rules stream sends rule ${e.n} (${e.rule}=${e.value}) to every subtask of the broadcast operator: ${e.to.join(', ')}`;
    case 'broadcast.stateUpdated':
      return `processBroadcastElement writes ${e.rule}=${e.value} into broadcast state "${e.state}" (${e.entries} entr${e.entries === 1 ? 'y' : 'ies'}, the same on every subtask)`;
    case 'job.running':
      return `The job runs again (restart ${e.attempt}, from checkpoint ${e.restoredFrom}): sources re-read from the checkpointed offsets`;
    case 'memtable.sealed':
      return `MemTable ${e.memtableId} of column family "${e.cf}" is full (${e.bytes} bytes, ${e.entries} entries): it becomes immutable and waits for a flush`;
    case 'sst.flushed':
      return `Flush${e.reason === 'checkpoint' ? ' (checkpoint sync phase)' : ''}: column family "${e.cf}" writes L0 SST ${e.sst} (${e.sizeBytes} bytes, ${e.entries} entries)`;
    case 'compaction.started':
      return `Compaction starts: reads SSTs ${e.inputs.join(', ')}${e.outputLevel >= 0 ? ` into L${e.outputLevel}` : ''} (${e.reason})`;
    case 'compaction.finished':
      return e.trivialMove
        ? `SST ${e.inputs.join(', ')} moves down to L${e.outputLevel} unchanged (trivial move)`
        : `Compaction done: (${e.inputs.join(',')}) → SST ${e.outputs.join(', ')} at L${e.outputLevel} (${e.bytesWritten} bytes); the inputs are deleted${e.droppedTombstones ? `; ${e.droppedTombstones} tombstone(s) dropped` : ''}`;
    case 'checkpoint.declined':
      return `The subtask declines checkpoint ${e.checkpointId} (${e.reason}) and tells the JobManager`;
    case 'job.failed':
      return `The job fails: ${e.reason}; it restarts ${e.restartFrom !== null ? `from checkpoint ${e.restartFrom}` : 'from scratch (no completed checkpoint)'}`;
    case 'script.skipped':
      return `Scripted action skipped: ${describeAction(e.action)}. ${
        e.reason === 'files-not-live'
          ? `${e.task}'s database has no SST ${e.missing.join(', ')} (live: ${e.live.join(', ') || 'none'}); the script was written for the run before your action`
          : e.reason === 'not-rocksdb'
            ? `${e.task} does not run the RocksDB backend`
            : `${e.task} is not running now`
      }`;
    case 'records.summarized': {
      const kg = e.minKeyGroup >= 0 ? `, key groups ${e.minKeyGroup}–${e.maxKeyGroup}` : '';
      const keys = `keys ${fmtKey(e.firstKey)} … ${fmtKey(e.lastKey)}${kg}`;
      const tail = ' [summary: the records\' own events are counted, not kept]';
      switch (e.of) {
        case 'source.emitted':
          return `Source reads ${e.count} record(s) at offsets ${fmtOffsetRuns(offsetRuns(e.offsets), 'script-log')} (${keys}); keyBy sends them to ${fmtPeers(e.peer, e.peers)}${tail}`;
        case 'state.updated':
          return `${e.count} update(s) of "${e.state}" (${keys}), inputs summing to ${e.valueSum}${tail}`;
        case 'sink.received':
          return `Sink receives ${e.count} record(s) from ${fmtPeers(e.peer, e.peers)} (${keys})${tail}`;
        default:
          return `${e.count} record(s) for ${fmtPeers(e.peer, e.peers)} wait at the sender behind a barrier (${keys})${tail}`;
      }
    }
    default:
      return assertNever(e);
  }
}
