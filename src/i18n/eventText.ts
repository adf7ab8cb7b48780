/**
 * One line per engine event, in English and Chinese, for the event list and the narration.
 * The switch ends in assertNever: a new event type does not compile until it has its text.
 */
import { describeAction, type EngineEvent, type StateValueView } from '../engine';
import type { Lang } from './language';

function fmtKey(k: string | number): string {
  return typeof k === 'string' ? `"${k}"` : String(k);
}

function fmtValue(v: StateValueView): string {
  if (v === null) return '∅';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(2);
  if (Array.isArray(v)) return v.length > 6 ? `[${v.slice(0, 6).join(', ')}, … ${v.length}]` : `[${v.join(', ')}]`;
  return `{${Object.entries(v).map(([k, n]) => `${k}: ${n}`).join(', ')}}`;
}

const KIND_EN: Record<string, string> = { value: 'ValueState', list: 'ListState', map: 'MapState', reducing: 'ReducingState', aggregating: 'AggregatingState' };
const stateKindEn = (k: string): string => KIND_EN[k] ?? k;
const stateKindZh = (k: string): string => KIND_EN[k] ?? k;

function assertNever(x: never): never {
  throw new Error(`No text for event ${JSON.stringify(x)}`);
}

export function describeEvent(e: EngineEvent, lang: Lang): string {
  const zh = lang === 'zh';
  switch (e.type) {
    case 'sim.started':
      return zh
        ? `作业启动：${e.tasks} 个子任务，最大并行度 ${e.maxParallelism}（键组数），种子 ${e.seed}，运行到 ${e.untilMs} 毫秒`
        : `Job started: ${e.tasks} subtasks, max parallelism ${e.maxParallelism} (key groups), seed ${e.seed}, runs until ${e.untilMs} ms`;
    case 'user.action':
      return zh ? `用户操作：${describeAction(e.action)}` : `User action: ${describeAction(e.action)}`;
    case 'source.emitted':
      return zh
        ? `Source 读取分区 p${e.partition} ${e.fromLog ? '脚本日志' : ''}偏移量 ${e.offset} 的记录 ${fmtKey(e.key)}=${e.value}（键组 ${e.keyGroup}），按 keyBy 发往 ${e.to}`
        : `Source reads partition p${e.partition} ${e.fromLog ? 'script-log ' : ''}offset ${e.offset}: record ${fmtKey(e.key)}=${e.value} (key group ${e.keyGroup}); keyBy sends it to ${e.to}`;
    case 'state.updated':
      return zh
        ? `${stateKindZh(e.kind)} “${e.state}” 中键 ${fmtKey(e.key)}（键组 ${e.keyGroup}）加入 ${e.input} 后变为 ${fmtValue(e.value)}`
        : `${stateKindEn(e.kind)} "${e.state}" of key ${fmtKey(e.key)} (key group ${e.keyGroup}) takes ${e.input}: now ${fmtValue(e.value)}`;
    case 'sink.received':
      return zh ? `Sink 收到来自 ${e.from} 的记录 ${fmtKey(e.key)}=${e.value}` : `Sink receives ${fmtKey(e.key)}=${e.value} from ${e.from}`;
    case 'sink.beginTransaction':
      return zh ? `Sink 在外部系统中开启事务 ${e.transaction}：写入的记录在提交前对下游不可见` : `Sink begins transaction ${e.transaction} in the external system: records written into it stay invisible until it is committed`;
    case 'sink.preCommit':
      return zh
        ? `在${e.isSavepoint ? '保存点' : '检查点'} ${e.checkpointId} 的屏障处预提交事务 ${e.transaction}（${e.records} 条记录已刷写），等待 notifyCheckpointComplete；待提交：${e.pending.join(', ')}`
        : `Pre-commit of ${e.transaction} at the barrier of ${e.isSavepoint ? 'savepoint' : 'checkpoint'} ${e.checkpointId}: ${e.records} record(s) flushed; it waits for notifyCheckpointComplete (pending: ${e.pending.join(', ')})`;
    case 'sink.commit':
      return zh
        ? `检查点 ${e.notifiedCheckpointId} 已完成：提交事务 ${e.transaction}（检查点 ${e.checkpointId} 预提交），${e.records} 条记录对下游可见${e.duplicates ? `，其中 ${e.duplicates} 条重复` : ''}`
        : `Checkpoint ${e.notifiedCheckpointId} completed: transaction ${e.transaction} (pre-committed at checkpoint ${e.checkpointId}) is committed; ${e.records} record(s) become visible downstream${e.duplicates ? `, ${e.duplicates} of them duplicates` : ''}`;
    case 'sink.abort':
      if (e.reason === 'close') {
        return zh
          ? `任务被取消：中止打开的事务 ${e.transaction}（close），丢弃其中 ${e.records} 条记录，它们之后会被重新读取`
          : `Task cancelled: open transaction ${e.transaction} is aborted (close); its ${e.records} record(s) are discarded and will be read again`;
      }
      if (e.reason === 'recoverAndAbort') {
        return zh
          ? `恢复的状态中 ${e.transaction} 是检查点之后开启的事务：中止（recoverAndAbort），丢弃 ${e.records} 条记录`
          : `The restored state names ${e.transaction} as the transaction opened after the checkpoint: aborted (recoverAndAbort), ${e.records} record(s) discarded`;
      }
      return zh
        ? `启动时中止遗留事务 ${e.transaction}${e.checkpointId !== null ? `（在检查点 ${e.checkpointId} 预提交，但不在恢复的状态中）` : '（仍处于打开状态）'}，丢弃 ${e.records} 条记录`
        : `Lingering transaction ${e.transaction} ${e.checkpointId !== null ? `(pre-committed at checkpoint ${e.checkpointId}, not in the restored state)` : '(still open)'} is aborted at start; ${e.records} record(s) discarded`;
    case 'sink.recoverAndCommit': {
      const head = zh ? `从检查点 ${e.restoredCheckpointId} 恢复：待提交事务 ${e.transaction}（检查点 ${e.checkpointId}）` : `Restored from checkpoint ${e.restoredCheckpointId}: pending transaction ${e.transaction} (checkpoint ${e.checkpointId})`;
      switch (e.outcome) {
        case 'committed':
          return zh ? `${head}此前未提交，recoverAndCommit 现在提交它，${e.records} 条记录对下游可见` : `${head} was never committed; recoverAndCommit commits it now and ${e.records} record(s) become visible`;
        case 'already-committed':
          return zh ? `${head}在故障前已提交，再次提交不改变任何结果` : `${head} was already committed before the failure; committing it again changes nothing`;
        case 'already-aborted':
          return zh ? `${head}已被中止，无法再提交：其中 ${e.records} 条记录丢失` : `${head} had been aborted and cannot be committed: its ${e.records} record(s) are lost`;
        default:
          return zh ? `${head}在外部系统中不存在（作业是重新提交的），无需提交` : `${head} is unknown to the external system (the job was resubmitted); nothing to commit`;
      }
    }
    case 'checkpoint.triggered':
      return zh
        ? `JobManager 触发${e.isSavepoint ? '保存点' : '检查点'} ${e.checkpointId}：向 Source 发送触发请求，${e.tasks} 个子任务需确认，超时时刻 ${e.timeoutAtMs} 毫秒`
        : `JobManager triggers ${e.isSavepoint ? 'savepoint' : 'checkpoint'} ${e.checkpointId}: sources are told to start; ${e.tasks} subtasks must acknowledge by ${e.timeoutAtMs} ms`;
    case 'checkpoint.triggerSkipped':
      return zh
        ? `跳过周期性触发：${e.reason === 'max-concurrent' ? `已有 ${e.pending} 个检查点进行中（max-concurrent-checkpoints）` : e.reason === 'min-pause' ? '距上次完成未满最小间隔（min-pause）' : '作业未运行'}`
        : `Periodic trigger skipped: ${e.reason === 'max-concurrent' ? `${e.pending} checkpoint(s) already in progress (max-concurrent-checkpoints)` : e.reason === 'min-pause' ? 'min-pause since the last completion has not passed' : 'the job is not running'}`;
    case 'barrier.injected':
      return zh ? `Source 快照偏移量，并向 ${e.to.length} 个下游通道注入屏障 ${e.checkpointId}` : `Source snapshots its offsets and injects barrier ${e.checkpointId} into ${e.to.length} output channel(s)`;
    case 'barrier.received':
      return zh
        ? `收到来自 ${e.from} 的屏障 ${e.checkpointId}（${e.arrived}/${e.of}）${e.blocked ? '：该通道被阻塞，等待对齐' : ''}`
        : `Barrier ${e.checkpointId} arrives from ${e.from} (${e.arrived}/${e.of})${e.blocked ? ': that channel is now blocked until alignment' : ''}`;
    case 'barrier.aligned':
      return zh
        ? `屏障 ${e.checkpointId} 已在所有输入通道到齐（对齐耗时 ${e.alignmentDurationMs} 毫秒），释放 ${e.released} 条缓存记录`
        : `Barrier ${e.checkpointId} has arrived on every input (alignment took ${e.alignmentDurationMs} ms); ${e.released} held record(s) are released`;
    case 'record.held':
      return zh
        ? `记录 ${fmtKey(e.key)}=${e.value} 来自已阻塞通道 ${e.from}：在检查点 ${e.checkpointId} 之后，先缓存（共 ${e.held} 条）`
        : `Record ${fmtKey(e.key)}=${e.value} came from blocked channel ${e.from}: it belongs after checkpoint ${e.checkpointId}, so it waits (${e.held} held)`;
    case 'checkpoint.syncSnapshot':
      return zh
        ? `同步阶段：为检查点 ${e.checkpointId} 拍摄快照（${e.stateSize} 字节，${e.uploads} 个文件待上传），随即向下游转发屏障；异步上传约 ${e.asyncDurationMs} 毫秒${e.compression ? `；Snappy 压缩 ${e.compression.originalBytes} → ${e.compression.compressedBytes} 字节（C = ${(e.compression.compressedBytes / e.compression.originalBytes).toFixed(2)}）` : ''}`
        : `Synchronous part of checkpoint ${e.checkpointId}: snapshot taken (${e.stateSize} bytes, ${e.uploads} file(s) to upload); the barrier goes downstream now; upload takes ~${e.asyncDurationMs} ms${e.compression ? `; Snappy ${e.compression.originalBytes} → ${e.compression.compressedBytes} bytes (C = ${(e.compression.compressedBytes / e.compression.originalBytes).toFixed(2)})` : ''}`;
    case 'file.uploaded':
      return zh ? `上传 ${e.kind} 文件 ${e.path}（${e.size} 字节）` : `Uploaded ${e.kind} file ${e.path} (${e.size} bytes)`;
    case 'checkpoint.asyncCompleted':
      return zh
        ? `异步阶段完成：检查点 ${e.checkpointId} 上传 ${e.checkpointedSize} 字节，用时 ${e.asyncDurationMs} 毫秒；向 JobManager 确认`
        : `Asynchronous part of checkpoint ${e.checkpointId} done: ${e.checkpointedSize} bytes uploaded in ${e.asyncDurationMs} ms; acknowledging the JobManager`;
    case 'checkpoint.acknowledged':
      return zh ? `JobManager 收到检查点 ${e.checkpointId} 的确认（${e.acknowledged}/${e.of}）` : `JobManager receives an acknowledgement of checkpoint ${e.checkpointId} (${e.acknowledged}/${e.of})`;
    case 'checkpoint.completed':
      return zh
        ? `${e.isSavepoint ? '保存点' : '检查点'} ${e.checkpointId} 完成：写入 ${e.metadataPath}，本次上传 ${e.checkpointedSize} 字节，全量 ${e.stateSize} 字节，耗时 ${e.durationMs} 毫秒；保留的检查点：${e.retained.join(', ') || '无'}`
        : `${e.isSavepoint ? 'Savepoint' : 'Checkpoint'} ${e.checkpointId} completed: ${e.metadataPath} written; ${e.checkpointedSize} bytes uploaded for it, ${e.stateSize} bytes in all, ${e.durationMs} ms; retained: ${e.retained.join(', ') || 'none'}`;
    case 'checkpoint.subsumed':
      return zh ? `检查点 ${e.checkpointId} 被检查点 ${e.by} 取代（超出保留数量 num-retained）` : `Checkpoint ${e.checkpointId} is subsumed by ${e.by} (beyond num-retained)`;
    case 'checkpoint.aborted':
      return zh ? `检查点 ${e.checkpointId} 中止：${e.reason}（连续失败 ${e.continuousFailures} 次）` : `Checkpoint ${e.checkpointId} aborted: ${e.reason} (${e.continuousFailures} consecutive failure(s))`;
    case 'checkpoint.notified':
      return zh
        ? `通知 ${e.tasks} 个子任务：检查点 ${e.checkpointId} ${e.notification === 'complete' ? '已完成（notifyCheckpointComplete）' : e.notification === 'subsumed' ? '已被取代（notifyCheckpointSubsumed）' : '已中止（notifyCheckpointAborted）'}`
        : `${e.tasks} subtasks are told checkpoint ${e.checkpointId} ${e.notification === 'complete' ? 'completed (notifyCheckpointComplete)' : e.notification === 'subsumed' ? 'was subsumed (notifyCheckpointSubsumed)' : 'was aborted (notifyCheckpointAborted)'}`;
    case 'file.discarded':
      return zh ? `删除文件 ${e.path}（${e.size} 字节）：${e.reason}` : `Deleted ${e.path} (${e.size} bytes): ${e.reason}`;
    case 'restore.started':
      return zh
        ? `从${e.isSavepoint ? '保存点' : '检查点'} ${e.checkpointId} 恢复（第 ${e.attempt} 次重启）：取消运行中的任务，读取 ${e.metadataPath}，并行度 ${e.previousParallelism} → ${e.parallelism}`
        : `Restoring from ${e.isSavepoint ? 'savepoint' : 'checkpoint'} ${e.checkpointId} (restart ${e.attempt}): running tasks cancelled, ${e.metadataPath} read back, parallelism ${e.previousParallelism} → ${e.parallelism}`;
    case 'restore.failed':
      return zh ? `恢复失败：${e.reason}` : `Restore failed: ${e.reason}`;
    case 'restore.taskRestored':
      return e.keyGroupRange
        ? zh
          ? `子任务下载 ${e.files.length} 个文件（${e.bytes} 字节），重建键组 [${e.keyGroupRange.startKeyGroup}, ${e.keyGroupRange.endKeyGroup}] 的 ${e.entries} 条状态`
          : `Subtask downloaded ${e.files.length} file(s) (${e.bytes} bytes) and rebuilt ${e.entries} entries of key groups [${e.keyGroupRange.startKeyGroup}, ${e.keyGroupRange.endKeyGroup}]`
        : zh
          ? `子任务恢复算子状态：分区 ${e.partitions.map((p) => 'p' + p).join(', ') || '无'}`
          : `Subtask restored its operator state: partitions ${e.partitions.map((p) => 'p' + p).join(', ') || 'none'}`;
    case 'changelog.persisted':
      return e.checkpointId === null
        ? zh
          ? `变更集写满预上传阈值：提前上传 SQN [${e.fromSqn}, ${e.toSqn}) 的 ${e.changeSets} 个变更集（${e.bytes} 字节）`
          : `Pre-emptive persist: the active change set passed the threshold, so ${e.changeSets} change set(s) of SQN [${e.fromSqn}, ${e.toSqn}) (${e.bytes} bytes) upload now`
        : zh
          ? `检查点 ${e.checkpointId} 持久化 DSTL 中 SQN [${e.fromSqn}, ${e.toSqn}) 的变更：${e.ready ? '已全部上传，立即完成' : `新上传 ${e.changeSets} 个变更集（${e.bytes} 字节），等待上传完成`}`
          : `Checkpoint ${e.checkpointId} persists the changelog [${e.fromSqn}, ${e.toSqn}): ${e.ready ? 'everything is already uploaded, done at once' : `${e.changeSets} new change set(s) (${e.bytes} bytes) to upload, waiting for them`}`;
    case 'changelog.truncated':
      return zh
        ? `截断 DSTL 到 SQN ${e.toSqn}（${e.why}）：释放 ${e.releasedChangeSets} 个已上传变更集（${e.releasedBytes} 字节）`
        : `Changelog truncated below SQN ${e.toSqn} (${e.why}): ${e.releasedChangeSets} uploaded change set(s) (${e.releasedBytes} bytes) released`;
    case 'changelog.materialization.started':
      return zh
        ? `开始物化 m${e.materializationId}${e.periodic ? '（周期触发）' : ''}：同步点 SQN ${e.upToSqn}，异步上传状态表快照（${e.uploads} 个文件，${e.bytes} 字节）`
        : `Materialization m${e.materializationId} starts${e.periodic ? ' (periodic)' : ''}: sync point SQN ${e.upToSqn}; the state table's snapshot (${e.uploads} file(s), ${e.bytes} bytes) uploads in the background`;
    case 'changelog.materialization.skipped': {
      const en: Record<typeof e.reason, string> = { 'not-changelog': 'this subtask does not run the changelog backend', running: 'the previous materialization is still running', unconfirmed: 'the previous materialization is not yet used by a completed checkpoint', 'no-changes': 'no state changes since the last materialization', 'job-not-running': 'the job is not running' };
      const cn: Record<typeof e.reason, string> = { 'not-changelog': '该子任务未启用 Changelog', running: '上一次物化尚未完成', unconfirmed: '上一次物化尚未被已完成的检查点使用', 'no-changes': '自上次物化以来状态没有变化', 'job-not-running': '作业未在运行' };
      return zh ? `跳过物化：${cn[e.reason]}` : `Materialization skipped: ${en[e.reason]}`;
    }
    case 'changelog.materialization.completed':
      return zh
        ? `物化 m${e.materializationId} 完成（${e.durationMs} 毫秒，上传 ${e.uploadedBytes} 字节）：之后的检查点 = m${e.materializationId} + SQN ${e.upToSqn} 之后的变更`
        : `Materialization m${e.materializationId} completes (${e.durationMs} ms, ${e.uploadedBytes} bytes uploaded): checkpoints now carry m${e.materializationId} plus the changes after SQN ${e.upToSqn}`;
    case 'changelog.materialization.failed':
      return zh
        ? `物化 m${e.materializationId} 失败（${e.reason}）：连续失败 ${e.consecutiveFailures} 次，允许 ${e.maxFailuresAllowed} 次`
        : `Materialization m${e.materializationId} failed (${e.reason}): ${e.consecutiveFailures} consecutive failure(s), ${e.maxFailuresAllowed} allowed`;
    case 'changelog.restore.read':
      return zh
        ? `读取 ${e.file} 偏移 ${e.offset}：${e.downloaded ? `下载整个文件（${e.bytes} 字节，第 ${e.downloadsOfFile} 次）` : '命中 TaskManager 本地缓存'}`
        : `Read ${e.file} at offset ${e.offset}: ${e.downloaded ? `downloaded the whole file (${e.bytes} bytes, download #${e.downloadsOfFile})` : 'served from the TaskManager’s file cache'}`;
    case 'changelog.restore.replayed':
      return zh
        ? `按 SQN 顺序重放 [${e.fromSqn}, ${e.toSqn}) 的 ${e.changeSets} 个变更集（${e.changes} 条变更，来自 ${e.files} 个文件）`
        : `Replayed ${e.changeSets} change set(s) of SQN [${e.fromSqn}, ${e.toSqn}) in order (${e.changes} changes from ${e.files} file(s))`;
    case 'dstl.uploadStarted':
      return zh
        ? `${e.taskManager} 把 ${e.writers.join('、')} 的 ${e.changeSets} 个变更集合并写入一个文件（${e.bytes} 字节，第 ${e.attempt} 次尝试）`
        : `${e.taskManager} writes ${e.changeSets} change set(s) of ${e.writers.join(', ')} into one file (${e.bytes} bytes, attempt ${e.attempt})`;
    case 'dstl.uploaded':
      return zh ? `DSTL 文件写入完成：${e.file}（${e.bytes} 字节，${e.changeSets} 个变更集）` : `DSTL file written: ${e.file} (${e.bytes} bytes, ${e.changeSets} change sets)`;
    case 'dstl.uploadFailed':
      return zh
        ? `DSTL 上传失败（第 ${e.attempt}/${e.maxAttempts} 次）：${e.willRetry ? '稍后写入新文件重试' : '放弃，等待该变更的检查点失败'}`
        : `DSTL upload failed (attempt ${e.attempt} of ${e.maxAttempts}): ${e.willRetry ? 'it is retried into a new file' : 'given up; the checkpoints waiting for it fail'}`;
    case 'channel.backPressured':
      return zh ? `通往 ${e.to} 的通道没有信用（容量 ${e.capacity} 条）：记录在发送端排队，形成反压` : `No credit on the channel to ${e.to} (capacity ${e.capacity} records): records queue at the sender — back-pressure`;
    case 'channel.released':
      return zh ? `通往 ${e.to} 的通道重新获得信用，排队的数据已发出` : `Credit came back on the channel to ${e.to}: the queued data is sent`;
    case 'barrier.overtook':
      return zh
        ? `非对齐检查点 ${e.checkpointId}：屏障越过 ${e.inputRecords} 条输入缓冲和 ${e.outputRecords} 条输出缓冲，立即做快照；这些在途数据作为通道状态持久化${e.waitingFor.length ? `，并继续记录 ${e.waitingFor.join('、')} 上屏障之前到达的数据` : ''}`
        : `Unaligned checkpoint ${e.checkpointId}: the barrier overtakes ${e.inputRecords} queued input and ${e.outputRecords} waiting output record(s); the subtask snapshots now and persists that in-flight data as channel state${e.waitingFor.length ? `, recording what arrives on ${e.waitingFor.join(', ')} before their barriers` : ''}`;
    case 'barrier.alignmentTimedOut':
      return zh
        ? `对齐超时（触发后 ${e.afterMs} 毫秒，${e.arrived}/${e.of} 个屏障已到）：检查点 ${e.checkpointId} 切换为非对齐，缓存的 ${e.held} 条记录在快照之后处理`
        : `Alignment timed out (${e.afterMs} ms after the trigger, ${e.arrived} of ${e.of} barriers in): checkpoint ${e.checkpointId} switches to unaligned; the ${e.held} held record(s) are processed after the snapshot`;
    case 'channel.statePersisted':
      return zh
        ? `检查点 ${e.checkpointId} 的通道状态齐全：${e.inputRecords} 条输入、${e.outputRecords} 条输出在途记录（${e.bytes} 字节）随快照上传`
        : `Channel state of checkpoint ${e.checkpointId} complete: ${e.inputRecords} input and ${e.outputRecords} output in-flight record(s) (${e.bytes} bytes) upload with the snapshot`;
    case 'restore.channelState':
      return zh ? `从检查点 ${e.checkpointId} 恢复 ${e.records} 条在途数据（通道状态，来自 ${e.from.join('、')}），先于新数据处理` : `Restored ${e.records} in-flight record(s) from checkpoint ${e.checkpointId}'s channel state (of ${e.from.join(', ')}); they are processed before new input`;
    case 'storage.slowed':
      return e.factor > 1
        ? zh
          ? `远程存储变慢 ${e.factor} 倍${e.untilMs === null ? '' : `，直到 ${e.untilMs} 毫秒`}：上传和下载都更久，检查点的异步阶段变长`
          : `Remote storage becomes ${e.factor}× slower${e.untilMs === null ? '' : ` until ${e.untilMs} ms`}: uploads and downloads take longer, so checkpoints' asynchronous phase grows`
        : zh
          ? '远程存储恢复正常速度'
          : 'Remote storage is back to normal speed';
    case 'job.running':
      return zh ? `作业重新运行（第 ${e.attempt} 次重启，来自检查点 ${e.restoredFrom}）：Source 从检查点偏移量重新读取` : `The job runs again (restart ${e.attempt}, from checkpoint ${e.restoredFrom}): sources re-read from the checkpointed offsets`;
    case 'memtable.sealed':
      return zh
        ? `列族 “${e.cf}” 的 MemTable ${e.memtableId} 写满（${e.bytes} 字节，${e.entries} 条），变为只读，等待刷写`
        : `MemTable ${e.memtableId} of column family "${e.cf}" is full (${e.bytes} bytes, ${e.entries} entries): it becomes immutable and waits for a flush`;
    case 'sst.flushed':
      return zh
        ? `刷写${e.reason === 'checkpoint' ? '（检查点同步阶段）' : ''}：列族 “${e.cf}” 写出 L0 SST ${e.sst}（${e.sizeBytes} 字节，${e.entries} 条）`
        : `Flush${e.reason === 'checkpoint' ? ' (checkpoint sync phase)' : ''}: column family "${e.cf}" writes L0 SST ${e.sst} (${e.sizeBytes} bytes, ${e.entries} entries)`;
    case 'compaction.started':
      return zh
        ? `开始压缩（Compaction）：读取 SST ${e.inputs.join(', ')}${e.outputLevel >= 0 ? `，输出到 L${e.outputLevel}` : ''}（${e.reason}）`
        : `Compaction starts: reads SSTs ${e.inputs.join(', ')}${e.outputLevel >= 0 ? ` into L${e.outputLevel}` : ''} (${e.reason})`;
    case 'compaction.finished':
      return e.trivialMove
        ? zh
          ? `SST ${e.inputs.join(', ')} 直接下移到 L${e.outputLevel}（无需重写）`
          : `SST ${e.inputs.join(', ')} moves down to L${e.outputLevel} unchanged (trivial move)`
        : zh
          ? `压缩完成：(${e.inputs.join(',')}) → SST ${e.outputs.join(', ')}（L${e.outputLevel}，${e.bytesWritten} 字节），输入文件被删除${e.droppedTombstones ? `，丢弃 ${e.droppedTombstones} 个删除标记` : ''}`
          : `Compaction done: (${e.inputs.join(',')}) → SST ${e.outputs.join(', ')} at L${e.outputLevel} (${e.bytesWritten} bytes); the inputs are deleted${e.droppedTombstones ? `; ${e.droppedTombstones} tombstone(s) dropped` : ''}`;
    case 'checkpoint.declined':
      return zh ? `子任务拒绝检查点 ${e.checkpointId}（${e.reason}），通知 JobManager` : `The subtask declines checkpoint ${e.checkpointId} (${e.reason}) and tells the JobManager`;
    case 'job.failed':
      return zh
        ? `作业失败：${e.reason}；${e.restartFrom !== null ? `从检查点 ${e.restartFrom} 重启` : '没有已完成的检查点，从头重启'}`
        : `The job fails: ${e.reason}; it restarts ${e.restartFrom !== null ? `from checkpoint ${e.restartFrom}` : 'from scratch (no completed checkpoint)'}`;
    default:
      return assertNever(e);
  }
}
