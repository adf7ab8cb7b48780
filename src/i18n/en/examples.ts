/**
 * Strings of the Examples gallery: the header button, the dialog, and for each ready-made
 * scenario (src/app/examples/exampleGallery.ts) a short title and one sentence saying what the
 * learner will see. Keys carry an `ex` prefix so they cannot clash with other areas. Each
 * sentence must stay true of its file: check it with `npm run sim -- scenarios/<file>.json`.
 */
export const examplesEn = {
  exButton: 'Examples',
  exButtonHint: 'Examples: open a ready-made scenario',
  exDialogTitle: 'Examples',
  exIntro: 'Pick a ready-made scenario: it replaces the current run and opens at step 0.',
  exRestartNote:
    'You are at step {step}: the example is a new recording, and this run (with your actions on it) is not kept.',
  exCurrent: 'Running now',
  exCurrentHint: 'Running now: pick it again to start it over from step 0',
  exBuiltIn: 'built in',
  exLoading: 'Loading “{title}” …',
  exRefused: '“{title}” was not loaded; the current scenario stays.',

  exDefaultTitle: 'Incremental RocksDB checkpoints',
  exDefaultSee:
    'A keyed running sum on RocksDB: a checkpoint every second uploads only the new SST files and reuses the rest.',
  exSeed002Title: 'Shared files and reference counts',
  exSeed002See:
    'Checkpoints share SST files; the shared state registry counts references and deletes a file once compaction and subsumed checkpoints bring its count to zero.',
  exSstCompressionTitle: 'RocksDB’s own SST compression',
  exSstCompressionSee:
    'compression.per.level = NO_COMPRESSION;SNAPPY_COMPRESSION: flushed L0 files stay raw, compacted L1 files store Snappy blocks at about 0.6 of their raw size (seed 003’s S_c = S_o × C, measured on the real bytes); the LSM view shows “stored ← raw” and incremental checkpoints upload the smaller files.',
  exChangelogSeed000Title: 'Changelog: log-based checkpoints',
  exChangelogSeed000See:
    'Every state change goes to the DSTL; checkpoints upload only the new change sets, and after a manual materialization the log before it is truncated.',
  exChangelogPeriodicTitle: 'Changelog: periodic materialization',
  exChangelogPeriodicSee:
    'Checkpoints every 400\u00a0ms upload a few hundred bytes of change sets; every 3\u00a0s each subtask materializes its RocksDB state and truncates the log, three times in 9\u00a0s.',
  exAlignedTimeoutTitle: 'Back-pressure: aligned with a timeout',
  exAlignedTimeoutSee:
    'A slow operator fills the channels and barriers queue behind records; a subtask still aligning 120\u00a0ms after the trigger switches to unaligned.',
  exOutputTimeoutTitle: 'Back-pressure: timeout at the senders',
  exOutputTimeoutSee:
    'Barriers wait in the sources’ full output queues; 120\u00a0ms after the trigger they jump the queue as unaligned barriers, and the records they overtook become channel state.',
  exUnalignedTitle: 'Back-pressure: unaligned checkpoints',
  exUnalignedSee:
    'A slow operator fills the channels; unaligned barriers overtake the queued buffers, which are stored with the checkpoint as channel state.',
  exSinkTransactionalTitle: 'Transactional sink after failures',
  exSinkTransactionalSee:
    'Two failures and restores; the two-phase-commit sink makes output visible only when a checkpoint completes: nothing lost, nothing twice.',
  exSinkPlainTitle: 'Plain sink after failures',
  exSinkPlainSee:
    'The same failures with a sink that emits at once: records read again after a restore reach the output twice.',
  exLocalRecoveryTitle: 'Local recovery: restart from the TaskManager’s disk',
  exLocalRecoverySee:
    'Two TaskManagers with local recovery: after count#0 fails, both subtasks restore from their disks (0 bytes downloaded); after tm-1 is lost, its subtask downloads from remote storage.',
  exCancelRetainTitle: 'Cancel, keep the checkpoints, start a new job',
  exCancelRetainSee:
    'With RETAIN_ON_CANCELLATION the job is cancelled at 2.2 s and checkpoints 3 and 5 stay in storage (the savepoint too). At 2.8 s a new job (new JobID) starts from checkpoint 5 in CLAIM mode: its first checkpoints still reference the old job’s SSTs, and once checkpoint 7 subsumes 5 the new job deletes it. Checkpoint 3 stays: no job owns it any more.',
  exStopSavepointTitle: 'Stop with a savepoint, then start a new job from it',
  exStopSavepointSee:
    'At 2.3 s the job is stopped with a savepoint: the sources stop before its barrier, savepoint 6 completes, the two-phase-commit sink commits, every task finishes and the job is FINISHED, discarding checkpoints 4 and 5 (the savepoint stays: it belongs to the user). At 3 s a new job starts from savepoint 6 in NO_CLAIM mode, so its first checkpoint (7) is a full one and shares no file with the old job.',
  exOperatorStateTitle: 'Rescaling operator state: split, union, broadcast',
  exOperatorStateSee:
    'A rescale 2 → 3: the Restore tab shows what each new subtask got of the sink’s list state (SPLIT_DISTRIBUTE), the legacy Kafka offsets (UNION) and the broadcast rules (BROADCAST).',
  exScaleRunTitle: 'Scale run: 1,000,000 records, 100,000 keys, parallelism 16, 500 checkpoints',
  exScaleRunSee:
    'The benchmark’s run (npm run bench records it in Node). Records travel in network buffers of 256: one step per buffer, per-record steps are not shown (every record keeps its events). Still ~490,000 steps (the barriers of 500 checkpoints) and ~3.8 million events, too many for the page: the app refuses it before recording, with its estimated size and a shorter run that fits; the current run is kept.',
} as const;
