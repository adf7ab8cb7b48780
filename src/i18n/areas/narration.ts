/**
 * Strings of the narration panel: one or two sentences per step saying what happened and why,
 * and a "what next" hint. Keys carry a `nar` prefix so they cannot clash with other areas.
 * Chinese terms follow the seed articles (检查点, 屏障, 对齐, 同步阶段, 异步阶段, 确认, 保存点,
 * 物化, 截断, 故障, 恢复, 并行度, 取代).
 */
export const narrationEn = {
  narTitle: 'What happened',
  narStepLabel: 'step {n}',
  narByUser: 'your action',
  narNext: 'Next:',
  narNextAt: '{text} (step {n})',
  narJump: 'Go',
  narJumpLabel: 'Go to step {n}: {text}',
  narNoNext: 'Nothing else of note happens in the recorded run.',
  narCheckpoint: 'checkpoint',
  narSavepoint: 'savepoint',
  narCheckpointCap: 'Checkpoint',
  narSavepointCap: 'Savepoint',
  narNone: 'none',
  narListSep: ', ',

  narStart: 'Nothing has happened yet: the job is about to start.',
  narStartWhy:
    'Step forward (→) or press Play; every step is one thing the engine does, like one message handled by Flink.',
  narEmpty: 'No event in this step.',
  narEmptyWhy: 'The engine handled an internal message or timer; its effect shows in a later step.',
  narSimStarted:
    'The job starts with {tasks} subtasks; max parallelism {maxP} fixes the number of key groups for good.',
  narSimStartedWhy:
    'A checkpoint is triggered every {interval} ms; the state backend is {backend}.',
  narSimStartedWhyManual:
    'Periodic checkpointing is off, so checkpoints happen only when triggered; the state backend is {backend}.',
  narIncremental: 'incremental',
  narWithChangelog: 'with the changelog',
  narBackend: '{base} ({extras})',

  narEmitted:
    '{task} reads {record} from partition p{partition} at offset {offset}; keyBy sends it to {to}.',
  narEmittedLog:
    '{task} reads {record} from the script log of partition p{partition} (position {offset}); keyBy sends it to {to}.',
  narEmittedWhy:
    'Its key is in key group {kg}, and {to} owns key groups {range}. The offset is what a checkpoint records for the source.',
  narStateUpdated: '{task} updates {kind} "{state}" of key {key}: now {value}.',
  narStateWhyHeap:
    'The HashMap backend changes its copy-on-write state table in place; a snapshot still being written keeps its own copy.',
  narStateWhyRocks:
    'RocksDB writes it to the active memtable as bytes (key group + key + namespace); it reaches an SST at the next flush.',
  narStateWhyChangelog:
    'The change also goes to the state table and is appended to the changelog (DSTL), which the next checkpoint persists.',
  narSinkReceived: '{task} receives {record} from {from}.',
  narSinkWhyTx:
    'It goes into the open transaction and stays invisible downstream until a checkpoint that covers it completes.',
  narSinkWhyPlain:
    'A plain sink emits it at once: if the job restores from an earlier checkpoint, it is emitted again (a duplicate).',

  narTriggered: 'The JobManager triggers {what} {id} and asks every source to inject a barrier.',
  narTriggeredWhyPeriodic:
    'The checkpoint interval ({interval} ms) has passed; a PendingCheckpoint now waits for {tasks} acknowledgements or the timeout.',
  narTriggeredWhyUser:
    'You triggered it; a PendingCheckpoint now waits for {tasks} acknowledgements or the timeout.',
  narTriggeredWhySavepoint:
    'Savepoints are always aligned and never subsumed by checkpoints; {tasks} subtasks must acknowledge it.',
  narTriggerSkipped: 'The periodic trigger is skipped: {reason}.',
  narSkipMaxConcurrent: '{n} checkpoint(s) still in progress (max-concurrent-checkpoints)',
  narSkipMinPause: 'min-pause since the last completion has not passed',
  narSkipNotRunning: 'the job is not running',
  narTriggerSkippedWhy:
    'The CheckpointRequestDecider starts a checkpoint only when the limits allow it; the next chance comes later.',

  narInjected:
    '{task} snapshots its read offsets for {what} {id} and injects barrier {id} into its {n} output channel(s).',
  narInjectedWhy:
    'Records it sent before the barrier belong to {what} {id}, records after it to the next one; the barrier travels behind the records already sent.',
  narInjectedUnaligned:
    'Unaligned: the barrier jumps ahead of {out} record(s) waiting in its output queues; they are persisted as channel state.',
  narBarrierBlocked:
    'Barrier {id} reached {task} from {from} ({arrived} of {of} inputs); {task} blocks that channel until the barrier arrives on the others.',
  narBarrierBlockedWhy:
    'Records behind the barrier on {from} belong after {what} {id}; holding them back keeps them out of this snapshot (exactly-once alignment).',
  narBarrierTracked:
    'Barrier {id} reached {task} from {from} ({arrived} of {of} inputs); at-least-once mode does not block the channel.',
  narBarrierTrackedWhy:
    'Records behind the barrier are processed at once and end up in the state of {what} {id}; after a restore they are read again: duplicates.',
  narAlignedSync:
    'The barrier of {what} {id} reached {task} on its last input ({from}, {of} of {of}); alignment is complete, so {task} takes its synchronous snapshot and forwards the barrier.',
  narOnlyInputSync:
    'The barrier of {what} {id} reached {task} on its only input, so {task} takes its synchronous snapshot and forwards the barrier.',
  narSyncOnly: '{task} takes its synchronous snapshot for {what} {id} and forwards the barrier.',
  narSyncWhyRocksFlush:
    'It flushes the memtable to L0 SST {sst} and takes a RocksDB native checkpoint; {uploads} file(s) upload in the asynchronous part (~{ms} ms) while records flow again.',
  narSyncWhyRocks:
    'It takes a RocksDB native checkpoint (links to the live SSTs); {uploads} file(s) upload in the asynchronous part (~{ms} ms) while records flow again.',
  narSyncWhyHeap:
    'The copy-on-write state table ({size}) is snapshotted at once; writing it out is the asynchronous part (~{ms} ms), while records flow again.',
  narSyncWhyChangelog:
    'With the changelog backend the snapshot points into the DSTL: the changes of SQN [{from}, {to}) must be persisted; the state table itself is not uploaded.',
  narSyncWhySink:
    'The sink pre-commits transaction {tx} ({records} record(s)) and opens a new one; {tx} is committed only when {what} {id} completes.',
  narSyncWhyOperator:
    'Its operator state ({size}) travels inside the acknowledgement; there is nothing to upload.',
  narSyncWhyReleased: 'The {n} record(s) held during alignment go on now.',
  narSyncWhyCompaction: 'The new L0 file also starts a compaction of SSTs {inputs}.',

  narAsyncDone:
    '{task} finishes the asynchronous part of {what} {id}: {files} file(s), {bytes} uploaded in {ms} ms.',
  narAsyncDoneNothing: '{task} finishes its snapshot of {what} {id} with nothing to upload.',
  narAsyncWhyIncremental:
    'Incremental: only SSTs the last confirmed checkpoint did not upload are sent ({ssts} new); the others are referenced as placeholders. Next: acknowledge the JobManager.',
  narAsyncWhy:
    'Next it acknowledges the JobManager with its state handles (the paths of what it wrote).',
  narAsyncWhyOperator: 'Its small operator state travels inside the acknowledgement.',
  narAcked: 'The JobManager receives the acknowledgement of {what} {id} from {task} ({a} of {of}).',
  narAckedWhy:
    '{left} subtask(s) still to go: the {what} completes only when every subtask has acknowledged.',
  narCompleted:
    '{What} {id} is complete: every subtask acknowledged, so the JobManager wrote its _metadata ({delta} uploaded for it, {full} in all).',
  narCompletedWhy:
    'Retained now: {retained}. Every task is told notifyCheckpointComplete({id}); a transactional sink commits what it pre-committed.',
  narCompletedWhySubsumed:
    'Checkpoint {old} drops out of the retained set (num-retained = {n}) and {files} file(s) no retained checkpoint needs are deleted; tasks are told notifyCheckpointComplete({id}).',
  narCompletedWhySubsumedNoFiles:
    'Checkpoint {old} drops out of the retained set (num-retained = {n}); its files are still used by retained checkpoints. Tasks are told notifyCheckpointComplete({id}).',
  narCompletedWhySavepoint:
    'A savepoint never registers shared files and is never subsumed by checkpoints: you can restore from it for as long as it is kept.',
  narCompletedWhyTruncated: 'With it, the changelog of {tasks} is truncated.',
  narSubsumed: 'Checkpoint {id} is subsumed by checkpoint {by}.',
  narSubsumedWhy:
    'Only num-retained = {n} completed checkpoint(s) are kept; its own files are deleted and its shared files released in the registry.',
  narNotified: 'The subtasks are told that {what} {id} {how}.',
  narNotifiedComplete: 'completed (notifyCheckpointComplete)',
  narNotifiedSubsumed: 'was subsumed (notifyCheckpointSubsumed)',
  narNotifiedAborted: 'was aborted (notifyCheckpointAborted)',
  narNotifiedWhy:
    'Tasks use it to commit side effects (a transactional sink) or to drop what they kept for that checkpoint.',
  narAborted: '{What} {id} is aborted: {reason}.',
  narAbortDeclined: 'a subtask declined it',
  narAbortExpired: 'it did not complete within the timeout',
  narAbortSubsumed: 'a newer checkpoint completed first',
  narAbortFailover: 'the job failed over',
  narAbortIo: 'an upload to remote storage failed',
  narAbortTooMany: 'too many checkpoint requests',
  narAbortedWhy:
    'Files uploaded for it are deleted and tasks are told notifyCheckpointAborted. Consecutive failures: {n}; tolerated: {t} (tolerable-failed-checkpoints).',
  narDeclined: '{task} declines {what} {id}: {reason}.',
  narDeclinedWhy:
    'It tells the JobManager (receiveDeclineMessage), which aborts {what} {id}; more than tolerable-failed-checkpoints = {t} consecutive failures fail the job.',
  narReasonDeclineInjected: 'a decline was injected',
  narReasonUploadFailed: 'an upload to remote storage failed (injected)',

  narJobFailed: 'The job fails: {reason}.',
  narJobFailedWhy:
    'Every task is cancelled (pending checkpoints and open transactions are aborted) and the job restarts from checkpoint {cp}, the latest completed one; sources rewind to its offsets and read the records after it again.',
  narJobFailedWhyScratch:
    'Every task is cancelled and, with no completed checkpoint to go back to, the job restarts from scratch: every record is read again.',
  narReasonTaskFailed: '{task} failed (injected)',
  narReasonFailedSync: '{task} failed in the synchronous part of checkpoint {id} (injected)',
  narReasonFailedAsync: '{task} failed while uploading checkpoint {id} (injected)',
  narReasonFailedBeforeAck:
    '{task} failed after uploading checkpoint {id}, before acknowledging it (injected)',
  narReasonFailedMaterialization: '{task} failed during materialization {id} (injected)',
  narReasonTooManyFailures:
    'more than {n} consecutive checkpoint failure(s) (tolerable-failed-checkpoints = {n})',
  narRestoreStarted:
    'Restoring from {what} {id}: the running job is cancelled and {path} is read back.',
  narRestoreWhySame:
    'Each new subtask gets the key groups it had before; sources rewind to the checkpointed offsets.',
  narRestoreWhyRescale:
    'Parallelism {from} → {to}: the {maxP} key groups are split into {to} new ranges, each subtask reading its range from every old handle that overlaps it; source partitions are redistributed as operator state.',
  narRestoreChangelogOn: 'The restarted job runs with the changelog backend.',
  narRestoreChangelogOff: 'The restarted job runs without the changelog backend.',
  narRestoreFailed: 'The restore fails: {reason}.',
  narRestoreFailedWhy:
    'The job stays stopped; restore from another retained checkpoint or savepoint.',
  narTaskRestoredKeyed:
    '{task} restores key groups {range}: {files} file(s), {bytes} downloaded, {entries} entries rebuilt.',
  narTaskRestoredKeyedWhy:
    'It reads only its own key groups from the handles that overlap them (download {ms} ms); the job runs once every subtask is ready.',
  narTaskRestoredReplayWhy:
    'On top of the materialized state it replays {sets} change set(s) ({changes} changes) of the changelog in SQN order ({downloads} download(s), {ms} ms).',
  narTaskRestoredSource:
    '{task} restores its operator state: partition(s) {partitions} with their checkpointed offsets.',
  narTaskRestoredSourceWhy: 'It will read every record after those offsets again.',
  narTaskRestoredSink: '{task} restores the transactions that were pending at {what} {id}.',
  narTaskRestoredSinkWhy: 'No transaction was waiting for its commit in that snapshot.',
  narRecoverCommitted:
    '{tx} was never committed, so recoverAndCommit commits it now and its records become visible.',
  narRecoverAlready: '{tx} was committed before the failure; committing it again changes nothing.',
  narRecoverAborted: '{tx} had been aborted and cannot be committed: its records are lost.',
  narRecoverUnknown:
    '{tx} is unknown to the external system (a new job), so there is nothing to commit.',
  narRecoverAbortOpen:
    '{tx}, opened after the checkpoint, is aborted; its records will be read again.',
  narJobRunning: 'The job runs again (restart {attempt}) from {what} {id}.',
  narJobRunningWhyTx:
    'Every subtask has its state back and sources read on from the checkpointed offsets: records after {what} {id} are processed again, and the transactional sink keeps the output exactly-once.',
  narJobRunningWhyPlain:
    'Every subtask has its state back and sources read on from the checkpointed offsets: records after {what} {id} are processed again, and the plain sink emits them a second time.',

  narJobRunningChannel:
    '{n} in-flight record(s) restored from channel state are processed before any new input.',
  narPreCommit:
    '{task} pre-commits transaction {tx} at the barrier of {what} {id} ({records} record(s)).',
  narPreCommitWhy:
    'The transaction is flushed but stays invisible; it is committed when {what} {id} completes (two-phase commit).',
  narCommit: '{task} commits transaction {tx}: {records} record(s) become visible downstream.',
  narCommitWhy:
    'Checkpoint {id} completed (notifyCheckpointComplete): a failover restarts from it or a later one, so these records are not read again.',
  narCommitDuplicates: '{n} of them duplicate records committed before.',
  narAbortTx: '{task} aborts transaction {tx}: {records} record(s) are discarded.',
  narAbortTxWhyClose:
    'The task was cancelled; the records will be read again from the restored offsets.',
  narAbortTxWhyRecover:
    'The transaction was opened after the restored checkpoint, so its records will be read again.',
  narAbortTxWhyLingering:
    'A transaction left over from before the restart is not in the restored state.',
  narBeginTx: '{task} opens transaction {tx} in the external system.',
  narBeginTxWhy: 'Records go into it until the next barrier pre-commits it.',

  narUploaded: '{n} file(s) uploaded ({bytes}) for {what} {id}.',
  narUploadedWhy: 'Files are immutable once written; the checkpoint refers to them by path.',
  narDiscarded: '{n} file(s) deleted ({bytes}): {reason}.',
  narDiscardWhySubsumed:
    'That checkpoint left the retained set, and no other checkpoint uses the files of its own directory.',
  narDiscardWhyLastUsed:
    'Registry of Flink 1.15+: a shared file remembers the last checkpoint that used it; below the lowest retained checkpoint nothing can restore from it.',
  narDiscardWhyRefCount:
    'Registry of Flink 1.14 and before: each retained checkpoint using a shared file holds a reference; the last one was released.',
  narDiscardWhyAborted:
    'Files written for a checkpoint that will never complete are of no use; they are deleted asynchronously.',
  narDiscardWhyDuplicate:
    'The same state is already registered under that key; this copy is not needed.',
  narDiscardWhyTruncated:
    'Truncation released the changes in it and no checkpoint refers to the file.',
  narDiscardWhyOther: 'No retained checkpoint refers to these files any more.',
  narReasonSubsumedBy: 'checkpoint {id} subsumed by {by}',
  narReasonLastUsed: 'last used below the lowest retained checkpoint (checkpoint {id})',
  narReasonRefZero: 'reference count reached 0 (checkpoint {id})',
  narReasonAbortedUpload: 'uploaded for an aborted checkpoint (checkpoint {id})',
  narReasonLateAck: 'late acknowledgement of an aborted checkpoint (checkpoint {id})',
  narReasonCpAborted: 'checkpoint {id} aborted ({reason})',
  narReasonFailedBeforeAckFiles: '{task} failed before acknowledging checkpoint {id}',

  narFlushed: '{task} flushes a memtable of "{cf}" to L0 SST {sst} ({bytes}, {entries} entries).',
  narFlushedWhy:
    'The memtable was full (write buffer {wb}); SSTs are immutable once written, which is what lets incremental checkpoints reuse them.',
  narFlushedWhyManual:
    'You asked for a flush; SSTs are immutable once written, which is what lets incremental checkpoints reuse them.',
  narSealed: 'Memtable {id} of "{cf}" at {task} is full ({bytes}) and becomes immutable.',
  narSealedWhy:
    'Writes go to a new memtable; a background flush will write the sealed one as an L0 SST.',
  narCompactionStarted: '{task} starts compacting SSTs {inputs} into L{level}.',
  narCompactionStartedManual: '{task} compacts SSTs {inputs} as you asked (CompactFiles).',
  narCompactionWhyL0:
    'L0 reached level0_file_num_compaction_trigger ({n} files); compaction merges overlapping files into new SSTs and deletes the inputs.',
  narCompactionWhyLevel:
    'A level is over its byte target; compaction moves data down a level and deletes the inputs.',
  narCompactionWhyManual: 'The chosen files are merged into one new SST; the inputs are deleted.',
  narCompactionFinished:
    'Compaction at {task} is done: ({inputs}) → SST {outputs} at L{level} ({bytes} written).',
  narCompactionFinishedWhy:
    'The inputs are deleted locally; copies in remote storage live on while a retained checkpoint uses them, and the next incremental checkpoint must upload {outputs}: a bigger upload.',
  narCompactionFinishedWhyFull:
    'The inputs are deleted locally; a full checkpoint writes the whole state anyway, so uploads do not change.',
  narTrivialMove: '{task} moves SST {inputs} down to L{level} unchanged (trivial move).',
  narTrivialMoveWhy:
    'It overlaps nothing in the next level, so RocksDB only records its new level in the MANIFEST; nothing new needs uploading.',

  narPersistedReady:
    '{task} persists its changelog SQN [{from}, {to}) for checkpoint {id}: everything was already uploaded.',
  narPersistedWait:
    '{task} persists its changelog SQN [{from}, {to}) for checkpoint {id}: {n} change set(s) ({bytes}) still have to upload.',
  narPersistedWhy:
    'A changelog checkpoint is the last materialization plus every change since it, so its upload is small and steady.',
  narPersistedPre:
    'The active change set of {task} passed the size threshold: SQN [{from}, {to}) ({bytes}) uploads now.',
  narPersistedPreWhy: 'Uploading early keeps the next checkpoint short.',
  narDstlStarted:
    '{tm} writes {n} change set(s) of {writers} into one DSTL file ({bytes}, attempt {attempt}).',
  narDstlStartedWhy:
    'Uploads are batched per TaskManager: one file holds the changes of several operators at different offsets.',
  narDstlUploaded: '{tm} finished writing a DSTL file ({bytes}, {n} change set(s)).',
  narDstlUploadedWhy: 'Checkpoints waiting for these changes can now acknowledge.',
  narDstlFailed: 'Writing a DSTL file failed (attempt {attempt} of {max}).',
  narDstlFailedWhyRetry: 'The RetryingExecutor tries again with a new file.',
  narDstlFailedWhyGiveUp: 'No attempts are left: the checkpoints waiting for these changes fail.',
  narMatStarted:
    '{task} starts materialization m{id}: sync point SQN {sqn}; the state table snapshot ({uploads} file(s), {bytes}) uploads in the background.',
  narMatStartedWhy:
    'Once it completes, checkpoints carry m{id} plus only the changes after SQN {sqn}, and older changelog can be truncated.',
  narMatCompleted: '{task} completes materialization m{id} ({bytes} uploaded in {ms} ms).',
  narMatCompletedWhy:
    'The next checkpoints carry m{id} plus the changes after SQN {sqn}; once one of them completes and older ones are subsumed, the changelog below SQN {sqn} is truncated.',
  narMatFailed: 'Materialization m{id} of {task} fails: {reason}.',
  narMatFailedWhy:
    '{n} consecutive failure(s); more than {max} (max-failures-allowed) fail the task.',
  narMatSkipped: '{task} skips a materialization: {reason}.',
  narMatSkippedWhy: 'The PeriodicMaterializationManager tries again at its next interval.',
  narMatSkipNotChangelog: 'it does not run the changelog backend',
  narMatSkipRunning: 'the previous one is still running',
  narMatSkipUnconfirmed: 'the previous one is not yet used by a completed checkpoint',
  narMatSkipNoChanges: 'nothing changed since the last one',
  narMatSkipNotRunning: 'the job is not running',
  narTruncated:
    '{task} truncates its changelog below SQN {sqn}: {n} change set(s) ({bytes}) released.',
  narTruncatedWhy:
    'Reason: {why}. A materialization covers the older changes, and no retained checkpoint needs them any more.',
  narWhySubsumed: 'checkpoint {id} subsumed',
  narWhyMaterialization: 'materialization {id} covers the changes below {sqn}',
  narReplayed:
    '{task} replays {sets} change set(s) ({changes} changes) of SQN [{from}, {to}) from {files} file(s).',
  narReplayedWhy:
    'Restoring a changelog backend is the materialized state plus every logged change since it, re-applied in order.',

  narOvertook:
    'Unaligned {what} {id}: the barrier reached {task} and overtook {in} queued input and {out} waiting output record(s); {task} snapshots at once and forwards the barrier.',
  narOvertookNothing:
    'Unaligned {what} {id}: the barrier reached {task} with nothing queued to overtake, so {task} snapshots at once and forwards the barrier.',
  narOvertookWhy:
    'The records it jumped over are persisted as channel state with the snapshot, so nothing waits for alignment; the price is a bigger checkpoint.',
  narOvertookWaiting:
    'Until the barriers of {inputs} arrive, what comes on those channels is recorded too.',
  narAlignTimeout:
    'Alignment of {what} {id} at {task} timed out after {ms} ms ({arrived} of {of} barriers in), so it switches to unaligned.',
  narAlignTimeoutWhy:
    'aligned-checkpoint-timeout: the {held} held record(s) become channel state instead of waiting, and the barrier goes on now.',
  narChannelState:
    'The last barrier of {what} {id} reached {task}: its channel state is complete ({in} input and {out} output record(s), {bytes}).',
  narChannelStateWhy:
    'It uploads with the snapshot; after a restore these records are processed before any new input.',
  narBackPressured:
    'No credit on the channel to {to} (capacity {capacity}): {queued} record(s) queue at the sender.',
  narBackPressuredWhy:
    'Back-pressure: a slow consumer holds up its producers, and an aligned barrier waits behind the queued records; unaligned checkpoints overtake them.',
  narReleased: 'Credit is back on the channel to {to}: the queued records flow again.',
  narReleasedWhy:
    'The consumer has caught up and grants credit for more buffers (credit-based flow control).',
  narRestoreChannel:
    '{task} restores {records} in-flight record(s) from the channel state of {what} {id}.',
  narRestoreChannelWhy:
    'They are processed before any new input, so nothing the unaligned snapshot jumped over is lost.',
  narNextReleased: 'the channel to {to} gets credit again',

  narHeld: '{task} holds record {record} from the blocked channel {from} ({n} held).',
  narHeldWhy:
    'It came behind barrier {id}, so it belongs after {what} {id}; it is processed once alignment completes.',

  narArmFail: 'Fault armed: {task} will fail {phase}.',
  narPhaseSync: 'in the synchronous part of its next checkpoint',
  narPhaseAsync: 'while uploading its next checkpoint',
  narPhaseBeforeAck: 'after uploading its next checkpoint, before acknowledging it',
  narPhaseMaterialization: 'during its next materialization',
  narArmFailWhy:
    'Nothing changes yet; when it happens the job fails over to the latest completed checkpoint.',
  narArmDecline: 'Fault armed: {task} will decline the next checkpoint.',
  narArmDeclineId: 'Fault armed: {task} will decline checkpoint {id}.',
  narArmDeclineWhy:
    'A decline aborts that checkpoint; more than tolerable-failed-checkpoints = {t} consecutive failures fail the job.',
  narArmUploads: 'Fault armed: the next {n} upload(s) will fail.',
  narArmUploadsTask: 'Fault armed: the next {n} upload(s) of {task} will fail.',
  narArmUploadsWhy:
    'A failed checkpoint upload makes its task decline (IO_EXCEPTION); a failed changelog write is retried; a failed materialization counts towards max-failures-allowed.',
  narEmitAction: 'You append {records} to the log of partition p{partition}.',
  narEmitActionWhy:
    '{task} reads it like a Kafka partition; after a restore it reads it again from the checkpointed offset.',
  narUserAction: 'Your action: {action}.',

  narNextInjected: '{task} injects barrier {id}',
  narNextReceived: 'barrier {id} reaches {task}',
  narNextAligned: '{task} completes alignment for {what} {id}',
  narNextSync: '{task} takes its synchronous snapshot for {what} {id}',
  narNextAsync: '{task} finishes uploading for {what} {id}',
  narNextAck: '{task} acknowledges {what} {id}',
  narNextCompleted: '{what} {id} completes',
  narNextAborted: '{what} {id} is aborted',
  narNextTriggered: 'the JobManager triggers {what} {id}',
  narNextDeclined: '{task} declines {what} {id}',
  narNextJobFailed: 'the job fails',
  narNextRestoreStarted: 'the restore from {what} {id} starts',
  narNextRestoreFailed: 'the restore fails',
  narNextJobRunning: 'the job runs again',
  narNextTaskRestored: '{task} restores its state',
  narNextCommit: '{task} commits {tx}',
  narNextPreCommit: '{task} pre-commits {tx}',
  narNextDiscarded: '{n} file(s) are deleted',
  narNextUploaded: '{task} uploads {n} file(s) for {what} {id}',
  narNextJobStarts: 'the job starts',
  narNextFlushed: '{task} flushes SST {sst}',
  narNextSealed: 'a memtable of {task} fills up',
  narNextCompactionStarted: '{task} starts a compaction',
  narNextCompactionFinished: '{task} finishes a compaction',
  narNextSubsumed: 'checkpoint {id} is subsumed',
  narNextMatStarted: '{task} starts materialization m{id}',
  narNextMatCompleted: '{task} completes materialization m{id}',
  narNextMatFailed: 'materialization m{id} of {task} fails',
  narNextTruncated: '{task} truncates its changelog',
  narNextPersisted: '{task} persists its changelog',
  narNextDstlUploaded: '{tm} finishes writing a DSTL file',
  narNextDstlFailed: 'a DSTL upload fails',
  narNextHeld: '{task} holds back a record',
} as const;

