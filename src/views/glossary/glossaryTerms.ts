/**
 * The glossary's entries, language-independent part: each entry's Flink names (classes, options),
 * its related entries, and the words that mark it in the app's text in each language (so a term in
 * the narration or a panel heading opens its entry). The term names and definitions are in
 * glossaryTextEn.ts / glossaryTextZh.ts, loaded with the dialog.
 *
 * A pattern with two capitals in a row (SST, DSTL, NO_CLAIM) matches case-sensitively; any other
 * pattern ignores case.
 */
export const GLOSSARY_IDS = [
  'checkpoint-coordinator',
  'barrier',
  'alignment',
  'unaligned',
  'channel-state',
  'back-pressure',
  'at-least-once',
  'exactly-once',
  'two-phase-commit',
  'consistent-cut',
  'sync-async',
  'state-backend',
  'key-group',
  'max-parallelism',
  'operator-state',
  'memtable',
  'sst',
  'compaction',
  'incremental',
  'placeholder',
  'shared-state-registry',
  'reference-count',
  'last-used-id',
  'subsumption',
  'num-retained',
  'retained-checkpoint',
  'metadata',
  'savepoint',
  'restore-mode',
  'failover',
  'checkpointed-size',
  'snapshot-compression',
  'changelog-backend',
  'dstl',
  'change-set',
  'sqn',
  'materialization',
  'truncation',
] as const;

export type GlossaryId = (typeof GLOSSARY_IDS)[number];

export interface GlossaryFacts {
  /** Flink's class, method and option names for it. */
  flink: string[];
  related: GlossaryId[];
  /** Regular-expression sources that mark the term in English and Chinese text. */
  match: { en: string[]; zh: string[] };
}

