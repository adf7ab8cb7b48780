/** Narration strings for files, the LSM and the changelog: uploads and deletions, flushes and compactions, materialization, truncation, DSTL uploads and replays. */
export const narrationStorageEn = {
  narIncremental: 'incremental',
  narSkipTooMany: 'too many requests are queued (TOO_MANY_CHECKPOINT_REQUESTS)',
  narSkipMinPause:
    'min-pause since the last completion has not passed (MINIMUM_TIME_BETWEEN_CHECKPOINTS); the periodic trigger is rescheduled to {at} ms',
  narSkipNotRunning: 'the job is not running',
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
  narDiscardWhyCanceled:
    'The job was cancelled and its checkpoints are not externalized for retention (execution.checkpointing.externalized-checkpoint-retention): the completed checkpoint store shuts down and deletes them; RETAIN_ON_CANCELLATION would keep them for a new job.',
  narDiscardWhyDuplicate:
    'The same state is already registered under that key; this copy is not needed.',
  narDiscardWhyTruncated:
    'Truncation released the changes in it and no checkpoint refers to the file.',
  narDiscardWhyOther: 'No retained checkpoint refers to these files any more.',
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
  narReplayed:
    '{task} replays {sets} change set(s) ({changes} changes) of SQN [{from}, {to}) from {files} file(s).',
  narReplayedWhy:
    'Restoring a changelog backend is the materialized state plus every logged change since it, re-applied in order.',
  narReleased: 'Credit is back on the channel to {to}: the queued records flow again.',
  narReleasedWhy:
    'The consumer has caught up and grants credit for more buffers (credit-based flow control).',
} as const;
