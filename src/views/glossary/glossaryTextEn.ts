/** The glossary in English: each entry's name and definition (facts: /work/shared/design/DOMAIN.md, the seed articles). */
import type { GlossaryId } from './glossaryTerms';

export interface GlossaryText {
  term: string;
  definition: string;
}

export const glossaryEn: Record<GlossaryId, GlossaryText> = {
  'checkpoint-coordinator': {
    term: 'Checkpoint coordinator',
    definition:
      'The part of the JobManager that runs checkpoints: it triggers one (a pending checkpoint with a timeout), tells the sources to inject barriers, collects every task’s acknowledgement, writes _metadata, and then notifies the tasks that the checkpoint completed or was aborted.',
  },
  barrier: {
    term: 'Barrier',
    definition:
      'A marker with a checkpoint id that the sources put into the stream. It travels behind the records already sent; everything before it belongs to that checkpoint, everything after it to the next. A task snapshots its state when its barrier condition holds and passes the barrier on.',
  },
  alignment: {
    term: 'Alignment (aligned checkpoint)',
    definition:
      'With exactly-once, a task with several inputs waits until the barrier has arrived on every input: an input whose barrier came first is blocked (its records wait) so that nothing after the barrier enters the snapshot. Under back-pressure this wait can be long; the aligned-checkpoint timeout switches to unaligned.',
  },
  unaligned: {
    term: 'Unaligned checkpoint',
    definition:
      'The barrier overtakes the records queued in front of it, the task snapshots at once, and the records it jumped over (in output queues and in inputs until their barriers arrive) are stored with the checkpoint as channel state. Checkpoints stay fast under back-pressure, at the cost of storing in-flight data. Savepoints are always aligned.',
  },
  'channel-state': {
    term: 'Channel state (in-flight data)',
    definition:
      'The records an unaligned barrier overtook, saved in the checkpoint and fed back into the channels first when the job restores, before any new input. Flink’s REST statistics call its size persisted_data.',
  },
  'back-pressure': {
    term: 'Back-pressure',
    definition:
      'A slow task stops granting credit to its senders; their output queues fill and they stop, up to the sources. Aligned barriers then wait behind the queued records, which is why checkpoints get slow under back-pressure.',
  },
  'at-least-once': {
    term: 'At-least-once',
    definition:
      'A checkpointing mode without alignment: a task snapshots when it has counted a barrier from every input, but never blocks an input. Records that arrived after the barrier on a fast input are already in the state, so after a restore they are processed again (duplicates in state).',
  },
  'exactly-once': {
    term: 'Exactly-once',
    definition:
      'Each record affects the state once, even across failures: barriers are aligned (or unaligned with channel state). End to end it also needs a replayable source and a transactional sink; a plain sink writes records again after a restore.',
  },
  'two-phase-commit': {
    term: 'Two-phase commit sink',
    definition:
      'A sink that writes into an open transaction of the external system, pre-commits it when the barrier arrives (the pending transaction is part of its state), commits it when the checkpoint is reported complete and aborts it on failure. After a restore it commits what its checkpoint had pre-committed.',
  },
  'consistent-cut': {
    term: 'Consistent cut',
    definition:
      'The line through the job that a checkpoint represents: for every task, the point where its barrier passed. The job graph draws it; state and offsets on one side of it are exactly what a restore brings back.',
  },
  'sync-async': {
    term: 'Synchronous and asynchronous phase',
    definition:
      'A task takes a snapshot in two parts: a short synchronous part while processing waits (a heap table’s copy-on-write view, a RocksDB flush and native checkpoint), after which it forwards the barrier, and an asynchronous part that uploads files while processing goes on. It acknowledges when the upload is done.',
  },
  'state-backend': {
    term: 'State backend (state table)',
    definition:
      'Where a task keeps its keyed state: the HashMap backend on the heap (copy-on-write tables, full snapshots) or RocksDB on local disk (memtables and SSTs, incremental snapshots possible). With the changelog backend it is called the state table, the nested backend that gets materialized.',
  },
  'key-group': {
    term: 'Key group',
    definition:
      'The unit keyed state is split into: a key goes to key group murmurHash(key.hashCode()) % max parallelism, and each subtask owns a contiguous range of key groups. Rescaling moves whole key groups, never single keys.',
  },
  'max-parallelism': {
    term: 'Max parallelism',
    definition:
      'The number of key groups, fixed for the life of the state: it cannot change across restores and bounds how far a job can scale out. Flink’s default is min(max(roundUpToPowerOfTwo(p + p/2), 128), 32768).',
  },
  'operator-state': {
    term: 'Operator state',
    definition:
      'State that belongs to a subtask rather than to a key, such as a source’s read offsets or a sink’s pending transactions. On a restore at another parallelism its list elements are redistributed (split, or given to every subtask for union state).',
  },
  memtable: {
    term: 'Memtable',
    definition:
      'RocksDB’s in-memory write buffer. Writes go here first; a full memtable becomes immutable and is flushed to disk as a new level-0 SST. Flink flushes memtables in the synchronous part of a RocksDB checkpoint.',
  },
  sst: {
    term: 'SST (sorted string table)',
    definition:
      'An immutable RocksDB file of sorted keys and values. Because an SST never changes once written, an incremental checkpoint can upload it once and let later checkpoints refer to the same remote file.',
  },
  compaction: {
    term: 'Compaction',
    definition:
      'RocksDB merging several SSTs into new ones (dropping overwritten values and tombstones) and deleting the inputs. The app shows the lineage, e.g. sst 5 (1,2,3). New SSTs mean the next incremental checkpoint uploads more.',
  },
  incremental: {
    term: 'Incremental checkpoint',
    definition:
      'A RocksDB checkpoint that uploads only the SSTs the last confirmed checkpoint did not already upload; the others are referenced. Small uploads, but a checkpoint’s files are spread over many earlier checkpoints, which the shared state registry keeps alive.',
  },
  placeholder: {
    term: 'Placeholder',
    definition:
      'In an incremental checkpoint, a reference to an SST that an earlier confirmed checkpoint already uploaded, instead of a second upload. The registry turns it into the real remote file when the checkpoint completes.',
  },
  'shared-state-registry': {
    term: 'Shared state registry',
    definition:
      'The JobManager’s record of the files that several checkpoints share (incremental SSTs, changelog files). It decides when such a file may be deleted: by reference counts up to Flink 1.14, by the last-used checkpoint id since 1.15.',
  },
  'reference-count': {
    term: 'Reference count',
    definition:
      'The registry model of Flink ≤ 1.14 (seed 002): each retained checkpoint that uses a shared file holds one reference; subsuming a checkpoint drops its references, and a file at zero is deleted.',
  },
  'last-used-id': {
    term: 'Last-used checkpoint id',
    definition:
      'The registry model since Flink 1.15: each shared file remembers the newest checkpoint that used it; after each completed checkpoint, files last used below the lowest retained checkpoint are deleted. No counting down.',
  },
  subsumption: {
    term: 'Subsumption',
    definition:
      'A newer completed checkpoint replacing an older one: beyond num-retained the oldest is subsumed (dropped from the store, its private files deleted, its shared files released), and pending checkpoints with a lower id are aborted as SUBSUMED. Tasks learn of it through notifyCheckpointSubsumed.',
  },
  'num-retained': {
    term: 'num-retained',
    definition:
      'How many completed checkpoints the job keeps (default 1). When one more completes, the oldest is subsumed. Savepoints do not count toward it since Flink 1.15.',
  },
  'retained-checkpoint': {
    term: 'Retained (externalized) checkpoint',
    definition:
      'A completed checkpoint kept after the job stops. With RETAIN_ON_CANCELLATION a cancelled job leaves its retained checkpoints in storage, so a new job can be started from one, like from a savepoint.',
  },
  metadata: {
    term: '_metadata',
    definition:
      'The one file that describes a checkpoint or savepoint: which operators and subtasks it holds and the handles of their state files. Written last, by the coordinator; Flink’s begins with the magic number 0x4960672d and a format version. Checkpoint Lab writes Flink’s version 4 too, with a master state “checkpoint-lab” holding what the simulator needs beyond Flink’s fields.',
  },
  savepoint: {
    term: 'Savepoint (canonical, native)',
    definition:
      'A snapshot the user triggers for upgrades, rescaling or moving a job; always aligned, never subsumed by checkpoints, and since 1.15 never registered. Canonical format: the same layout for every state backend, restorable by any. Native format: the backend’s own files (RocksDB SSTs), faster but restorable only by the same backend.',
  },
  'restore-mode': {
    term: 'Restore mode (CLAIM, NO_CLAIM, LEGACY)',
    definition:
      'Who owns the snapshot a new job starts from. CLAIM: the job owns it and deletes it once subsumed. NO_CLAIM (the default): it never deletes it and makes its first checkpoint a full one. LEGACY (deprecated): never deletes it, yet may keep referring to its files.',
  },
  failover: {
    term: 'Failover',
    definition:
      'After a task failure the job restarts from its latest completed checkpoint: state is restored, sources rewind to the checkpointed offsets, and the records after the checkpoint are processed again.',
  },
  'checkpointed-size': {
    term: 'Checkpointed size and full size',
    definition:
      'Flink’s REST statistics give two sizes per checkpoint: checkpointed_size, what this checkpoint uploaded (the increment), and state_size, the whole state it covers including files reused from earlier checkpoints.',
  },
  'snapshot-compression': {
    term: 'Snapshot compression',
    definition:
      'An option that compresses full keyed snapshots (and operator state) with Snappy. It does not touch incremental RocksDB SSTs, which RocksDB compresses itself per level, nor the changelog.',
  },
  'changelog-backend': {
    term: 'Changelog state backend',
    definition:
      'A wrapper around the HashMap or RocksDB backend: every state change is also appended to a log (the DSTL) that uploads continuously, so a checkpoint only adds the latest changes to the last materialization. Small, steady checkpoints, at the cost of more storage and a slower restore (download and replay).',
  },
  dstl: {
    term: 'DSTL (durable short-term log)',
    definition:
      'The changelog storage: each subtask’s state changes, uploaded in batches per TaskManager (one file may hold change sets of several subtasks at different offsets). Kept until materialization and subsumption make it unnecessary, then truncated.',
  },
  'change-set': {
    term: 'Change set',
    definition:
      'The state changes logged between two sequence numbers (SET, ADD_ELEMENT, REMOVE_ELEMENT …). A checkpoint closes the current change set and points at every change set since the last materialization.',
  },
  sqn: {
    term: 'SQN (sequence number)',
    definition:
      'The DSTL writer’s position: changes are appended to the open change set, and closing it moves to the next sequence number. Checkpoints and materializations name the range of SQNs they cover.',
  },
  materialization: {
    term: 'Materialization',
    definition:
      'A regular snapshot of the state table taken by the changelog backend (periodically, or on demand here), recording the SQN it covers. Once a completed checkpoint uses it, the log before that SQN is no longer needed. Skipped when nothing changed or the previous one is still running.',
  },
  truncation: {
    term: 'Truncation',
    definition:
      'Dropping the part of the changelog that a materialization made unnecessary, once the older checkpoints that still needed it are subsumed. The DSTL files are then released like shared SSTs.',
  },
};
