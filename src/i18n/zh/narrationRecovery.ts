/**
 * The Chinese side of ../en/narrationRecovery.ts, which says what the area holds and which terms it uses.
 * The type demands every key of the English table: an English string without its Chinese does
 * not compile.
 */
import type { narrationRecoveryEn } from '../en/narrationRecovery';

export const narrationRecoveryZh: Record<keyof typeof narrationRecoveryEn, string> = {
  narSinkReceived: '{task} 收到来自 {from} 的记录 {record}。',
  narSinkWhyTx: '它写入打开的事务，在覆盖它的检查点完成之前对下游不可见。',
  narSinkWhyPlain: '普通 Sink 立即输出它：如果作业从更早的检查点恢复，它会再输出一次（重复）。',
  narTmLost: 'TaskManager {tm} 丢失，它的 slot 也随之消失：{tasks} 故障。',
  narTmLostDisk:
    '它的本地磁盘也一起丢失：{n} 份检查点本地副本（{bytes}）不复存在；替代它的新 TaskManager 磁盘为空，所以它上面的子任务必须下载状态。',
  narLocalRestored:
    '{task} 从 {tm} 上的本地副本恢复键组 {range}：从磁盘读取 {bytes}，不下载任何文件，重建 {entries} 条状态。',
  narLocalRestoredWhy:
    '本地恢复：任务在原来的 slot 中重启，该 slot 的任务本地状态存储仍保存着检查点 {id}。先尝试本地副本；_metadata 中的远程句柄只是后备（PrioritizedOperatorSubtaskState）。',
  narRemoteRestored: '{task} 从远程存储下载键组 {range}：{files} 个文件，{bytes}，重建 {entries} 条状态。',
  narRemoteNoCopy:
    '{tm} 的磁盘上没有此 slot 的检查点 {id} 本地副本：这个 TaskManager 是替代丢失者的新实例（磁盘从空开始），或者副本从未写入。',
  narRemoteRescaled: '本地副本对应的是其他键组：改变并行度后只有远程句柄适用。',
  narRemoteChangelog:
    'Flink 中 Changelog 后端有自己的本地副本（DSTL 的本地备份）；本实验室未模拟，因此状态需要下载。',
  narJobFailed: '作业故障：{reason}。',
  narJobFailedWhy:
    '所有任务被取消（进行中的检查点和打开的事务被中止），作业从最近完成的检查点 {cp} 重启；Source 回退到它的偏移量，重新读取之后的记录。',
  narJobFailedWhyScratch:
    '所有任务被取消；由于没有已完成的检查点，作业从头重启：所有记录都会被重新读取。',
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
  narOpStateSplit:
    '它的列表状态 “{state}”（SPLIT_DISTRIBUTE）是轮询分得的一份：来自旧子任务 {from} 的 {n} 条。',
  narOpStateSplitNone: '它的列表状态 “{state}”（SPLIT_DISTRIBUTE）没有分到条目：条目比新子任务少。',
  narOpStateUnion:
    '它的联合列表状态 “{state}”（UNION）得到全部 {p} 个旧子任务的所有条目（共 {n} 条）；旧版 Kafka 消费者只保留 KafkaTopicPartitionAssigner 分给它的：{kept}。',
  narOpStateBroadcast:
    '它的广播状态 “{state}”（BROADCAST）是旧子任务 #{from} 的副本（{n} 条）：新子任务 i 取旧子任务 i mod {p} 的副本。',
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
  narBeginTx: '{task} 在外部系统中开启事务 {tx}。',
  narBeginTxWhy: '之后的记录写入该事务，直到下一个屏障预提交它。',
  narRestoreChannel: '{task} 从{what} {id} 的通道状态恢复 {records} 条在途记录。',
  narRestoreChannelWhy: '它们先于任何新数据被处理，因此非对齐快照越过的数据不会丢失。',
};