export const narrationZh: Record<keyof typeof narrationEn, string> = {
  narTitle: '发生了什么',
  narStepLabel: '第 {n} 步',
  narByUser: '你的操作',
  narNext: '接下来：',
  narNextAt: '{text}（第 {n} 步）',
  narJump: '前往',
  narJumpLabel: '跳到第 {n} 步：{text}',
  narNoNext: '在已记录的运行中，之后没有值得注意的事件。',
  narCheckpoint: '检查点',
  narSavepoint: '保存点',
  narCheckpointCap: '检查点',
  narSavepointCap: '保存点',
  narNone: '无',
  narListSep: '、',

  narStart: '尚未发生任何事：作业即将启动。',
  narStartWhy: '单步前进（→）或点击播放；每一步是引擎做的一件事，就像 Flink 处理的一条消息。',
  narEmpty: '这一步没有事件。',
  narEmptyWhy: '引擎处理了一条内部消息或定时器，其效果会在之后的步骤中显示。',
  narSimStarted: '作业以 {tasks} 个子任务启动；最大并行度 {maxP} 决定了键组的数量，之后不再改变。',
  narSimStartedWhy: '每 {interval} 毫秒触发一次检查点；状态后端为 {backend}。',
  narSimStartedWhyManual: '周期性检查点已关闭，只有手动触发才会做检查点；状态后端为 {backend}。',
  narIncremental: '增量',
  narWithChangelog: '启用 Changelog',
  narBackend: '{base}（{extras}）',

  narEmitted: '{task} 从分区 p{partition} 偏移量 {offset} 读取记录 {record}；keyBy 把它发往 {to}。',
  narEmittedLog:
    '{task} 从分区 p{partition} 的脚本日志（位置 {offset}）读取记录 {record}；keyBy 把它发往 {to}。',
  narEmittedWhy:
    '它的键属于键组 {kg}，而 {to} 负责键组 {range}。检查点为 Source 记录的正是这个偏移量。',
  narStateUpdated: '{task} 更新键 {key} 的 {kind} “{state}”：现在为 {value}。',
  narStateWhyHeap: 'HashMap 状态后端原地修改写时复制的状态表；正在写出的快照保留自己的副本。',
  narStateWhyRocks:
    'RocksDB 把它序列化（键组 + 键 + 命名空间）后写入活跃的 MemTable；下次刷写时才进入 SST。',
  narStateWhyChangelog: '这条变更写入状态表，同时追加到 Changelog（DSTL），由下一个检查点持久化。',
  narSinkReceived: '{task} 收到来自 {from} 的记录 {record}。',
  narSinkWhyTx: '它写入打开的事务，在覆盖它的检查点完成之前对下游不可见。',
  narSinkWhyPlain: '普通 Sink 立即输出它：如果作业从更早的检查点恢复，它会再输出一次（重复）。',

  narTriggered: 'JobManager 触发{what} {id}，要求每个 Source 注入屏障。',
  narTriggeredWhyPeriodic:
    '检查点间隔（{interval} 毫秒）已到；PendingCheckpoint 开始等待 {tasks} 个确认，或者超时。',
  narTriggeredWhyUser: '由你触发；PendingCheckpoint 开始等待 {tasks} 个确认，或者超时。',
  narTriggeredWhySavepoint: '保存点总是对齐的，不会被检查点取代；需要 {tasks} 个子任务确认。',
  narTriggerSkipped: '跳过本次周期性触发：{reason}。',
  narSkipMaxConcurrent: '仍有 {n} 个检查点在进行（max-concurrent-checkpoints）',
  narSkipMinPause: '距上次完成未满最小间隔（min-pause）',
  narSkipNotRunning: '作业未在运行',
  narTriggerSkippedWhy: 'CheckpointRequestDecider 只在限制允许时才开始检查点；之后还有机会。',

  narInjected: '{task} 为{what} {id} 快照读取偏移量，并向 {n} 个输出通道注入屏障 {id}。',
  narInjectedWhy:
    '屏障之前发出的记录属于{what} {id}，之后的属于下一个；屏障跟在已经发出的记录后面传输。',
  narInjectedUnaligned:
    '非对齐：屏障越过输出队列中等待的 {out} 条记录，这些记录作为通道状态持久化。',
  narBarrierBlocked:
    '屏障 {id} 从 {from} 到达 {task}（{arrived}/{of} 个输入）；{task} 阻塞该通道，直到其他通道的屏障也到达。',
  narBarrierBlockedWhy:
    '{from} 上屏障之后的记录属于{what} {id} 之后；把它们挡住，它们就不会进入本次快照（精确一次的对齐）。',
  narBarrierTracked:
    '屏障 {id} 从 {from} 到达 {task}（{arrived}/{of} 个输入）；至少一次模式不阻塞通道。',
  narBarrierTrackedWhy:
    '屏障之后的记录被立即处理，进入{what} {id} 的状态；恢复后它们会被再读一次：产生重复。',
  narAlignedSync:
    '{what} {id} 的屏障从 {from} 到达 {task}，这是它最后一个输入（{of}/{of}）；对齐完成，{task} 执行同步阶段快照并向下游转发屏障。',
  narOnlyInputSync:
    '{what} {id} 的屏障从唯一的输入到达 {task}，{task} 执行同步阶段快照并向下游转发屏障。',
  narSyncOnly: '{task} 执行{what} {id} 快照的同步阶段并转发屏障。',
  narSyncWhyRocksFlush:
    '它把 MemTable 刷写为 L0 SST {sst}，并做 RocksDB 原生检查点；{uploads} 个文件在异步阶段上传（约 {ms} 毫秒），同时记录继续流动。',
  narSyncWhyRocks:
    '它做 RocksDB 原生检查点（链接到现有 SST）；{uploads} 个文件在异步阶段上传（约 {ms} 毫秒），同时记录继续流动。',
  narSyncWhyHeap:
    '写时复制的状态表（{size}）立即生成快照；写出是异步阶段（约 {ms} 毫秒），同时记录继续流动。',
  narSyncWhyChangelog:
    '启用 Changelog 后，快照指向 DSTL：需要持久化 SQN [{from}, {to}) 的变更，状态表本身不上传。',
  narSyncWhySink:
    'Sink 预提交事务 {tx}（{records} 条记录）并开启新事务；{tx} 只在{what} {id} 完成后提交。',
  narSyncWhyOperator: '它的算子状态（{size}）直接放在确认消息里，无需上传文件。',
  narSyncWhyReleased: '对齐期间缓存的 {n} 条记录现在继续处理。',
  narSyncWhyCompaction: '新的 L0 文件还触发了 SST {inputs} 的压缩。',

  narAsyncDone: '{task} 完成{what} {id} 的异步阶段：{files} 个文件，{bytes}，用时 {ms} 毫秒。',
  narAsyncDoneNothing: '{task} 完成{what} {id} 的快照，无需上传文件。',
  narAsyncWhyIncremental:
    '增量检查点：只上传上一个已确认检查点没有上传过的 SST（新增 {ssts} 个），其余以占位符引用。接下来向 JobManager 确认。',
  narAsyncWhy: '接下来它把状态句柄（写出文件的路径）随确认发给 JobManager。',
  narAsyncWhyOperator: '它很小的算子状态直接放在确认消息里。',
  narAcked: 'JobManager 收到 {task} 对{what} {id} 的确认（{a}/{of}）。',
  narAckedWhy: '还差 {left} 个子任务：所有子任务都确认后，{what}才算完成。',
  narCompleted:
    '{What} {id} 完成：所有子任务都已确认，JobManager 写出 _metadata（本次上传 {delta}，全量 {full}）。',
  narCompletedWhy:
    '当前保留：{retained}。所有任务收到 notifyCheckpointComplete({id})；事务型 Sink 提交已预提交的事务。',
  narCompletedWhySubsumed:
    '检查点 {old} 超出保留数量（num-retained = {n}）被取代，{files} 个不再被任何保留检查点使用的文件被删除；任务收到 notifyCheckpointComplete({id})。',
  narCompletedWhySubsumedNoFiles:
    '检查点 {old} 超出保留数量（num-retained = {n}）被取代；它的文件仍被保留的检查点使用。任务收到 notifyCheckpointComplete({id})。',
  narCompletedWhySavepoint:
    '保存点从不注册共享文件，也不会被检查点取代：只要保留它，就可以从它恢复。',
  narCompletedWhyTruncated: '随之，{tasks} 的 Changelog 被截断。',
  narSubsumed: '检查点 {id} 被检查点 {by} 取代。',
  narSubsumedWhy:
    '只保留 num-retained = {n} 个已完成的检查点；它独有的文件被删除，共享文件在注册表中释放。',
  narNotified: '通知各子任务：{what} {id} {how}。',
  narNotifiedComplete: '已完成（notifyCheckpointComplete）',
  narNotifiedSubsumed: '已被取代（notifyCheckpointSubsumed）',
  narNotifiedAborted: '已中止（notifyCheckpointAborted）',
  narNotifiedWhy: '任务据此提交副作用（事务型 Sink），或丢弃为该检查点保留的内容。',
  narAborted: '{What} {id} 中止：{reason}。',
  narAbortDeclined: '有子任务拒绝了它',
  narAbortExpired: '未在超时时间内完成',
  narAbortSubsumed: '更新的检查点先完成了',
  narAbortFailover: '作业发生故障转移',
  narAbortIo: '上传到远程存储失败',
  narAbortTooMany: '检查点请求过多',
  narAbortedWhy:
    '为它上传的文件被删除，任务收到 notifyCheckpointAborted。连续失败 {n} 次；可容忍 {t} 次（tolerable-failed-checkpoints）。',
  narDeclined: '{task} 拒绝{what} {id}：{reason}。',
  narDeclinedWhy:
    '它通知 JobManager（receiveDeclineMessage），JobManager 中止{what} {id}；连续失败超过 tolerable-failed-checkpoints = {t} 次，作业就会故障。',
  narReasonDeclineInjected: '注入的拒绝',
  narReasonUploadFailed: '上传到远程存储失败（注入）',

  narJobFailed: '作业故障：{reason}。',
  narJobFailedWhy:
    '所有任务被取消（进行中的检查点和打开的事务被中止），作业从最近完成的检查点 {cp} 重启；Source 回退到它的偏移量，重新读取之后的记录。',
  narJobFailedWhyScratch:
    '所有任务被取消；由于没有已完成的检查点，作业从头重启：所有记录都会被重新读取。',
  narReasonTaskFailed: '{task} 发生故障（注入）',
  narReasonFailedSync: '{task} 在检查点 {id} 的同步阶段发生故障（注入）',
  narReasonFailedAsync: '{task} 在上传检查点 {id} 时发生故障（注入）',
  narReasonFailedBeforeAck: '{task} 上传检查点 {id} 之后、确认之前发生故障（注入）',
  narReasonFailedMaterialization: '{task} 在物化 {id} 期间发生故障（注入）',
  narReasonTooManyFailures: '连续失败的检查点超过 {n} 个（tolerable-failed-checkpoints = {n}）',
  narRestoreStarted: '从{what} {id} 恢复：取消运行中的作业，读回 {path}。',
  narRestoreWhySame: '每个新子任务拿回原来的键组；Source 回退到检查点中的偏移量。',
  narRestoreWhyRescale:
    '并行度 {from} → {to}：{maxP} 个键组被重新划分为 {to} 个范围，每个子任务从所有与之重叠的旧状态句柄中读取自己的范围；Source 分区作为算子状态重新分配。',
  narRestoreChangelogOn: '重启后的作业启用 Changelog 状态后端。',
  narRestoreChangelogOff: '重启后的作业不再使用 Changelog 状态后端。',
  narRestoreFailed: '恢复失败：{reason}。',
  narRestoreFailedWhy: '作业保持停止；请从其他保留的检查点或保存点恢复。',
  narTaskRestoredKeyed:
    '{task} 恢复键组 {range}：下载 {files} 个文件（{bytes}），重建 {entries} 条状态。',
  narTaskRestoredKeyedWhy:
    '它只从与之重叠的状态句柄中读取自己的键组（下载 {ms} 毫秒）；所有子任务就绪后作业才重新运行。',
  narTaskRestoredReplayWhy:
    '在物化状态之上，它按 SQN 顺序重放 Changelog 中的 {sets} 个变更集（{changes} 条变更；下载 {downloads} 次，{ms} 毫秒）。',
  narTaskRestoredSource: '{task} 恢复算子状态：分区 {partitions} 及其检查点中的偏移量。',
  narTaskRestoredSourceWhy: '它会重新读取这些偏移量之后的所有记录。',
  narTaskRestoredSink: '{task} 恢复{what} {id} 时待提交的事务。',
  narTaskRestoredSinkWhy: '该快照中没有等待提交的事务。',
  narRecoverCommitted: '{tx} 此前从未提交，recoverAndCommit 现在提交它，其中的记录对下游可见。',
  narRecoverAlready: '{tx} 在故障前已提交，再次提交不会改变结果。',
  narRecoverAborted: '{tx} 已被中止，无法再提交：其中的记录丢失。',
  narRecoverUnknown: '外部系统中没有 {tx}（这是新作业），无需提交。',
  narRecoverAbortOpen: '{tx} 是检查点之后开启的事务，被中止；其中的记录会被重新读取。',
  narJobRunning: '作业从{what} {id} 重新运行（第 {attempt} 次重启）。',
  narJobRunningWhyTx:
    '每个子任务都拿回了状态，Source 从检查点中的偏移量继续读取：{what} {id} 之后的记录被再次处理，事务型 Sink 保证输出精确一次。',
  narJobRunningWhyPlain:
    '每个子任务都拿回了状态，Source 从检查点中的偏移量继续读取：{what} {id} 之后的记录被再次处理，普通 Sink 会再输出一次。',

  narJobRunningChannel: '从通道状态恢复的 {n} 条在途记录先于任何新数据被处理。',
  narPreCommit: '{task} 在{what} {id} 的屏障处预提交事务 {tx}（{records} 条记录）。',
  narPreCommitWhy: '事务已刷写但仍不可见；在{what} {id} 完成时提交（两阶段提交）。',
  narCommit: '{task} 提交事务 {tx}：{records} 条记录对下游可见。',
  narCommitWhy:
    '检查点 {id} 已完成（notifyCheckpointComplete）：故障后从它或更新的检查点重启，这些记录不会再被读取。',
  narCommitDuplicates: '其中 {n} 条与之前提交的记录重复。',
  narAbortTx: '{task} 中止事务 {tx}：丢弃 {records} 条记录。',
  narAbortTxWhyClose: '任务被取消；这些记录会从恢复的偏移量重新读取。',
  narAbortTxWhyRecover: '该事务在恢复的检查点之后开启，其中的记录会被重新读取。',
  narAbortTxWhyLingering: '重启前遗留的事务不在恢复的状态中。',
  narBeginTx: '{task} 在外部系统中开启事务 {tx}。',
  narBeginTxWhy: '之后的记录写入该事务，直到下一个屏障预提交它。',

  narUploaded: '为{what} {id} 上传 {n} 个文件（{bytes}）。',
  narUploadedWhy: '文件写出后不可变；检查点通过路径引用它们。',
  narDiscarded: '删除 {n} 个文件（{bytes}）：{reason}。',
  narDiscardWhySubsumed: '该检查点已不在保留集合中，它目录下的文件不被任何其他检查点使用。',
  narDiscardWhyLastUsed:
    'Flink 1.15+ 的注册表：共享文件记录最后使用它的检查点；低于最早保留的检查点后，再没有检查点能用它恢复。',
  narDiscardWhyRefCount:
    'Flink 1.14 及之前的注册表：每个使用共享文件的保留检查点持有一个引用；最后一个引用已释放。',
  narDiscardWhyAborted: '为不会完成的检查点写出的文件毫无用处，会被异步删除。',
  narDiscardWhyDuplicate: '同样的状态已在该键下注册，这份副本不再需要。',
  narDiscardWhyTruncated: '截断释放了其中的变更，且没有检查点引用该文件。',
  narDiscardWhyOther: '不再有保留的检查点引用这些文件。',
  narReasonSubsumedBy: '检查点 {id} 被 {by} 取代',
  narReasonLastUsed: '最后使用它的检查点低于最早保留的检查点（检查点 {id}）',
  narReasonRefZero: '引用计数降为 0（检查点 {id}）',
  narReasonAbortedUpload: '为已中止的检查点上传（检查点 {id}）',
  narReasonLateAck: '已中止检查点的迟到确认（检查点 {id}）',
  narReasonCpAborted: '检查点 {id} 已中止（{reason}）',
  narReasonFailedBeforeAckFiles: '{task} 在确认检查点 {id} 之前故障',

  narFlushed: '{task} 把列族 “{cf}” 的 MemTable 刷写为 L0 SST {sst}（{bytes}，{entries} 条）。',
  narFlushedWhy:
    'MemTable 写满了（写缓冲 {wb}）；SST 一旦写出就不可变，这正是增量检查点能复用它们的原因。',
  narFlushedWhyManual: '由你触发刷写；SST 一旦写出就不可变，这正是增量检查点能复用它们的原因。',
  narSealed: '{task} 的列族 “{cf}” 的 MemTable {id} 写满（{bytes}），变为只读。',
  narSealedWhy: '写入转到新的 MemTable；后台刷写会把只读的那个写成 L0 SST。',
  narCompactionStarted: '{task} 开始把 SST {inputs} 压缩到 L{level}。',
  narCompactionStartedManual: '{task} 按你的要求压缩 SST {inputs}（CompactFiles）。',
  narCompactionWhyL0:
    'L0 文件数达到 level0_file_num_compaction_trigger（{n} 个）；压缩把重叠的文件合并为新的 SST，并删除输入文件。',
  narCompactionWhyLevel: '某一层超过了字节目标；压缩把数据下移一层，并删除输入文件。',
  narCompactionWhyManual: '选中的文件被合并为一个新的 SST，输入文件被删除。',
  narCompactionFinished:
    '{task} 压缩完成：({inputs}) → L{level} 的 SST {outputs}（写入 {bytes}）。',
  narCompactionFinishedWhy:
    '输入文件在本地被删除；只要有保留的检查点使用，远程存储中的副本就继续存在，下一个增量检查点必须上传 {outputs}：上传量变大。',
  narCompactionFinishedWhyFull: '输入文件在本地被删除；全量检查点本来就写出全部状态，上传量不变。',
  narTrivialMove: '{task} 把 SST {inputs} 原样下移到 L{level}（trivial move）。',
  narTrivialMoveWhy: '它与下一层没有重叠，RocksDB 只在 MANIFEST 中记录新层级；不需要上传新文件。',

  narPersistedReady:
    '{task} 为检查点 {id} 持久化 Changelog 的 SQN [{from}, {to})：这些变更都已上传。',
  narPersistedWait:
    '{task} 为检查点 {id} 持久化 Changelog 的 SQN [{from}, {to})：还有 {n} 个变更集（{bytes}）需要上传。',
  narPersistedWhy: 'Changelog 检查点由最近一次物化加上之后的所有变更组成，因此上传量小且稳定。',
  narPersistedPre: '{task} 的活跃变更集超过了大小阈值：SQN [{from}, {to})（{bytes}）现在上传。',
  narPersistedPreWhy: '提前上传能让下一个检查点更快完成。',
  narDstlStarted:
    '{tm} 把 {writers} 的 {n} 个变更集写入一个 DSTL 文件（{bytes}，第 {attempt} 次尝试）。',
  narDstlStartedWhy: '上传按 TaskManager 批量进行：一个文件在不同偏移处保存多个算子的变更。',
  narDstlUploaded: '{tm} 写完一个 DSTL 文件（{bytes}，{n} 个变更集）。',
  narDstlUploadedWhy: '等待这些变更的检查点现在可以确认了。',
  narDstlFailed: '写入 DSTL 文件失败（第 {attempt}/{max} 次尝试）。',
  narDstlFailedWhyRetry: 'RetryingExecutor 会写入新文件重试。',
  narDstlFailedWhyGiveUp: '没有剩余的尝试次数：等待这些变更的检查点失败。',
  narMatStarted:
    '{task} 开始物化 m{id}：同步点 SQN {sqn}；状态表快照（{uploads} 个文件，{bytes}）在后台上传。',
  narMatStartedWhy:
    '完成后，检查点只需 m{id} 加上 SQN {sqn} 之后的变更，更早的 Changelog 可以被截断。',
  narMatCompleted: '{task} 完成物化 m{id}（上传 {bytes}，用时 {ms} 毫秒）。',
  narMatCompletedWhy:
    '之后的检查点由 m{id} 加上 SQN {sqn} 之后的变更组成；其中一个完成、更早的检查点被取代后，SQN {sqn} 之前的 Changelog 被截断。',
  narMatFailed: '{task} 的物化 m{id} 失败：{reason}。',
  narMatFailedWhy: '连续失败 {n} 次；超过 {max} 次（max-failures-allowed）任务就会故障。',
  narMatSkipped: '{task} 跳过一次物化：{reason}。',
  narMatSkippedWhy: 'PeriodicMaterializationManager 会在下一个间隔再试。',
  narMatSkipNotChangelog: '它没有启用 Changelog 状态后端',
  narMatSkipRunning: '上一次物化尚未完成',
  narMatSkipUnconfirmed: '上一次物化尚未被已完成的检查点使用',
  narMatSkipNoChanges: '自上次物化以来状态没有变化',
  narMatSkipNotRunning: '作业未在运行',
  narTruncated: '{task} 截断 SQN {sqn} 之前的 Changelog：释放 {n} 个变更集（{bytes}）。',
  narTruncatedWhy: '原因：{why}。物化已覆盖更早的变更，而且没有保留的检查点再需要它们。',
  narWhySubsumed: '检查点 {id} 被取代',
  narWhyMaterialization: '物化 {id} 覆盖了 {sqn} 之前的变更',
  narReplayed:
    '{task} 从 {files} 个文件重放 SQN [{from}, {to}) 的 {sets} 个变更集（{changes} 条变更）。',
  narReplayedWhy: '恢复 Changelog 状态后端 = 物化的状态 + 之后记录的每条变更，按顺序重新应用。',

  narOvertook:
    '非对齐{what} {id}：屏障到达 {task}，越过 {in} 条排队的输入和 {out} 条等待的输出记录；{task} 立即做快照并转发屏障。',
  narOvertookNothing:
    '非对齐{what} {id}：屏障到达 {task}，前面没有可越过的排队数据，{task} 立即做快照并转发屏障。',
  narOvertookWhy: '被越过的记录作为通道状态随快照持久化，因此无需等待对齐；代价是检查点更大。',
  narOvertookWaiting: '在 {inputs} 的屏障到达之前，这些通道上到来的数据也会被记录。',
  narAlignTimeout:
    '{task} 上{what} {id} 的对齐在 {ms} 毫秒后超时（{arrived}/{of} 个屏障已到），切换为非对齐。',
  narAlignTimeoutWhy:
    'aligned-checkpoint-timeout：缓存的 {held} 条记录不再等待，而是成为通道状态，屏障立即继续传递。',
  narChannelState:
    '{what} {id} 的最后一个屏障到达 {task}：它的通道状态齐全（{in} 条输入、{out} 条输出记录，{bytes}）。',
  narChannelStateWhy: '通道状态随快照上传；恢复后这些记录先于任何新数据被处理。',
  narBackPressured: '通往 {to} 的通道没有信用（容量 {capacity}）：{queued} 条记录在发送端排队。',
  narBackPressuredWhy:
    '反压：慢的消费者拖住了生产者，对齐的屏障要排在这些记录后面；非对齐检查点会越过它们。',
  narReleased: '通往 {to} 的通道重新获得信用：排队的记录继续流动。',
  narReleasedWhy: '消费者跟上了进度，为更多缓冲区授予信用（基于信用的流控）。',
  narRestoreChannel: '{task} 从{what} {id} 的通道状态恢复 {records} 条在途记录。',
  narRestoreChannelWhy: '它们先于任何新数据被处理，因此非对齐快照越过的数据不会丢失。',
  narNextReleased: '通往 {to} 的通道重新获得信用',

  narHeld: '{task} 缓存来自已阻塞通道 {from} 的记录 {record}（共 {n} 条）。',
  narHeldWhy: '它在屏障 {id} 之后到达，属于{what} {id} 之后；对齐完成后才会处理。',

  narArmFail: '已注入故障：{task} 将{phase}发生故障。',
  narPhaseSync: '在下一个检查点的同步阶段',
  narPhaseAsync: '在上传下一个检查点时（异步阶段）',
  narPhaseBeforeAck: '在上传下一个检查点之后、确认之前',
  narPhaseMaterialization: '在下一次物化期间',
  narArmFailWhy: '现在还没有变化；故障发生时，作业会切换到最近完成的检查点。',
  narArmDecline: '已注入故障：{task} 将拒绝下一个检查点。',
  narArmDeclineId: '已注入故障：{task} 将拒绝检查点 {id}。',
  narArmDeclineWhy:
    '拒绝会中止该检查点；连续失败超过 tolerable-failed-checkpoints = {t} 次，作业就会故障。',
  narArmUploads: '已注入故障：接下来 {n} 次上传会失败。',
  narArmUploadsTask: '已注入故障：{task} 接下来 {n} 次上传会失败。',
  narArmUploadsWhy:
    '检查点上传失败会让任务拒绝检查点（IO_EXCEPTION）；Changelog 写入失败会重试；物化上传失败计入 max-failures-allowed。',
  narEmitAction: '你向分区 p{partition} 的日志追加了 {records}。',
  narEmitActionWhy: '{task} 像读 Kafka 分区一样读取它；恢复后会从检查点中的偏移量再读一次。',
  narUserAction: '你的操作：{action}。',

  narNextInjected: '{task} 注入屏障 {id}',
  narNextReceived: '屏障 {id} 到达 {task}',
  narNextAligned: '{task} 完成{what} {id} 的对齐',
  narNextSync: '{task} 执行{what} {id} 的同步阶段',
  narNextAsync: '{task} 完成{what} {id} 的异步上传',
  narNextAck: '{task} 确认{what} {id}',
  narNextCompleted: '{what} {id} 完成',
  narNextAborted: '{what} {id} 中止',
  narNextTriggered: 'JobManager 触发{what} {id}',
  narNextDeclined: '{task} 拒绝{what} {id}',
  narNextJobFailed: '作业故障',
  narNextRestoreStarted: '开始从{what} {id} 恢复',
  narNextRestoreFailed: '恢复失败',
  narNextJobRunning: '作业重新运行',
  narNextTaskRestored: '{task} 恢复状态',
  narNextCommit: '{task} 提交 {tx}',
  narNextPreCommit: '{task} 预提交 {tx}',
  narNextDiscarded: '删除 {n} 个文件',
  narNextUploaded: '{task} 为{what} {id} 上传 {n} 个文件',
  narNextJobStarts: '作业启动',
  narNextFlushed: '{task} 刷写出 SST {sst}',
  narNextSealed: '{task} 的 MemTable 写满',
  narNextCompactionStarted: '{task} 开始压缩',
  narNextCompactionFinished: '{task} 完成压缩',
  narNextSubsumed: '检查点 {id} 被取代',
  narNextMatStarted: '{task} 开始物化 m{id}',
  narNextMatCompleted: '{task} 完成物化 m{id}',
  narNextMatFailed: '{task} 的物化 m{id} 失败',
  narNextTruncated: '{task} 截断 Changelog',
  narNextPersisted: '{task} 持久化 Changelog',
  narNextDstlUploaded: '{tm} 写完一个 DSTL 文件',
  narNextDstlFailed: '一次 DSTL 上传失败',
  narNextHeld: '{task} 缓存一条记录',
};
