/**
 * One Chinese line per engine event, for the event list and the narration (../eventText.ts picks
 * the loaded language). The switch ends in assertNever: a new event type does not compile until
 * it has its text here and in ../en/eventText.ts.
 */
import type { EngineEvent } from '../../engine';
// The one engine function needed, from its module rather than the engine's index: the test setup
// loads both languages before every test file, and this keeps that from loading the whole engine.
import { describeAction } from '../../engine/actions';
import { offsetRuns } from '../../engine/recordSummary';
import { assertNever, fmtKey, fmtOffsetRuns, fmtPeers, fmtValue, stateKind } from '../eventFormat';

export function describeEventZh(e: EngineEvent): string {
  switch (e.type) {
    case 'sim.started':
      return `作业启动：${e.tasks} 个子任务，最大并行度 ${e.maxParallelism}（键组数），种子 ${e.seed}，运行到 ${e.untilMs} 毫秒`;
    case 'user.action':
      return `用户操作：${describeAction(e.action)}`;
    case 'source.emitted':
      return `Source 读取分区 p${e.partition} ${e.fromLog ? '脚本日志' : ''}偏移量 ${e.offset} 的记录 ${fmtKey(e.key)}=${e.value}（键组 ${e.keyGroup}），按 keyBy 发往 ${e.to}`;
    case 'state.updated':
      return `${stateKind(e.kind)} “${e.state}” 中键 ${fmtKey(e.key)}（键组 ${e.keyGroup}）加入 ${e.input} 后变为 ${fmtValue(e.value)}`;
    case 'sink.received':
      return `Sink 收到来自 ${e.from} 的记录 ${fmtKey(e.key)}=${e.value}`;
    case 'sink.beginTransaction':
      return `Sink 在外部系统中开启事务 ${e.transaction}：写入的记录在提交前对下游不可见`;
    case 'sink.preCommit':
      return `在${e.isSavepoint ? '保存点' : '检查点'} ${e.checkpointId} 的屏障处预提交事务 ${e.transaction}（${e.records} 条记录已刷写），等待 notifyCheckpointComplete；待提交：${e.pending.join(', ')}`;
    case 'sink.commit':
      return `检查点 ${e.notifiedCheckpointId} 已完成：提交事务 ${e.transaction}（检查点 ${e.checkpointId} 预提交），${e.records} 条记录对下游可见${e.duplicates ? `，其中 ${e.duplicates} 条重复` : ''}`;
    case 'sink.abort':
      if (e.reason === 'close') {
        return `任务被取消：中止打开的事务 ${e.transaction}（close），丢弃其中 ${e.records} 条记录，它们之后会被重新读取`;
      }
      if (e.reason === 'recoverAndAbort') {
        return `恢复的状态中 ${e.transaction} 是检查点之后开启的事务：中止（recoverAndAbort），丢弃 ${e.records} 条记录`;
      }
      return `启动时中止遗留事务 ${e.transaction}${e.checkpointId !== null ? `（在检查点 ${e.checkpointId} 预提交，但不在恢复的状态中）` : '（仍处于打开状态）'}，丢弃 ${e.records} 条记录`;
    case 'sink.recoverAndCommit': {
      const head = `从检查点 ${e.restoredCheckpointId} 恢复：待提交事务 ${e.transaction}（检查点 ${e.checkpointId}）`;
      switch (e.outcome) {
        case 'committed':
          return `${head}此前未提交，recoverAndCommit 现在提交它，${e.records} 条记录对下游可见`;
        case 'already-committed':
          return `${head}在故障前已提交，再次提交不改变任何结果`;
        case 'already-aborted':
          return `${head}已被中止，无法再提交：其中 ${e.records} 条记录丢失`;
        default:
          return `${head}在外部系统中不存在（作业是重新提交的），无需提交`;
      }
    }
    case 'checkpoint.triggered':
      return `JobManager 触发${e.isSavepoint ? '保存点' : '检查点'} ${e.checkpointId}：向 Source 发送触发请求，${e.tasks} 个子任务需确认，超时时刻 ${e.timeoutAtMs} 毫秒`;
    case 'checkpoint.triggerSkipped':
      return `${e.periodic ? '周期性' : e.isSavepoint ? '保存点' : '检查点'}请求被拒绝（${e.reason}）：${e.reason === 'MINIMUM_TIME_BETWEEN_CHECKPOINTS' ? `距上次完成未满最小间隔（min-pause），周期触发改到 ${e.rescheduledAtMs} 毫秒` : e.reason === 'TOO_MANY_CHECKPOINT_REQUESTS' ? '排队的请求过多' : '作业未运行'}`;
    case 'checkpoint.requestQueued':
      return `${e.periodic ? '周期性检查点' : e.isSavepoint ? '保存点' : '检查点'}请求进入队列：进行中的检查点 ${e.pending} 个，上限 ${e.maxConcurrent}（max-concurrent-checkpoints）；有一个完成或中止后即执行（队列中 ${e.queued} 个）`;
    case 'barrier.injected':
      return `Source 快照偏移量，并向 ${e.to.length} 个下游通道注入屏障 ${e.checkpointId}`;
    case 'barrier.received':
      return `收到来自 ${e.from} 的屏障 ${e.checkpointId}（${e.arrived}/${e.of}）${e.blocked ? `：对齐结束前 ${e.from} 不再在该通道上发送数据` : ''}`;
    case 'barrier.aligned':
      return `屏障 ${e.checkpointId} 已在所有输入通道到齐（对齐耗时 ${e.alignmentDurationMs} 毫秒）：子任务做快照，然后恢复消费 ${e.resumed} 个被阻塞的通道`;
    case 'record.held':
      return `发往 ${e.to} 的记录 ${fmtKey(e.key)}=${e.value} 在发送端排在屏障 ${e.checkpointId} 之后等待：${e.to} 对齐期间该通道被阻塞（共 ${e.held} 个等待）`;
    case 'channel.blocked':
      return `对齐屏障 ${e.checkpointId} 发往 ${e.to}：该输出通道被阻塞，屏障之后的数据在 ${e.to} 对齐并恢复消费之前都不会发出`;
    case 'channel.resumed':
      return `${e.to} 在检查点 ${e.checkpointId} 之后恢复消费：通道解除阻塞${e.waiting > 0 ? `，屏障后等待的 ${e.waiting} 个元素被发出` : ''}`;
    case 'cancelMarker.sent':
      return `向 ${e.to.join('、')} 发送 CancelCheckpointMarker ${e.checkpointId}（代替屏障）：${e.why === 'declined' ? '本子任务拒绝了该检查点' : 'JobManager 已中止该检查点'}，下游不必再等待它`;
    case 'cancelMarker.received':
      return `收到来自 ${e.from} 的 CancelCheckpointMarker ${e.checkpointId}${e.cancelled ? '：中止该检查点的对齐，被阻塞的通道恢复，子任务拒绝该检查点并把标记继续向下游传递' : '：这里没有可取消的'}`;
    case 'task.notified':
      return e.notification === 'complete'
        ? `收到 notifyCheckpointComplete(${e.checkpointId})：子任务确认该检查点（已上传的文件可被复用，事务型 Sink 提交）`
        : e.notification === 'subsumed'
          ? `收到 notifyCheckpointSubsumed(${e.checkpointId})：只被该检查点使用的资源可以释放`
          : `收到 notifyCheckpointAborted(${e.checkpointId})：${e.outcome === 'cancelled-async-part' ? '取消正在运行的异步阶段' : e.outcome === 'remembered' ? '尚未开始该检查点，子任务记下它，之后用 CancelCheckpointMarker 代替屏障发送' : '这里没有在运行的部分（进行中的对齐继续）'}`;
    case 'checkpoint.syncSnapshot':
      return `同步阶段：为检查点 ${e.checkpointId} 拍摄快照（${e.stateSize} 字节，${e.uploads} 个文件待上传），随即向下游转发屏障；异步上传约 ${e.asyncDurationMs} 毫秒${e.compression ? `；Snappy 压缩 ${e.compression.originalBytes} → ${e.compression.compressedBytes} 字节（C = ${(e.compression.compressedBytes / e.compression.originalBytes).toFixed(2)}）` : ''}`;
    case 'file.uploaded':
      return `上传 ${e.kind} 文件 ${e.path}（${e.size} 字节${e.rawSize !== undefined ? `；RocksDB 数据块 Snappy 压缩前 ${e.rawSize} 字节，C = ${(e.size / e.rawSize).toFixed(2)}` : ''}）`;
    case 'checkpoint.asyncCompleted':
      return `异步阶段完成：检查点 ${e.checkpointId} 用时 ${e.asyncDurationMs} 毫秒，此步写入 ${e.uploadedBytes} 字节，增量大小 ${e.checkpointedSize} 字节；向 JobManager 确认`;
    case 'checkpoint.acknowledged':
      return `JobManager 收到检查点 ${e.checkpointId} 的确认（${e.acknowledged}/${e.of}）`;
    case 'checkpoint.completed':
      return `${e.isSavepoint ? '保存点' : '检查点'} ${e.checkpointId} 完成：写入 ${e.metadataPath}，增量大小 ${e.checkpointedSize} 字节，全量大小 ${e.stateSize} 字节，耗时 ${e.durationMs} 毫秒；保留的检查点：${e.retained.join(', ') || '无'}`;
    case 'checkpoint.subsumed':
      return `检查点 ${e.checkpointId} 被检查点 ${e.by} 取代（超出保留数量 num-retained）`;
    case 'checkpoint.aborted':
      return `检查点 ${e.checkpointId} 中止：${e.reason}（连续失败 ${e.continuousFailures} 次）`;
    case 'checkpoint.notified':
      return `通知 ${e.tasks} 个子任务：检查点 ${e.checkpointId} ${e.notification === 'complete' ? '已完成（notifyCheckpointComplete）' : e.notification === 'subsumed' ? '已被取代（notifyCheckpointSubsumed）' : '已中止（notifyCheckpointAborted）'}`;
    case 'file.discarded':
      return `删除文件 ${e.path}（${e.size} 字节）：${e.reason}`;
    case 'restore.started':
      return `从${e.isSavepoint ? '保存点' : '检查点'} ${e.checkpointId} 恢复（第 ${e.attempt} 次重启${e.mode ? `，${e.mode} 模式` : ''}）：取消运行中的任务，读取 ${e.metadataPath}，并行度 ${e.previousParallelism} → ${e.parallelism}${e.forceFullSnapshot ? '；第一个检查点将是全量检查点（FULL_CHECKPOINT），不与恢复的快照共享任何文件' : ''}`;
    case 'job.submitted':
      return `以 ${e.mode} 模式从${e.isSavepoint ? '保存点' : '检查点'} ${e.checkpointId} 提交新作业 ${e.jobId.slice(0, 8)}…（作业 ${e.previousJobId.slice(0, 8)}… 状态为 ${e.previousStatus}）${e.mode === 'CLAIM' ? '：新作业接管该快照，被取代后删除它' : e.mode === 'NO_CLAIM' ? '：快照保持不动；第一个检查点是全量检查点' : '：LEGACY（已弃用）：从不删除，但之后的检查点可能引用其文件'}${e.claimedSavepoint ? `；保存点 ${e.checkpointId} 不再属于你的保存点：它现在归这个新作业所有` : ''}`;
    case 'job.canceled':
      return `作业已取消（${e.retention}）：${e.discarded.length > 0 ? `删除检查点 ${e.discarded.join(', ')}` : '没有删除检查点'}${e.kept.length > 0 ? `；保留：${e.kept.join(', ')}` : ''}${e.savepoints.length > 0 ? `；保存点 ${e.savepoints.join(', ')} 保留（属于用户）` : ''}`;
    case 'job.stopWithSavepoint':
      return e.checkpointId === null
        ? `停止并保存被拒绝：${e.reason ?? ''}`
        : `停止并保存（stop-with-savepoint${e.drain ? ' --drain' : ''}）：停止周期性检查点（中止进行中的检查点），触发同步保存点 ${e.checkpointId}（${e.drain ? 'TERMINATE' : 'SUSPEND'}）`;
    case 'source.stopped':
      return e.drain
        ? `Source 为保存点 ${e.checkpointId} 停止：先向下游发送 MAX_WATERMARK 和输入结束，再发送屏障；之后不再读取`
        : `Source 为保存点 ${e.checkpointId} 停止（不排空：不发 MAX_WATERMARK，不发输入结束），然后发送屏障；之后不再读取`;
    case 'task.finished':
      return `保存点 ${e.checkpointId} 已确认：任务结束（FINISHED）`;
    case 'job.finished':
      return `所有任务已结束：作业状态为 FINISHED，保存点 ${e.savepointId} 是它的最后状态${e.discarded.length > 0 ? `；删除检查点 ${e.discarded.join(', ')}（结束的作业会丢弃其检查点）` : ''}。从该保存点启动新作业即可继续。`;
    case 'restore.failed':
      return `恢复失败：${e.reason}`;
    case 'restore.taskRestored':
      return e.keyGroupRange
        ? `子任务下载 ${e.files.length} 个文件（${e.bytes} 字节），重建键组 [${e.keyGroupRange.startKeyGroup}, ${e.keyGroupRange.endKeyGroup}] 的 ${e.entries} 条状态`
        : `子任务恢复算子状态：分区 ${e.partitions.map((p) => 'p' + p).join(', ') || '无'}`;
    case 'changelog.persisted':
      return e.checkpointId === null
        ? `变更集写满预上传阈值：提前上传 SQN [${e.fromSqn}, ${e.toSqn}) 的 ${e.changeSets} 个变更集（${e.bytes} 字节）`
        : `检查点 ${e.checkpointId} 持久化 DSTL 中 SQN [${e.fromSqn}, ${e.toSqn}) 的变更：${e.ready ? '已全部上传，立即完成' : `新上传 ${e.changeSets} 个变更集（${e.bytes} 字节），等待上传完成`}`;
    case 'changelog.truncated':
      return `截断 DSTL 到 SQN ${e.toSqn}（${e.why}）：释放 ${e.releasedChangeSets} 个已上传变更集（${e.releasedBytes} 字节）`;
    case 'changelog.materialization.started':
      return `开始物化 m${e.materializationId}${e.periodic ? '（周期触发）' : ''}：同步点 SQN ${e.upToSqn}，异步上传状态表快照（${e.uploads} 个文件，${e.bytes} 字节）`;
    case 'changelog.materialization.skipped': {
      const why: Record<typeof e.reason, string> = {
        'not-changelog': '该子任务未启用 Changelog',
        running: '上一次物化尚未完成',
        unconfirmed: '上一次物化尚未被已完成的检查点使用',
        'no-changes': '自上次物化以来状态没有变化',
        'job-not-running': '作业未在运行',
      };
      return `跳过物化：${why[e.reason]}`;
    }
    case 'changelog.materialization.completed':
      return `物化 m${e.materializationId} 完成（${e.durationMs} 毫秒，上传 ${e.uploadedBytes} 字节）：之后的检查点 = m${e.materializationId} + SQN ${e.upToSqn} 之后的变更`;
    case 'changelog.materialization.failed':
      return `物化 m${e.materializationId} 失败（${e.reason}）：连续失败 ${e.consecutiveFailures} 次，允许 ${e.maxFailuresAllowed} 次`;
    case 'changelog.restore.read':
      return `读取 ${e.file} 偏移 ${e.offset}：${e.downloaded ? `下载整个文件（${e.bytes} 字节，第 ${e.downloadsOfFile} 次）` : '命中 TaskManager 本地缓存'}`;
    case 'changelog.restore.replayed':
      return `按 SQN 顺序重放 [${e.fromSqn}, ${e.toSqn}) 的 ${e.changeSets} 个变更集（${e.changes} 条变更，来自 ${e.files} 个文件）`;
    case 'dstl.uploadStarted':
      return `${e.taskManager} 把 ${e.writers.join('、')} 的 ${e.changeSets} 个变更集合并写入一个文件（${e.bytes} 字节，第 ${e.attempt} 次尝试）`;
    case 'dstl.uploaded':
      return `DSTL 文件写入完成：${e.file}（${e.bytes} 字节，${e.changeSets} 个变更集）`;
    case 'dstl.uploadFailed':
      return `DSTL 上传失败（第 ${e.attempt}/${e.maxAttempts} 次）：${e.willRetry ? '稍后写入新文件重试' : '放弃，等待该变更的检查点失败'}`;
    case 'channel.backPressured':
      return `通往 ${e.to} 的通道没有信用（容量 ${e.capacity} 条）：记录在发送端排队，形成反压`;
    case 'channel.released':
      return `通往 ${e.to} 的通道重新获得信用，排队的数据已发出`;
    case 'barrier.overtook':
      return `非对齐检查点 ${e.checkpointId}：屏障越过 ${e.inputRecords} 条输入缓冲和 ${e.outputRecords} 条输出缓冲，立即做快照；这些在途数据作为通道状态持久化${e.waitingFor.length ? `，并继续记录 ${e.waitingFor.join('、')} 上屏障之前到达的数据` : ''}`;
    case 'barrier.alignmentTimedOut':
      return `对齐超时（触发后 ${e.afterMs} 毫秒，${e.arrived}/${e.of} 个屏障已到）：检查点 ${e.checkpointId} 切换为非对齐；屏障已到的 ${e.blocked} 个通道在所有屏障到齐前仍在发送端阻塞`;
    case 'barrier.outputTimedOut':
      return `触发 ${e.afterMs} 毫秒后，检查点 ${e.checkpointId} 的屏障仍在输出队列中等待：它变为优先（非对齐）屏障，在 ${e.channels.join('、')} 上插队发送；被它越过的 ${e.outputRecords} 条记录作为输出通道状态持久化`;
    case 'channel.statePersisted':
      return `检查点 ${e.checkpointId} 的通道状态齐全：${e.inputRecords} 条输入、${e.outputRecords} 条输出在途记录（${e.bytes} 字节）随快照上传`;
    case 'restore.channelState':
      return `从检查点 ${e.checkpointId} 恢复 ${e.records} 条在途数据（通道状态，来自 ${e.from.join('、')}），先于新数据处理`;
    case 'storage.slowed':
      return e.factor > 1
        ? `远程存储变慢 ${e.factor} 倍${e.untilMs === null ? '' : `，直到 ${e.untilMs} 毫秒`}：上传和下载都更久，检查点的异步阶段变长`
        : '远程存储恢复正常速度';
    case 'localState.stored':
      return `检查点 ${e.checkpointId} 的本地副本存入 ${e.taskManager} 的本地磁盘（${e.files} 个文件，${e.bytes} 字节，位于 ${e.dir}）；本地状态存储现有检查点 ${e.kept.join(', ')}`;
    case 'localState.pruned': {
      const why = { confirmed: `检查点 ${e.checkpointId} 已确认完成，更早的副本不再需要`, aborted: `检查点 ${e.checkpointId} 已中止`, restored: `任务从检查点 ${e.checkpointId} 恢复，只保留这一份副本` }[e.why];
      return `从 ${e.taskManager} 的磁盘删除检查点 ${e.checkpointIds.join(', ')} 的本地副本（${e.bytes} 字节）：${why}；保留：${e.kept.join(', ') || '无'}`;
    }
    case 'restore.localState': {
      const why = { found: '', 'no-local-copy': `——${e.taskManager} 的磁盘上没有此 slot 的检查点 ${e.checkpointId} 副本`, 'other-key-groups': '——本地副本对应的是其他键组（作业改变了并行度）', changelog: '——未模拟 Changelog 后端的本地副本' }[e.reason];
      return e.source === 'local'
        ? `键控状态从 ${e.taskManager} 上的本地副本恢复（从磁盘读取 ${e.localFiles} 个文件、${e.localBytes} 字节，从远程存储读取 ${e.remoteBytes} 字节）`
        : `键控状态从远程存储恢复（下载 ${e.remoteFiles} 个文件、${e.remoteBytes} 字节）${why}`;
    }
    case 'taskManager.lost':
      return `TaskManager ${e.taskManager} 丢失，连同它的 slot（${e.tasks.join('、')}）${e.localSnapshots > 0 ? `和本地磁盘（${e.localSnapshots} 份本地副本，${e.localBytes} 字节）` : ''}；一个磁盘为空的新 TaskManager 取而代之`;
    case 'restore.operatorState': {
      const got = e.received.map((r) => `来自旧 #${r.from} 的 ${r.entries.length} 条${r.entries.length ? `（${r.entries.join('、')}）` : ''}`).join('；') || '无';
      const how = e.mode === 'SPLIT_DISTRIBUTE' ? '按轮询分到的一份' : e.mode === 'UNION' ? `全部 ${e.oldParallelism} 个旧子任务的所有条目` : '某一个旧子任务的副本';
      return `算子状态 “${e.state}”（${e.mode}）已恢复：${how}——${got}${e.kept ? `；消费者只保留 KafkaTopicPartitionAssigner 分给它的分区：${e.kept.join('、') || '无'}` : ''}`;
    }
    case 'broadcast.ruleSent':
      return `规则流把第 ${e.n} 条规则（${e.rule}=${e.value}）发给广播算子的每个子任务：${e.to.join('、')}`;
    case 'broadcast.stateUpdated':
      return `processBroadcastElement 把 ${e.rule}=${e.value} 写入广播状态 “${e.state}”（${e.entries} 条，每个子任务都相同）`;
    case 'job.running':
      return `作业重新运行（第 ${e.attempt} 次重启，来自检查点 ${e.restoredFrom}）：Source 从检查点偏移量重新读取`;
    case 'memtable.sealed':
      return `列族 “${e.cf}” 的 MemTable ${e.memtableId} 写满（${e.bytes} 字节，${e.entries} 条），变为只读，等待刷写`;
    case 'sst.flushed':
      return `刷写${e.reason === 'checkpoint' ? '（检查点同步阶段）' : ''}：列族 “${e.cf}” 写出 L0 SST ${e.sst}（${e.sizeBytes} 字节，${e.entries} 条）`;
    case 'compaction.started':
      return `开始压缩（Compaction）：读取 SST ${e.inputs.join(', ')}${e.outputLevel >= 0 ? `，输出到 L${e.outputLevel}` : ''}（${e.reason}）`;
    case 'compaction.finished':
      return e.trivialMove
        ? `SST ${e.inputs.join(', ')} 直接下移到 L${e.outputLevel}（无需重写）`
        : `压缩完成：(${e.inputs.join(',')}) → SST ${e.outputs.join(', ')}（L${e.outputLevel}，${e.bytesWritten} 字节），输入文件被删除${e.droppedTombstones ? `，丢弃 ${e.droppedTombstones} 个删除标记` : ''}`;
    case 'checkpoint.declined':
      return `子任务拒绝检查点 ${e.checkpointId}（${e.reason}），通知 JobManager`;
    case 'job.failed':
      return `作业失败：${e.reason}；${e.restartFrom !== null ? `从检查点 ${e.restartFrom} 重启` : '没有已完成的检查点，从头重启'}`;
    case 'script.skipped':
      return `跳过脚本动作：${describeAction(e.action)}。${
        e.reason === 'files-not-live'
          ? `${e.task} 的数据库中没有 SST ${e.missing.join(', ')}（现有：${e.live.join(', ') || '无'}）；脚本是为你操作之前的那次运行写的`
          : e.reason === 'not-rocksdb'
            ? `${e.task} 没有使用 RocksDB 状态后端`
            : `${e.task} 当前没有在运行`
      }`;
    case 'records.summarized': {
      const kg = e.minKeyGroup >= 0 ? `，键组 ${e.minKeyGroup}–${e.maxKeyGroup}` : '';
      const keys = `键 ${fmtKey(e.firstKey)} … ${fmtKey(e.lastKey)}${kg}`;
      const tail = '〔摘要：逐条记录的事件只计数，不保留〕';
      switch (e.of) {
        case 'source.emitted':
          return `Source 读取 ${e.count} 条记录，偏移量 ${fmtOffsetRuns(offsetRuns(e.offsets), '脚本日志')}（${keys}），按 keyBy 发往 ${fmtPeers(e.peer, e.peers)}${tail}`;
        case 'state.updated':
          return `“${e.state}” 更新 ${e.count} 次（${keys}），输入合计 ${e.valueSum}${tail}`;
        case 'sink.received':
          return `Sink 收到来自 ${fmtPeers(e.peer, e.peers)} 的 ${e.count} 条记录（${keys}）${tail}`;
        default:
          return `发往 ${fmtPeers(e.peer, e.peers)} 的 ${e.count} 条记录在发送端排在屏障之后等待（${keys}）${tail}`;
      }
    }
    default:
      return assertNever(e);
  }
}