export const GLOSSARY_FACTS: Record<GlossaryId, GlossaryFacts> = {
  'checkpoint-coordinator': {
    flink: ['CheckpointCoordinator', 'PendingCheckpoint', 'execution.checkpointing.interval'],
    related: ['barrier', 'subsumption', 'metadata', 'num-retained'],
    match: { en: ['\\bcoordinator\\b'], zh: ['协调器', 'CheckpointCoordinator'] },
  },
  barrier: {
    flink: ['CheckpointBarrier', 'CheckpointBarrierHandler'],
    related: ['alignment', 'unaligned', 'consistent-cut', 'checkpoint-coordinator'],
    match: { en: ['\\bbarriers?\\b'], zh: ['屏障'] },
  },
  alignment: {
    flink: ['SingleCheckpointBarrierHandler', 'execution.checkpointing.aligned-checkpoint-timeout'],
    related: ['barrier', 'unaligned', 'back-pressure', 'at-least-once'],
    match: { en: ['\\balign(?:ment|ing|ed)?\\b'], zh: ['(?<!非)对齐'] },
  },
  unaligned: {
    flink: ['execution.checkpointing.unaligned.enabled', 'execution.checkpointing.aligned-checkpoint-timeout'],
    related: ['channel-state', 'alignment', 'barrier', 'back-pressure'],
    match: { en: ['\\bunaligned(?: checkpoints?)?\\b'], zh: ['非对齐(?:检查点)?'] },
  },
  'channel-state': {
    flink: ['ChannelStateWriter', 'InputChannelStateHandle', 'ResultSubpartitionStateHandle', 'REST persisted_data'],
    related: ['unaligned', 'barrier', 'back-pressure'],
    match: { en: ['channel state', 'in-flight data'], zh: ['通道状态', '在途数据'] },
  },
  'back-pressure': {
    flink: ['credit-based flow control', 'taskmanager.network.memory.buffers-per-channel', 'PipelinedSubpartition'],
    related: ['alignment', 'unaligned', 'channel-state'],
    match: { en: ['back-?pressured?'], zh: ['反压'] },
  },
  'at-least-once': {
    flink: ['CheckpointingMode.AT_LEAST_ONCE', 'CheckpointBarrierTracker', 'execution.checkpointing.mode'],
    related: ['alignment', 'exactly-once', 'barrier'],
    match: { en: ['at[- ]least[- ]once', 'AT_LEAST_ONCE'], zh: ['至少一次'] },
  },
  'exactly-once': {
    flink: ['CheckpointingMode.EXACTLY_ONCE', 'execution.checkpointing.mode'],
    related: ['two-phase-commit', 'at-least-once', 'alignment'],
    match: { en: ['exactly[- ]once', 'EXACTLY_ONCE'], zh: ['精确一次'] },
  },
  'two-phase-commit': {
    flink: ['TwoPhaseCommitSinkFunction', 'preCommit', 'notifyCheckpointComplete', 'recoverAndCommit'],
    related: ['exactly-once', 'barrier', 'failover'],
    match: { en: ['two-phase[- ]commit', 'pre-?commit(?:s|ted)?'], zh: ['两阶段提交', '预提交'] },
  },
  'consistent-cut': {
    flink: ['CheckpointBarrier', 'Chandy–Lamport (asynchronous barrier snapshotting)'],
    related: ['barrier', 'alignment', 'channel-state'],
    match: { en: ['consistent cut'], zh: ['一致性切面'] },
  },
  'sync-async': {
    flink: ['SnapshotStrategy#snapshot', 'AsyncCheckpointRunnable', 'SubtaskCheckpointCoordinatorImpl'],
    related: ['barrier', 'incremental', 'checkpointed-size'],
    match: { en: ['\\b(?:a)?synchronous (?:part|phase)'], zh: ['(?:同步|异步)(?:阶段|部分)'] },
  },
  'state-backend': {
    flink: ['HashMapStateBackend', 'EmbeddedRocksDBStateBackend', 'state.backend.type', 'CopyOnWriteStateTable'],
    related: ['key-group', 'memtable', 'changelog-backend', 'operator-state'],
    match: { en: ['state backend', 'state table'], zh: ['状态后端', '状态表'] },
  },
  'key-group': {
    flink: ['KeyGroupRangeAssignment#assignToKeyGroup', 'KeyGroupRange'],
    related: ['max-parallelism', 'state-backend', 'restore-mode'],
    match: { en: ['key[- ]groups?'], zh: ['键组'] },
  },
  'max-parallelism': {
    flink: ['pipeline.max-parallelism', 'KeyGroupRangeAssignment#computeDefaultMaxParallelism'],
    related: ['key-group'],
    match: { en: ['max(?:imum)? parallelism', 'maxParallelism'], zh: ['最大并行度'] },
  },
  'operator-state': {
    flink: ['DefaultOperatorStateBackend', 'RoundRobinOperatorStateRepartitioner', 'OperatorStateHandle.Mode.SPLIT_DISTRIBUTE'],
    related: ['state-backend', 'two-phase-commit', 'key-group'],
    match: { en: ['operator state'], zh: ['算子状态'] },
  },
  memtable: {
    flink: ['state.backend.rocksdb.writebuffer.size', 'state.backend.rocksdb.writebuffer.count'],
    related: ['sst', 'compaction', 'state-backend'],
    match: { en: ['\\bmemtables?\\b'], zh: ['MemTable', '内存表'] },
  },
  sst: {
    flink: ['IncrementalRemoteKeyedStateHandle#getSharedState', 'RocksDB SST file (*.sst)'],
    related: ['memtable', 'compaction', 'incremental', 'shared-state-registry'],
    match: { en: ['\\bSSTs?\\b'], zh: ['SST'] },
  },
  compaction: {
    flink: ['RocksDB level0_file_num_compaction_trigger', 'state.backend.rocksdb.compaction.level.max-size-level-base', 'RocksDB CompactFiles'],
    related: ['sst', 'memtable', 'incremental'],
    match: { en: ['\\bcompact(?:ion|ions|ed|s)?\\b'], zh: ['压缩合并', '(?<![a-z])compaction'] },
  },
  incremental: {
    flink: ['execution.checkpointing.incremental', 'RocksIncrementalSnapshotStrategy'],
    related: ['sst', 'placeholder', 'shared-state-registry', 'checkpointed-size'],
    match: { en: ['\\bincremental(?: checkpoints?)?\\b'], zh: ['增量(?:检查点)?'] },
  },
  placeholder: {
    flink: ['PlaceholderStreamStateHandle'],
    related: ['incremental', 'shared-state-registry', 'sst'],
    match: { en: ['\\bplaceholders?\\b'], zh: ['占位'] },
  },
  'shared-state-registry': {
    flink: ['SharedStateRegistry', 'SharedStateRegistryImpl#registerReference'],
    related: ['last-used-id', 'reference-count', 'incremental', 'subsumption'],
    match: { en: ['shared state registry', '\\bregistry\\b'], zh: ['共享状态注册表', '注册表'] },
  },
  'reference-count': {
    flink: ['SharedStateRegistry (Flink ≤ 1.14)'],
    related: ['shared-state-registry', 'last-used-id', 'subsumption'],
    match: { en: ['reference counts?', 'ref ?counts?'], zh: ['引用计数'] },
  },
  'last-used-id': {
    flink: ['SharedStateRegistryImpl.SharedStateEntry#lastUsedCheckpointID', 'SharedStateRegistryImpl#unregisterUnusedState'],
    related: ['shared-state-registry', 'reference-count', 'num-retained'],
    match: { en: ['last[- ]used(?: checkpoint)? id', 'lastUsedCheckpointID'], zh: ['最后使用的检查点 ?ID', '最后使用'] },
  },
  subsumption: {
    flink: ['CheckpointSubsumeHelper', 'CheckpointListener#notifyCheckpointSubsumed', 'CheckpointFailureReason.CHECKPOINT_SUBSUMED'],
    related: ['num-retained', 'shared-state-registry', 'truncation'],
    match: { en: ['\\bsubsum\\w*', 'SUBSUMED'], zh: ['取代', 'SUBSUMED'] },
  },
  'num-retained': {
    flink: ['execution.checkpointing.num-retained', 'state.checkpoints.num-retained (≤ 1.19)', 'DefaultCompletedCheckpointStore'],
    related: ['subsumption', 'retained-checkpoint', 'shared-state-registry'],
    match: { en: ['num-retained', 'numRetained'], zh: ['num-retained'] },
  },
  'retained-checkpoint': {
    flink: ['execution.checkpointing.externalized-checkpoint-retention', 'ExternalizedCheckpointRetention'],
    related: ['num-retained', 'restore-mode', 'savepoint'],
    match: { en: ['externali[sz]ed(?: checkpoints?)?', 'RETAIN_ON_CANCELLATION'], zh: ['外部化', 'RETAIN_ON_CANCELLATION'] },
  },
  metadata: {
    flink: ['Checkpoints#storeCheckpointMetadata', 'MetadataV4Serializer', 'Checkpoints.HEADER_MAGIC_NUMBER = 0x4960672d'],
    related: ['savepoint', 'checkpoint-coordinator', 'restore-mode'],
    match: { en: ['_metadata'], zh: ['_metadata', '元数据'] },
  },
  savepoint: {
    flink: ['SavepointFormatType.CANONICAL', 'SavepointFormatType.NATIVE', 'bin/flink savepoint --type'],
    related: ['restore-mode', 'metadata', 'retained-checkpoint', 'shared-state-registry'],
    match: { en: ['\\bsavepoints?\\b'], zh: ['保存点'] },
  },
  'restore-mode': {
    flink: ['RestoreMode (CLAIM, NO_CLAIM, LEGACY)', 'execution.state-recovery.claim-mode', 'execution.savepoint-restore-mode (≤ 1.19)'],
    related: ['savepoint', 'retained-checkpoint', 'shared-state-registry', 'failover'],
    match: { en: ['\\b(?:NO_CLAIM|CLAIM|LEGACY)\\b', 'restore mode', 'claim mode'], zh: ['恢复模式', '(?<![A-Z_])(?:NO_CLAIM|CLAIM|LEGACY)(?![A-Z_])'] },
  },
  failover: {
    flink: ['CheckpointCoordinator#restoreLatestCheckpointedStateToAll', 'restart-strategy.type'],
    related: ['restore-mode', 'two-phase-commit', 'key-group'],
    match: { en: ['fail(?:s|ed)? over', '\\bfailover\\b'], zh: ['故障转移'] },
  },
  'checkpointed-size': {
    flink: ['REST checkpointed_size', 'REST state_size', 'CompletedCheckpointStats'],
    related: ['incremental', 'changelog-backend', 'sync-async'],
    match: { en: ['checkpointed[ _]size', 'full size', 'state_size'], zh: ['checkpointed_size', 'state_size'] },
  },
  'snapshot-compression': {
    flink: ['execution.checkpointing.snapshot-compression', 'SnappyStreamCompressionDecorator'],
    related: ['sst', 'state-backend'],
    match: { en: ['snapshot compression'], zh: ['快照压缩'] },
  },
  'changelog-backend': {
    flink: ['ChangelogKeyedStateBackend', 'state.backend.changelog.enabled'],
    related: ['dstl', 'materialization', 'change-set', 'truncation'],
    match: { en: ['changelog(?: state)? backend', '\\bchangelog\\b'], zh: ['Changelog 状态后端', 'changelog'] },
  },
  dstl: {
    flink: ['StateChangelogStorage', 'FsStateChangelogStorage', 'dstl.dfs.base-path', 'dstl.dfs.batch.persist-delay'],
    related: ['changelog-backend', 'change-set', 'sqn', 'truncation'],
    match: { en: ['\\bDSTL\\b'], zh: ['DSTL'] },
  },
  'change-set': {
    flink: ['StateChangeSet', 'StateChangeOperation', 'StateChangelogWriter#append'],
    related: ['sqn', 'dstl', 'materialization'],
    match: { en: ['change[- ]sets?'], zh: ['变更集'] },
  },
  sqn: {
    flink: ['SequenceNumber', 'StateChangelogWriter#nextSequenceNumber'],
    related: ['change-set', 'materialization', 'truncation'],
    match: { en: ['\\bSQNs?\\b', 'sequence numbers?'], zh: ['SQN', '序列号'] },
  },
  materialization: {
    flink: ['PeriodicMaterializationManager', 'state.changelog.periodic-materialize.interval', 'state.changelog.periodic-materialize.max-failures-allowed'],
    related: ['changelog-backend', 'truncation', 'sqn', 'incremental'],
    match: { en: ['\\bmateriali[sz](?:ation|ations|ed|es|e|ing)\\b'], zh: ['物化'] },
  },
  truncation: {
    flink: ['ChangelogTruncateHelper', 'StateChangelogWriter#truncate'],
    related: ['materialization', 'subsumption', 'dstl'],
    match: { en: ['\\btruncat(?:ion|ed|es|e|ing)\\b'], zh: ['截断'] },
  },
};
