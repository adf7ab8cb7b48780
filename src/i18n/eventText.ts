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
