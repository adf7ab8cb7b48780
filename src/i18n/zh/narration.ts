/**
 * The Chinese side of ../en/narration.ts, which says what the area holds and which terms it uses.
 * The type demands every key of the English table: an English string without its Chinese does
 * not compile.
 */
import type { narrationEn } from '../en/narration';

export const narrationZh: Record<keyof typeof narrationEn, string> = {
  narTitle: '发生了什么',
  narStepLabel: '第 {n} 步',
  narByUser: '你的操作',
  narJump: '前往',
  narJumpLabel: '跳到第 {n} 步：{text}',
  narNoNext: '在已记录的运行中，之后没有值得注意的事件。',
  narNoNextYet: '目前已录制的部分中，之后没有值得注意的事件：运行的其余部分仍在录制中。',
  narCheckpoint: '检查点',
  narSavepoint: '保存点',
  narCheckpointCap: '检查点',
  narSavepointCap: '保存点',
  narNone: '无',
  narListSep: '、',
  narStart: '尚未发生任何事：作业即将启动。',
  narStartWhy: '单步前进（→）或点击播放；每一步是引擎做的一件事，就像 Flink 处理的一条消息。',
  narEmpty: '这一步没有事件。',
  narEmptyWhy: '引擎处理了一条内部消息或定时器，其效果会在之后的步骤中显示。',
  narQuietRecord: '来自 {from} 的一条记录到达 {task}，在其输入队列中等待。',
  narQuietRecordWhy:
    '{task} 暂时不能处理它：正在处理另一条记录、前面还有排队的输入，或者它的输出在等待 credit（反压）。之后会按顺序处理。',
  narQuietSource: '{task} 本要读取下一条记录，但暂停了：它的输出没有 credit（反压）。',
  narQuietSourceWhy:
    '受反压的 Source 停止读取；下游子任务释放缓冲区、归还 credit 后它才继续。数据不会丢失：offset 保持不变。',
  narQuietBarrier: '屏障 {id} 从 {from} 到达 {task}，排在先到的记录后面，在输入队列中等待。',
  narQuietBarrierWhy:
    '对齐屏障在通道中保持原有位置：{task} 先处理排在它前面的记录，屏障到达队首时才被计入。',
  narQuietProcess: '{task} 被唤醒继续处理输入，但还不能进行：它的输出仍在等待 credit。',
  narQuietProcessWhy: '反压：只有当结果能够发往下游时，子任务才会处理一条记录。',
  narQuietTimeout: '检查点 {id} 的对齐超时在 {task} 触发，但已无事可做。',
  narQuietTimeoutWhy: '{task} 对检查点 {id} 的对齐已经完成（或检查点已结束）：没有可切换为非对齐的对齐过程。',
  narQuietOutputTimeout: '检查点 {id} 的对齐超时在 {task} 的输出队列触发，但已无事可做。',
  narQuietOutputTimeoutWhy: '检查点 {id} 的屏障已离开 {task} 的输出队列（或检查点已结束）：没有排队的屏障需要转为非对齐。',
  narQuietNotify: 'notifyCheckpointComplete({id}) 到达 {task}，它没有等待这个通知的内容。',
  narQuietNotifyWhy:
    '只有按检查点保存了内容的子任务才会处理这个 RPC：事务型 Sink 提交事务，changelog 确认其上传，增量 RocksDB 记录可复用的文件。',
  narQuietNotifyAborted: 'notifyCheckpointAborted({id}) 到达 {task}，它没有需要取消的内容。',
  narQuietEmit: '脚本向 {task} 读取的日志追加了 {n} 条记录。',
  narQuietEmitWhy: '{task} 从下一步起逐条读取它们，每条记录对应一个新的 offset。',
  narQuietAction: '脚本的 “{action}” 操作此刻没有产生效果。',
  narQuietOther: '引擎处理了一个 “{kind}” 项，没有可见的效果。',
  narSimStarted: '作业以 {tasks} 个子任务启动；最大并行度 {maxP} 决定了键组的数量，之后不再改变。',
  narSimStartedWhy: '每 {interval} 毫秒触发一次检查点；状态后端为 {backend}。',
  narSimStartedWhyManual: '周期性检查点已关闭，只有手动触发才会做检查点；状态后端为 {backend}。',
  narWithChangelog: '启用 Changelog',
  narBackend: '{base}（{extras}）',
  narEmitted: '{task} 从分区 p{partition} 偏移量 {offset} 读取记录 {record}；keyBy 把它发往 {to}。',
  narEmittedLog:
    '{task} 从分区 p{partition} 的脚本日志（位置 {offset}）读取记录 {record}；keyBy 把它发往 {to}。',
  narBuffered: '这一步处理了 {count} 条记录（记录以每个 {n} 条的缓冲区传输：每个缓冲区一步，不显示逐条记录的步骤）。',
  narSumEmitted: '{task} 读取 {count} 条记录（键 {first} … {last}）；keyBy 把它们发往 {peers} 个子任务，首个为 {to}。',
  narSumUpdated: '{task} 更新“{state}” {count} 次（键 {first} … {last}，键组 {kgs}）。',
  narSumReceived: '{task} 收到来自 {from} 的 {count} 条记录（键 {first} … {last}）。',
  narSumHeld: '{task} 把发往 {to} 的 {count} 条记录留在屏障之后：{to} 对齐期间该通道被阻塞。',
  narSummaryWhy:
    '这次运行以摘要方式记录（规模太大，无法保留每条记录）：每一步只记下它处理了多少条记录、首末键和键组，而不是每条记录一个事件。状态、检查点和文件完全精确。',
  narEmittedWhy:
    '它的键属于键组 {kg}，而 {to} 负责键组 {range}。检查点为 Source 记录的正是这个偏移量。',
  narStateUpdated: '{task} 更新键 {key} 的 {kind} “{state}”：现在为 {value}。',
  narStateWhyHeap: 'HashMap 状态后端原地修改写时复制的状态表；正在写出的快照保留自己的副本。',
  narStateWhyRocks:
    'RocksDB 把它序列化（键组 + 键 + 命名空间）后写入活跃的 MemTable；下次刷写时才进入 SST。',
  narStateWhyChangelog: '这条变更写入状态表，同时追加到 Changelog（DSTL），由下一个检查点持久化。',
  narTriggered: 'JobManager 触发{what} {id}，要求每个 Source 注入屏障。',
  narTriggeredWhyPeriodic:
    '检查点间隔（{interval} 毫秒）已到；PendingCheckpoint 开始等待 {tasks} 个确认，或者超时。',
  narTriggeredWhyUser: '由你触发；PendingCheckpoint 开始等待 {tasks} 个确认，或者超时。',
  narTriggeredWhySavepoint: '保存点总是对齐的，不会被检查点取代；需要 {tasks} 个子任务确认。',
  narTriggerSkipped: '检查点请求被拒绝：{reason}。',
  narTriggerSkippedWhy: 'CheckpointRequestDecider 拒绝了它；这类失败从不计入 tolerable-failed-checkpoints。',
  narRequestQueued: '{what}请求在队列中等待：进行中的检查点 {n} 个，上限 {max}。',
  narRequestQueuedWhy: 'CheckpointRequestDecider 保留该请求，待某个进行中的检查点完成或中止后立即执行；保存点是强制的，从不等待。',
  narInjected: '{task} 为{what} {id} 快照读取偏移量，并向 {n} 个输出通道注入屏障 {id}。',
  narInjectedWhy:
    '屏障之前发出的记录属于{what} {id}，之后的属于下一个；屏障跟在已经发出的记录后面传输。',
  narInjectedUnaligned:
    '非对齐：屏障越过输出队列中等待的 {out} 条记录，这些记录作为通道状态持久化。',
  narBarrierBlocked:
    '屏障 {id} 从 {from} 到达 {task}（{arrived}/{of} 个输入）；该通道在 {from} 端保持阻塞，直到其他通道的屏障也到达。',
  narBarrierBlockedWhy:
    '屏障之后的记录属于{what} {id} 之后：{from} 把它们留在自己的输出队列里（屏障发出时其子分区即被阻塞），所以它们不会进入本次快照（精确一次的对齐）。',
  narBarrierTracked:
    '屏障 {id} 从 {from} 到达 {task}（{arrived}/{of} 个输入）；至少一次模式不阻塞通道。',
  narBarrierTrackedWhy:
    '屏障之后的记录被立即处理，进入{what} {id} 的状态；恢复后它们会被再读一次：产生重复。',
  narAlignedSync:
    '{what} {id} 的屏障从 {from} 到达 {task}，这是它最后一个输入（{of}/{of}）；对齐完成，{task} 执行同步阶段快照并向下游转发屏障。',
  narOnlyInputSync:
    '{what} {id} 的屏障从唯一的输入到达 {task}，{task} 执行同步阶段快照并向下游转发屏障。',
  narSyncOnly: '{task} 执行{what} {id} 快照的同步阶段并转发屏障。',
  narSyncWhyRocksFlush:
    '它把 MemTable 刷写为 L0 SST {sst}，并做 RocksDB 原生检查点；{uploads} 个文件在异步阶段上传（约 {ms} 毫秒），同时记录继续流动。',
  narSyncWhyRocks:
    '它做 RocksDB 原生检查点（链接到现有 SST）；{uploads} 个文件在异步阶段上传（约 {ms} 毫秒），同时记录继续流动。',
  narSyncWhyHeap:
    '写时复制的状态表（{size}）立即生成快照；写出是异步阶段（约 {ms} 毫秒），同时记录继续流动。',
  narSyncWhyChangelog:
    '启用 Changelog 后，快照指向 DSTL：需要持久化 SQN [{from}, {to}) 的变更，状态表本身不上传。',
  narSyncWhySink:
    'Sink 预提交事务 {tx}（{records} 条记录）并开启新事务；{tx} 只在{what} {id} 完成后提交。',
  narSyncWhyOperator: '它的算子状态（{size}）直接放在确认消息里，无需上传文件。',
  narSyncWhyCompaction: '新的 L0 文件还触发了 SST {inputs} 的压缩。',
  narAsyncDone: '{task} 完成{what} {id} 的异步阶段：{files} 个文件，{bytes}，用时 {ms} 毫秒。',
  narAsyncDoneNothing: '{task} 完成{what} {id} 的快照，无需上传文件。',
  narAsyncDoneChangelog:
    '{task} 完成{what} {id} 的异步阶段：它在 SQN [{from}, {to}) 的变更（{bytes}）已持久化在 DSTL 文件 {files} 中，由它所在的 TaskManager 上传。',
  narAsyncDoneChangelogNone:
    '{task} 完成{what} {id} 的异步阶段：自 SQN {from} 起没有待持久化的变更，因此没有为它上传新内容。',
  narAsyncWhyChangelog:
    '状态表本身不上传：句柄由物化部分加上其后的变更集组成。增量大小只计这些变更集，而不是整个 DSTL 文件——TaskManager 把多个子任务的变更合批写进同一个文件。接下来向 JobManager 确认。',
  narAsyncWhyChangelogNone:
    '它的句柄引用物化部分和为之前检查点上传的变更集，增量大小为 0。接下来向 JobManager 确认。',
  narAsyncWhyIncremental:
    '增量检查点：只上传上一个已确认检查点没有上传过的 SST（新增 {ssts} 个），其余以占位符引用。接下来向 JobManager 确认。',
  narAsyncWhy: '接下来它把状态句柄（写出文件的路径）随确认发给 JobManager。',
  narAsyncWhyOperator: '它很小的算子状态直接放在确认消息里。',
  narAcked: 'JobManager 收到 {task} 对{what} {id} 的确认（{a}/{of}）。',
  narAckedWhy: '还差 {left} 个子任务：所有子任务都确认后，{what}才算完成。',
  narCompleted:
    '{What} {id} 完成：所有子任务都已确认，JobManager 写出 _metadata 文件（{meta}）。增量大小 {delta}（各子任务为它持久化的部分），全量大小 {full}（它引用的全部状态）。',
  narCompletedWhy:
    '当前保留：{retained}。所有任务收到 notifyCheckpointComplete({id})；事务型 Sink 提交已预提交的事务。',
  narCompletedWhySubsumed:
    '检查点 {old} 超出保留数量（num-retained = {n}）被取代，{files} 个不再被任何保留检查点使用的文件被删除；任务收到 notifyCheckpointComplete({id})。',
  narCompletedWhySubsumedNoFiles:
    '检查点 {old} 超出保留数量（num-retained = {n}）被取代；它的文件仍被保留的检查点使用。任务收到 notifyCheckpointComplete({id})。',
  narCompletedWhySavepoint:
    '保存点从不注册共享文件，也不会被检查点取代：只要保留它，就可以从它恢复。',
  narCompletedWhyTruncated: '随之，{tasks} 的 Changelog 被截断。',
  narSubsumed: '检查点 {id} 被检查点 {by} 取代。',
  narSubsumedWhy:
    '只保留 num-retained = {n} 个已完成的检查点；它独有的文件被删除，共享文件在注册表中释放。',
  narNotified: '通知各子任务：{what} {id} {how}。',
  narNotifiedComplete: '已完成（notifyCheckpointComplete）',
  narNotifiedSubsumed: '已被取代（notifyCheckpointSubsumed）',
  narNotifiedAborted: '已中止（notifyCheckpointAborted）',
  narNotifiedWhy: '任务据此提交副作用（事务型 Sink），或丢弃为该检查点保留的内容。',
  narAborted: '{What} {id} 中止：{reason}。',
  narAbortDeclined: '有子任务拒绝了它',
  narAbortExpired: '未在超时时间内完成',
  narAbortSubsumed: '更新的检查点先完成了',
  narAbortFailover: '作业发生故障转移',
  narAbortAsync: '其异步阶段失败（上传到远程存储失败）',
  narAbortDeclinedSubsumed: '有子任务在完成它之前收到了更新检查点的屏障',
  narAbortTooMany: '检查点请求过多',
  narAbortCancelMarker: '某个子任务从一个输入收到了 CancelCheckpointMarker（上游任务已放弃该检查点）',
  narAbortShutdown: '作业已取消或挂起（CheckpointCoordinator 关闭）',
  narAbortSuspend: '停止并保存（stop-with-savepoint）停止了检查点调度器（现在只运行同步保存点）',
  narAbortedWhy:
    '为它上传的文件被删除，任务收到 notifyCheckpointAborted。连续失败 {n} 次；可容忍 {t} 次（tolerable-failed-checkpoints）。',
  narDeclined: '{task} 拒绝{what} {id}：{reason}。',
  narDeclinedWhy:
    '它通知 JobManager（receiveDeclineMessage），JobManager 中止{what} {id}；连续失败超过 tolerable-failed-checkpoints = {t} 次，作业就会故障。',
  narAbortTx: '{task} 中止事务 {tx}：丢弃 {records} 条记录。',
  narAbortTxWhyClose: '任务被取消；这些记录会从恢复的偏移量重新读取。',
  narAbortTxWhyRecover: '该事务在恢复的检查点之后开启，其中的记录会被重新读取。',
  narAbortTxWhyLingering: '重启前遗留的事务不在恢复的状态中。',
  narWhySubsumed: '检查点 {id} 被取代',
  narWhyMaterialization: '物化 {id} 覆盖了 {sqn} 之前的变更',
  narOvertook:
    '非对齐{what} {id}：屏障到达 {task}，越过 {in} 条排队的输入和 {out} 条等待的输出记录；{task} 立即做快照并转发屏障。',
  narOvertookNothing:
    '非对齐{what} {id}：屏障到达 {task}，前面没有可越过的排队数据，{task} 立即做快照并转发屏障。',
  narOvertookWhy: '被越过的记录作为通道状态随快照持久化，因此无需等待对齐；代价是检查点更大。',
  narOvertookWaiting: '在 {inputs} 的屏障到达之前，这些通道上到来的数据也会被记录。',
  narAlignTimeout:
    '{task} 上{what} {id} 的对齐在 {ms} 毫秒后超时（{arrived}/{of} 个屏障已到），切换为非对齐。',
  narAlignTimeoutWhy:
    'aligned-checkpoint-timeout：屏障立即继续传递，缺失屏障之前的数据成为通道状态；屏障已到的 {held} 个通道在所有屏障到齐前仍在发送端阻塞。',
  narOutputTimeout:
    '{task} 的{what} {id} 屏障在触发 {ms} 毫秒后仍在输出队列中排在无信用的记录之后，于是作为优先（非对齐）屏障插队发往 {to}。',
  narOutputTimeoutWhy:
    '输出端的 aligned-checkpoint-timeout：被越过的 {n} 条记录作为输出通道状态持久化（之后照常发送）；该状态写完后 {task} 才确认检查点。',
  narChannelState:
    '{what} {id} 的最后一个屏障到达 {task}：它的通道状态齐全（{in} 条输入、{out} 条输出记录，{bytes}）。',
  narChannelStateWhy: '通道状态随快照上传；恢复后这些记录先于任何新数据被处理。',
  narBackPressured: '通往 {to} 的通道没有信用（容量 {capacity}）：{queued} 条记录在发送端排队。',
  narBackPressuredWhy:
    '反压：慢的消费者拖住了生产者，对齐的屏障要排在这些记录后面；非对齐检查点会越过它们。',
  narHeld: '记录 {record} 在 {task} 等待：它通往 {to} 的通道被屏障 {id} 阻塞（共 {n} 个等待）。',
  narHeldWhy: '自 Flink 1.11 起，对齐屏障在发送端阻塞其子分区：在 {to} 完成{what} {id} 的对齐并恢复消费之前，屏障之后的数据都不会发出。',
  narBlocked: '对齐屏障 {id} 从 {task} 发往 {to}：该通道现在在 {task} 端被阻塞。',
  narBlockedWhy: 'PipelinedSubpartition 发出对齐屏障后停止发送，属于{what} {id} 之后的记录在发送端等待（并对其形成反压），而不是堆在接收端。',
  narResumed: '{to} 恢复消费：{task} 重新在该通道上发送（有 {n} 个元素在等待）。',
  narResumedWhy: '{to} 已完成（或放弃）{what} {id}，屏障之后的数据可以流动了。',
  narCancelSent: '{task} 向 {to} 发送 CancelCheckpointMarker {id}，代替屏障。',
  narCancelSentDeclined: '它在屏障处拒绝了{what} {id}（向 JobManager 发送 DeclineCheckpoint）；该标记告诉下游不要再等它的屏障。',
  narCancelSentAborted: 'JobManager 在它到达之前就通知{what} {id} 已中止；该标记让下游免于一次永远完不成的对齐。',
  narCancelReceived: '来自 {from} 的 CancelCheckpointMarker {id} 到达 {task}。',
  narCancelReceivedWhy: '它对{what} {id} 的对齐结束：被阻塞的通道恢复，{task} 拒绝 {id} 并把标记继续向下游传递。',
  narCancelIgnoredWhy: '这里已没有{what} {id} 的对齐，它不改变任何东西。',
  narTaskNotified: 'JobManager 的 {how} 到达 {task}。',
  narTaskNotifiedComplete: '通知是一条消息：直到此刻子任务才确认{what} {id}（增量上传的文件可复用，事务型 Sink 提交）。',
  narTaskNotifiedAborted: '它取消这里仍在运行的{what} {id} 的上传。进行中的对齐不会因这条消息结束；那要靠上游的 CancelCheckpointMarker。',
  narTaskNotifiedRemembered: '它还没到{what} {id}，于是记下中止：屏障到来时改发 CancelCheckpointMarker。',
  narTaskNotifiedNothing: '这里没有{what} {id} 在运行；进行中的对齐继续。',
  narTaskNotifiedSubsumed: '只被{what} {id} 需要的资源可以释放。',
  narPhaseSync: '在下一个检查点的同步阶段',
  narPhaseAsync: '在上传下一个检查点时（异步阶段）',
  narPhaseBeforeAck: '在上传下一个检查点之后、确认之前',
  narPhaseMaterialization: '在下一次物化期间',
  narEmitAction: '你向分区 p{partition} 的日志追加了 {records}。',
  narEmitActionWhy: '{task} 像读 Kafka 分区一样读取它；恢复后会从检查点中的偏移量再读一次。',
  narUserAction: '你的操作：{action}。',
};
