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
  narJump: 'Go',
  narJumpLabel: 'Go to step {n}: {text}',
  narNoNext: 'Nothing else of note happens in the recorded run.',
  narNoNextYet: 'Nothing else of note recorded yet: the rest of the run is still being recorded.',
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
  narQuietRecord: 'A record from {from} reaches {task} and waits in its input queue.',
  narQuietRecordWhy:
    '{task} cannot take it yet: it is busy with a record, older input is queued before it, or its output waits for credit (back-pressure). It is processed in order later.',
  narQuietSource: '{task} would read its next record but holds back: its output has no credit (back-pressure).',
  narQuietSourceWhy:
    'A back-pressured source stops reading; it goes on when the downstream subtask frees buffers and returns credit. Nothing is lost: the offset stays where it is.',
  narQuietBarrier: 'Barrier {id} reaches {task} from {from} and waits in its input queue behind records that came first.',
  narQuietBarrierWhy:
    'An aligned barrier keeps its place in the channel: {task} processes the records ahead of it first; the barrier counts when it reaches the head of the queue.',
  narQuietProcess: '{task} is woken to go on with its input but cannot yet: its output still waits for credit.',
  narQuietProcessWhy: 'Back-pressure: a subtask only processes a record when its result can be sent downstream.',
  narQuietTimeout: 'The aligned-checkpoint timeout of checkpoint {id} fires at {task}, with nothing left to do.',
  narQuietTimeoutWhy:
    'Alignment of checkpoint {id} at {task} had already finished (or the checkpoint ended): there is no alignment to switch to unaligned.',
  narQuietOutputTimeout: 'The aligned-checkpoint timeout of checkpoint {id} fires for {task}\'s output queue, with nothing left to do.',
  narQuietOutputTimeoutWhy:
    'The barrier of checkpoint {id} had already left {task}\'s output queue (or the checkpoint ended): there is no queued barrier to turn unaligned.',
  narQuietNotify: 'notifyCheckpointComplete({id}) reaches {task}, which has nothing waiting for it.',
  narQuietNotifyWhy:
    'Only a subtask that keeps something per checkpoint acts on the RPC: a transactional sink commits, the changelog confirms its uploads, incremental RocksDB records what it may reuse.',
  narQuietNotifyAborted: 'notifyCheckpointAborted({id}) reaches {task}, which has nothing of it to cancel.',
  narQuietEmit: 'The script appends {n} record(s) to the log read by {task}.',
  narQuietEmitWhy: '{task} reads them one by one from the next step on, each as a record at a new offset.',
  narQuietAction: 'The script\'s "{action}" action has no effect at this moment.',
  narQuietOther: 'The engine handled a "{kind}" item with no visible effect.',
  narSimStarted:
    'The job starts with {tasks} subtasks; max parallelism {maxP} fixes the number of key groups for good.',
  narSimStartedWhy:
    'A checkpoint is triggered every {interval} ms; the state backend is {backend}.',
  narSimStartedWhyManual:
    'Periodic checkpointing is off, so checkpoints happen only when triggered; the state backend is {backend}.',
  narWithChangelog: 'with the changelog',
  narBackend: '{base} ({extras})',
  narEmitted:
    '{task} reads {record} from partition p{partition} at offset {offset}; keyBy sends it to {to}.',
  narEmittedLog:
    '{task} reads {record} from the script log of partition p{partition} (position {offset}); keyBy sends it to {to}.',
  narBuffered: 'This step moves {count} records (records travel in buffers of {n}: one step per buffer; per-record steps are not shown).',
  narSumEmitted: '{task} reads {count} records (keys {first} … {last}); keyBy sends them to {peers} subtask(s), {to} first.',
  narSumUpdated: '{task} updates "{state}" {count} times (keys {first} … {last}, key groups {kgs}).',
  narSumReceived: '{task} receives {count} records from {from} (keys {first} … {last}).',
  narSumHeld: '{task} holds {count} records for {to} behind a barrier: the channel is blocked while {to} aligns.',
  narSummaryWhy:
    'This run is recorded in summary (it is too large to keep every record): a step keeps how many records it moved, their first and last key and key groups, not one event per record. The state, checkpoints and files are exact.',
  narEmittedWhy:
    'Its key is in key group {kg}, and {to} owns key groups {range}. The offset is what a checkpoint records for the source.',
  narStateUpdated: '{task} updates {kind} "{state}" of key {key}: now {value}.',
  narStateWhyHeap:
    'The HashMap backend changes its copy-on-write state table in place; a snapshot still being written keeps its own copy.',
  narStateWhyRocks:
    'RocksDB writes it to the active memtable as bytes (key group + key + namespace); it reaches an SST at the next flush.',
  narStateWhyChangelog:
    'The change also goes to the state table and is appended to the changelog (DSTL), which the next checkpoint persists.',
  narTriggered: 'The JobManager triggers {what} {id} and asks every source to inject a barrier.',
  narTriggeredWhyPeriodic:
    'The checkpoint interval ({interval} ms) has passed; a PendingCheckpoint now waits for {tasks} acknowledgements or the timeout.',
  narTriggeredWhyUser:
    'You triggered it; a PendingCheckpoint now waits for {tasks} acknowledgements or the timeout.',
  narTriggeredWhySavepoint:
    'Savepoints are always aligned and never subsumed by checkpoints; {tasks} subtasks must acknowledge it.',
  narTriggerSkipped: 'A checkpoint request is refused: {reason}.',
  narTriggerSkippedWhy:
    'The CheckpointRequestDecider refuses it; failures like this one never count toward tolerable-failed-checkpoints.',
  narRequestQueued: 'The {what} request waits in the queue: {n} of max {max} concurrent checkpoint(s) are in progress.',
  narRequestQueuedWhy:
    'The CheckpointRequestDecider keeps it and runs it as soon as a pending checkpoint completes or is aborted; savepoints are forced and never wait.',
  narInjected:
    '{task} snapshots its read offsets for {what} {id} and injects barrier {id} into its {n} output channel(s).',
  narInjectedWhy:
    'Records it sent before the barrier belong to {what} {id}, records after it to the next one; the barrier travels behind the records already sent.',
  narInjectedUnaligned:
    'Unaligned: the barrier jumps ahead of {out} record(s) waiting in its output queues; they are persisted as channel state.',
  narBarrierBlocked:
    'Barrier {id} reached {task} from {from} ({arrived} of {of} inputs); that channel stays blocked at {from} until the barrier arrives on the others.',
  narBarrierBlockedWhy:
    'Records behind the barrier belong after {what} {id}: {from} keeps them in its output queue (its subpartition blocked when the barrier left), so they stay out of this snapshot (exactly-once alignment).',
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
  narSyncWhyCompaction: 'The new L0 file also starts a compaction of SSTs {inputs}.',
  narAsyncDone:
    '{task} finishes the asynchronous part of {what} {id}: {files} file(s), {bytes} uploaded in {ms} ms.',
  narAsyncDoneNothing: '{task} finishes its snapshot of {what} {id} with nothing to upload.',
  narAsyncDoneChangelog:
    '{task} finishes the asynchronous part of {what} {id}: its changes of SQN [{from}, {to}) ({bytes}) are persisted in DSTL file {files}, uploaded by its TaskManager.',
  narAsyncDoneChangelogNone:
    '{task} finishes the asynchronous part of {what} {id}: no change since SQN {from} was left to persist, so nothing new was uploaded for it.',
  narAsyncWhyChangelog:
    'The state table is not uploaded: the handle is the materialized part plus the change sets since it. The checkpointed size counts only these change sets, not the whole DSTL file, which the TaskManager batches for several subtasks. Next: acknowledge the JobManager.',
  narAsyncWhyChangelogNone:
    'Its handle references the materialized part and change sets uploaded for earlier checkpoints; its checkpointed size is 0. Next: acknowledge the JobManager.',
  narAsyncWhyIncremental:
    'Incremental: only SSTs the last confirmed checkpoint did not upload are sent ({ssts} new); the others are referenced as placeholders. Next: acknowledge the JobManager.',
  narAsyncWhy:
    'Next it acknowledges the JobManager with its state handles (the paths of what it wrote).',
  narAsyncWhyOperator: 'Its small operator state travels inside the acknowledgement.',
  narAcked: 'The JobManager receives the acknowledgement of {what} {id} from {task} ({a} of {of}).',
  narAckedWhy:
    '{left} subtask(s) still to go: the {what} completes only when every subtask has acknowledged.',
  narCompleted:
    '{What} {id} is complete: every subtask acknowledged, so the JobManager wrote its _metadata file ({meta}). Checkpointed size {delta} (what the subtasks persisted for it), full size {full} (all the state it refers to).',
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
  narAbortAsync: 'its asynchronous part failed (an upload to remote storage failed)',
  narAbortDeclinedSubsumed: 'a subtask received a barrier of a newer checkpoint before finishing this one',
  narAbortTooMany: 'too many checkpoint requests',
  narAbortCancelMarker: 'a subtask received a CancelCheckpointMarker from one of its inputs (an upstream task gave the checkpoint up)',
  narAbortShutdown: 'the job was cancelled or suspended (CheckpointCoordinator shutdown)',
  narAbortSuspend: 'stop-with-savepoint stopped the checkpoint scheduler (only the synchronous savepoint runs now)',
  narAbortedWhy:
    'Files uploaded for it are deleted and tasks are told notifyCheckpointAborted. Consecutive failures: {n}; tolerated: {t} (tolerable-failed-checkpoints).',
  narDeclined: '{task} declines {what} {id}: {reason}.',
  narDeclinedWhy:
    'It tells the JobManager (receiveDeclineMessage), which aborts {what} {id}; more than tolerable-failed-checkpoints = {t} consecutive failures fail the job.',
  narAbortTx: '{task} aborts transaction {tx}: {records} record(s) are discarded.',
  narAbortTxWhyClose:
    'The task was cancelled; the records will be read again from the restored offsets.',
  narAbortTxWhyRecover:
    'The transaction was opened after the restored checkpoint, so its records will be read again.',
  narAbortTxWhyLingering:
    'A transaction left over from before the restart is not in the restored state.',
  narWhySubsumed: 'checkpoint {id} subsumed',
  narWhyMaterialization: 'materialization {id} covers the changes below {sqn}',
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
    'aligned-checkpoint-timeout: the barrier goes on now and the data still ahead of the missing barriers becomes channel state; the {held} channel(s) whose barrier came stay blocked at their senders until every barrier is in.',
  narOutputTimeout:
    '{task}’s barrier of {what} {id} still waits in its output queue behind records without credit {ms} ms after the trigger, so it jumps ahead as a priority (unaligned) barrier to {to}.',
  narOutputTimeoutWhy:
    'aligned-checkpoint-timeout on the output side: the {n} record(s) it overtook are persisted as output channel state (and still sent afterwards); {task} acknowledges once that state is written.',
  narChannelState:
    'The last barrier of {what} {id} reached {task}: its channel state is complete ({in} input and {out} output record(s), {bytes}).',
  narChannelStateWhy:
    'It uploads with the snapshot; after a restore these records are processed before any new input.',
  narBackPressured:
    'No credit on the channel to {to} (capacity {capacity}): {queued} record(s) queue at the sender.',
  narBackPressuredWhy:
    'Back-pressure: a slow consumer holds up its producers, and an aligned barrier waits behind the queued records; unaligned checkpoints overtake them.',
  narHeld: 'Record {record} waits at {task}: its channel to {to} is blocked by barrier {id} ({n} waiting).',
  narHeldWhy:
    'Since Flink 1.11 an aligned barrier blocks its subpartition at the sender: nothing behind it leaves until {to} has aligned {what} {id} and resumes consumption.',
  narBlocked: 'Aligned barrier {id} leaves {task} for {to}: that channel is now blocked at {task}.',
  narBlockedWhy:
    'PipelinedSubpartition stops sending after an aligned barrier, so the records of {what} {id}’s future wait at the sender (and press back on it) instead of piling up at the receiver.',
  narResumed: '{to} resumed consumption: {task} sends on the channel again ({n} element(s) were waiting).',
  narResumedWhy: '{to} has taken (or given up) {what} {id}, so what came after the barrier may flow.',
  narCancelSent: '{task} sends CancelCheckpointMarker {id} to {to} instead of a barrier.',
  narCancelSentDeclined: 'It declined {what} {id} at its barrier (a DeclineCheckpoint goes to the JobManager); the marker tells downstream not to wait for its barrier.',
  narCancelSentAborted: 'The JobManager told it {what} {id} was aborted before it got there; the marker spares downstream an alignment that could never finish.',
  narCancelReceived: 'CancelCheckpointMarker {id} from {from} reaches {task}.',
  narCancelReceivedWhy: 'Its alignment of {what} {id} ends: blocked channels resume, and {task} declines {id} and passes the marker on.',
  narCancelIgnoredWhy: 'Nothing of {what} {id} is aligning here any more, so it changes nothing.',
  narTaskNotified: 'The JobManager’s {how} reaches {task}.',
  narTaskNotifiedComplete: 'The notification is a message: only now does the subtask confirm {what} {id} (incremental uploads become reusable, a transactional sink commits).',
  narTaskNotifiedAborted: 'It cancels the upload of {what} {id} still running here. An alignment in progress is not ended by this message; a CancelCheckpointMarker from upstream does that.',
  narTaskNotifiedRemembered: 'It has not reached {what} {id} yet, so it remembers the abort: when the barrier comes it sends a CancelCheckpointMarker instead.',
  narTaskNotifiedNothing: 'Nothing of {what} {id} runs here; an alignment in progress goes on.',
  narTaskNotifiedSubsumed: 'What only {what} {id} needed may be released.',
  narPhaseSync: 'in the synchronous part of its next checkpoint',
  narPhaseAsync: 'while uploading its next checkpoint',
  narPhaseBeforeAck: 'after uploading its next checkpoint, before acknowledging it',
  narPhaseMaterialization: 'during its next materialization',
  narEmitAction: 'You append {records} to the log of partition p{partition}.',
  narEmitActionWhy:
    '{task} reads it like a Kafka partition; after a restore it reads it again from the checkpointed offset.',
  narUserAction: 'Your action: {action}.',
} as const;
