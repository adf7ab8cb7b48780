/** 术语表（中文）：每个条目的名称与定义（事实依据：DOMAIN.md 与种子文章）。 */
import type { GlossaryId } from './glossaryTerms';
import type { GlossaryText } from './glossaryTextEn';

export const glossaryZh: Record<GlossaryId, GlossaryText> = {
  'checkpoint-coordinator': {
    term: '检查点协调器（CheckpointCoordinator）',
    definition:
      'JobManager 中负责检查点的部分：触发检查点（创建带超时的待定检查点），通知 Source 注入屏障，收集每个任务的确认，写出 _metadata，然后通知各任务检查点已完成或已中止。',
  },
  barrier: {
    term: '屏障（Barrier）',
    definition:
      'Source 插入数据流中、带有检查点 ID 的标记。它跟在已发出的记录之后传播；它之前的一切属于该检查点，之后的属于下一个。任务在屏障条件满足时对状态做快照，并把屏障继续向下游转发。',
  },
  alignment: {
    term: '对齐（对齐检查点）',
    definition:
      '精确一次模式下，有多个输入的任务要等屏障到达所有输入：屏障先到的输入被阻塞（其后的记录等待），使屏障之后的数据不会进入快照。反压时这段等待可能很长；对齐超时会把检查点切换为非对齐。',
  },
  unaligned: {
    term: '非对齐检查点',
    definition:
      '屏障越过排在它前面的记录，任务立即做快照；被越过的记录（输出队列中的，以及输入中屏障尚未到达的）作为通道状态随检查点保存。反压下检查点依然很快，代价是要存储在途数据。保存点总是对齐的。',
  },
  'channel-state': {
    term: '通道状态（在途数据）',
    definition:
      '非对齐屏障越过的记录，保存在检查点中；作业恢复时先把它们送回通道，再处理新输入。Flink 的 REST 统计把它的大小称为 persisted_data。',
  },
  'back-pressure': {
    term: '反压',
    definition:
      '慢任务不再给发送方授予信用（credit），发送方的输出队列填满后停下，一直传导到 Source。对齐屏障于是排在积压的记录后面等待，所以反压时检查点会变慢。',
  },
  'at-least-once': {
    term: '至少一次',
    definition:
      '不做对齐的检查点模式：任务数到每个输入都来了屏障就做快照，但从不阻塞输入。快输入上屏障之后到达的记录已经进入状态，恢复后会被再处理一次（状态中出现重复）。',
  },
  'exactly-once': {
    term: '精确一次',
    definition:
      '即使发生故障，每条记录也只影响状态一次：屏障对齐（或非对齐并保存通道状态）。端到端还需要可重放的 Source 和事务型 Sink；普通 Sink 在恢复后会再次写出记录。',
  },
  'two-phase-commit': {
    term: '两阶段提交 Sink',
    definition:
      '把记录写入外部系统一个打开的事务，屏障到达时预提交（待提交事务是它状态的一部分），检查点完成的通知到达时提交，失败时中止。恢复后它会提交检查点中已预提交的事务。',
  },
  'consistent-cut': {
    term: '一致性切面',
    definition:
      '一个检查点在作业中代表的那条线：对每个任务而言，就是其屏障经过的位置。作业图会画出它；切面一侧的状态和偏移量正是恢复时取回的内容。',
  },
  'sync-async': {
    term: '同步阶段与异步阶段',
    definition:
      '任务的快照分两部分：处理暂停时的短同步部分（堆状态表的写时复制视图，RocksDB 的刷写与本地检查点），之后转发屏障；以及处理继续进行时上传文件的异步部分。上传完成后任务才发送确认。',
  },
  'state-backend': {
    term: '状态后端（状态表）',
    definition:
      '任务保存键控状态的地方：堆上的 HashMap 后端（写时复制的表，全量快照），或本地磁盘上的 RocksDB（MemTable 与 SST，可做增量快照）。在 Changelog 状态后端中它被称为状态表，即被物化的内层后端。',
  },
  'key-group': {
    term: '键组',
    definition:
      '键控状态的划分单位：键属于键组 murmurHash(key.hashCode()) % 最大并行度，每个子任务拥有一段连续的键组范围。改变并行度时移动的是整个键组，而不是单个键。',
  },
  'max-parallelism': {
    term: '最大并行度',
    definition:
      '键组的数量，在状态的整个生命周期内固定：跨恢复不能改变，也限制了作业最多能扩展到多少并行度。Flink 的默认值是 min(max(roundUpToPowerOfTwo(p + p/2), 128), 32768)。',
  },
  'operator-state': {
    term: '算子状态',
    definition:
      '属于子任务而不属于某个键的状态，例如 Source 的读取偏移量、Sink 的待提交事务。以不同并行度恢复时，其列表元素会被重新分配（切分，或 union 状态给每个子任务一份全量）。',
  },
  memtable: {
    term: 'MemTable（内存表）',
    definition:
      'RocksDB 的内存写缓冲。写入先到这里；写满的 MemTable 变为不可变，并作为新的 L0 SST 刷写到磁盘。Flink 在 RocksDB 检查点的同步阶段刷写 MemTable。',
  },
  sst: {
    term: 'SST（有序字符串表）',
    definition:
      'RocksDB 中不可变的、按键排序的数据文件。正因为 SST 写出后不再改变，增量检查点才能只上传一次，之后的检查点引用同一个远程文件。',
  },
  compaction: {
    term: '压缩合并（Compaction）',
    definition:
      'RocksDB 把若干 SST 合并成新的 SST（丢弃被覆盖的值和删除标记）并删除输入文件。应用会显示其来源，例如 sst 5 (1,2,3)。新 SST 意味着下一个增量检查点要上传更多数据。',
  },
  incremental: {
    term: '增量检查点',
    definition:
      '只上传上一个已确认检查点尚未上传过的 SST 的 RocksDB 检查点，其余的只做引用。上传量小，但一个检查点的文件分散在许多更早的检查点中，由共享状态注册表负责保留它们。',
  },
  placeholder: {
    term: '占位句柄（Placeholder）',
    definition:
      '增量检查点中对某个 SST 的引用：该 SST 已由更早的已确认检查点上传，不必再传一次。检查点完成时注册表把它换成真实的远程文件。',
  },
  'shared-state-registry': {
    term: '共享状态注册表',
    definition:
      'JobManager 对多个检查点共享的文件（增量 SST、changelog 文件）的记录，决定这些文件何时可以删除：Flink 1.14 及以前按引用计数，1.15 起按最后使用的检查点 ID。',
  },
  'reference-count': {
    term: '引用计数',
    definition:
      'Flink ≤ 1.14 的注册表模型（种子 002）：每个使用某共享文件的保留检查点持有一个引用；检查点被取代时其引用释放，计数降到 0 的文件被删除。',
  },
  'last-used-id': {
    term: '最后使用的检查点 ID',
    definition:
      'Flink 1.15 起的注册表模型：每个共享文件记住最近使用它的检查点；每次检查点完成后，最后使用者低于最早保留检查点的文件被删除。不再递减计数。',
  },
  subsumption: {
    term: '取代（Subsumption）',
    definition:
      '较新的已完成检查点替换较旧的：超出 num-retained 时最旧的被取代（移出存储，删除其私有文件，释放其共享文件），ID 更小的待定检查点以 SUBSUMED 中止。任务通过 notifyCheckpointSubsumed 得知。',
  },
  'num-retained': {
    term: 'num-retained（保留数量）',
    definition:
      '作业保留的已完成检查点数量（默认 1）。再完成一个时，最旧的被取代。自 Flink 1.15 起保存点不计入其中。',
  },
  'retained-checkpoint': {
    term: '保留（外部化）检查点',
    definition:
      '作业停止后仍保留的已完成检查点。设为 RETAIN_ON_CANCELLATION 时，被取消的作业会把保留的检查点留在存储中，新作业可以像从保存点一样从它启动。',
  },
  metadata: {
    term: '_metadata（元数据文件）',
    definition:
      '描述一个检查点或保存点的唯一文件：包含哪些算子和子任务，以及它们状态文件的句柄。由协调器最后写出；Flink 的文件以魔数 0x4960672d 和格式版本开头。Checkpoint Lab 同样写 Flink 的版本 4，并用一个名为“checkpoint-lab”的 master state 保存模拟器在 Flink 字段之外还需要的信息。',
  },
  savepoint: {
    term: '保存点（标准格式、原生格式）',
    definition:
      '由用户触发的快照，用于升级、改并行度或迁移作业；总是对齐，不会被检查点取代，自 1.15 起也不注册。标准（canonical）格式：各状态后端通用的布局，任何后端都能恢复。原生（native）格式：后端自己的文件（RocksDB 的 SST），更快，但只有同类后端能恢复。',
  },
  'restore-mode': {
    term: '恢复模式（CLAIM、NO_CLAIM、LEGACY）',
    definition:
      '新作业启动所用快照归谁所有。CLAIM：作业接管它，被取代后删除。NO_CLAIM（默认）：从不删除它，且第一个检查点做全量。LEGACY（已弃用）：从不删除它，却可能继续引用它的文件。',
  },
  failover: {
    term: '故障转移',
    definition:
      '任务失败后，作业从最近完成的检查点重启：恢复状态，Source 回退到检查点中的偏移量，检查点之后的记录被再处理一次。',
  },
  'checkpointed-size': {
    term: '检查点大小与完整大小',
    definition:
      'Flink 的 REST 统计为每个检查点给出两个大小：checkpointed_size 是本次检查点上传的量（增量），state_size 是它所涵盖的全部状态，包括复用的早先检查点的文件。',
  },
  'snapshot-compression': {
    term: '快照压缩',
    definition:
      '用 Snappy 压缩全量键控快照（以及算子状态）的选项。它不影响增量 RocksDB 的 SST（RocksDB 按层级自行压缩），也不影响 changelog。',
  },
  'changelog-backend': {
    term: 'Changelog 状态后端',
    definition:
      '包在 HashMap 或 RocksDB 后端外面的一层：每次状态变更也追加到持续上传的日志（DSTL）中，于是检查点只需在上次物化的基础上加上最新的变更。检查点小而平稳，代价是更多存储和更慢的恢复（下载并重放）。',
  },
  dstl: {
    term: 'DSTL（持久化短期日志）',
    definition:
      'Changelog 的存储：每个子任务的状态变更，按 TaskManager 批量上传（一个文件可在不同偏移处包含多个子任务的变更集）。在物化与取代使其不再需要之前一直保留，之后被截断。',
  },
  'change-set': {
    term: '变更集',
    definition:
      '两个序列号之间记录的状态变更（SET、ADD_ELEMENT、REMOVE_ELEMENT …）。检查点会关闭当前变更集，并指向上次物化以来的所有变更集。',
  },
  sqn: {
    term: 'SQN（序列号）',
    definition:
      'DSTL 写入器的位置：变更追加到打开的变更集中，关闭它就进入下一个序列号。检查点和物化都注明自己涵盖的 SQN 范围。',
  },
  materialization: {
    term: '物化',
    definition:
      'Changelog 状态后端对状态表做的常规快照（周期性地，或在此处按需），并记下它涵盖到的 SQN。一旦某个已完成检查点使用了它，该 SQN 之前的日志就不再需要。没有变化或上一次尚未结束时会跳过。',
  },
  truncation: {
    term: '截断',
    definition:
      '在仍需要旧日志的检查点都被取代之后，丢弃物化已使其多余的那部分 changelog。随后 DSTL 文件像共享 SST 一样被释放。',
  },
};
