/**
 * The Chinese side of ../en/narrationStorage.ts, which says what the area holds and which terms it uses.
 * The type demands every key of the English table: an English string without its Chinese does
 * not compile.
 */
import type { narrationStorageEn } from '../en/narrationStorage';

export const narrationStorageZh: Record<keyof typeof narrationStorageEn, string> = {
  narIncremental: '增量',
  narSkipTooMany: '排队的请求过多（TOO_MANY_CHECKPOINT_REQUESTS）',
  narSkipMinPause: '距上次完成未满最小间隔（MINIMUM_TIME_BETWEEN_CHECKPOINTS），周期触发改到 {at} 毫秒',
  narSkipNotRunning: '作业未在运行',
  narUploaded: '为{what} {id} 上传 {n} 个文件（{bytes}）。',
  narUploadedWhy: '文件写出后不可变；检查点通过路径引用它们。',
  narDiscarded: '删除 {n} 个文件（{bytes}）：{reason}。',
  narDiscardWhySubsumed: '该检查点已不在保留集合中，它目录下的文件不被任何其他检查点使用。',
  narDiscardWhyLastUsed:
    'Flink 1.15+ 的注册表：共享文件记录最后使用它的检查点；低于最早保留的检查点后，再没有检查点能用它恢复。',
  narDiscardWhyRefCount:
    'Flink 1.14 及之前的注册表：每个使用共享文件的保留检查点持有一个引用；最后一个引用已释放。',
  narDiscardWhyAborted: '为不会完成的检查点写出的文件毫无用处，会被异步删除。',
  narDiscardWhyCanceled:
    '作业被取消，而检查点没有被设置为取消时保留（execution.checkpointing.externalized-checkpoint-retention）：已完成检查点存储关闭时删除它们；若设为 RETAIN_ON_CANCELLATION，它们会留给新作业使用。',
  narDiscardWhyDuplicate: '同样的状态已在该键下注册，这份副本不再需要。',
  narDiscardWhyTruncated: '截断释放了其中的变更，且没有检查点引用该文件。',
  narDiscardWhyOther: '不再有保留的检查点引用这些文件。',
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
  narReplayed:
    '{task} 从 {files} 个文件重放 SQN [{from}, {to}) 的 {sets} 个变更集（{changes} 条变更）。',
  narReplayedWhy: '恢复 Changelog 状态后端 = 物化的状态 + 之后记录的每条变更，按顺序重新应用。',
  narReleased: '通往 {to} 的通道重新获得信用：排队的记录继续流动。',
  narReleasedWhy: '消费者跟上了进度，为更多缓冲区授予信用（基于信用的流控）。',
};
