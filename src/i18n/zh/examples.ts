/**
 * The Chinese side of ../en/examples.ts, which says what the area holds. Terms as elsewhere in
 * the app: 检查点, 屏障, 对齐, 非对齐, 反压, 物化, 截断, 增量, 共享状态注册表, 引用计数, 两阶段提交.
 * The type demands every key of the English table.
 */
import type { examplesEn } from '../en/examples';

export const examplesZh: Record<keyof typeof examplesEn, string> = {
  exButton: '示例',
  exButtonHint: '示例：打开一个现成的场景',
  exDialogTitle: '示例',
  exIntro: '选择一个现成的场景：它会替换当前运行，并从第 0 步开始。',
  exRestartNote: '当前位于第 {step} 步：示例是一次新的录制，当前运行（连同其上的操作）不会保留。',
  exCurrent: '正在运行',
  exCurrentHint: '正在运行：再次选择会从第 0 步重新开始',
  exBuiltIn: '内置',
  exLoading: '正在加载“{title}”…',
  exRefused: '“{title}”未能加载；当前场景保持不变。',

  exDefaultTitle: '增量 RocksDB 检查点',
  exDefaultSee: 'RocksDB 上的按键累加：每秒一个检查点，只上传新增的 SST 文件，其余文件直接复用。',
  exSeed002Title: '共享文件与引用计数',
  exSeed002See:
    '检查点共享 SST 文件；共享状态注册表为文件计数引用，压缩和被取代的检查点使引用计数降为 0 时，文件被删除。',
  exSstCompressionTitle: 'RocksDB 自身的 SST 压缩',
  exSstCompressionSee:
    'compression.per.level = NO_COMPRESSION;SNAPPY_COMPRESSION：刷写出的 L0 文件不压缩，合并出的 L1 文件以 Snappy 数据块存储，约为原始大小的 0.6（种子 003 的 S_c = S_o × C，在真实字节上测得）；LSM 视图显示“存储 ← 原始”，增量检查点上传的是更小的文件。',
  exChangelogSeed000Title: 'Changelog：基于日志的检查点',
  exChangelogSeed000See:
    '每次状态变更都写入 DSTL；检查点只上传新的变更集，一次手动物化之后，之前的日志被截断。',
  exChangelogPeriodicTitle: 'Changelog：周期性物化',
  exChangelogPeriodicSee:
    '每 400 毫秒一个检查点，只上传几百字节的变更集；两个子任务每 3 秒各物化一次 RocksDB 状态并截断日志，9 秒内重复三轮。',
  exAlignedTimeoutTitle: '反压：带超时的对齐',
  exAlignedTimeoutSee:
    '慢算子填满通道，屏障排在记录后面；触发 120 毫秒后仍在对齐的子任务切换为非对齐。',
  exOutputTimeoutTitle: '反压：发送端超时',
  exOutputTimeoutSee:
    '屏障在 Source 已满的输出队列中等待；触发 120 毫秒后，它们作为非对齐屏障插队发送，被越过的记录成为通道状态。',
  exUnalignedTitle: '反压：非对齐检查点',
  exUnalignedSee:
    '慢算子填满通道；非对齐屏障越过排队的缓冲区，这些缓冲区作为通道状态随检查点保存。',
  exSinkTransactionalTitle: '故障后的事务型 Sink',
  exSinkTransactionalSee:
    '两次故障与恢复；两阶段提交的 Sink 只在检查点完成时让输出可见：不丢失，不重复。',
  exSinkPlainTitle: '故障后的普通 Sink',
  exSinkPlainSee: '同样的故障，Sink 立即输出：恢复后被重新读取的记录会输出两次。',
  exLocalRecoveryTitle: '本地恢复：从 TaskManager 的磁盘重启',
  exLocalRecoverySee:
    '两个 TaskManager 开启本地恢复：count#0 故障后，两个子任务都从本地磁盘恢复（下载 0 字节）；tm-1 丢失后，它的子任务从远程存储下载。',
  exCancelRetainTitle: '取消作业、保留检查点、启动新作业',
  exCancelRetainSee:
    '在 RETAIN_ON_CANCELLATION 下，作业在 2.2 秒被取消，检查点 3 和 5 留在存储中（保存点也是）。2.8 秒时新作业（新 JobID）以 CLAIM 模式从检查点 5 启动：它最初的检查点仍引用旧作业的 SST；检查点 7 取代 5 之后，新作业删除了它。检查点 3 一直保留：已没有作业拥有它。',
  exStopSavepointTitle: '用 savepoint 停止作业，再从它启动新作业',
  exStopSavepointSee:
    '在 2.3 秒用 savepoint 停止作业：数据源在它的 barrier 之前停止，savepoint 6 完成，两阶段提交的 sink 提交事务，所有任务结束，作业变为 FINISHED，并删除检查点 4 和 5（savepoint 保留，它属于用户）。在 3 秒，一个新作业以 NO_CLAIM 模式从 savepoint 6 启动，所以它的第一个检查点（7）是全量检查点，与旧作业不共享任何文件。',
  exOperatorStateTitle: '扩缩容时的算子状态：拆分、联合、广播',
  exOperatorStateSee:
    '并行度 2 → 3：“恢复”标签页显示每个新子任务分到的 Sink 列表状态（SPLIT_DISTRIBUTE）、旧版 Kafka 偏移量（UNION）和广播规则（BROADCAST）。',
  exScaleRunTitle: '规模测试：1,000,000 条记录、100,000 个键、并行度 16、500 个检查点',
  exScaleRunSee:
    '基准测试的运行（npm run bench 在 Node 中录制它）。记录以每个 256 条的网络缓冲区传输：每个缓冲区一步，不显示逐条记录的步骤（每条记录的事件仍保留）。仍有约 490,000 步（500 个检查点的屏障）和约 380 万个事件，页面容纳不下：应用会在录制前拒绝它，给出估算的大小和一个能容纳的更短运行；当前运行保持不变。',
};
