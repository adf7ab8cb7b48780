/**
 * One Chinese line per engine event, for the event list and the narration (../eventText.ts picks
 * the loaded language). The switch ends in assertNever: a new event type does not compile until
 * it has its text here and in ../en/eventText.ts.
 */
import type { EngineEvent } from '../../engine';
// The one engine function needed, from its module rather than the engine's index: the test setup
// loads both languages before every test file, and this keeps that from loading the whole engine.
import { describeAction } from '../../engine/actions';
import { assertNever, fmtKey, fmtValue, stateKind } from '../eventFormat';

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
      return `跳过周期性触发：${e.reason === 'max-concurrent' ? `已有 ${e.pending} 个检查点进行中（max-concurrent-checkpoints）` : e.reason === 'min-pause' ? '距上次完成未满最小间隔（min-pause）' : '作业未运行'}`;
    case 'barrier.injected':
      return `Source 快照偏移量，并向 ${e.to.length} 个下游通道注入屏障 ${e.checkpointId}`;
    case 'barrier.received':
      return `收到来自 ${e.from} 的屏障 ${e.checkpointId}（${e.arrived}/${e.of}）${e.blocked ? '：该通道被阻塞，等待对齐' : ''}`;
    case 'barrier.aligned':
      return `屏障 ${e.checkpointId} 已在所有输入通道到齐（对齐耗时 ${e.alignmentDurationMs} 毫秒），释放 ${e.released} 条缓存记录`;
    case 'record.held':
      return `记录 ${fmtKey(e.key)}=${e.value} 来自已阻塞通道 ${e.from}：在检查点 ${e.checkpointId} 之后，先缓存（共 ${e.held} 条）`;
    case 'checkpoint.syncSnapshot':
      return `同步阶段：为检查点 ${e.checkpointId} 拍摄快照（${e.stateSize} 字节，${e.uploads} 个文件待上传），随即向下游转发屏障；异步上传约 ${e.asyncDurationMs} 毫秒${e.compression ? `；Snappy 压缩 ${e.compression.originalBytes} → ${e.compression.compressedBytes} 字节（C = ${(e.compression.compressedBytes / e.compression.originalBytes).toFixed(2)}）` : ''}`;
    case 'file.uploaded':
      return `上传 ${e.kind} 文件 ${e.path}（${e.size} 字节）`;
    case 'checkpoint.asyncCompleted':
      return `异步阶段完成：检查点 ${e.checkpointId} 上传 ${e.checkpointedSize} 字节，用时 ${e.asyncDurationMs} 毫秒；向 JobManager 确认`;
    case 'checkpoint.acknowledged':
      return `JobManager 收到检查点 ${e.checkpointId} 的确认（${e.acknowledged}/${e.of}）`;
    case 'checkpoint.completed':
      return `${e.isSavepoint ? '保存点' : '检查点'} ${e.checkpointId} 完成：写入 ${e.metadataPath}，本次上传 ${e.checkpointedSize} 字节，全量 ${e.stateSize} 字节，耗时 ${e.durationMs} 毫秒；保留的检查点：${e.retained.join(', ') || '无'}`;
    case 'checkpoint.subsumed':
      return `检查点 ${e.checkpointId} 被检查点 ${e.by} 取代（超出保留数量 num-retained）`;
    case 'checkpoint.aborted':
      return `检查点 ${e.checkpointId} 中止：${e.reason}（连续失败 ${e.continuousFailures} 次）`;
    case 'checkpoint.notified':
      return `通知 ${e.tasks} 个子任务：检查点 ${e.checkpointId} ${e.notification === 'complete' ? '已完成（notifyCheckpointComplete）' : e.notification === 'subsumed' ? '已被取代（notifyCheckpointSubsumed）' : '已中止（notifyCheckpointAborted）'}`;
    case 'file.discarded':
      return `删除文件 ${e.path}（${e.size} 字节）：${e.reason}`;
    case 'restore.started':
      return `从${e.isSavepoint ? '保存点' : '检查点'} ${e.checkpointId} 恢复（第 ${e.attempt} 次重启）：取消运行中的任务，读取 ${e.metadataPath}，并行度 ${e.previousParallelism} → ${e.parallelism}`;
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
      return `对齐超时（触发后 ${e.afterMs} 毫秒，${e.arrived}/${e.of} 个屏障已到）：检查点 ${e.checkpointId} 切换为非对齐，缓存的 ${e.held} 条记录在快照之后处理`;
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
    default:
      return assertNever(e);
  }
}
