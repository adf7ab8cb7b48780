/** Narration strings for failures, restores and the two-phase-commit sink. */
export const narrationRecoveryEn = {
  narSinkReceived: '{task} receives {record} from {from}.',
  narSinkWhyTx:
    'It goes into the open transaction and stays invisible downstream until a checkpoint that covers it completes.',
  narSinkWhyPlain:
    'A plain sink emits it at once: if the job restores from an earlier checkpoint, it is emitted again (a duplicate).',
  narJobFailed: 'The job fails: {reason}.',
  narTmLost: 'TaskManager {tm} is lost, and with it its slots: {tasks} fail.',
  narTmLostDisk:
    'Its local disk goes too: {n} local cop(ies) of checkpoints ({bytes}) are gone, and the replacement TaskManager starts with an empty disk, so its subtasks must download their state.',
  narLocalRestored:
    '{task} restores key groups {range} from the local copy on {tm}: {bytes} read from disk, nothing downloaded, {entries} entries rebuilt.',
  narLocalRestoredWhy:
    'Local recovery: the task restarted in its previous slot, whose task-local store still holds checkpoint {id}. The local copy is tried first; the remote handle in _metadata is only the fallback (PrioritizedOperatorSubtaskState).',
  narRemoteRestored:
    '{task} downloads key groups {range} from remote storage: {files} file(s), {bytes}, {entries} entries rebuilt.',
  narRemoteNoCopy:
    '{tm}’s disk has no local copy of checkpoint {id} for this slot: the TaskManager is a replacement for a lost one (its disk started empty), or the copy was never written.',
  narRemoteRescaled:
    'The local copy stands for other key groups: after a rescale only the remote handles fit.',
  narRemoteChangelog:
    'The changelog backend keeps its own local copies in Flink (local backup of the DSTL); the Lab does not model them, so the state is downloaded.',
  narJobFailedWhy:
    'Every task is cancelled (pending checkpoints and open transactions are aborted) and the job restarts from checkpoint {cp}, the latest completed one; sources rewind to its offsets and read the records after it again.',
  narJobFailedWhyScratch:
    'Every task is cancelled and, with no completed checkpoint to go back to, the job restarts from scratch: every record is read again.',
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
  narOpStateSplit:
    'Its list state “{state}” (SPLIT_DISTRIBUTE) is its round-robin share: {n} entr(ies) from old subtask(s) {from}.',
  narOpStateSplitNone:
    'Its list state “{state}” (SPLIT_DISTRIBUTE) gets no entry: there are fewer entries than new subtasks.',
  narOpStateUnion:
    'Its union list state “{state}” (UNION) hands it every entry of all {p} old subtasks ({n} in all); the legacy Kafka consumer keeps what KafkaTopicPartitionAssigner gives it: {kept}.',
  narOpStateBroadcast:
    'Its broadcast state “{state}” (BROADCAST) is old subtask #{from}’s copy ({n} entr(ies)): new subtask i takes old i mod {p}.',
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
  narBeginTx: '{task} opens transaction {tx} in the external system.',
  narBeginTxWhy: 'Records go into it until the next barrier pre-commits it.',
  narRestoreChannel:
    '{task} restores {records} in-flight record(s) from the channel state of {what} {id}.',
  narRestoreChannelWhy:
    'They are processed before any new input, so nothing the unaligned snapshot jumped over is lost.',
} as const;
